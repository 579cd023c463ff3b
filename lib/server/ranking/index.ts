/** Ranking rules (spec §3 "Race results columns"): pure functions computing overall, class, group and team positions. */
export { checkPositions, type CheckOptions } from './check-positions';
export { positionsWithin } from './positions-within';
export { compareEnduro, isEnduroScorer, rankEnduro } from './rank-enduro';
export { compareSprint, rankSprint } from './rank-sprint';
export { rankTeams, type TeamRankInput } from './rank-teams';
export type { Disagreement, Ranked, RankFn, RankInput, ResultState } from './types';
