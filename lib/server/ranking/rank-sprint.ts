
/**
 * Sprint ranking: lap races (motocross, supercross, road course; RMonitor `$G`, AMA `A`).
 * Spec §3 "Race results columns" (position, laps, total time, penalty, gap, DNF/DSQ standing).
 */
import { lessFirst, moreFirst, rankBy } from './order';
import type { Ranked, RankInput } from './types';

/** Laps that count: laps completed minus penalty laps; null when laps are unknown. */
function countedLaps(e: RankInput): number | null {
  return e.laps == null ? null : e.laps - (e.penaltyLaps ?? 0);
}

/** A time plus the time penalty; null stays null. */
function withPenalty(ms: number | null | undefined, e: RankInput): number | null {
  return ms == null ? null : ms + (e.penaltyMs ?? 0);
}

/** Orders two entries of the same state tier; 0 = tied on every rule. */
export function compareSprint(a: RankInput, b: RankInput): number {
  return (
    moreFirst(countedLaps(a), countedLaps(b)) ||
    lessFirst(withPenalty(a.totalTimeMs, a), withPenalty(b.totalTimeMs, b)) ||
    lessFirst(withPenalty(a.gapMs, a), withPenalty(b.gapMs, b))
  );
}

/**
 * Ranks a lap race. Every entry gets a position, in this order:
 * 1. state tier: running and finished together, then DNF, then DNS, then DSQ last;
 * 2. more laps first (`laps - penaltyLaps`); unknown laps after any lap count;
 * 3. earlier finish first: lower `totalTimeMs + penaltyMs`; on the same laps an entry without
 *    a total time ranks after those with one;
 * 4. for feeds without total times (AMA supercross), lower `gapMs + penaltyMs` (gap to the
 *    leader) first; without a gap, after those with one;
 * 5. still equal: the input order is kept, positions stay consecutive and `tied` is set.
 * @param entries any order; keys unique.
 * @returns every entry once, in ranking order, `position` 1…n.
 * @throws Error on a duplicate key.
 */
export function rankSprint(entries: readonly RankInput[]): Ranked[] {
  return rankBy(entries, compareSprint, () => true);
}
