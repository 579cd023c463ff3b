/**
 * Events: a promoter's public events, one event with its races, and the calendar feed.
 * Spec §2 (/results/{promoterUserId}, /events/{id}), §7 (livelaps/promoter/event/{id},
 * livelaps/promoter/event/{id}/races, livelaps/event/getEventsForCalendar).
 */
import 'server-only';
import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import { cache } from 'react';
import { getDb } from '../db';
import { entries, events, promoters, races } from '../db/schema';

export interface EventSummary {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string | null;
  location: string | null;
  raceCount: number;
}

export interface PromoterEvents {
  promoter: { id: number; userId: number; name: string };
  events: EventSummary[];
}

/**
 * The public events of the promoter with user id `promoterUserId`, newest first,
 * or null when no promoter has that user id.
 */
export async function listPromoterEvents(promoterUserId: number): Promise<PromoterEvents | null> {
  const db = getDb();
  const [promoter] = await db
    .select({ id: promoters.id, userId: promoters.userId, name: promoters.name })
    .from(promoters)
    .where(eq(promoters.userId, promoterUserId));
  if (!promoter) return null;
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      raceCount: count(races.id),
    })
    .from(events)
    .leftJoin(races, and(eq(races.eventId, events.id), eq(races.isPublic, true)))
    .where(and(eq(events.promoterId, promoter.id), eq(events.isPublic, true)))
    .groupBy(events.id)
    .orderBy(desc(events.startDate), desc(events.id));
  return { promoter, events: rows };
}

export interface EventDetails {
  id: number;
  name: string;
  startDate: string;
  endDate: string | null;
  location: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  trackLengthKm: number | null;
  description: string | null;
  source: string | null;
  registrationOpen: boolean;
  isPublic: boolean;
  promoter: { id: number; userId: number; name: string };
}

/** One event with its promoter, or null when the id is unknown (deduplicated per request). */
export const getEvent = cache(async function getEvent(id: number): Promise<EventDetails | null> {
  const [row] = await getDb()
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      city: events.city,
      state: events.state,
      country: events.country,
      trackLengthKm: events.trackLengthKm,
      description: events.description,
      source: events.source,
      registrationOpen: events.registrationOpen,
      isPublic: events.isPublic,
      promoter: { id: promoters.id, userId: promoters.userId, name: promoters.name },
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, id));
  return row ?? null;
});

export interface EventRace {
  id: number;
  name: string;
  kind: 'sprint' | 'enduro';
  runNumber: number | null;
  startTime: string | null;
  entryCount: number;
}

/** The public races of an event in running order, with their entry counts. */
export async function listEventRaces(eventId: number): Promise<EventRace[]> {
  return getDb()
    .select({
      id: races.id,
      name: races.name,
      kind: races.kind,
      runNumber: races.runNumber,
      startTime: races.startTime,
      entryCount: count(entries.id),
    })
    .from(races)
    .leftJoin(entries, eq(entries.raceId, races.id))
    .where(and(eq(races.eventId, eventId), eq(races.isPublic, true)))
    .groupBy(races.id)
    .orderBy(asc(races.sortOrder), asc(races.id));
}

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
