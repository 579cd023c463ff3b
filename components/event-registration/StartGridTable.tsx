/**
 * One class's start grid as a phone-friendly table (issue 27 "the start grid follows registration
 * order or the promoter's draw"; DESIGN.md "Phone first": the position and the rider stay in view,
 * the other columns scroll): position, rider, race number, club, city. Public fields only. Shared
 * by the event page's registration tab and the desk (components/desk/StartGrid). Server component.
 */
import css from '@/components/events/event-page.module.css';
import type { StartGridClass } from '@/lib/contracts/event-registration';

/** Column headings, already translated. */
export interface StartGridLabels {
  position: string;
  rider: string;
  number: string;
  club: string;
  from: string;
}

export function StartGridTable({ grid, labels }: { grid: StartGridClass; labels: StartGridLabels }) {
  return (
    <div className={css.scroller} role="region" aria-label={grid.className} tabIndex={0}>
      <table className={css.table} data-testid={`start-grid-${grid.classId}`}>
        <thead>
          <tr>
            <th scope="col" className={`${css.first} ${css.num}`}>
              {labels.position}
            </th>
            <th scope="col" className={css.name}>
              {labels.rider}
            </th>
            <th scope="col" className={css.num}>
              {labels.number}
            </th>
            <th scope="col">{labels.club}</th>
            <th scope="col">{labels.from}</th>
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.registrationId}>
              <td className={`${css.first} ${css.num}`}>{row.position}</td>
              <th scope="row" className={css.name}>
                <span className={css.rider}>
                  {row.firstName} {row.lastName}
                </span>
              </th>
              <td className={css.num}>{row.number ?? ''}</td>
              <td>{row.club ?? ''}</td>
              <td>{[row.city, row.state].filter(Boolean).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
