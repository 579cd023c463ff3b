/**
 * A racer as the trackside pages read them (spec §3 Trackside participant search, Racer
 * detail): their participant records (the person of lib/server/riders/person-identity.ts,
 * issue 25) and every entry of theirs in a public race of a shown event, newest first, with the result when there is one. Once per
 * server render (React `cache`): the page's tabs and the detail share it. Names what it shows
 * for the page cache: each race and event, the event lists (a new import may add a race of
 * theirs) and `live` (a race of theirs starting).
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { cache } from 'react';
import type { RacerRace, RacerSummary } from '../../contracts/trackside';
import { AppError } from '../../errors';
import { tagRead, tags } from '../cache/tags';
import { keepUntilStale } from '../live/freshness';
import { getDb } from '../db';
import { classes, entries, events, participants, races, results } from '../db/schema';
import { eventShown } from '../events/visibility';
import { inIds } from '../series/riders';
import { personParticipants } from '../riders/person-identity';
import { raceShown } from '../policy/visibility';
import { withShownPlaces } from '../races/shown-places';
import { isRaceLive, shownResultState } from '../races/result-state';

/** One entry of the racer with what the pages show of it. */
export interface RacerEntry extends RacerRace {
  entryId: number;
  participantId: number;
  firstName: string;
  lastName: string;
  /** The record's hometown (participants.city / state). */
  homeCity: string | null;
  homeState: string | null;
  brand: string | null;
}

export interface LoadedRacer {
  /** The id asked for (`?racer=`). */
  id: number;
  /** Every participant record of the racer. */
  participantIds: number[];
  /** Their entries in public races of shown events: newest event first, then the later race first. */
  entries: RacerEntry[];
}

/** "City, ST", either alone, or null. */
export function locationOf(city: string | null, state: string | null): string | null {
  const parts = [city?.trim(), state?.trim()].filter((p): p is string => !!p);
  return parts.length ? parts.join(', ') : null;
}

/**
 * The racer whose id is `racerId` (a participant id).
 * @throws AppError `not_found` ('Racer not found') when there is no such participant, or none
 * of their races can be shown (a racer of hidden events stays hidden).
 */
export const loadRacer = cache(async function loadRacer(racerId: number): Promise<LoadedRacer> {
  const participantIds = await personParticipants(racerId);
  if (!participantIds) throw new AppError('not_found', 'Racer not found');
  const stored = await getDb()
    .select({
      entryId: entries.id,
      participantId: entries.participantId,
      firstName: participants.firstName,
      lastName: participants.lastName,
      homeCity: participants.city,
      homeState: participants.state,
      brand: entries.brand,
      raceNumber: entries.raceNumber,
      className: classes.name,
      raceId: races.id,
      raceName: races.name,
      liveState: races.liveState,
      liveUpdatedAt: races.liveUpdatedAt,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      position: results.position,
      classPosition: results.classPosition,
      laps: results.laps,
      bestLapMs: results.bestLapMs,
      totalTimeMs: results.totalTimeMs,
      state: results.state,
      points: results.points,
    })
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .innerJoin(races, and(eq(races.id, entries.raceId), raceShown()))
    .innerJoin(events, eq(events.id, races.eventId))
    .leftJoin(results, eq(results.entryId, entries.id))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .where(and(inIds(entries.participantId, participantIds), eventShown()))
    .orderBy(desc(events.startDate), desc(events.id), desc(races.sortOrder), desc(races.id), desc(entries.id));
  tagRead(tags.events, tags.live);
  if (!stored.length) throw new AppError('not_found', 'Racer not found');
  // The places the race pages show (a file without overall places is ranked on reading).
  const rows = await withShownPlaces(stored);
  for (const r of rows) tagRead(tags.race(r.raceId), tags.event(r.eventId));
  return {
    id: racerId,
    participantIds,
    // A race whose feed went quiet reads as finished; a page showing a live race is not kept past that moment.
    entries: rows.map(({ liveState, liveUpdatedAt, ...r }) => {
      const live = isRaceLive(liveState, liveUpdatedAt);
      if (live) keepUntilStale(liveUpdatedAt);
      // Only a race being written live has riders running (lib/server/races/result-state.ts).
      return { ...r, state: r.state === null ? null : shownResultState(r.state, live), live };
    }),
  };
});

/** The public part of an entry (`RacerRace`). */
export function toRacerRace(entry: RacerEntry): RacerRace {
  const { entryId: _e, participantId: _p, firstName: _f, lastName: _l, homeCity: _c, homeState: _s, brand: _b, ...race } = entry;
  return race;
}

/**
 * Who the racer is, from their entries alone (`RacerSummary`): name, race number, brand and
 * class of their latest race (a brand from an earlier one when it has none), location of their
 * latest record that has one, the race they ride now.
 */
export function summaryOf(racer: LoadedRacer): RacerSummary {
  const latest = racer.entries[0];
  const live = racer.entries.find((e) => e.live);
  return {
    id: racer.id,
    racerName: `${latest.firstName} ${latest.lastName}`.trim(),
    firstName: latest.firstName,
    lastName: latest.lastName,
    raceNumber: latest.raceNumber,
    location: locationOf(latest.homeCity, latest.homeState) ?? racer.entries.map((e) => locationOf(e.homeCity, e.homeState)).find((l) => l !== null) ?? null,
    brand: latest.brand ?? racer.entries.find((e) => e.brand)?.brand ?? null,
    className: latest.className,
    live: live ? { raceId: live.raceId, raceName: live.raceName, eventName: live.eventName } : null,
  };
}
