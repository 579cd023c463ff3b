/**
 * The calendar's query (spec §2 Event calendar views, §4 Calendar build and Registration
 * status, §7 getEventsForCalendar): the public events (the event and its promoter both public)
 * of the whole site, one promoter (by its user id) or one organization (the event's own, else
 * its promoter's) over a range of days, and cheap counts of those outside the range (the
 * 'Load old events' / 'Load new events' buttons, the jump to the previous or next event).
 */
import 'server-only';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { registrationStatus } from '../../contracts/events';
import type { CalendarEntry, CalendarScope } from '../../contracts/calendar';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { eventShown, organizationEvents } from '../events/visibility';
import type { DayRange, RangeBounds } from './views';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

/** The last day of an event: its end date, or its start (a one-day event, or an end before the start). */
const lastDay = sql<string>`greatest(${events.startDate}, coalesce(${events.endDate}, ${events.startDate}))`;

/** Public events of public promoters (lib/server/events/visibility.ts), in `scope`. */
function visible(scope?: CalendarScope): SQL[] {
  const where: SQL[] = [eventShown()];
  if (scope && 'promoterUserId' in scope) where.push(eq(promoters.userId, scope.promoterUserId));
  if (scope && 'organizationId' in scope) where.push(organizationEvents(scope.organizationId)!);
  return where;
}

export interface CalendarQueryInput {
  /** The days (YYYY-MM-DD, inclusive): an event is in when it runs on one of them. */
  range: DayRange;
  scope?: CalendarScope;
  /** Only events open to online registration (events.registration_open; `type: regis`). */
  registrationOnly?: boolean;
  /** Today (YYYY-MM-DD, the federation's date), for the registration status. */
  today: string;
}

/**
 * The public events running on a day of `range`, oldest first (then by id), each with its
 * place, discipline, promoter and registration status (open, closed or done on `today`).
 */
export const listCalendarEvents = cachedRead('listCalendarEvents', async function listCalendarEvents({ range, scope, registrationOnly, today }: CalendarQueryInput): Promise<CalendarEntry[]> {
  tagRead(tags.events);
  const where = [...visible(scope), lte(events.startDate, range.end), gte(lastDay, range.start)];
  if (registrationOnly) where.push(eq(events.registrationOpen, true));
  return selectEntries(where, today);
});

/** One public event (of a public promoter) as a calendar entry, or null when unknown or hidden. */
export const getCalendarEntry = cachedRead('getCalendarEntry', async function getCalendarEntry(eventId: number, today: string): Promise<CalendarEntry | null> {
  tagRead(tags.event(eventId));
  const [entry] = await selectEntries([...visible(), eq(events.id, eventId)], today);
  return entry ?? null;
});

async function selectEntries(where: SQL[], today: string): Promise<CalendarEntry[]> {
  const rows = await getDb()
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      address: events.address,
      city: events.city,
      state: events.state,
      postalCode: events.postalCode,
      country: events.country,
      discipline: events.discipline,
      description: events.description,
      registrationOpen: events.registrationOpen,
      registrationClosesOn: events.registrationClosesOn,
      registrationOpensOn: events.registrationOpensOn,
      isComplete: events.isComplete,
      cancelled: events.isCancelled,
      updatedAt: events.updatedAt,
      promoter: { userId: promoters.userId, name: promoters.name },
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(...where))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map(({ registrationOpen, registrationClosesOn, registrationOpensOn, isComplete, updatedAt, ...e }) => ({
    ...e,
    endDate: e.endDate && e.endDate > e.startDate ? e.endDate : null,
    registrationStatus: registrationStatus({ registrationOpen, registrationClosesOn, registrationOpensOn, isComplete, startDate: e.startDate, endDate: e.endDate }, today),
    modifiedAt: new Date(updatedAt).toISOString(),
  }));
}

export interface BoundsInput {
  /** The loaded range. */
  range: DayRange;
  /** The view's period: the previous and next events are looked for outside it. */
  period: DayRange;
  /** The dates a calendar may show (`calendarWindow`): events outside are not counted. */
  window: DayRange;
  scope?: CalendarScope;
}

export interface CalendarBounds extends RangeBounds {
  /** Public events in the loaded range. */
  inRange: number;
  /** The start (YYYY-MM-DD) of the latest event ending before the period, or null. */
  previousEvent: string | null;
  /** The start (YYYY-MM-DD) of the earliest event starting after the period, or null. */
  nextEvent: string | null;
}

/** Counts and dates of the public events around a loaded range and a period, in one query. */
export async function getCalendarBounds({ range, period, window, scope }: BoundsInput): Promise<CalendarBounds> {
  tagRead(tags.events);
  const start = events.startDate;
  const beforeRange = sql`${lastDay} < ${range.start} and ${lastDay} >= ${window.start}`;
  const afterRange = sql`${start} > ${range.end} and ${start} <= ${window.end}`;
  const [row] = await getDb()
    .select({
      before: sql<number>`count(*) filter (where ${beforeRange})`.mapWith(Number),
      latestBefore: sql<string | null>`(max(${lastDay}) filter (where ${beforeRange}))::text`,
      after: sql<number>`count(*) filter (where ${afterRange})`.mapWith(Number),
      earliestAfter: sql<string | null>`(min(${start}) filter (where ${afterRange}))::text`,
      inRange: sql<number>`count(*) filter (where ${start} <= ${range.end} and ${lastDay} >= ${range.start})`.mapWith(Number),
      previousEvent: sql<string | null>`(max(${start}) filter (where ${lastDay} < ${period.start} and ${lastDay} >= ${window.start}))::text`,
      nextEvent: sql<string | null>`(min(${start}) filter (where ${start} > ${period.end} and ${start} <= ${window.end}))::text`,
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(...visible(scope)));
  return row;
}
