/**
 * The results table, rendered on the server as plain HTML (spec §2 race results, §3 Race
 * results columns): the leading identity columns (position, number, name or team) are
 * sticky, the rest scroll inside `TableFrame`. Each rider's name links to `?rider={entryId}`,
 * which opens the rider's detail. No row data is handed to client code, and a cell carries
 * only its text and column: the column styles (sticky, numeric, truncated) are one small
 * style sheet per table (nth-child rules), not attributes repeated on every cell.
 */
import type { ResultsTable as Model } from '@/lib/server/races';
import { TableFrame } from './TableFrame';
import css from './results.module.css';

const WIDTH_REM: Partial<Record<string, number>> = { position: 2.75, classPosition: 2.75, groupPosition: 2.75, number: 3.25, row: 3.25 };

/** The table's own style sheet: sticky identity columns with their offsets, numbers right-aligned, long names truncated. */
function columnStyles(model: Model, scope: string): string {
  const cell = (i: number) => `${scope} tr>:nth-child(${i + 1})`;
  const rules: string[] = [];
  let left = 0;
  for (const [i, c] of model.columns.entries()) {
    if (!c.identity || i !== rules.length) break;
    const width = WIDTH_REM[c.key];
    if (width === undefined) {
      rules.push(`${cell(i)}{position:sticky;left:${left}rem;z-index:1;box-shadow:4px 0 4px -2px rgba(0,0,0,.12)}`);
      break;
    }
    rules.push(`${cell(i)}{position:sticky;left:${left}rem;z-index:1;min-width:${width}rem;max-width:${width}rem;overflow:hidden;text-overflow:ellipsis}`);
    left += width;
  }
  const sticky = rules.length;
  const name = model.columns.findIndex((c) => c.key === (model.view === 'team' ? 'team' : 'name'));
  const numeric = model.columns.flatMap((c, i) => (c.numeric ? [cell(i)] : []));
  const wide = model.columns.flatMap((c, i) => ((c.key === 'team' || c.key === 'name') && i >= sticky ? [cell(i)] : []));
  if (name >= 0) rules.push(`${cell(name)}{max-width:11rem;overflow:hidden;text-overflow:ellipsis}@media(min-width:900px){${cell(name)}{max-width:18rem}}`);
  if (numeric.length) rules.push(`${numeric.join(',')}{text-align:right}`);
  if (wide.length) rules.push(`${wide.join(',')}{max-width:15rem;overflow:hidden;text-overflow:ellipsis}`);
  rules.push(`${scope} thead tr>*{position:sticky;top:0;z-index:2}${scope} thead tr>:nth-child(-n+${Math.max(sticky, 1)}){z-index:3}`);
  return rules.join('');
}

export function ResultsTable({ model, id, caption, regionLabel, scrollHint, riderHref, openHint }: {
  model: Model;
  /** Unique on the page: scopes the table's style sheet. */
  id: string;
  caption: string;
  regionLabel: string;
  scrollHint: string;
  /** The URL of the page with `rider={entryId}` added to the current filters. */
  riderHref: (entryId: number) => string;
  /** "Opens the rider's laps and details": the description of every name link. */
  openHint: string;
}) {
  const nameCol = model.columns.findIndex((c) => c.key === (model.view === 'team' ? 'team' : 'name'));
  const hintId = `${id}-hint`;
  return (
    <TableFrame label={regionLabel} hint={scrollHint}>
      <style>{columnStyles(model, `[data-t="${id}"]`)}</style>
      <span id={hintId} hidden>
        {openHint}
      </span>
      <table className={css.table} data-t={id} data-testid="results-table" data-view={model.view}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {model.columns.map((c) => (
              <th key={c.key} scope="col" data-column={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <tr
              key={row.id}
              data-testid={row.kind === 'team' ? 'team-row' : 'result-row'}
              data-entry={row.entryId ?? undefined}
              className={row.kind === 'team' ? css.team : row.kind === 'member' ? css.member : row.state === 'DNF' || row.state === 'DNS' || row.state === 'DSQ' ? css.out : undefined}
            >
              {row.cells.map((text, i) =>
                i === nameCol ? (
                  <th key={i} scope="row" data-column={model.columns[i].key}>
                    {row.entryId ? (
                      <a href={riderHref(row.entryId)} aria-describedby={hintId}>
                        {text}
                      </a>
                    ) : (
                      text
                    )}
                  </th>
                ) : (
                  <td key={i} data-column={model.columns[i].key}>
                    {text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
