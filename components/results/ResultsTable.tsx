/**
 * The results table, rendered on the server as plain HTML (spec §2 race results, §3 Race
 * results columns): the leading identity columns (position, number, name or team) are
 * sticky, the rest scroll inside `TableFrame`. Each rider's name links to `?rider={entryId}`,
 * which opens the rider's detail. No row data is handed to client code.
 */
import type { ResultsTable as Model } from '@/lib/server/races';
import { TableFrame } from './TableFrame';
import css from './results.module.css';

const WIDTH_REM: Partial<Record<string, number>> = { position: 2.75, classPosition: 2.75, groupPosition: 2.75, number: 3.25, row: 3.25 };

/** Sticky classes and left offsets of the leading identity columns (position, number, name). */
function stickyLayout(model: Model) {
  const layout: { className: string; left: string }[] = [];
  let left = 0;
  for (const [i, c] of model.columns.entries()) {
    if (!c.identity || i !== layout.length) break;
    const width = WIDTH_REM[c.key];
    const nameLike = width === undefined;
    layout.push({ className: `${css.sticky} ${i === 0 ? css.s0 : width ? css.s1 : ''} ${nameLike ? `${css.name} ${css.edge}` : ''}`, left: `${left}rem` });
    if (nameLike) break;
    left += width;
  }
  return layout;
}

export function ResultsTable({ model, caption, regionLabel, scrollHint, riderHref, openLabel }: {
  model: Model;
  caption: string;
  regionLabel: string;
  scrollHint: string;
  /** The URL of the page with `rider={entryId}` added to the current filters. */
  riderHref: (entryId: number) => string;
  /** "Open the details of {name}" for the link's accessible name. */
  openLabel: (name: string) => string;
}) {
  const sticky = stickyLayout(model);
  const nameCol = model.columns.findIndex((c) => c.key === (model.view === 'team' ? 'team' : 'name'));
  return (
    <TableFrame label={regionLabel} hint={scrollHint}>
      <table className={css.table} data-testid="results-table" data-view={model.view}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {model.columns.map((c, i) => (
              <th key={c.key} scope="col" data-column={c.key} className={`${c.numeric ? css.num : ''} ${sticky[i]?.className ?? ''}`} style={sticky[i] ? { left: sticky[i].left } : undefined}>
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
              className={`${row.kind === 'team' ? css.team : row.kind === 'member' ? css.member : ''} ${row.state === 'DNF' || row.state === 'DNS' || row.state === 'DSQ' ? css.out : ''} ${row.entryId ? css.row : ''}`}
            >
              {row.cells.map((text, i) => {
                const c = model.columns[i];
                const isName = i === nameCol;
                const className = `${c.numeric ? css.num : ''} ${sticky[i]?.className ?? ''} ${!sticky[i] && (c.key === 'team' || c.key === 'name') ? css.wide : ''}`;
                const style = sticky[i] ? { left: sticky[i].left } : undefined;
                const content =
                  isName && row.entryId ? (
                    <a href={riderHref(row.entryId)} data-rider={row.entryId} aria-label={openLabel(text)} title={text}>
                      {text}
                    </a>
                  ) : (
                    text
                  );
                return isName ? (
                  <th key={c.key} scope="row" data-column={c.key} className={className} style={style} title={row.entryId ? undefined : text}>
                    {content}
                  </th>
                ) : (
                  <td key={c.key} data-column={c.key} className={className} style={style} title={c.key === 'team' && text.length > 24 ? text : undefined}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
