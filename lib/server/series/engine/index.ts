/**
 * The series standings engine (spec §4 Series results; §3 Series table): pure functions, no
 * database. `computeStandings` is the entry point; the parts are exported for tests and tools.
 */
export { computeStandings } from './compute';
export { applyDrops, countedEventCount } from './drops';
export { positionIn, racePoints, stateScores, tablePoints } from './points';
export { clubOf, teamEventPoints, teamSeason } from './teams';
export { compareBetterFinishes, compareEmergencyPoints, compareLatestRace, compareTieBreaks } from './tie-breaks';
export type * from './types';
