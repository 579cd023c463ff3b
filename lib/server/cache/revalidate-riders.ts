/**
 * Revalidating a rider identity change (DESIGN.md "every writer revalidates the tags it
 * touched"): `npm run riders` (merge, split, reset of `participantIds`) calls
 * `revalidateRiders` after writing, which publishes through `revalidateTags` (./tags.ts; the
 * publisher is set by ./publisher.ts).
 *
 * No `server-only` marker: scripts load this under plain Node.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { entries, races } from '../db/schema';
import { seriesOfEvents } from './series-of-events';
import { revalidateTags, tags } from './tags';

/** What a rider change may touch besides the series and events: `renamed` adds the race pages that show those records' names. */
export interface RiderTagsOptions {
  /** The records' names changed (issue 29: a closed account's records become a former member's): their races' pages too. */
  renamed?: boolean;
}

/**
 * What a rider identity change touched: the series whose events hold results of those
 * participants (the standings match riders by key) and those events (`event:{id}`: the public
 * rider page `/riders/{id}` groups a person's records, lib/server/riders, and is tagged with
 * their events). Race pages show participants, not rider keys: unchanged, unless the records
 * were `renamed` (`race:{id}` of each race they ran).
 */
export async function riderTags(db: Db, participantIds: number[], change: RiderTagsOptions = {}): Promise<string[]> {
  const ids = [...new Set(participantIds)];
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ raceId: entries.raceId, eventId: races.eventId })
    .from(entries)
    .innerJoin(races, eq(races.id, entries.raceId))
    .where(sql`${entries.participantId} = any(${`{${ids.join(',')}}`}::int[])`);
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const series = await seriesOfEvents(db, eventIds);
  return [...series.map(tags.series), ...eventIds.map(tags.event), ...(change.renamed ? rows.map((r) => tags.race(r.raceId)) : [])];
}

/** Publishes what a rider change touched (`riderTags`). Never throws (see `revalidateImport`). */
export async function revalidateRiders(db: Db, participantIds: number[], change: RiderTagsOptions = {}): Promise<string[]> {
  try {
    const names = await riderTags(db, participantIds, change);
    await revalidateTags(names);
    return names;
  } catch (err) {
    console.error('[cache] revalidating the riders failed:', err instanceof Error ? err.message : err);
    return [];
  }
}
