/**
 * A racer's series points (spec §2 /liveonlivelaps points tab; §3 Series table): for every
 * public series holding one of their events, their row in each class they scored in — class
 * position and points, events counted (scored, not dropped) and scored, overall position and
 * points — from the series' own standings (lib/server/series `getSeriesResults`, filtered on
 * the racer's rider keys). Newest series first. GET livelaps/trackside/racer/{id}/points.
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { cache } from 'react';
import { seriesResultsRequest } from '../../contracts/series';
import type { RacerPoints, RacerSeriesStanding } from '../../contracts/trackside';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { series, seriesEvents } from '../db/schema';
import { seriesShown } from '../events/visibility';
import { getSeriesResults, loadSeries } from '../series';
import { inIds } from '../series/riders';
import { loadRacer } from './load-racer';

/** The racer's standings in one series (empty when they have no row there). */
async function standingsIn(seriesId: number, participantIds: Set<number>): Promise<RacerSeriesStanding[]> {
  const loaded = await loadSeries(seriesId);
  const keys = [...new Set(loaded.results.filter((r) => participantIds.has(r.participantId)).map((r) => r.riderKey))];
  if (!keys.length) return [];
  const table = await getSeriesResults(seriesId, seriesResultsRequest.parse({ filters: { participants: keys } }));
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
      eventsCounted: scored.filter((cell) => !cell!.class.drop).length,
      eventsScored: row.eventsScored,
      overallPosition: row.overall.position,
      overallPoints: row.overall.points,
      classified: row.classified,
      lastEvent: last && event ? { id: event.id, name: event.name, startDate: event.startDate, points: last.class.points ?? 0 } : null,
    };
  });
}

/**
 * The series points of racer `racerId` (once per server render).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export const getRacerPoints = cache(async function getRacerPoints(racerId: number): Promise<RacerPoints> {
  const racer = await loadRacer(racerId);
  const eventIds = [...new Set(racer.entries.map((e) => e.eventId))];
  const found = await getDb()
    .selectDistinct({ id: series.id, name: series.name, endDate: series.endDate })
    .from(seriesEvents)
    .innerJoin(series, eq(series.id, seriesEvents.seriesId))
    .where(and(inIds(seriesEvents.eventId, eventIds), seriesShown()))
    .orderBy(desc(series.endDate), desc(series.id));
  const ids = new Set(racer.participantIds);
  const out: RacerPoints = { series: [], failed: [] };
  for (const s of found) {
    try {
      out.series.push(...(await standingsIn(s.id, ids)));
    } catch (err) {
      // A series whose stored rules fail their contract: 'Failed to load series results' for it, the others still show.
      if (err instanceof AppError && err.code === 'race_not_configured') out.failed.push({ id: s.id, name: s.name });
      else if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    }
  }
  return out;
});
