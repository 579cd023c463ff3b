/**
 * GET livelaps/promoter/series/{id} (spec §7; §3 Series: name, start date, end date, race
 * count, seriesType; §2 /series/{id?}): a public series with its promoter, rules and rounds
 * (its public events in date order, each with its round number and whether it has results).
 */
import 'server-only';
import { and, asc, eq, exists } from 'drizzle-orm';
import type { SeriesEvent, SeriesRules, SeriesType } from '../../contracts/series';
import { getDb } from '../db';
import { events, races, results, seriesEvents } from '../db/schema';
import { eventShown } from '../events/visibility';
import { loadSeriesRecord } from './load-series';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { raceShown } from '../policy/visibility';

/** A public series with its rounds and rules (GET livelaps/promoter/series/{id}). */
export interface SeriesDetail {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  seriesType: SeriesType;
  rules: SeriesRules;
  /** `id` is the promoter record, `userId` the id of its URLs. */
  promoter: { id: number; userId: number; name: string };
  events: SeriesEvent[];
}

/** The public events of series `seriesId` as rounds (date order, then id; held = has results in a public race). */
export const listSeriesRounds = cachedRead('listSeriesRounds', async function listSeriesRounds(seriesId: number): Promise<SeriesEvent[]> {
  tagRead(tags.series(seriesId));
  const db = getDb();
  const held = exists(
    db
      .select({ one: races.id })
      .from(races)
      .innerJoin(results, eq(results.raceId, races.id))
      .where(and(eq(races.eventId, events.id), raceShown())),
  );
  const rows = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate, held })
    .from(seriesEvents)
    .innerJoin(events, eq(events.id, seriesEvents.eventId))
    .where(and(eq(seriesEvents.seriesId, seriesId), eventShown()))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((e, i) => ({ ...e, held: Boolean(e.held), round: i + 1 }));
});

/**
 * Public series `seriesId` with its rounds.
 * @throws AppError `not_found` when unknown or hidden (the series, or its promoter).
 */
export const getSeriesDetail = cachedRead('getSeriesDetail', async function getSeriesDetail(seriesId: number): Promise<SeriesDetail> {
  tagRead(tags.series(seriesId));
  const record = await loadSeriesRecord(seriesId);
  return { ...record, events: await listSeriesRounds(seriesId) };
});
