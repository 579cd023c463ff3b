/**
 * The month view (spec §2 Event calendar views, §4 Calendar build): on screens 600 px wide and
 * more, a table of Saturday-first weeks (rows numbered in sequence, alternate band on even
 * rows, days of the months around dimmed, today marked); under 600 px, an agenda listing only
 * the month's days that hold events. Both are rendered and one is `display: none` per
 * breakpoint, so a screen reader meets exactly one; nothing is wider than a 390 px phone.
 * Plain HTML (issue 23: MUI's Box and Typography before).
 */
import type { CalendarEntry } from '@/lib/contracts/calendar';
import type { CalendarDay, MonthRow } from '@/lib/server/calendar/views';
import css from './calendar.module.css';
import { CalendarEventItem, type EventItemLabels } from './CalendarEventItem';

export interface MonthViewProps {
  weekdays: { short: string; long: string }[];
  rows: MonthRow<CalendarEntry>[];
  agenda: CalendarDay<CalendarEntry>[];
  /** Event titles (weekday and day), by event id. */
  titles: Map<number, string>;
  labels: EventItemLabels;
  /** "Today", shown beside today's date. */
  todayText: string;
  /** The agenda's accessible name ("Events of November 2026"). */
  agendaLabel: string;
  /** The month table's accessible name (the view's heading id). */
  labelledBy: string;
}

export function MonthView({ weekdays, rows, agenda, titles, labels, todayText, agendaLabel, labelledBy }: MonthViewProps) {
  return (
    <>
      <table aria-labelledby={labelledBy} data-testid="calendar-month-grid" className={css.month}>
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th scope="col" key={w.long}>
                <span aria-hidden="true">{w.short}</span>
                <span className="visually-hidden">{w.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.start} data-row={r.row} data-band={r.bandReverse ? 'reverse' : undefined}>
              {r.days.map((d) => (
                <td key={d.date} aria-current={d.isToday ? 'date' : undefined} data-date={d.date} data-outside={d.inPeriod ? undefined : 'true'}>
                  <p className={css.dayNumber}>
                    <time dateTime={d.date}>
                      <span aria-hidden="true">{Number(d.date.slice(8))}</span>
                      <span className="visually-hidden">{d.longTitle}</span>
                    </time>
                    {d.isToday && <span className={css.today}>{todayText}</span>}
                  </p>
                  {d.events.length > 0 && (
                    <ul className={css.cellEvents}>
                      {d.events.map((e) => (
                        <CalendarEventItem key={e.id} event={e} title={titles.get(e.id) ?? ''} labels={labels} compact />
                      ))}
                    </ul>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      {agenda.length > 0 && (
        <ol aria-label={agendaLabel} data-testid="calendar-agenda" className={css.agenda}>
          {agenda.map((d) => (
            <li key={d.date} aria-current={d.isToday ? 'date' : undefined} className={css.agendaDay}>
              <h3 className={css.agendaTitle}>
                <time dateTime={d.date}>{d.longTitle}</time>
                {d.isToday && <span className={css.today}>{todayText}</span>}
              </h3>
              <ul className={css.agendaEvents}>
                {d.events.map((e) => (
                  <CalendarEventItem key={e.id} event={e} title={titles.get(e.id) ?? ''} labels={labels} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
