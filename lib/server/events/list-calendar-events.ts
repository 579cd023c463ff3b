/**
 * The calendar's input (spec §7 livelaps/event/getEventsForCalendar, §4 Calendar build).
 * Kept as it was; its callers move to the calendar module (issue 8) and it then goes.
 */
import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';

/**
 * Public events starting on or after `from` (YYYY-MM-DD), of one promoter (by user id) when
 * given, oldest first; the calendar's input (spec §7 getEventsForCalendar). With
 * `registrationOnly` (type `regis`), only events open to online registration.
 */
export async function listCalendarEvents(from: string, promoterUserId?: number, registrationOnly = false) {
  const db = getDb();
  const where = [eq(events.isPublic, true), gte(events.startDate, from)];
  if (promoterUserId !== undefined) where.push(eq(promoters.userId, promoterUserId));
  if (registrationOnly) where.push(eq(events.registrationOpen, true));
  return db
    .select({ id: events.id, name: events.name, startDate: events.startDate, location: events.location })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(...where))
    .orderBy(asc(events.startDate), asc(events.id));
}
