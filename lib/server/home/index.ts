/**
 * The home page for race day (issue 25; spec §2 Landing page): live now, next events, latest
 * results and series leaders, each from the read that owns it (live, calendar, results index,
 * series engine), cached and tagged like them. One use case per file.
 */
export { listLatestResults } from './list-latest-results';
export { listNextEvents, NEXT_EVENTS_DAYS } from './list-next-events';
export { listSeasonLeaders, type SeasonLeaders, type SeasonSeries } from './list-season-leaders';
