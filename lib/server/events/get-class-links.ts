/**
 * The links to a race's results, whole and class by class (spec §7 GET
 * livelaps/promoter/race/classLink/{id}): `/races/{id}`, and `/scores/{id}?class=…` per class
 * (the /scores page opens in its class view on that class).
 */
import 'server-only';
import type { RaceClassLinks } from '../../contracts/events';
import { raceClassCounts } from './race-classes';

/** The race's results path and one path per class that has entries (entries without a class have none). */
export async function getClassLinks(raceId: number): Promise<RaceClassLinks> {
  const classes = (await raceClassCounts([raceId])).get(raceId) ?? [];
  return {
    raceId,
    racePath: `/races/${raceId}`,
    classes: classes.flatMap((c) => (c.name !== null && c.resultsPath !== null ? [{ name: c.name, entryCount: c.entryCount, path: c.resultsPath }] : [])),
  };
}
