/**
 * A racer's races (spec §2 /liveonlivelaps results tab; §3 Racer detail): every public race
 * they rode or are riding, newest first — event, race, date, class, race number, position,
 * class position, laps, best lap and total time (ms), state and points; `live` while the race
 * runs. GET livelaps/trackside/racer/{id}/races.
 */
import 'server-only';
import type { RacerRaces } from '../../contracts/trackside';
import { loadRacer, toRacerRace } from './load-racer';

/**
 * The races of racer `racerId` (a participant id).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export async function listRacerRaces(racerId: number): Promise<RacerRaces> {
  const racer = await loadRacer(racerId);
  return { races: racer.entries.map(toRacerRace) };
}
