/**
 * The classes of one race with their entry counts (spec §7 POST
 * livelaps/promoter/event/accordionClasses `{ configId?, raceId }`), in the race's order.
 */
import 'server-only';
import type { RaceClassCount } from '../../contracts/events';
import { raceClassCounts } from './race-classes';

/** The classes of race `raceId` with their entry counts and results paths ([] when it has no entries). */
export async function getAccordionClasses(raceId: number): Promise<RaceClassCount[]> {
  return (await raceClassCounts([raceId])).get(raceId) ?? [];
}
