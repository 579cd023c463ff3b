
/**
 * Team ranking for team enduros (ECEA team results; the race's `clases_team`). Spec §3 "Race"
 * (teams, team columns) and "Race results columns" (checkpoint count, points, DNF/DSQ standing).
 */
import { rankBy } from './order';
import { compareEnduro, isEnduroScorer } from './rank-enduro';
import type { Ranked, RankInput } from './types';

/** A team with its totals, as the scoring office adds them up over the team's riders. */
export type TeamRankInput = Pick<RankInput, 'key' | 'state' | 'checkpoints' | 'points' | 'emergencyPoints' | 'position'>;

/**
 * Ranks teams from their totals: more checkpoints first, then fewer points, then fewer
 * emergency points. DNF and DSQ teams (and a DNS team) are unplaced (`position: null`),
 * listed after the placed teams in the order DNF, DNS, DSQ. Full ties keep the input order.
 * @throws Error on a duplicate key.
 */
export function rankTeams(teams: readonly TeamRankInput[]): Ranked[] {
  return rankBy(teams, compareEnduro, isEnduroScorer);
}
