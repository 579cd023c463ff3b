/**
 * The series holding some events (table `series_events`), public or not: what a writer touching
 * those events must revalidate (`tags.series(id)`): an import, a rider identity change, the
 * live feed at the end of a session. No `server-only` marker: scripts load it under plain Node.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { seriesEvents } from '../db/schema';

/** Ids of the series holding any of `eventIds` (distinct; empty for none). */
export async function seriesOfEvents(db: Db, eventIds: number[]): Promise<number[]> {
  const ids = [...new Set(eventIds)];
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ id: seriesEvents.seriesId }).from(seriesEvents).where(inArray(seriesEvents.eventId, ids));
  return rows.map((r) => r.id);
}
