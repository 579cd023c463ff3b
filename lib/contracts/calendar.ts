/**
 * Calendar contracts (spec §7 POST livelaps/event/getEventsForCalendar, §4 Calendar build,
 * §3 Calendar): the request the calendar page and the API share, the reply's month view, and
 * the pure date rules both sides need. Plain zod; imports nothing from the server.
 *
 * Request: date (YYYY-MM-DD, default the current date shifted back 2 years), type (event or
 * regis), promoterId (a promoter user id), locale. The date must fall between 1 January of
 * the federation's founding year and ten years ahead of today (400 otherwise): a calendar is
 * built year by year, so an unbounded date is unbounded work. Messages are the spec's texts
 * ('The provided date is invalid', 'The provided promoter id is invalid').
 */
import { addYears, format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { CALENDAR_FIRST_YEAR, CALENDAR_YEARS_AHEAD, INT4_MAX, LOCALES } from '../config';

/** The calendar starts this many years back from the reference date (spec §4). */
export const CALENDAR_YEARS_BACK = 2;

const ISO = 'yyyy-MM-dd';

/** The start of the calendar: the reference date shifted back 2 years, as YYYY-MM-DD. */
export function calendarStart(today: Date): string {
  return format(addYears(today, -CALENDAR_YEARS_BACK), ISO);
}

/** The dates a calendar may start from, relative to `today`: [first, last] as YYYY-MM-DD. */
export function calendarWindow(today: Date): [string, string] {
  return [`${CALENDAR_FIRST_YEAR}-01-01`, `${today.getFullYear() + CALENDAR_YEARS_AHEAD}-12-31`];
}

/** The first date the calendar shows: the requested one, else today shifted back 2 years. */
export function calendarFrom(date: string | undefined, today: Date): string {
  return date ?? calendarStart(today);
}

const invalidPromoterId = 'The provided promoter id is invalid';

/** The getEventsForCalendar request body (every field optional). */
export const calendarRequest = z.object({
  date: z
    .string({ error: 'The provided date is invalid' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The provided date is invalid')
    .refine((d) => isValid(parseISO(d)) && format(parseISO(d), ISO) === d, 'The provided date is invalid')
    .refine((d) => {
      const [first, last] = calendarWindow(new Date());
      return d >= first && d <= last;
    }, `The provided date is out of range: use a date from ${CALENDAR_FIRST_YEAR} to ${CALENDAR_YEARS_AHEAD} years ahead`)
    .optional(),
  type: z.enum(['event', 'regis'], { error: 'The provided type is invalid' }).default('event'),
  promoterId: z
    .number({ error: invalidPromoterId })
    .int({ error: invalidPromoterId })
    .positive({ error: invalidPromoterId })
    .max(INT4_MAX, { error: invalidPromoterId })
    .optional(),
  locale: z.enum(LOCALES, { error: 'The provided locale is invalid' }).optional(),
});
export type CalendarRequest = z.infer<typeof calendarRequest>;

/** An event as the calendar places it. */
export const calendarEventInput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  location: z.string().nullable().optional(),
});
export type CalendarEventInput = z.infer<typeof calendarEventInput>;

/** An event in a calendar week, with its title: weekday and day of the start ("Sat 12"). */
export const calendarEvent = calendarEventInput.extend({ title: z.string() });
export type CalendarEvent = z.infer<typeof calendarEvent>;

/** A calendar week (spec §4): Saturday to Friday, numbered row, alternate band. */
export const calendarWeek = z.object({
  /** YYYY-MM-DD of the week's Saturday. */
  start: z.string(),
  /** YYYY-MM-DD, six days after `start`. */
  end: z.string(),
  rangeText: z.string(),
  events: z.array(calendarEvent),
  row: z.number().int(),
  /** Alternate band: true for even row numbers. */
  bandReverse: z.boolean(),
  /** The week runs on into the next month. */
  cont: z.boolean(),
});
export type CalendarWeek = z.infer<typeof calendarWeek>;

/** A month of the calendar; months without events are not visible and hold no weeks. */
export const calendarMonth = z.object({
  /** 1–12 */
  month: z.number().int(),
  name: z.string(),
  visible: z.boolean(),
  weeks: z.array(calendarWeek),
});
export type CalendarMonth = z.infer<typeof calendarMonth>;

/** A year of the calendar: its twelve months. */
export const calendarYear = z.object({ year: z.number().int(), months: z.array(calendarMonth) });
export type CalendarYear = z.infer<typeof calendarYear>;
