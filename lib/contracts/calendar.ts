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
import { BASE_PATH, CALENDAR_FIRST_YEAR, CALENDAR_YEARS_AHEAD, INT4_MAX, LOCALES } from '../config';
import { federationDate } from '../format';
import { REGISTRATION_STATUSES } from './events';

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

/** An event as the calendar places it (the optional fields: what the calendar query adds). */
export const calendarEventInput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  location: z.string().nullable().optional(),
  /** YYYY-MM-DD; null: a one-day event. */
  endDate: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  discipline: z.string().nullable().optional(),
  registrationStatus: z.enum(REGISTRATION_STATUSES).optional(),
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

// ---------------------------------------------------------------------------------------------
// Calendar views (spec §2 Event calendar views: day, 4 day, week, month, 'Load old events' and
// 'Load new events'): the page's query, the loaded range, the scopes and the iCalendar paths.
// ---------------------------------------------------------------------------------------------

/** The views of the event calendar (spec §2), in the order the switcher shows them. */
export const CALENDAR_VIEWS = ['day', '4day', 'week', 'month'] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_CALENDAR_VIEW: CalendarViewName = 'month';

/** By default the calendar shows events up to this many years ahead of today. */
export const CALENDAR_DEFAULT_YEARS_AHEAD = 1;
/** 'Load old events' extends the loaded range this many years further back. */
export const CALENDAR_LOAD_OLD_YEARS = 2;
/** 'Load new events' extends the loaded range this many years further ahead. */
export const CALENDAR_LOAD_NEW_YEARS = 1;

/** Today's date (YYYY-MM-DD) in the federation's time zone at instant `now` (lib/format federationDate). */
export const calendarToday = federationDate;

/** `value` when it is a real calendar date written YYYY-MM-DD, else null. */
export function parseIsoDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = parseISO(value);
  return isValid(d) && format(d, ISO) === value ? value : null;
}

/** Whose public events a calendar shows: all (undefined), one promoter (by user id) or one organization. */
export type CalendarScope = { promoterUserId: number } | { organizationId: number };

/** The API's root path under the site (the Hono app's base). */
export const API_ROOT = `${BASE_PATH}/api/v1`;

/**
 * The iCalendar paths (RFC 5545), relative to `API_ROOT`: one event's `.ics` download, and the
 * feeds of the whole site, of one promoter (user id) and of one organization. `lang` (en, fr,
 * es) names the calendar and picks the language of the event pages' addresses.
 */
export const icsPaths = {
  event: (eventId: number) => `/calendar/events/${eventId}/event.ics`,
  feed: (scope?: CalendarScope) =>
    !scope ? '/calendar/feed.ics' : 'promoterUserId' in scope ? `/calendar/promoters/${scope.promoterUserId}/feed.ics` : `/calendar/organizations/${scope.organizationId}/feed.ics`,
};

/** `path` (from `icsPaths`) as the site serves it, with `?lang=` when given: `/ll/api/v1/calendar/feed.ics?lang=fr`. */
export function icsHref(path: string, lang?: (typeof LOCALES)[number]): string {
  return `${API_ROOT}${path}${lang ? `?lang=${lang}` : ''}`;
}

/** The query of every iCalendar route: `lang` (default en). */
export const icsQuery = z.object({
  lang: z.enum(LOCALES, { error: 'The provided lang is invalid' }).optional(),
});
export type IcsQuery = z.infer<typeof icsQuery>;

/** An event of a calendar view or feed: where, what, whose, and its registration status (spec §4). */
export const calendarEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  /** YYYY-MM-DD; null: a one-day event. */
  endDate: z.string().nullable(),
  /** The venue's name. */
  location: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  /** EVENT_DISCIPLINES, or null when unknown. */
  discipline: z.string().nullable(),
  description: z.string().nullable(),
  promoter: z.object({ userId: z.number().int(), name: z.string() }),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  /** Called off by its promoter: listed, marked cancelled (issue 24). */
  cancelled: z.boolean(),
  /** When the event was recorded (ISO 8601): the iCalendar LAST-MODIFIED and DTSTAMP. */
  modifiedAt: z.string(),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

/** The last day of an event (YYYY-MM-DD): its end date, or its start for a one-day event or a bad end. */
export function lastDayOf(event: { startDate: string; endDate?: string | null }): string {
  return event.endDate && event.endDate > event.startDate ? event.endDate : event.startDate;
}
