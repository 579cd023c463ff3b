/**
 * Builders of small engine inputs for the engine's unit tests (spec §4 Series results): a
 * result, a race, an event, an input with rules parsed from `seriesRules` (defaults filled in).
 * Test support only; pure.
 */
import { seriesRules, type SeriesRulesInput, type SeriesType } from '../../../contracts/series';
import type { EngineEvent, EngineInput, EngineRace, EngineResult, EngineTeam, Standings } from './types';

/** A result in class A (group G1) with the same overall, class and group position unless given. */
export function res(riderKey: string, position: number | null, extra: Partial<EngineResult> = {}): EngineResult {
  return {
    riderKey,
    className: 'A',
    classGroup: 'G1',
    position,
    classPosition: position,
    groupPosition: position,
    state: 'finished',
    emergencyPoints: null,
    ...extra,
  };
}

/** The results of one race by finishing order: `order(['a', 'b'])` → a 1st, b 2nd (class A, group G1). */
export function inOrder(keys: string[], extra: Partial<EngineResult> = {}): EngineResult[] {
  return keys.map((k, i) => res(k, i + 1, extra));
}

export function race(id: number, order: number, results: EngineResult[], teams: EngineTeam[] = []): EngineRace {
  return { id, order, results, teams };
}

export function event(id: number, races: EngineRace[], hostClub: string | null = null): EngineEvent {
  return { id, name: `Round ${id}`, startDate: `2026-05-${String(id).padStart(2, '0')}`, hostClub, races };
}

/** One race per event, riders in finishing order: `season([['a','b'], ['b','a']])`. Race ids = event ids × 10. */
export function season(finishes: string[][]): EngineEvent[] {
  return finishes.map((keys, i) => event(i + 1, keys.length ? [race((i + 1) * 10, 1, inOrder(keys))] : []));
}

export function input(rules: SeriesRulesInput, events: EngineEvent[], seriesType: SeriesType = 'overall', excludeRaceIds?: number[]): EngineInput {
  return { rules: seriesRules.parse(rules), seriesType, events, withRaces: true, ...(excludeRaceIds ? { excludeRaceIds } : {}) };
}

/** A row of the standings by rider key (and class, when given); throws when absent. */
export function rowOf(standings: Standings, riderKey: string, className: string | null = 'A') {
  const row = standings.rows.find((r) => r.riderKey === riderKey && r.className === className);
  if (!row) throw new Error(`no row ${riderKey} / ${className}`);
  return row;
}

export function team(name: string, position: number | null, emergencyPoints: number | null, state: EngineTeam['state'] = position === null ? 'DNF' : 'finished'): EngineTeam {
  return { name, position, state, emergencyPoints, riders: [`${name} RIDER`] };
}
