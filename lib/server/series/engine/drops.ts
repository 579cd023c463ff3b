/**
 * Drop scores (spec §3 Series: drop scores; §3 Series table: drop; §4 Series results): a
 * rider's best N event scores count, the others are drops, shown struck through and left out
 * of the total. Pure: no database.
 */
import type { SeriesRules } from '../../../contracts/series';

/**
 * How many event scores count: `rules.bestResults` when set, else every round of the series
 * (future rounds included) less `rules.dropScores`, never below 0.
 */
export function countedEventCount(rules: Pick<SeriesRules, 'bestResults' | 'dropScores'>, eventCount: number): number {
  return rules.bestResults ?? Math.max(0, eventCount - rules.dropScores);
}

/** A score slot for a missed event in `dropWorst`'s scores. */
export const MISSED = -1;

/**
 * Keeps the best `counted` scores and flags the others in `dropped` (which must start all 0).
 * `scores[i]` is the score at event i (whole numbers ≥ 0), `MISSED` where the rider did not
 * score: a missed event is worth 0 and dropped before any score, so it is never flagged. The
 * worst scores go first; between equal scores the earlier event goes. No allocation: the
 * engine calls it for every row and scope.
 * @returns the total of the counted scores.
 */
export function dropWorst(scores: ArrayLike<number>, counted: number, dropped: { [i: number]: number | boolean }): number {
  const n = scores.length;
  let attended = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (scores[i] !== MISSED) {
      attended++;
      total += scores[i];
    }
  }
  for (let k = attended - counted; k > 0; k--) {
    let worst = -1;
    for (let i = 0; i < n; i++) {
      if (scores[i] === MISSED || dropped[i]) continue;
      if (worst < 0 || scores[i] < scores[worst]) worst = i;
    }
    dropped[worst] = 1;
    total -= scores[worst];
  }
  return total;
}

/** A rider's scores after drops: the counted total and, per event, whether the score is a drop. */
export interface AfterDrops {
  total: number;
  dropped: boolean[];
}

/**
 * Keeps the best `counted` scores (`dropWorst` on a list with null for missed events).
 * `scores[i]` is the score at event i, null where the rider did not score.
 */
export function applyDrops(scores: readonly (number | null)[], counted: number): AfterDrops {
  const flags = new Uint8Array(scores.length);
  const total = dropWorst(
    scores.map((s) => s ?? MISSED),
    counted,
    flags,
  );
  return { total, dropped: Array.from(flags, (f) => f === 1) };
}
