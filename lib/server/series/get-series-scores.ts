/**
 * POST livelaps/promoter/race/getSeriesScores (spec §7; §3 Series score request: eventId,
 * raceidexclude, raceClassId, serieId): a series' standings as they stood after one of its
 * rounds — the engine run as if the rounds after `eventId` were not held yet (so drops count
 * as they did then), with the races of `raceidexclude` left out on top of the rules' own —
 * for the class `raceClassId` (classes.id) or every class. Rows in class-position order,
 * every row (no paging); `events` and the rows' cells: the rounds up to `eventId`.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { seriesResultsRequest, type SeriesResults, type SeriesScoresRequest } from '../../contracts/series';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { classes } from '../db/schema';
import { computeStandings } from './engine';
import { loadSeries, throughRound } from './load-series';
import { buildSeriesResults } from './series-table';

/** `raceidexclude` as ids: an array, or a comma-separated list ('12, 14'). */
export function parseRaceIdExclude(value: SeriesScoresRequest['raceidexclude']): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
}

/**
 * The standings of public series `serieId` through its round `eventId`.
 * @throws AppError `not_found` when the series is unknown or hidden, the event is not one of
 * its public rounds, or the class `raceClassId` does not exist.
 */
export async function getSeriesScores(request: SeriesScoresRequest): Promise<SeriesResults> {
  const loaded = await loadSeries(request.serieId);
  const index = loaded.events.findIndex((e) => e.id === request.eventId);
  if (index < 0) throw new AppError('not_found', 'Event not found in this series');
  let className: string | null = null;
  if (request.raceClassId != null) {
    const [found] = await getDb().select({ name: classes.name }).from(classes).where(eq(classes.id, request.raceClassId));
    if (!found) throw new AppError('not_found', 'Class not found');
    className = found.name;
  }
  const standings = computeStandings({ ...loaded.input, events: throughRound(loaded.input.events, index), excludeRaceIds: parseRaceIdExclude(request.raceidexclude) });
  const filters = { ...(className === null ? {} : { classes: [className] }), eventsResults: loaded.events.slice(0, index + 1).map((e) => e.id) };
  return buildSeriesResults(loaded, loaded.events, standings, seriesResultsRequest.parse({ filters }));
}
