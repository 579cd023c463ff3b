/**
 * A racer's laps (spec §2 /liveonlivelaps laps tab): in the race they are riding now (the
 * timing feed's live race), else in their last race — every lap from the passings: lap
 * number, lap time, total time, position after the lap, the best lap marked (the race
 * results' rider detail, lib/server/races `getRiderDetail`), and the racer's entry there (their
 * row of the live board). Times in ms.
 * GET livelaps/trackside/racer/{id}/laps.
 */
import 'server-only';
import type { RacerLaps } from '../../contracts/trackside';
import { getRiderDetail } from '../races';
import { loadRacer, toRacerRace } from './load-racer';

/**
 * The laps of racer `racerId` in their live or last race; `laps` is empty when no lap times
 * were recorded there (an imported enduro, a race without passings).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export async function getRacerLaps(racerId: number): Promise<RacerLaps> {
  const racer = await loadRacer(racerId);
  // Entries come newest first: the live one if any, else the first with a result, else the newest.
  const entry = racer.entries.find((e) => e.live) ?? racer.entries.find((e) => e.state !== null) ?? racer.entries[0];
  const detail = await getRiderDetail(entry.raceId, entry.entryId);
  return { race: toRacerRace(entry), entryId: entry.entryId, laps: detail?.laps ?? [] };
}
