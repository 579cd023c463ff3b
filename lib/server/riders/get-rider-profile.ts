/**
 * The public rider page (issue 25 "One rider, one profile": `/riders/{id}`; spec §3 Racer
 * detail, Series table): one person (./person-identity.ts) from any of their participant
 * records — their results by season (year) and event, series positions, best laps, classes,
 * race numbers and clubs or teams.
 *
 * Only what the results pages show in public: results of public races of shown events (the
 * results pages' rule, lib/server/policy/visibility.ts `raceShown`, `eventShown`), standings
 * of shown series. Nothing private: the imported name, the hometown the timing file gave
 * (shown on results pages) and nothing from accounts (no birth date, email, phone, address) —
 * and for a minor (a participant profile with a birth date under 18 years ago linked to one of
 * the records) not even the hometown.
 *
 * Cached and tagged like the other public reads: `events` (an import may add a result), each
 * race and event shown, each series read (../series `loadSeries` names it); a race being
 * written live makes the read uncacheable (its states change with the clock).
 */
import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { cache } from 'react';
import type { RacerPoints } from '../../contracts/trackside';
import { cachedRead } from '../cache/read-cache';
import { markUncacheable, tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { classes, entries, events, participantProfiles, participants, races, results, teams } from '../db/schema';
import { eventShown, raceShown } from '../policy/visibility';
import { withShownPlaces } from '../races/shown-places';
import { isRaceLive, shownResultState } from '../races/result-state';
import { inIds } from '../series/riders';
import { seriesPointsOf } from '../trackside/get-racer-points';
import { personParticipants } from './person-identity';
import type { ResultState } from '../../contracts/results';

/** One race of the rider: the entry and its result (times in ms; `state` null: no result yet). */
export interface ProfileRace {
  raceId: number;
  raceName: string;
  kind: string;
  className: string | null;
  raceNumber: string;
  position: number | null;
  classPosition: number | null;
  state: ResultState | null;
  laps: number | null;
  bestLapMs: number | null;
  totalTimeMs: number | null;
  /** Enduro: points and checkpoints as the timing file gave them. */
  points: number | null;
  checkpoints: number | null;
  /** The club or team the result shows, or null. */
  team: string | null;
  live: boolean;
}

/** One event of the rider with their races there, in race order. */
export interface ProfileEvent {
  eventId: number;
  eventName: string;
  /** YYYY-MM-DD */
  startDate: string;
  races: ProfileRace[];
}

/** The rider's best lap at one event (ms). */
export interface ProfileBestLap {
  eventId: number;
  eventName: string;
  startDate: string;
  raceId: number;
  raceName: string;
  className: string | null;
  bestLapMs: number;
}

export interface RiderProfile {
  /** The canonical id: the smallest participant id of the person. */
  id: number;
  /** Every participant record of the person, smallest first. */
  participantIds: number[];
  firstName: string;
  lastName: string;
  /** "City, ST" of their latest result's record; null for a minor or when none is known. */
  location: string | null;
  /** Race numbers, classes and clubs/teams, latest first, each once. */
  numbers: string[];
  classes: string[];
  clubs: string[];
  /** Seasons, newest first; events newest first within a season. */
  seasons: { year: number; events: ProfileEvent[] }[];
  /** Their standings in the shown series holding those events (newest series first); series that failed to compute. */
  series: RacerPoints;
  /** Best lap per event, newest event first (events where a best lap was timed). */
  bestLaps: ProfileBestLap[];
  raceCount: number;
}

const locationOf = (city: string | null, state: string | null) => {
  const parts = [city?.trim(), state?.trim()].filter((p): p is string => !!p);
  return parts.length ? parts.join(', ') : null;
};

/**
 * The rider profile of the person holding participant record `participantId` (see the file's
 * docstring); null when there is no such participant or none of their results may be shown
 * (the page answers 404).
 */
export const getRiderProfile = cache(
  cachedRead('getRiderProfile', async function getRiderProfile(participantId: number): Promise<RiderProfile | null> {
    tagRead(tags.events);
    const ids = await personParticipants(participantId);
    if (!ids) return null;
    const db = getDb();
    const stored = await db
      .select({
        entryId: entries.id,
        participantId: entries.participantId,
        firstName: participants.firstName,
        lastName: participants.lastName,
        city: participants.city,
        homeState: participants.state,
        raceNumber: entries.raceNumber,
        className: classes.name,
        teamName: sql<string | null>`coalesce(${teams.name}, nullif(btrim(${entries.teamName}), ''))`,
        raceId: races.id,
        raceName: races.name,
        kind: races.kind,
        liveState: races.liveState,
        liveUpdatedAt: races.liveUpdatedAt,
        eventId: events.id,
        eventName: events.name,
        startDate: sql<string>`${events.startDate}::text`,
        position: results.position,
        classPosition: results.classPosition,
        state: results.state,
        laps: results.laps,
        bestLapMs: results.bestLapMs,
        totalTimeMs: results.totalTimeMs,
        points: results.points,
        checkpoints: results.checkpoints,
      })
      .from(entries)
      .innerJoin(participants, eq(participants.id, entries.participantId))
      .innerJoin(races, and(eq(races.id, entries.raceId), raceShown()))
      .innerJoin(events, eq(events.id, races.eventId))
      .leftJoin(results, eq(results.entryId, entries.id))
      .leftJoin(classes, eq(classes.id, entries.classId))
      .leftJoin(teams, eq(teams.id, entries.teamId))
      .where(and(inIds(entries.participantId, ids), eventShown()))
      .orderBy(desc(events.startDate), desc(events.id), asc(races.sortOrder), asc(races.id), asc(entries.id));
    if (!stored.length) return null;
    // The places the race pages show (a file without overall places is ranked on reading).
    const rows = await withShownPlaces(stored);
    for (const r of rows) tagRead(tags.race(r.raceId), tags.event(r.eventId));

    // A minor's page shows no more than their results: no hometown.
    const [minor] = await db
      .select({ id: participantProfiles.id })
      .from(participantProfiles)
      .where(and(inIds(participantProfiles.participantId, ids), sql`${participantProfiles.birthday} > (current_date - interval '18 years')`))
      .limit(1);

    const seasons: RiderProfile['seasons'] = [];
    const byEvent = new Map<number, ProfileEvent>();
    const best = new Map<number, ProfileBestLap>();
    for (const r of rows) {
      const live = isRaceLive(r.liveState, r.liveUpdatedAt);
      if (live) markUncacheable();
      let event = byEvent.get(r.eventId);
      if (!event) {
        event = { eventId: r.eventId, eventName: r.eventName, startDate: r.startDate, races: [] };
        byEvent.set(r.eventId, event);
        const year = Number(r.startDate.slice(0, 4));
        let season = seasons.find((s) => s.year === year);
        if (!season) seasons.push((season = { year, events: [] }));
        season.events.push(event);
      }
      event.races.push({
        raceId: r.raceId,
        raceName: r.raceName,
        kind: r.kind,
        className: r.className,
        raceNumber: r.raceNumber,
        position: r.position,
        classPosition: r.classPosition,
        state: r.state === null ? null : shownResultState(r.state, live),
        laps: r.laps,
        bestLapMs: r.bestLapMs,
        totalTimeMs: r.totalTimeMs,
        points: r.points,
        checkpoints: r.checkpoints,
        team: r.teamName,
        live,
      });
      if (r.bestLapMs !== null && r.bestLapMs > 0) {
        const before = best.get(r.eventId);
        if (!before || r.bestLapMs < before.bestLapMs)
          best.set(r.eventId, { eventId: r.eventId, eventName: r.eventName, startDate: r.startDate, raceId: r.raceId, raceName: r.raceName, className: r.className, bestLapMs: r.bestLapMs });
      }
    }
    const distinct = (values: (string | null)[]) => [...new Set(values.map((v) => v?.trim()).filter((v): v is string => !!v))];
    const latest = rows[0];
    const series = await seriesPointsOf(ids, [...byEvent.keys()], ids[0]);
    return {
      id: ids[0],
      participantIds: ids,
      firstName: latest.firstName,
      lastName: latest.lastName,
      location: minor ? null : (locationOf(latest.city, latest.homeState) ?? rows.map((r) => locationOf(r.city, r.homeState)).find((l) => l !== null) ?? null),
      numbers: distinct(rows.map((r) => r.raceNumber)),
      classes: distinct(rows.map((r) => r.className)),
      clubs: distinct(rows.map((r) => r.teamName)),
      seasons,
      series,
      bestLaps: [...best.values()],
      raceCount: rows.length,
    };
  }),
);
