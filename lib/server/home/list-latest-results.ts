/**
 * The home page's latest results (issue 25 "Home for race day: … latest results"; spec §2
 * Landing page): the newest public events with results, from the results index's read
 * (lib/server/results-index, cached and tagged `events`).
 */
import 'server-only';
import { listResultsEvents, type ResultsEvent } from '../results-index/list-results-events';

/** The `limit` newest public events with results (start date, newest first). */
export async function listLatestResults(limit = 5): Promise<ResultsEvent[]> {
  return (await listResultsEvents({ page: 1, size: limit })).events;
}
