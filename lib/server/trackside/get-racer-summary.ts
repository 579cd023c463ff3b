/**
 * Who a racer is (spec §3 Trackside participant search: racer name, race number, location;
 * §2 /liveonlivelaps: the heading of the results, laps and points tabs, and the page title):
 * name, race number, brand and class of their latest race, location, the race they ride now —
 * from their races alone, no series standings computed (`RacerSummary`).
 */
import 'server-only';
import type { RacerSummary } from '../../contracts/trackside';
import { loadRacer, summaryOf } from './load-racer';

/**
 * The summary of racer `racerId` (a participant id).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export async function getRacerSummary(racerId: number): Promise<RacerSummary> {
  return summaryOf(await loadRacer(racerId));
}
