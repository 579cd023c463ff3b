
/**
 * Enduro ranking: checkpoint scoring as the East Coast Enduro Association scores it (riders
 * overall and, through `positionsWithin`, in class). Spec §3 "Race results columns"
 * (checkpoint count, points, DNF/DSQ standing).
 */
import { lessFirst, moreFirst, rankBy } from './order';
import type { Ranked, RankInput, ResultState } from './types';

/** Orders two enduro scores (riders or team totals) of the same state tier; 0 = tied. */
export function compareEnduro(a: RankInput, b: RankInput): number {
  return (
    moreFirst(a.checkpoints, b.checkpoints) ||
    lessFirst(a.points, b.points) ||
    lessFirst(a.emergencyPoints, b.emergencyPoints)
  );
}

/** Scorers (running, finished) are placed; DNF, DNS (non-scorers) and DSQ are not. */
export function isEnduroScorer(state: ResultState): boolean {
  return state === 'running' || state === 'finished';
}

/**
 * Ranks enduro riders: more checkpoints scored first, then fewer points lost at the checks,
 * then fewer emergency points; a missing number ranks after any number. Riders that did not
 * score (state DNS, the ECEA's place 9999), DNF and DSQ riders are unplaced (`position: null`)
 * and listed after the scorers in the order DNF, DNS, DSQ (each by the same rule). Full ties
 * keep the input order with consecutive positions and `tied` set.
 * @throws Error on a duplicate key.
 */
export function rankEnduro(entries: readonly RankInput[]): Ranked[] {
  return rankBy(entries, compareEnduro, isEnduroScorer);
}
