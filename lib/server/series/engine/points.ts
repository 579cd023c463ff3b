/**
 * Series points (spec §4 Series results; issue 9 "rules as data"): the points table, the three
 * standings scopes (overall, class, group) and which results score. Pure: no database.
 */
import type { ResultState } from '../../../contracts/results';
import { STANDING_SCOPES, type StandingScope } from '../../../contracts/series';

export { STANDING_SCOPES };
export type { StandingScope };

/** A scope as an index into per-scope arrays: 0 overall, 1 class, 2 group (the order of `STANDING_SCOPES`). */
export type ScopeIndex = 0 | 1 | 2;
export const SCOPE_INDEXES: readonly ScopeIndex[] = [0, 1, 2];

/** The three positions a race result carries, one per scope. */
export interface ScopedPositions {
  position: number | null;
  classPosition: number | null;
  groupPosition: number | null;
  state: ResultState;
}

/**
 * Points for a place from a points table (index 0 is 1st place): 0 beyond the end of the
 * table, for a null place and for anything below 1.
 */
export function tablePoints(table: readonly number[], place: number | null): number {
  return place !== null && place >= 1 && place <= table.length ? table[place - 1] : 0;
}

/** The result's position in a scope: overall → `position`, class → `classPosition`, group → `groupPosition`. */
export function positionIn(result: ScopedPositions, scope: ScopeIndex): number | null {
  return scope === 0 ? result.position : scope === 1 ? result.classPosition : result.groupPosition;
}

/**
 * Whether a result in this state scores its position: running and finished do; DNF only when
 * the series says so (`rules.dnfScores`); DNS and DSQ never.
 */
export function stateScores(state: ResultState, dnfScores: boolean): boolean {
  return state === 'finished' || state === 'running' || (state === 'DNF' && dnfScores);
}

/** The position that scores in a scope, or null when the result does not score (state, no position). */
export function scoringPosition(result: ScopedPositions, scope: ScopeIndex, dnfScores: boolean): number | null {
  return stateScores(result.state, dnfScores) ? positionIn(result, scope) : null;
}

/** Points one race (moto) gives a result in a scope: the table's points for its scoring position, else 0. */
export function racePoints(table: readonly number[], result: ScopedPositions, scope: ScopeIndex, dnfScores: boolean): number {
  return tablePoints(table, scoringPosition(result, scope, dnfScores));
}
