/**
 * The day, 4 day and week views (spec §2 Event calendar views): each day a column on wide
 * screens (the week: 2 columns from 600 px, 4 from 900 px, 7 from 1200 px), stacked on a
 * phone; a day without events says so in one line. A list of days, each with its heading.
 * Plain HTML (issue 23: MUI's Box and Typography before).
 */
import type { CSSProperties } from 'react';
import type { CalendarEntry } from '@/lib/contracts/calendar';
import type { CalendarDay } from '@/lib/server/calendar/views';
import css from './calendar.module.css';
import { CalendarEventItem, type EventItemLabels } from './CalendarEventItem';

export interface DayColumnsProps {
  days: CalendarDay<CalendarEntry>[];
  titles: Map<number, string>;
  labels: EventItemLabels;
  todayText: string;
  noEventsText: string;
  /** The list's accessible name (the view's heading id). */
  labelledBy: string;
}

export function DayColumns({ days, titles, labels, todayText, noEventsText, labelledBy }: DayColumnsProps) {
  const n = days.length;
  // The column counts per breakpoint (calendar.module.css reads them).
  const columns = { '--cols-sm': Math.min(n, 2), '--cols-md': Math.min(n, 4), '--cols-lg': Math.min(n, 7) } as CSSProperties;
  return (
    <ol aria-labelledby={labelledBy} data-testid="calendar-days" className={css.days} style={columns}>
      {days.map((d) => (
        <li key={d.date} aria-current={d.isToday ? 'date' : undefined} data-date={d.date} className={d.events.length ? css.day : `${css.day} ${css.emptyDay}`}>
          <h3 className={css.dayTitle}>
            <time dateTime={d.date}>{d.longTitle}</time>
            {d.isToday && <span className={css.today}>{todayText}</span>}
          </h3>
          {d.events.length ? (
            <ul className={css.dayEvents}>
              {d.events.map((e) => (
                <CalendarEventItem key={e.id} event={e} title={titles.get(e.id) ?? ''} labels={labels} compact={n > 1} />
              ))}
            </ul>
          ) : (
            <p className={css.noEvents}>{noEventsText}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
