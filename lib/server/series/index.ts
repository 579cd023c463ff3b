/**
 * Series (championships) (spec §2 /series/{id?}, series tabs; §3 Series, Series table, Series
 * filters; §4 Series results, Participant search; §7 livelaps/series/*,
 * promoter/series/{id}, promoter/race/getSeriesScores). One use case per file; the standings
 * engine in ./engine.
 */
export { computeStandings } from './engine';
export { getSeriesDetail, listSeriesRounds, type SeriesDetail } from './get-series-detail';
export { listPublicSeries } from './list-public-series';
export { loadSeries, loadSeriesFrom, loadSeriesRecord, type LoadedResult, type LoadedSeries, type SeriesRecord } from './load-series';
export { getSeriesResults } from './get-series-results';
export { getSeriesFilters } from './get-series-filters';
export { getSeriesConfig } from './get-series-config';
export { getRiderSeason } from './get-rider-season';
export { getSeriesScores, parseRaceIdExclude } from './get-series-scores';
export { searchSeriesParticipants } from './search-participants';
export { exportSeriesCsv, type SeriesView } from './export-series-csv';
export { listSeriesRiders, type SeriesRider } from './list-series-riders';
export { mergeRiders, splitRider, resetRider, riderKey, type RiderChange, type RiderFacts } from './riders';
export { buildSeriesResults } from './series-table';
export { classLeaders, classOrder, type ClassLeaders, type LeaderRow } from './series-leaders';
