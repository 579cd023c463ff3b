/**
 * A rider's season in a series (issue 9 "a rider's row opens their season"; spec §3 Series
 * table; GET livelaps/series/{id}/rider?key=&class=): the rider's row of the table, every race
 * result event by event with the class points it gave, and the points progression — after
 * each held event, the class points counted so far with the drops as they stood on that date
 * (the engine run with the later rounds not yet held) and the class position then.
 */
import 'server-only';
import type { RiderSeason, SeriesResultRow } from '../../contracts/series';
import { AppError } from '../../errors';
import { computeStandings } from './engine';
import type { EngineInput } from './engine/types';
import { loadSeries, throughRound } from './load-series';
import { toResultRows } from './series-table';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

/** The rider's row in `className`; without a class, the rider's class with the most points. */
function pickRow(rows: SeriesResultRow[], riderKey: string, className: string | null): SeriesResultRow | undefined {
  const mine = rows.filter((r) => r.riderKey === riderKey);
  const exact = mine.find((r) => r.className === className);
  if (exact || className !== null) return exact;
  return [...mine].sort((a, b) => b.class.points - a.class.points || b.eventsScored - a.eventsScored)[0];
}

/**
 * The season of rider `riderKey` in class `className` (null: the rider's main class) in public
 * series `seriesId`.
 * @throws AppError `not_found` when the series is unknown or hidden, or the rider has no row in it.
 */
export const getRiderSeason = cachedRead('getRiderSeason', async function getRiderSeason(seriesId: number, riderKey: string, className: string | null): Promise<RiderSeason> {
  tagRead(tags.series(seriesId));
  const loaded = await loadSeries(seriesId);
  const standings = computeStandings({ ...loaded.input, withRaces: true });
  const engineRows = standings.rows;
  const row = pickRow(toResultRows(loaded, engineRows), riderKey, className);
  if (!row) throw new AppError('not_found', 'Rider not found in this series');
  const engineRow = engineRows.find((r) => r.riderKey === row.riderKey && r.className === row.className);

  const racePoints = new Map<number, number>();
  for (const cell of engineRow?.events ?? []) for (const race of cell?.races ?? []) racePoints.set(race.raceId, race.points);
  const events = new Map(loaded.events.map((e) => [e.id, e]));
  const races = loaded.results
    .filter((r) => r.riderKey === row.riderKey && r.className === row.className)
    .map((r) => ({
      eventId: r.eventId,
      eventName: events.get(r.eventId)?.name ?? '',
      startDate: events.get(r.eventId)?.startDate ?? '',
      raceId: r.raceId,
      raceName: loaded.raceNames.get(r.raceId) ?? '',
      position: r.position,
      classPosition: r.classPosition,
      state: r.resultState,
      points: racePoints.get(r.raceId) ?? 0,
    }));

  // Class standings depend only on the class's own results: the progression runs the engine
  // on them alone, once per held round.
  const classOnly: EngineInput = {
    ...loaded.input,
    rules: { ...loaded.input.rules, teams: null },
    events: loaded.input.events.map((e) => ({ ...e, races: e.races.map((race) => ({ ...race, teams: [], results: race.results.filter((r) => r.className === row.className) })) })),
  };
  const progression: RiderSeason['progression'] = [];
  loaded.events.forEach((event, i) => {
    if (!event.held) return;
    const upTo = computeStandings({ ...classOnly, events: throughRound(classOnly.events, i) });
    const then = upTo.rows.find((r) => r.riderKey === row.riderKey && r.className === row.className);
    progression.push({ eventId: event.id, eventName: event.name, points: then?.class.points ?? 0, position: then?.class.position ?? null });
  });

  return { row, races, progression };
});
