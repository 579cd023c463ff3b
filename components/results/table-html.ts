/**
 * The body of a results table as one HTML string (spec §2 race results): the page carries a
 * table once as HTML and once in React's server-component payload, and a string costs that
 * payload a fraction of what an element per cell does (no per-cell objects, attribute values
 * in single quotes so the payload escapes almost nothing, and the end tags HTML lets a table
 * omit — `</td>`, `</th>`, `</tr>` — left out, since the payload spells every `<` as six
 * characters). Text and attribute values are escaped with `entities`.
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import { nameColumn, type ResultsTable } from '@/lib/server/races';

/** Row classes by kind (CSS module names). */
export interface RowClasses {
  team: string;
  member: string;
  out: string;
}

/**
 * `<caption>`, `<thead>` and `<tbody>` of the table: a header cell per column (its key in
 * `data-column`; body cells carry only their text), a row per rider or team (`data-testid`,
 * `data-entry`), the name (or team) as the row's header cell, linking to `riderHref(entryId)`
 * for riders, described by the element `hintId`.
 */
export function tableHtml(model: ResultsTable, opts: { caption: string; classes: RowClasses; riderHref: (entryId: number) => string; hintId: string }): string {
  const e = escapeUTF8;
  const nameCol = nameColumn(model);
  const pointsCol = model.columns.findIndex((c) => c.key === 'points');
  const keys = model.columns.map((c) => e(c.key));
  const out: string[] = [`<caption class='visually-hidden'>${e(opts.caption)}</caption><thead><tr>`];
  for (const [i, c] of model.columns.entries()) out.push(`<th scope='col' data-column='${keys[i]}'>${e(c.label)}</th>`);
  out.push('</tr></thead><tbody>');
  for (const row of model.rows) {
    const cls = row.kind === 'team' ? opts.classes.team : row.kind === 'member' ? opts.classes.member : row.state === 'DNF' || row.state === 'DNS' || row.state === 'DSQ' ? opts.classes.out : '';
    out.push(`<tr data-testid='${row.kind === 'team' ? 'team-row' : 'result-row'}'${row.entryId ? ` data-entry='${row.entryId}'` : ''}${cls ? ` class='${e(cls)}'` : ''}>`);
    row.cells.forEach((text, i) => {
      if (i === pointsCol && row.note) {
        // The office's total, footnoted (the note is listed under the table) and said at once to a screen reader.
        out.push(`<td>${e(text)}<sup aria-hidden='true'>*</sup><span class='visually-hidden'> (${e(row.note)})</span>`);
        return;
      }
      if (i !== nameCol) {
        out.push(`<td>${e(text)}`);
        return;
      }
      const content = row.entryId ? `<a href='${e(opts.riderHref(row.entryId))}' aria-describedby='${e(opts.hintId)}'>${e(text)}</a>` : `<span>${e(text)}</span>`;
      out.push(`<th scope='row'>${content}`);
    });
  }
  out.push('</tbody>');
  return out.join('');
}
