/**
 * Races and their results (spec §2 /races/{id}, /scores/{id}, /eventScores/{id}; §3 Race,
 * Race results columns, Race filters; §7 livelaps/race/*). One use case per file.
 */
export { getRace, toRaceView, type RaceInfo } from './get-race';
export { getRaceResults, getRaceTeams, withPlaces, type RaceResultRow } from './get-race-results';
export { getRaceFilters } from './get-race-filters';
export { getRiderDetail } from './get-rider-detail';
export { getLapChart, hasLapPassings } from './get-lap-chart';
export { buildResultsTable, nameColumn, type ResultsTable, type TableLabels, type TableRowModel } from './results-table';
export { exportResultsTable, type ExportFile } from './export-results';
export { tableLabels } from './table-labels';
export type { RaceView, ResultRow, TeamRow } from '../../contracts/results';
