/**
 * The desk's list of events (issue 24): every event of the promoters the login works for
 * (hidden ones included), all of them for a federation admin.
 */
import 'server-only';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db';
import { events, promoters, races } from '../db/schema';
import { managedPromoters, type Viewer } from '../policy';

export interface DeskEventRow {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string | null;
  isPublic: boolean;
  isComplete: boolean;
  isCancelled: boolean;
  registrationOpen: boolean;
  promoter: { id: number; name: string };
  races: number;
}

/** At most this many events in the list (newest first). */
export const DESK_EVENTS_MAX = 500;

/**
 * The events `viewer` manages, newest first (then by name), with their promoter and race
 * count; empty for a login that manages none (and for an anonymous viewer).
 */
export async function listDeskEvents(viewer: Viewer): Promise<DeskEventRow[]> {
  const managed = managedPromoters(viewer);
  if (managed !== 'all' && !managed.length) return [];
  const scope = managed === 'all' ? undefined : inArray(events.promoterId, [...managed]);
  const raceCounts = getDb().select({ eventId: races.eventId, n: count().as('n') }).from(races).groupBy(races.eventId).as('race_counts');
  const rows = await getDb()
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      isPublic: events.isPublic,
      isComplete: events.isComplete,
      isCancelled: events.isCancelled,
      registrationOpen: events.registrationOpen,
      promoter: { id: promoters.id, name: promoters.name },
      races: raceCounts.n,
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .leftJoin(raceCounts, eq(raceCounts.eventId, events.id))
    .where(scope)
    .orderBy(desc(events.startDate), events.name)
    .limit(DESK_EVENTS_MAX);
  return rows.map((r) => ({ ...r, races: Number(r.races ?? 0) }));
}
