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

/** Row and cell classes (CSS module names). */
export interface RowClasses {
  team: string;
  member: string;
  out: string;
  /** The name cell's wrapper (the name, then the detail button). */
  nameCell: string;
  /** The rider's or team's name (at most two lines on a phone). */
  name: string;
  /** The row's detail button (the rider's laps and details). */
  detail: string;
}

export interface TableHtmlOptions {
  caption: string;
  classes: RowClasses;
  /** The rider's detail on this page: the URL with `rider={entryId}` added to the current filters. */
  riderHref: (entryId: number) => string;
  /** The rider's public page (issue 25: `riderPath`, localized, base path included); null: no link. */
  pageHref: (participantId: number) => string | null;
  /** The detail button's accessible name ("Laps and details of {name}"). */
  detailLabel: (name: string) => string;
  /** The element describing every detail button ("Opens the rider's laps and details"). */
  hintId: string;
}

/**
 * `<caption>`, `<thead>` and `<tbody>` of the table: a header cell per column (its key in
 * `data-column`; body cells carry only their text), a row per rider or team (`data-testid`,
 * `data-entry`, `data-participant`), the name (or team) as the row's header cell: a rider's name
 * links to their public page (`pageHref`), followed by the detail button (`riderHref`, described
 * by the element `hintId`), which a tap anywhere else on the row also opens.
 */
export function tableHtml(model: ResultsTable, opts: TableHtmlOptions): string {
  const e = escapeUTF8;
  const c = opts.classes;
  const nameCol = nameColumn(model);
  const pointsCol = model.columns.findIndex((col) => col.key === 'points');
  const keys = model.columns.map((col) => e(col.key));
  const out: string[] = [`<caption class='visually-hidden'>${e(opts.caption)}</caption><thead><tr>`];
  for (const [i, col] of model.columns.entries()) out.push(`<th scope='col' data-column='${keys[i]}'>${e(col.label)}</th>`);
  out.push('</tr></thead><tbody>');
  for (const row of model.rows) {
    const cls = row.kind === 'team' ? c.team : row.kind === 'member' ? c.member : row.state === 'DNF' || row.state === 'DNS' || row.state === 'DSQ' ? c.out : '';
    const attrs = `${row.entryId ? ` data-entry='${row.entryId}'` : ''}${row.participantId ? ` data-participant='${row.participantId}'` : ''}`;
    out.push(`<tr data-testid='${row.kind === 'team' ? 'team-row' : 'result-row'}'${attrs}${cls ? ` class='${e(cls)}'` : ''}>`);
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
      const page = row.participantId ? opts.pageHref(row.participantId) : null;
      const name = page ? `<a class='${e(c.name)}' href='${e(page)}' data-testid='rider-link'>${e(text)}</a>` : `<span class='${e(c.name)}'>${e(text)}</span>`;
      const detail = row.entryId
        ? `<a class='${e(c.detail)}' href='${e(opts.riderHref(row.entryId))}' aria-label='${e(opts.detailLabel(text))}' aria-describedby='${e(opts.hintId)}' data-testid='rider-detail'></a>`
        : '';
      out.push(`<th scope='row'><span class='${e(c.nameCell)}'>${name}${detail}</span>`);
    });
  }
  out.push('</tbody>');
  return out.join('');
}
