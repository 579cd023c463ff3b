/**
 * Calendar build (spec §4 Calendar build, §3 Calendar): weeks run from the first week-end of
 * the year (its Saturday) in 7-day steps; an event goes into the week containing its start;
 * a week belongs to the month it starts in; months with no events are marked not visible;
 * rows are numbered in sequence and the alternate-band flag is true for even row numbers.
 * The calendar starts 2 years back from the reference date. The views of the event calendar
 * (./views.ts) take their weeks, rows and bands from here: the rules live in this file only.
 */
import { addDays, differenceInCalendarDays, format, getDay, parseISO } from 'date-fns';
import { CALENDAR_YEARS_AHEAD } from '../../config';
import { CALENDAR_YEARS_BACK, calendarStart, type CalendarEvent, type CalendarEventInput, type CalendarMonth, type CalendarYear } from '../../contracts/calendar';

// The shapes and the start rule live in the contract (shared with the API and the page).
export { CALENDAR_YEARS_BACK, calendarStart };
export type { CalendarEvent, CalendarEventInput, CalendarMonth, CalendarWeek, CalendarYear } from '../../contracts/calendar';

export interface BuildOptions {
  /** The reference date (today); the calendar starts 2 years before it. */
  today: Date;
  /** BCP 47 locale for month names, weekday titles and ranges. */
  locale: string;
  /** First date shown (YYYY-MM-DD); default: `today` shifted back 2 years. */
  from?: string;
}

const ISO = 'yyyy-MM-dd';

/** The Saturday of the first week-end of `year` (the first Saturday on or after 1 January). */
export function firstWeekendOf(year: number): Date {
  const jan1 = new Date(year, 0, 1);
  return addDays(jan1, (6 - getDay(jan1) + 7) % 7);
}

/** The Saturday starting the calendar week that contains `date`. */
export function weekStartOf(date: Date): Date {
  const yearStart = firstWeekendOf(date.getFullYear());
  const anchor = date < yearStart ? firstWeekendOf(date.getFullYear() - 1) : yearStart;
  return addDays(anchor, Math.floor(differenceInCalendarDays(date, anchor) / 7) * 7);
}

/** The Saturdays of the calendar weeks covering `first` to `last` (inclusive), oldest first. */
export function weeksCovering(first: Date, last: Date): Date[] {
  const weeks: Date[] = [];
  for (let start = weekStartOf(first); start <= last; start = addDays(start, 7)) weeks.push(start);
  return weeks;
}

/** The alternate band of a calendar row (spec §4): true for even row numbers. */
export function isBandReverse(row: number): boolean {
  return row % 2 === 0;
}

/** An event's day title (spec §3 Calendar): weekday and day of `date` ("Sat 12", "dim. 12"). */
export function dayTitle(date: Date, locale: string): string {
  let weekday = weekdayFormats.get(locale);
  if (!weekday) weekdayFormats.set(locale, (weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' })));
  return `${weekday.format(date)} ${date.getDate()}`;
}
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Builds the calendar from `events` (any order). Events before the start (2 years back) are
 * left out, and so are events more than `CALENDAR_YEARS_AHEAD` years ahead of today; the
 * calendar runs through the last year holding an event or the current year.
 */
export function buildCalendar(events: CalendarEventInput[], opts: BuildOptions): CalendarYear[] {
  const from = opts.from ?? calendarStart(opts.today);
  const until = `${opts.today.getFullYear() + CALENDAR_YEARS_AHEAD}-12-31`;
  const kept = events
    .filter((e) => e.startDate >= from && e.startDate <= until)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const monthName = new Intl.DateTimeFormat(opts.locale, { month: 'long' });
  const range = new Intl.DateTimeFormat(opts.locale, { month: 'short', day: 'numeric' });

  const byWeek = new Map<string, CalendarEvent[]>();
  for (const e of kept) {
    const key = format(weekStartOf(parseISO(e.startDate)), ISO);
    const list = byWeek.get(key) ?? [];
    list.push({ ...e, title: dayTitle(parseISO(e.startDate), opts.locale) });
    byWeek.set(key, list);
  }

  const firstYear = parseISO(from).getFullYear();
  const lastYear = Math.max(opts.today.getFullYear(), ...kept.map((e) => parseISO(e.startDate).getFullYear()));
  const years: CalendarYear[] = [];
  let row = 0;
  for (let year = firstYear; year <= lastYear; year++) {
    const months: CalendarMonth[] = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      name: monthName.format(new Date(year, i, 1)),
      visible: false,
      weeks: [],
    }));
    const weeks: { start: Date; events: CalendarEvent[] }[] = [];
    const end = firstWeekendOf(year + 1);
    for (let start = firstWeekendOf(year); start < end; start = addDays(start, 7)) {
      weeks.push({ start, events: byWeek.get(format(start, ISO)) ?? [] });
    }
    for (const w of weeks) months[w.start.getMonth()].visible ||= w.events.length > 0;
    for (const w of weeks) {
      const month = months[w.start.getMonth()];
      if (!month.visible) continue;
      row += 1;
      const weekEnd = addDays(w.start, 6);
      month.weeks.push({
        start: format(w.start, ISO),
        end: format(weekEnd, ISO),
        rangeText: range.formatRange(w.start, weekEnd),
        events: w.events,
        row,
        bandReverse: isBandReverse(row),
        cont: weekEnd.getMonth() !== w.start.getMonth(),
      });
    }
    if (months.some((m) => m.visible)) years.push({ year, months });
  }
  return years;
}
