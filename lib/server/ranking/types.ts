
/**
 * Ranking inputs and outputs (spec §3 "Race results columns": position, overall / class /
 * group positions, laps, total time, penalty, checkpoint count, points, DNF/DSQ standing).
 * The ranking functions are pure: no database, no I/O. Times are integers in milliseconds.
 */
import type { ResultState } from '../../contracts/results';

export type { ResultState };

/**
 * One competitor (or one team) as the ranking rules see it. Only the fields of the rule in use
 * are read: sprint reads laps, times and penalties; enduro reads checkpoints and points.
 * A missing value is `null` or left out; both mean "not known".
 */
export interface RankInput {
  /** Unique key of the entry inside the race (registration number, enduro row, team key). */
  key: string;
  state: ResultState;
  /** Sprint: laps completed. */
  laps?: number | null;
  /** Sprint: elapsed time at the last lap completed, ms. */
  totalTimeMs?: number | null;
  /** Sprint: gap to the leader, ms, for feeds that give no total time (AMA `D`). */
  gapMs?: number | null;
  /** Sprint: time penalty, ms, added to the total time (and to the gap). */
  penaltyMs?: number | null;
  /** Sprint: penalty in laps, taken off the laps completed. */
  penaltyLaps?: number | null;
  /** Enduro: checkpoints scored (more is better). */
  checkpoints?: number | null;
  /** Enduro: points lost at the checkpoints (fewer is better). */
  points?: number | null;
  /** Enduro: emergency points, the tie-breaker (fewer is better). */
  emergencyPoints?: number | null;
  /** Class name, for class positions (`positionsWithin(entries, (e) => e.className, …)`). */
  className?: string | null;
  /** Class group name, for group positions. */
  classGroup?: string | null;
  /** The position the timing system gave, if any (for `checkPositions`). */
  position?: number | null;
}

/** One line of a ranking, in ranking order. */
export interface Ranked {
  key: string;
  /**
   * 1-based position, consecutive (1, 2, 3 … even for ties); null when the rule leaves the
   * entry unplaced (enduro riders and teams that are DNF, DNS or DSQ).
   */
  position: number | null;
  /**
   * True when the entry's ranking data equal a neighbour's (same state tier, same laps and
   * time, or same checks and points): its position then only reflects the input order.
   */
  tied: boolean;
}

/** A ranking function: entries in any order → every entry once, in ranking order. */
export type RankFn<T extends RankInput = RankInput> = (entries: readonly T[]) => Ranked[];

/** A position the timing system gave that the rules do not reproduce. */
export interface Disagreement {
  key: string;
  given: number | null;
  computed: number | null;
}
