/**
 * The day, 4 day and week views (spec §2 Event calendar views): each day a column on wide
 * screens (the week: 2 columns from 600 px, 4 from 900 px, 7 from 1200 px), stacked on a
 * phone; a day without events says so in one line. A list of days, each with its heading.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CalendarEntry } from '@/lib/contracts/calendar';
import type { CalendarDay } from '@/lib/server/calendar/views';
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

const columns = (n: number, max: number) => `repeat(${Math.min(n, max)}, minmax(0, 1fr))`;

export function DayColumns({ days, titles, labels, todayText, noEventsText, labelledBy }: DayColumnsProps) {
  const n = days.length;
  return (
    <Box
      component="ol"
      aria-labelledby={labelledBy}
      data-testid="calendar-days"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: columns(n, 2), md: columns(n, 4), lg: columns(n, 7) },
      }}
    >
      {days.map((d) => (
        <Box
          component="li"
          key={d.date}
          aria-current={d.isToday ? 'date' : undefined}
          data-date={d.date}
          sx={{
            minWidth: 0,
            border: d.isToday ? 2 : 1,
            borderColor: d.isToday ? 'primary.main' : 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            // On a phone an empty day is one line: its date, then "No events".
            ...(d.events.length ? {} : { display: { xs: 'flex', sm: 'block' }, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }),
          }}
        >
          <Typography
            component="h3"
            variant="subtitle2"
            sx={{ px: 1, py: 0.5, bgcolor: d.events.length ? 'action.hover' : { xs: 'transparent', sm: 'action.hover' }, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 0.5, '& time': { display: 'inline-block' }, '& time::first-letter': { textTransform: 'uppercase' } }}
          >
            <time dateTime={d.date}>{d.longTitle}</time>
            {d.isToday && (
              <Box component="span" sx={{ px: 0.5, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 12 }}>
                {todayText}
              </Box>
            )}
          </Typography>
          {d.events.length ? (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 1, py: 0.5 }}>
              {d.events.map((e) => (
                <CalendarEventItem key={e.id} event={e} title={titles.get(e.id) ?? ''} labels={labels} compact={n > 1} />
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 0.5 }}>
              {noEventsText}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
