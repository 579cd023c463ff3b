/**
 * Revalidation on the process bus (DESIGN.md "every writer revalidates the tags it touched"):
 * `publishTagsOnProcessBus()` makes `revalidateTags` publish `{ type: 'tags', tags }` on this
 * process's bus (PostgreSQL LISTEN/NOTIFY on the race database), which every site instance's
 * page cache hears. The site's server calls it at start; a writer script calls it, revalidates
 * what it wrote, then `closePublisher()` so the process can exit. Also the tags each writer
 * touches: an import (`importTags`), a rider identity change (`riderTags`).
 *
 * No `server-only` marker: scripts and the site's server load this under plain Node.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { entries, races } from '../db/schema';
import { databaseUrl } from '../config/env';
import { processBus, setProcessBus } from '../timing/live/bus';
import { seriesOfEvents } from './series-of-events';
import { revalidateTags, setTagPublisher, tags } from './tags';

/** `revalidateTags` publishes on the process bus of `url` (the race database by default). */
export function publishTagsOnProcessBus(url: string = databaseUrl()): void {
  const bus = processBus(url);
  setTagPublisher((names) => bus.publish({ type: 'tags', tags: names }));
}

/** Stops publishing and closes the process bus (scripts, before they exit). */
export async function closePublisher(): Promise<void> {
  setTagPublisher(null);
  const holder = globalThis as unknown as { __llBus?: { close(): Promise<void> } };
  const bus = holder.__llBus;
  setProcessBus(undefined);
  await bus?.close();
}

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
 * What a rider identity change (merge, split, reset of `participantIds`) touched: the series
 * whose events hold results of those participants — the standings and rider pages match
 * riders by key. (Race pages show participants, not rider keys: unchanged.)
 */
export async function riderTags(db: Db, participantIds: number[]): Promise<string[]> {
  const ids = [...new Set(participantIds)];
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ eventId: races.eventId })
    .from(entries)
    .innerJoin(races, eq(races.id, entries.raceId))
    .where(sql`${entries.participantId} = any(${`{${ids.join(',')}}`}::int[])`);
  const series = await seriesOfEvents(db, rows.map((r) => r.eventId));
  return series.map(tags.series);
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
    console.error('[cache] revalidating the import failed:', err instanceof Error ? err.message : err);
    return [];
  }
}

/** Publishes what a rider identity change touched (`riderTags`). Never throws (see `revalidateImport`). */
export async function revalidateRiders(db: Db, participantIds: number[]): Promise<string[]> {
  try {
    const names = await riderTags(db, participantIds);
    await revalidateTags(names);
    return names;
  } catch (err) {
    console.error('[cache] revalidating the riders failed:', err instanceof Error ? err.message : err);
    return [];
  }
}
