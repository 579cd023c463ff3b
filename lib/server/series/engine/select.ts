/**
 * Which results a series counts (spec §4 Series results; §3 Series: seriesType, classes,
 * drop scores; §7 getSeriesScores raceidexclude). Pure: no database.
 *
 * - Races in `rules.excludedRaceIds` or the request's `excludeRaceIds` never count.
 * - With a non-empty `rules.classes`, only results of those classes count; with a non-empty
 *   `rules.classGroups`, only results whose class group is listed.
 * - Series type `overall`: every remaining race counts. Type `final`: at each event, a class
 *   counts only in the last race (highest `order`, then id) in which it has counted results —
 *   the final / main event.
 */
import type { SeriesRules, SeriesType } from '../../../contracts/series';
import type { EngineEvent, EngineRace, EngineResult } from './types';

/** A race that counts and its results that count, in race order. */
export interface CountedRace {
  race: EngineRace;
  results: readonly EngineResult[];
}

/** The races of one event that count, sorted by `order` then id (both rider and team scoring read them). */
export function countedRacesOf(event: EngineEvent, excluded: ReadonlySet<number>): EngineRace[] {
  const races = excluded.size ? event.races.filter((r) => !excluded.has(r.id)) : event.races.slice();
  return races.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** The result filter of the rules' class and class-group lists, or null when neither restricts. */
export function resultFilter(rules: Pick<SeriesRules, 'classes' | 'classGroups'>): ((r: EngineResult) => boolean) | null {
  const classes = rules.classes.length ? new Set(rules.classes) : null;
  const groups = rules.classGroups.length ? new Set(rules.classGroups) : null;
  if (!classes && !groups) return null;
  return (r) => (!classes || (r.className !== null && classes.has(r.className))) && (!groups || (r.classGroup !== null && groups.has(r.classGroup)));
}

/**
 * The counted results of one event's counted races (`races` as `countedRacesOf` sorts them).
 * @param keep the rules' class/group filter (null: every result).
 */
export function countedResults(races: readonly EngineRace[], keep: ((r: EngineResult) => boolean) | null, seriesType: SeriesType): CountedRace[] {
  if (seriesType === 'overall') {
    return races.map((race) => ({ race, results: keep ? race.results.filter(keep) : race.results }));
  }
  // `final`: the last race of each class, found from the end.
  const finalOf = new Map<string | null, number>();
  for (let i = races.length - 1; i >= 0; i--) {
    for (const r of races[i].results) {
      if (!finalOf.has(r.className) && (!keep || keep(r))) finalOf.set(r.className, i);
    }
  }
  const out: CountedRace[] = [];
  races.forEach((race, i) => {
    const results = race.results.filter((r) => finalOf.get(r.className) === i && (!keep || keep(r)));
    if (results.length) out.push({ race, results });
  });
  return out;
}
