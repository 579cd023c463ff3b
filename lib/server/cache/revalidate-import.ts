/**
 * Revalidating what an import wrote (DESIGN.md "every writer revalidates the tags it touched";
 * issue 10 "revalidated by tag … when an import … touches them"): `npm run import`, the desk's
 * upload, and the desk's changes to an event or its races (lib/server/desk) call
 * `revalidateImport` after writing, which publishes through `revalidateTags` (./tags.ts; the
 * publisher is set by ./publisher.ts).
 *
 * No `server-only` marker: scripts load this under plain Node.
 */
import type { Db } from '../db';
import { seriesOfEvents } from './series-of-events';
import { revalidateTags, tags } from './tags';

/**
 * What an import into event `eventId` touched: its races (`raceIds`; the races it replaced are
 * covered by the event's tag, which every race page carries), the event, the lists of events,
 * and the series holding the event (their standings).
 */
export async function importTags(db: Db, summary: { eventId: number; raceIds: number[] }): Promise<string[]> {
  const series = await seriesOfEvents(db, [summary.eventId]);
  return [...summary.raceIds.map(tags.race), tags.event(summary.eventId), tags.events, ...series.map(tags.series)];
}

/**
 * Publishes what an import touched (`importTags`) to every instance. Never throws: the import is
 * written either way, and a page the message misses ages out (the page cache's TTL).
 * @returns the tags published (none when they could not be read).
 */
export async function revalidateImport(db: Db, summary: { eventId: number; raceIds: number[] }): Promise<string[]> {
  try {
    const names = await importTags(db, summary);
    await revalidateTags(names);
    return names;
  } catch (err) {
    console.error(`[cache] revalidating event ${summary.eventId} failed:`, err instanceof Error ? err.message : err);
    return [];
  }
}
