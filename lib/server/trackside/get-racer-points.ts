/**
 * A racer's series points (spec §2 /liveonlivelaps points tab; §3 Series table; §8 Trackside
 * 'Failed to load series results'): for every public series holding one of their events,
 * their row in each class they scored in — class position and points, events scored (the
 * engine's `eventsScored`, the figure the series table shows), overall position and points — from the series' own standings
 * (lib/server/series: `loadSeries`, `computeStandings`, `buildSeriesResults`, filtered on the
 * racer's rider keys), each series loaded and computed once. Newest series first. A series
 * whose standings cannot be computed is listed in `failed` and the others still show (only a
 * database outage fails the whole call). GET livelaps/trackside/racer/{id}/points.
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { cache } from 'react';
import { seriesResultsRequest } from '../../contracts/series';
import type { RacerPoints, RacerSeriesStanding } from '../../contracts/trackside';
import { AppError } from '../../errors';
import { markUncacheable } from '../cache/tags';
import { getDb } from '../db';
import { isDatabaseUnavailable } from '../db/availability';
import { series, seriesEvents } from '../db/schema';
import { seriesShown } from '../events/visibility';
import { buildSeriesResults, computeStandings, loadSeries } from '../series';
import { inIds } from '../series/riders';
import { loadRacer, type LoadedRacer } from './load-racer';

/** The racer's standings in one series (empty when they have no row there): one load, one engine run. */
async function standingsIn(seriesId: number, participantIds: Set<number>): Promise<RacerSeriesStanding[]> {
  const loaded = await loadSeries(seriesId);
  const keys = [...new Set(loaded.results.filter((r) => participantIds.has(r.participantId)).map((r) => r.riderKey))];
  if (!keys.length) return [];
  const table = buildSeriesResults(loaded, loaded.events, computeStandings(loaded.input), seriesResultsRequest.parse({ filters: { participants: keys } }));
  const events = new Map(table.events.map((e) => [e.id, e]));
  return table.data.map((row) => {
    const scored = row.events.filter((cell) => cell !== null && cell.class.points !== null);
    const last = scored.length ? scored[scored.length - 1]! : null;
    const event = last ? events.get(last.eventId) : undefined;
    return {
      seriesId,
      seriesName: table.series.name,
      className: row.className,
      position: row.class.position,
      points: row.class.points,
      // The engine's own figure, the one the series table shows (issue 25: 'Events counted 2' beside the series page's 3).
      eventsScored: row.eventsScored,
      overallPosition: row.overall.position,
      overallPoints: row.overall.points,
      classified: row.classified,
      lastEvent: last && event ? { id: event.id, name: event.name, startDate: event.startDate, points: last.class.points ?? 0 } : null,
    };
  });
}

/**
 * The series points of the participant records `participantIds` whose results are at events
 * `eventIds` (see the file's docstring; `label` names them in the server log when a series
 * fails). Shared by the trackside tabs and the public rider page (lib/server/riders).
 * @throws the database's error when it cannot be reached (a series failing otherwise is in `failed`).
 */
export async function seriesPointsOf(participantIds: readonly number[], eventIds: readonly number[], label: number): Promise<RacerPoints> {
  const out: RacerPoints = { series: [], failed: [] };
  if (!eventIds.length) return out;
  const found = await getDb()
    .selectDistinct({ id: series.id, name: series.name, endDate: series.endDate })
    .from(seriesEvents)
    .innerJoin(series, eq(series.id, seriesEvents.seriesId))
    .where(and(inIds(seriesEvents.eventId, [...eventIds]), seriesShown()))
    .orderBy(desc(series.endDate), desc(series.id));
  const ids = new Set(participantIds);
  for (const s of found) {
    try {
      out.series.push(...(await standingsIn(s.id, ids)));
    } catch (err) {
      // Hidden meanwhile: nothing to show. Unreachable database: the whole page is unavailable.
      if (err instanceof AppError && err.code === 'not_found') continue;
      if (isDatabaseUnavailable(err)) throw err;
      // Its stored rules fail their contract, or the engine failed on it: 'Failed to load series results' for it, the others still show.
      if (!(err instanceof AppError && err.code === 'race_not_configured')) console.error(`[trackside] series ${s.id} of racer ${label}:`, err);
      out.failed.push({ id: s.id, name: s.name });
      markUncacheable();
    }
  }
  return out;
}

/**
 * The series points of a loaded racer (see the file's docstring).
 * @throws the database's error when it cannot be reached (a series failing otherwise is in `failed`).
 */
export async function racerPointsOf(racer: LoadedRacer): Promise<RacerPoints> {
  return seriesPointsOf(racer.participantIds, [...new Set(racer.entries.map((e) => e.eventId))], racer.id);
}

/**
 * The series points of racer `racerId` (once per server render).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export const getRacerPoints = cache(async function getRacerPoints(racerId: number): Promise<RacerPoints> {
  return racerPointsOf(await loadRacer(racerId));
});
