/**
 * A promoter's public events, newest first (spec §2 /results/{promoterUserId}; §7
 * livelaps/events/{x}).
 */
import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { events, promoters, races } from '../db/schema';
import { eventShown } from './visibility';
import { tagRead, tags } from '../cache/tags';
import { promoterShown, raceShown } from '../policy/visibility';

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
 * The public events of the promoter with user id `promoterUserId`, newest first, each with
 * its count of public races; null when no public promoter has that user id (a hidden club is
 * not found, spec §6).
 */
export async function listPromoterEvents(promoterUserId: number): Promise<PromoterEvents | null> {
  tagRead(tags.events, tags.promoter(promoterUserId));
  const db = getDb();
  const [promoter] = await db
    .select({ id: promoters.id, userId: promoters.userId, name: promoters.name })
    .from(promoters)
    .where(and(eq(promoters.userId, promoterUserId), promoterShown()));
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
    .leftJoin(races, and(eq(races.eventId, events.id), raceShown()))
    .where(and(eq(events.promoterId, promoter.id), eventShown()))
    .groupBy(events.id)
    .orderBy(desc(events.startDate), desc(events.id));
  return { promoter, events: rows };
}
