/**
 * The month view (spec §2 Event calendar views, §4 Calendar build): on screens 600 px wide and
 * more, a table of Saturday-first weeks (rows numbered in sequence, alternate band on even
 * rows, days of the months around dimmed, today marked); under 600 px, an agenda listing only
 * the month's days that hold events. Both are rendered and one is `display: none` per
 * breakpoint, so a screen reader meets exactly one; nothing is wider than a 390 px phone.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CalendarEntry } from '@/lib/contracts/calendar';
import type { CalendarDay, MonthRow } from '@/lib/server/calendar/views';
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
      <Box
        component="table"
        aria-labelledby={labelledBy}
        data-testid="calendar-month-grid"
        sx={{ display: { xs: 'none', sm: 'table' }, width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', border: 1, borderColor: 'divider' }}
      >
        <thead>
          <tr>
            {weekdays.map((w) => (
              <Box component="th" scope="col" key={w.long} sx={{ p: 0.5, fontSize: 14, fontWeight: 600, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                <span aria-hidden="true">{w.short}</span>
                <span className="visually-hidden">{w.long}</span>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Box component="tr" key={r.start} data-row={r.row} data-band={r.bandReverse ? 'reverse' : undefined} sx={{ bgcolor: r.bandReverse ? 'action.hover' : 'background.paper' }}>
              {r.days.map((d) => (
                <Box
                  component="td"
                  key={d.date}
                  aria-current={d.isToday ? 'date' : undefined}
                  data-date={d.date}
                  data-outside={d.inPeriod ? undefined : 'true'}
                  sx={{
                    verticalAlign: 'top',
                    height: 96,
                    p: 0.5,
                    border: 1,
                    borderColor: 'divider',
                    ...(d.inPeriod ? {} : { bgcolor: 'grey.200' }),
                    ...(d.isToday ? { border: 3, borderColor: 'primary.main' } : {}),
                  }}
                >
                  <Typography component="p" variant="body2" sx={{ fontWeight: d.isToday ? 700 : 400, color: d.inPeriod ? 'text.primary' : 'text.secondary' }}>
                    <time dateTime={d.date}>
                      <span aria-hidden="true">{Number(d.date.slice(8))}</span>
                      <span className="visually-hidden">{d.longTitle}</span>
                    </time>
                    {d.isToday && (
                      <Box component="span" sx={{ ml: 0.5, px: 0.5, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 12 }}>
                        {todayText}
                      </Box>
                    )}
                  </Typography>
                  {d.events.length > 0 && (
                    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                      {d.events.map((e) => (
                        <CalendarEventItem key={e.id} event={e} title={titles.get(e.id) ?? ''} labels={labels} compact />
                      ))}
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          ))}
        </tbody>
      </Box>

      {agenda.length > 0 && (
        <Box component="ol" aria-label={agendaLabel} data-testid="calendar-agenda" sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', m: 0, p: 0 }}>
          {agenda.map((d) => (
            <Box component="li" key={d.date} aria-current={d.isToday ? 'date' : undefined} sx={{ mb: 1.5, border: 1, borderColor: d.isToday ? 'primary.main' : 'divider', borderRadius: 1, overflow: 'hidden' }}>
              <Typography component="h3" variant="subtitle1" sx={{ px: 1.5, py: 0.5, fontWeight: 600, bgcolor: 'action.hover', '& time': { display: 'inline-block' }, '& time::first-letter': { textTransform: 'uppercase' } }}>
                <time dateTime={d.date}>{d.longTitle}</time>
                {d.isToday && (
                  <Box component="span" sx={{ ml: 1, px: 0.5, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 12 }}>
                    {todayText}
                  </Box>
                )}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 1.5, py: 0.5 }}>
                {d.events.map((e) => (
                  <CalendarEventItem key={e.id} event={e} title={titles.get(e.id) ?? ''} labels={labels} />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
