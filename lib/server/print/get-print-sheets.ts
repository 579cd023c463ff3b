/**
 * The sheets of a printout (spec §2 /races/print/{id?}, /scores/print/{id?}, /scores/printc/{id?},
 * /scores/printoa/{id?}; §6 Race display; §7 livelaps/race/print/{id}, race/print-team/{id}): the
 * path's race, then the other races of the same event the selection named (`race=`), each as a
 * sheet in `locale`, or the reason it cannot be printed. The caller has checked the path's race
 * (canDisplayRace); every further race is checked here the same way: it must exist, belong to the
 * same event and be public.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../config';
import { MAX_PRINT_RACES } from '../../contracts/print';
import { getDb } from '../db';
import { events, races } from '../db/schema';
import { liveStateAt } from '../live/freshness';
import { getRace, getRaceResults, getRaceTeams, tableLabels, toRaceView, type RaceInfo } from '../races';
import { buildPrintSheet, type PrintOptions, type PrintSheet } from './build-print-sheet';

export type PrintPart =
  | { kind: 'sheet'; sheet: PrintSheet }
  /** `not_public`: 'Race is not available for public display'; `not_found`: no such race of this event. */
  | { kind: 'unavailable'; raceId: number; name: string | null; reason: 'not_public' | 'not_found' };

/**
 * Whether a race's results are official (spec issue 12 "a provisional or official stamp"; issue 24
 * per race): never while a timing feed runs for it (a live race not written for 15 min reads as
 * finished); else as the desk set it (`official`, `provisional`), or, left `auto`, once its event
 * is complete (spec §4: run, results final). One query.
 */
export async function isOfficial(raceId: number, now = Date.now()): Promise<boolean> {
  const [row] = await getDb()
    .select({ complete: events.isComplete, status: races.resultsStatus, live: races.liveState, updatedAt: races.liveUpdatedAt })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(eq(races.id, raceId));
  if (!row) return false;
  const state = row.live ? liveStateAt(row.live, row.updatedAt, now) : null;
  if (state === 'live') return false;
  return row.status === 'auto' ? row.complete : row.status === 'official';
}

/** The sheet of one race the visitor may see, in `locale`. */
export async function getPrintSheet(race: RaceInfo, options: PrintOptions, locale: Locale): Promise<PrintSheet> {
  const [results, teams, labels, official] = await Promise.all([getRaceResults(race.id), getRaceTeams(race.id), tableLabels(locale), isOfficial(race.id)]);
  return buildPrintSheet(toRaceView(race), results, teams, options, labels, official);
}

/**
 * The parts of a printout: `first` (already checked by the caller) then each id of `more` in
 * order (duplicates and `first` itself left out), `MAX_PRINT_RACES` parts at most (each costs
 * reads and pages). Throws the database's error.
 */
export async function getPrintSheets(first: RaceInfo, more: number[], options: PrintOptions, locale: Locale): Promise<PrintPart[]> {
  const ids = [...new Set(more)].filter((id) => id !== first.id).slice(0, MAX_PRINT_RACES - 1);
  const others = await Promise.all(ids.map((id) => getRace(id)));
  return Promise.all(
    [first, ...others].map(async (race, i): Promise<PrintPart> => {
      if (!race || race.event.id !== first.event.id || !race.event.isPublic) return { kind: 'unavailable', raceId: race?.id ?? ids[i - 1]!, name: null, reason: 'not_found' };
      if (!race.isPublic) return { kind: 'unavailable', raceId: race.id, name: race.name, reason: 'not_public' };
      return { kind: 'sheet', sheet: await getPrintSheet(race, options, locale) };
    }),
  );
}
