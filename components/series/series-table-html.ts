/**
 * The body of a series table as one HTML string (spec §3 Series table), as the results table
 * does it (components/results/table-html.ts): the rows travel once as HTML, not again as
 * per-cell elements in the server-component payload. A header cell per column (its key in
 * `data-column`; an event column shows its round and, below, the event's name), a row per
 * rider, team or club; the name is the row's header cell and, for a rider, a link opening the
 * rider's season. A drop score is struck through (`<s>`) and followed by the visually hidden
 * word "drop" so screen readers say it. Riders under the minimum of events follow the others
 * under a line saying so. Text and attribute values are escaped with `entities`.
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import type { SeriesCell, SeriesRow, SeriesTableModel } from './standings-model';

export interface SeriesHtmlOptions {
  caption: string;
  /** The page URL opening a rider's season (the current query with the dialog's parameters). */
  seasonHref: (key: string, className: string | null) => string;
  /** The id of the element describing every name link ("Opens the rider's season"). */
  hintId: string;
  /** The visually hidden word after a struck-through drop score. */
  drop: string;
  /** The line above the unclassified rows. */
  unclassified: string;
  /** CSS module classes. */
  classes: { drop: string; sep: string; out: string; round: string; event: string };
}

export function seriesTableHtml(model: SeriesTableModel, opts: SeriesHtmlOptions): string {
  const e = escapeUTF8;
  const out: string[] = [`<caption class='visually-hidden'>${e(opts.caption)}</caption><thead><tr>`];
  for (const c of model.columns) {
    const label = c.detail !== undefined ? `<span class='${e(opts.classes.round)}'>${e(c.label)}</span> <span class='${e(opts.classes.event)}'>${e(c.detail)}</span>` : e(c.label);
    out.push(`<th scope='col' data-column='${e(c.key)}'>${label}</th>`);
  }
  out.push('</tr></thead><tbody>');
  const cell = (text: SeriesCell) =>
    typeof text === 'string' ? `<td>${e(text)}` : `<td class='${e(opts.classes.drop)}'><s>${e(text.text)}</s><span class='visually-hidden'> ${e(opts.drop)}</span>`;
  const row = (r: SeriesRow, extra: string) => {
    const season = r.season ? ` data-season='${e(r.season.key)}' data-class='${e(r.season.className ?? '')}'` : '';
    out.push(`<tr data-testid='${e(r.testId)}'${season}${extra}>`);
    r.cells.forEach((text, i) => {
      if (i !== model.nameColumn) {
        out.push(cell(text));
        return;
      }
      const name = typeof text === 'string' ? text : text.text;
      const content = r.season
        ? `<a href='${e(opts.seasonHref(r.season.key, r.season.className))}' aria-describedby='${e(opts.hintId)}'>${e(name)}</a>`
        : `<span>${e(name)}</span>`;
      out.push(`<th scope='row'>${content}`);
    });
  };
  for (const r of model.rows) row(r, '');
  if (model.unclassified.length) {
    out.push(`<tr class='${e(opts.classes.sep)}' data-testid='unclassified'><td colspan='${model.columns.length}'>${e(opts.unclassified)}`);
    for (const r of model.unclassified) row(r, ` class='${e(opts.classes.out)}'`);
  }
  out.push('</tbody>');
  return out.join('');
}
