/**
 * The event calendar of a page (spec §2 Event calendar views: day, 4 day, week and month,
 * 'Load old events' and 'Load new events'; §4 Calendar build): the public events of the whole
 * site, one promoter or one organization. Driven by the page's query (`view`, `date`, `from`,
 * `until`; see lib/server/calendar/views.ts) and rendered on the server as links, so it works
 * without JavaScript; the shell's progress bar shows while the next view loads.
 *
 * A `<section>` named by its heading (the period shown: "November 2026", "Nov 22 – 25, 2026");
 * Previous / Today / Next and the view switcher are links (the current view carries
 * `aria-current="page"`, today `aria-current="date"`). The loaded range starts 2 years back and
 * ends 1 year ahead; 'Load old events' / 'Load new events' extend it (and show the nearest
 * newly loaded event) when events lie outside it; navigating outside it loads what is shown.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { CALENDAR_VIEWS, calendarToday, type CalendarEntry, type CalendarScope } from '@/lib/contracts/calendar';
import { EVENT_DISCIPLINES } from '@/lib/contracts/events';
import { Link } from '@/lib/i18n/navigation';
import { contentLocale } from '@/lib/i18n/routing';
import {
  agendaDays,
  calendarSearch,
  daysOf,
  eventTitle,
  getCalendarBounds,
  listCalendarEvents,
  loadNewUntil,
  loadOldFrom,
  mediumDate,
  monthGrid,
  neighbours,
  parseCalendarQuery,
  periodHeading,
  type CalendarChange,
} from '@/lib/server/calendar';
import { CalendarNavButton } from './CalendarNavButton';
import type { EventItemLabels } from './CalendarEventItem';
import { DayColumns } from './DayColumns';
import { MonthView } from './MonthView';

export type { CalendarScope };

export interface EventCalendarProps {
  locale: Locale;
  /** The page's path without the locale ('/event-calendar', '/promoters/12', '/organizations/1/calendar'); the calendar's links keep it. */
  path: string;
  /** The page's search params as Next hands them (already awaited). */
  searchParams: Record<string, string | string[] | undefined>;
  /** Whose public events: all (undefined), one promoter (by user id) or one organization. */
  scope?: CalendarScope;
  /** Query keys of the page to keep on the calendar's links (e.g. 'tab'). */
  keep?: string[];
}

const HEADING_ID = 'event-calendar-heading';
/** Out of sight on a phone (the arrow shows), still the link's name for screen readers. */
const phoneHidden = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function EventCalendar({ locale, path, searchParams, scope, keep = [] }: EventCalendarProps) {
  const today = calendarToday();
  const state = parseCalendarQuery(searchParams, today);
  const [events, bounds, t] = await Promise.all([
    listCalendarEvents({ range: state.shown, scope, today }),
    getCalendarBounds({ range: { start: state.from, end: state.until }, period: state.period, window: state.window, scope }),
    getTranslations({ locale, namespace: 'calendarViews' }),
  ]);
  const intl = contentLocale(locale);
  const kept = keep.flatMap((key): [string, string][] => {
    const value = first(searchParams[key]);
    return value ? [[key, value]] : [];
  });
  const href = (change: CalendarChange) => `${path}${calendarSearch(state, change, kept)}#calendar`;

  const labels: EventItemLabels = {
    status: { open: t('status.open'), closed: t('status.closed'), done: t('status.done') },
    discipline: (d) => ((EVENT_DISCIPLINES as readonly string[]).includes(d) ? t(`disciplines.${d as (typeof EVENT_DISCIPLINES)[number]}`) : d),
  };
  const titles = new Map(events.map((e) => [e.id, eventTitle(e, intl)]));
  const inPeriod = (e: CalendarEntry) => e.startDate <= state.period.end && (e.endDate ?? e.startDate) >= state.period.start;
  const empty = !events.some(inPeriod);
  const heading = periodHeading(state.view, state.period, intl);
  const { previous, next } = neighbours(state);
  const oldFrom = loadOldFrom(state, bounds);
  const newUntil = loadNewUntil(state, bounds);
  const navItem = { minHeight: 44 };

  return (
    <Box component="section" id="calendar" aria-labelledby={HEADING_ID} data-view={state.view} sx={{ scrollMarginTop: 16, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id={HEADING_ID} component="h2" variant="h5" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
          {heading}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Box component="nav" aria-label={t('navigation')}>
            <Box component="ul" sx={{ listStyle: 'none', display: 'flex', gap: 0.5, m: 0, p: 0 }}>
              <li>
                {previous ? (
                  <CalendarNavButton href={href({ date: previous })} variant="outlined" size="small" sx={navItem} startIcon={<ChevronLeftIcon />}>
                    <Box component="span" sx={phoneHidden}>{t(`previousLabel.${state.view}`)}</Box>
                  </CalendarNavButton>
                ) : (
                  <Button disabled variant="outlined" size="small" sx={navItem} startIcon={<ChevronLeftIcon />}>
                    <Box component="span" sx={phoneHidden}>{t(`previousLabel.${state.view}`)}</Box>
                  </Button>
                )}
              </li>
              <li>
                <CalendarNavButton href={href({ date: null })} variant="outlined" size="small" sx={navItem}>
                  {t('today')}
                </CalendarNavButton>
              </li>
              <li>
                {next ? (
                  <CalendarNavButton href={href({ date: next })} variant="outlined" size="small" sx={navItem} endIcon={<ChevronRightIcon />}>
                    <Box component="span" sx={phoneHidden}>{t(`nextLabel.${state.view}`)}</Box>
                  </CalendarNavButton>
                ) : (
                  <Button disabled variant="outlined" size="small" sx={navItem} endIcon={<ChevronRightIcon />}>
                    <Box component="span" sx={phoneHidden}>{t(`nextLabel.${state.view}`)}</Box>
                  </Button>
                )}
              </li>
            </Box>
          </Box>
          <Box component="nav" aria-label={t('viewsLabel')}>
            <Box component="ul" sx={{ listStyle: 'none', display: 'flex', m: 0, p: 0, border: 1, borderColor: 'primary.main', borderRadius: 1, overflow: 'hidden' }}>
              {CALENDAR_VIEWS.map((view) => (
                <li key={view}>
                  <CalendarNavButton
                    href={href({ view })}
                    aria-current={view === state.view ? 'page' : undefined}
                    variant={view === state.view ? 'contained' : 'text'}
                    size="small"
                    disableElevation
                    sx={{ ...navItem, borderRadius: 0, whiteSpace: 'nowrap', px: 1.25 }}
                  >
                    {t(`views.${view}`)}
                  </CalendarNavButton>
                </li>
              ))}
            </Box>
          </Box>
        </Stack>
      </Stack>

      {empty && (
        <Box role="status" sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('noEventsPeriod')}</Typography>
          {(bounds.previousEvent || bounds.nextEvent) && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5, '& a': { color: 'primary.dark' } }}>
              {bounds.previousEvent && (
                <Link href={href({ date: bounds.previousEvent })} scroll={false}>
                  {t('previousEvent', { date: mediumDate(bounds.previousEvent, intl) })}
                </Link>
              )}
              {bounds.nextEvent && (
                <Link href={href({ date: bounds.nextEvent })} scroll={false}>
                  {t('nextEvent', { date: mediumDate(bounds.nextEvent, intl) })}
                </Link>
              )}
            </Stack>
          )}
        </Box>
      )}

      {state.view === 'month' ? (
        <MonthView
          {...monthGrid(state, events, intl)}
          agenda={agendaDays(state, events, intl)}
          titles={titles}
          labels={labels}
          todayText={t('isToday')}
          agendaLabel={t('agenda', { month: heading })}
          labelledBy={HEADING_ID}
        />
      ) : (
        !empty && (
          <DayColumns
            days={daysOf(state.shown, events, state, intl)}
            titles={titles}
            labels={labels}
            todayText={t('isToday')}
            noEventsText={t('noEventsDay')}
            labelledBy={HEADING_ID}
          />
        )
      )}

      <Box component="nav" aria-label={t('loadedLabel')} data-testid="calendar-range" sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-from={state.from} data-until={state.until}>
          {t('loaded', { from: mediumDate(state.from, intl), until: mediumDate(state.until, intl), count: bounds.inRange })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {oldFrom ? (
            <CalendarNavButton href={href({ from: oldFrom, date: bounds.latestBefore })} variant="outlined" sx={navItem}>
              {t('loadOld')}
            </CalendarNavButton>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('noOlder')}
            </Typography>
          )}
          {newUntil ? (
            <CalendarNavButton href={href({ until: newUntil, date: bounds.earliestAfter })} variant="outlined" sx={navItem}>
              {t('loadNew')}
            </CalendarNavButton>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('noNewer')}
            </Typography>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
