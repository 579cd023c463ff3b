/**
 * Trackside (spec §1 trackside profile search; §2 /liveonlivelaps; §3 Trackside participant
 * search, Racer detail, Paging state; §5 Trackside search; §7 user/searchUsers): the racer
 * search and a racer's detail, races, laps and series points. One use case per file.
 */
export { searchRacers } from './search-racers';
export { getRacer, detailOf } from './get-racer';
export { getRacerSummary } from './get-racer-summary';
export { listRacerRaces } from './list-racer-races';
export { getRacerLaps } from './get-racer-laps';
export { getRacerPoints, racerPointsOf, seriesPointsOf } from './get-racer-points';
export { loadRacer, summaryOf, type LoadedRacer } from './load-racer';
