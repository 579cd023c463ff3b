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
 * Plain HTML from the server (issue 23: MUI's Button, Stack and Typography before; no client
 * JavaScript of its own); the text on the CMS primary and success colours is chosen here.
 */
import type { CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import { textOn } from '@/components/events/event-format';
import { Icon } from '@/components/ui/Icon';
import { CHEVRON_LEFT } from '@/components/ui/icons/chevron-left';
import { CHEVRON_RIGHT } from '@/components/ui/icons/chevron-right';
import ui from '@/components/ui/ui.module.css';
import { getSiteSettings } from '@/lib/cms';
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
import css from './calendar.module.css';
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
/** The look of Previous / Today / Next (outlined, small, 44 px tall). */
const NAV = `${ui.button} ${ui.outlined} ${ui.small} ${css.tall}`;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function EventCalendar({ locale, path, searchParams, scope, keep = [] }: EventCalendarProps) {
  const today = calendarToday();
  const state = parseCalendarQuery(searchParams, today);
  const [events, bounds, t, settings] = await Promise.all([
    listCalendarEvents({ range: state.shown, scope, today }),
    getCalendarBounds({ range: { start: state.from, end: state.until }, period: state.period, window: state.window, scope }),
    getTranslations({ locale, namespace: 'calendarViews' }),
    getSiteSettings(locale),
  ]);
  const intl = contentLocale(locale);
  const kept = keep.flatMap((key): [string, string][] => {
    const value = first(searchParams[key]);
    return value ? [[key, value]] : [];
  });
  const href = (change: CalendarChange) => `${path}${calendarSearch(state, change, kept)}#calendar`;

  const labels: EventItemLabels = {
    status: { open: t('status.open'), closed: t('status.closed'), done: t('status.done') },
    cancelled: t('status.cancelled'),
    discipline: (d) => ((EVENT_DISCIPLINES as readonly string[]).includes(d) ? t(`disciplines.${d as (typeof EVENT_DISCIPLINES)[number]}`) : d),
  };
  const titles = new Map(events.map((e) => [e.id, eventTitle(e, intl)]));
  const inPeriod = (e: CalendarEntry) => e.startDate <= state.period.end && (e.endDate ?? e.startDate) >= state.period.start;
  const empty = !events.some(inPeriod);
  const heading = periodHeading(state.view, state.period, intl);
  const { previous, next } = neighbours(state);
  const oldFrom = loadOldFrom(state, bounds);
  const newUntil = loadNewUntil(state, bounds);
  const colours = { '--on-primary': textOn(settings.colors.primary), '--on-success': textOn(settings.colors.success) } as CSSProperties;

  return (
    <section id="calendar" aria-labelledby={HEADING_ID} data-view={state.view} className={css.calendar} style={colours}>
      <div className={css.top}>
        <h2 id={HEADING_ID} className={`${ui.h5} ${css.heading}`}>
          {heading}
        </h2>
        <div className={css.controls}>
          <nav aria-label={t('navigation')}>
            <ul className={css.navList}>
              <li>
                {previous ? (
                  <CalendarNavButton href={href({ date: previous })} className={NAV}>
                    <Icon path={CHEVRON_LEFT} size={18} />
                    <span className={css.phoneHidden}>{t(`previousLabel.${state.view}`)}</span>
                  </CalendarNavButton>
                ) : (
                  <button type="button" disabled className={NAV}>
                    <Icon path={CHEVRON_LEFT} size={18} />
                    <span className={css.phoneHidden}>{t(`previousLabel.${state.view}`)}</span>
                  </button>
                )}
              </li>
              <li>
                <CalendarNavButton href={href({ date: null })} className={NAV}>
                  {t('today')}
                </CalendarNavButton>
              </li>
              <li>
                {next ? (
                  <CalendarNavButton href={href({ date: next })} className={NAV}>
                    <span className={css.phoneHidden}>{t(`nextLabel.${state.view}`)}</span>
                    <Icon path={CHEVRON_RIGHT} size={18} />
                  </CalendarNavButton>
                ) : (
                  <button type="button" disabled className={NAV}>
                    <span className={css.phoneHidden}>{t(`nextLabel.${state.view}`)}</span>
                    <Icon path={CHEVRON_RIGHT} size={18} />
                  </button>
                )}
              </li>
            </ul>
          </nav>
          <nav aria-label={t('viewsLabel')}>
            <ul className={css.views}>
              {CALENDAR_VIEWS.map((view) => (
                <li key={view}>
                  <CalendarNavButton
                    href={href({ view })}
                    aria-current={view === state.view ? 'page' : undefined}
                    className={`${ui.button} ${ui.small} ${css.tall} ${css.view}`}
                  >
                    {t(`views.${view}`)}
                  </CalendarNavButton>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>

      {empty && (
        <div role="status" className={css.empty}>
          <p className={css.emptyTitle}>{t('noEventsPeriod')}</p>
          {(bounds.previousEvent || bounds.nextEvent) && (
            <div className={css.neighbours}>
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
            </div>
          )}
        </div>
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

      <nav aria-label={t('loadedLabel')} data-testid="calendar-range" className={css.range}>
        <p className={`${ui.body2} muted ${css.loaded}`} data-from={state.from} data-until={state.until}>
          {t('loaded', { from: mediumDate(state.from, intl), until: mediumDate(state.until, intl), count: bounds.inRange })}
        </p>
        <div className={css.loadRow}>
          {oldFrom ? (
            <CalendarNavButton href={href({ from: oldFrom, date: bounds.latestBefore })} className={`${ui.button} ${ui.outlined} ${css.tall}`}>
              {t('loadOld')}
            </CalendarNavButton>
          ) : (
            <p className={`${ui.body2} muted`}>{t('noOlder')}</p>
          )}
          {newUntil ? (
            <CalendarNavButton href={href({ until: newUntil, date: bounds.earliestAfter })} className={`${ui.button} ${ui.outlined} ${css.tall}`}>
              {t('loadNew')}
            </CalendarNavButton>
          ) : (
            <p className={`${ui.body2} muted`}>{t('noNewer')}</p>
          )}
        </div>
      </nav>
    </section>
  );
}
