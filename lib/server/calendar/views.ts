/**
 * The event calendar's views (spec §2 Event calendar views: day, 4 day, week and month, with
 * 'Load old events' and 'Load new events'; §4 Calendar build): the page's query read with
 * fallbacks, the period each view shows, the loaded range, and the days, weeks and agenda the
 * components render. Pure date rules on YYYY-MM-DD strings; the weeks, rows and bands come
 * from ./build.ts (the one place §4's rules live).
 *
 * Query: `view` (day | 4day | week | month, default month), `date` (the focused day,
 * YYYY-MM-DD, default today), `from` / `until` (the loaded range, YYYY-MM-DD, default 2 years
 * back to 1 year ahead). A bad value falls back to its default, never an error; dates are
 * held to `calendarWindow()`; the loaded range always grows to include the days shown.
 */
import { addDays, addMonths, addYears, endOfMonth, format, parseISO, startOfMonth } from 'date-fns';
import {
  CALENDAR_DEFAULT_YEARS_AHEAD,
  CALENDAR_LOAD_NEW_YEARS,
  CALENDAR_LOAD_OLD_YEARS,
  CALENDAR_VIEWS,
  CALENDAR_YEARS_BACK,
  DEFAULT_CALENDAR_VIEW,
  calendarWindow,
  lastDayOf,
  parseIsoDate,
  type CalendarViewName,
} from '../../contracts/calendar';
import { dayTitle, isBandReverse, weekStartOf, weeksCovering } from './build';

const ISO = 'yyyy-MM-dd';
const iso = (d: Date) => format(d, ISO);
const day = (s: string) => parseISO(s);
const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

/** A range of days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  start: string;
  end: string;
}

/** The page's search params as Next hands them. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The calendar's state read from the query (see the file's docstring). */
export interface CalendarState {
  view: CalendarViewName;
  /** The focused day (YYYY-MM-DD). */
  date: string;
  /** Today in the federation's time zone (YYYY-MM-DD). */
  today: string;
  /** The period the view is about: the day, the 4 days, the week or the month. */
  period: DayRange;
  /** The days drawn: the period, or for the month the whole weeks covering it. */
  shown: DayRange;
  /** The loaded range, including `shown`. */
  from: string;
  until: string;
  /** The dates a calendar may show (`calendarWindow`). */
  window: DayRange;
  /** The loaded range when the query names none. */
  defaults: DayRange;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The default loaded range on `today`: 2 years back (spec §4) to 1 year ahead. */
export function defaultRange(today: string): DayRange {
  return { start: iso(addYears(day(today), -CALENDAR_YEARS_BACK)), end: iso(addYears(day(today), CALENDAR_DEFAULT_YEARS_AHEAD)) };
}

/** The period of `view` around `date`: the day, 4 days from it, its Saturday-first week, or its month. */
export function viewPeriod(view: CalendarViewName, date: string): DayRange {
  const d = day(date);
  switch (view) {
    case 'day':
      return { start: date, end: date };
    case '4day':
      return { start: date, end: iso(addDays(d, 3)) };
    case 'week': {
      const start = weekStartOf(d);
      return { start: iso(start), end: iso(addDays(start, 6)) };
    }
    case 'month':
      return { start: iso(startOfMonth(d)), end: iso(endOfMonth(d)) };
  }
}

/** The days `view` draws around `date`: its period, or for the month the whole weeks covering it. */
export function shownDays(view: CalendarViewName, date: string): DayRange {
  const period = viewPeriod(view, date);
  if (view !== 'month') return period;
  const weeks = weeksCovering(day(period.start), day(period.end));
  return { start: iso(weeks[0]), end: iso(addDays(weeks[weeks.length - 1], 6)) };
}

/** The focused day one period before (`-1`) or after (`1`): a day, 4 days, a week or a month. */
export function shiftDate(view: CalendarViewName, date: string, direction: -1 | 1): string {
  const d = day(date);
  switch (view) {
    case 'day':
      return iso(addDays(d, direction));
    case '4day':
      return iso(addDays(d, 4 * direction));
    case 'week':
      return iso(addDays(d, 7 * direction));
    case 'month':
      return iso(addMonths(d, direction));
  }
}

const clamp = (value: string, window: DayRange) => min(max(value, window.start), window.end);

/**
 * Reads the calendar's query (see the file's docstring) on `today` (YYYY-MM-DD). Never throws:
 * an unknown view is the month, a bad or missing date today, a bad range the default one;
 * dates outside `calendarWindow()` are moved to its nearest end.
 */
export function parseCalendarQuery(params: SearchParams, today: string): CalendarState {
  const [windowStart, windowEnd] = calendarWindow(day(today));
  const window = { start: windowStart, end: windowEnd };
  const rawView = first(params.view);
  const view = (CALENDAR_VIEWS as readonly string[]).includes(rawView ?? '') ? (rawView as CalendarViewName) : DEFAULT_CALENDAR_VIEW;
  const date = clamp(parseIsoDate(first(params.date)) ?? today, window);
  const defaults = defaultRange(today);
  let from = clamp(parseIsoDate(first(params.from)) ?? defaults.start, window);
  let until = clamp(parseIsoDate(first(params.until)) ?? defaults.end, window);
  if (from > until) [from, until] = [clamp(defaults.start, window), clamp(defaults.end, window)];
  const period = viewPeriod(view, date);
  const shown = shownDays(view, date);
  // Navigating outside the loaded range loads the days shown.
  from = min(from, shown.start);
  until = max(until, shown.end);
  return { view, date, today, period, shown, from, until, window, defaults };
}

/** Where Previous and Next lead (the focused day), or null past the ends of `calendarWindow()`. */
export function neighbours(state: CalendarState): { previous: string | null; next: string | null } {
  const previous = shiftDate(state.view, state.date, -1);
  const next = shiftDate(state.view, state.date, 1);
  return {
    previous: viewPeriod(state.view, previous).end < state.window.start ? null : clamp(previous, state.window),
    next: viewPeriod(state.view, next).start > state.window.end ? null : clamp(next, state.window),
  };
}

/** What the calendar knows of the events outside its loaded range (see `getCalendarBounds`). */
export interface RangeBounds {
  /** Public events ending before `from` (inside the window). */
  before: number;
  /** The last day of the latest of them (YYYY-MM-DD), or null. */
  latestBefore: string | null;
  /** Public events starting after `until` (inside the window). */
  after: number;
  /** The start of the earliest of them (YYYY-MM-DD), or null. */
  earliestAfter: string | null;
}

/**
 * The loaded range after 'Load old events': 2 more years back, or back to the latest older
 * event when that is further (a click always loads at least one event); null when no event
 * lies before the range.
 */
export function loadOldFrom(state: CalendarState, bounds: RangeBounds): string | null {
  if (!bounds.before || !bounds.latestBefore) return null;
  const back = iso(addYears(day(state.from), -CALENDAR_LOAD_OLD_YEARS));
  return clamp(min(back, bounds.latestBefore), state.window);
}

/**
 * The loaded range's end after 'Load new events': 1 more year ahead, or up to the next event
 * when that is further; null when no event lies after the range.
 */
export function loadNewUntil(state: CalendarState, bounds: RangeBounds): string | null {
  if (!bounds.after || !bounds.earliestAfter) return null;
  const ahead = iso(addYears(day(state.until), CALENDAR_LOAD_NEW_YEARS));
  return clamp(max(ahead, bounds.earliestAfter), state.window);
}

/** What a calendar link changes. */
export type CalendarChange = Partial<Pick<CalendarState, 'view' | 'from' | 'until'>> & { date?: string | null };

/**
 * The query string (with its `?`, or '' when empty) of a link to the calendar in `state`
 * changed by `change`; `kept` are the page's own query values (e.g. a tab). Defaults are left
 * out: no `view` for the month, no `date` for today (`date: null` means today), no range when
 * it is the default one.
 */
export function calendarSearch(state: CalendarState, change: CalendarChange, kept: [string, string][] = []): string {
  const view = change.view ?? state.view;
  const date = change.date === null ? state.today : (change.date ?? state.date);
  const from = change.from ?? state.from;
  const until = change.until ?? state.until;
  const params = new URLSearchParams(kept);
  if (view !== DEFAULT_CALENDAR_VIEW) params.set('view', view);
  if (date !== state.today) params.set('date', date);
  if (from !== state.defaults.start) params.set('from', from);
  if (until !== state.defaults.end) params.set('until', until);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A day of a view with the events on it. */
export interface CalendarDay<E> {
  /** YYYY-MM-DD */
  date: string;
  /** Weekday and day ("Sat 14"). */
  title: string;
  /** The day in full ("Saturday, November 14"). */
  longTitle: string;
  isToday: boolean;
  /** Inside the view's period (false for the month grid's days of the months around). */
  inPeriod: boolean;
  events: E[];
}

type Dated = { startDate: string; endDate?: string | null };

/** The days of `range` with the events on each (an event is on every day from its start to its last day). */
export function daysOf<E extends Dated>(range: DayRange, events: E[], state: Pick<CalendarState, 'today' | 'period'>, locale: string): CalendarDay<E>[] {
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' });
  const days: CalendarDay<E>[] = [];
  for (let d = day(range.start); iso(d) <= range.end; d = addDays(d, 1)) {
    const date = iso(d);
    days.push({
      date,
      title: dayTitle(d, locale),
      longTitle: long.format(d),
      isToday: date === state.today,
      inPeriod: date >= state.period.start && date <= state.period.end,
      events: events.filter((e) => e.startDate <= date && lastDayOf(e) >= date),
    });
  }
  return days;
}

/** A week row of the month grid (spec §4: rows numbered in sequence, alternate band on even rows). */
export interface MonthRow<E> {
  row: number;
  bandReverse: boolean;
  /** YYYY-MM-DD of the week's Saturday. */
  start: string;
  days: CalendarDay<E>[];
}

/** The month grid: Saturday-first weekday names and the week rows covering the month. */
export function monthGrid<E extends Dated>(state: CalendarState, events: E[], locale: string): { weekdays: { short: string; long: string }[]; rows: MonthRow<E>[] } {
  const days = daysOf(state.shown, events, state, locale);
  const rows: MonthRow<E>[] = [];
  for (let i = 0; i < days.length; i += 7) {
    const row = rows.length + 1;
    rows.push({ row, bandReverse: isBandReverse(row), start: days[i].date, days: days.slice(i, i + 7) });
  }
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const weekdays = days.slice(0, 7).map((d) => ({ short: short.format(day(d.date)), long: long.format(day(d.date)) }));
  return { weekdays, rows };
}

/** The agenda of the month on a phone: only the month's days that hold an event, in order. */
export function agendaDays<E extends Dated>(state: CalendarState, events: E[], locale: string): CalendarDay<E>[] {
  return daysOf(state.period, events, state, locale).filter((d) => d.events.length > 0);
}

/** An event's title: weekday and day of its start, through its last day when it runs longer ("Sat 14 – Sun 15"). */
export function eventTitle(event: Dated, locale: string): string {
  const last = lastDayOf(event);
  const start = dayTitle(day(event.startDate), locale);
  return last === event.startDate ? start : `${start} – ${dayTitle(day(last), locale)}`;
}

/** The heading of a view: "November 2026", "Nov 22 – 25, 2026", "Sunday, November 22, 2026". */
export function periodHeading(view: CalendarViewName, period: DayRange, locale: string): string {
  const start = day(period.start);
  if (view === 'month') return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(start);
  if (view === 'day') return new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(start);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).formatRange(start, day(period.end));
}

/** A date in the medium style of `locale` ("Nov 22, 2026"), for the loaded range and the jump links. */
export function mediumDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(day(date));
}
