/**
 * Races and their results (spec §2 /races/{id}, §3 Race and Race results columns, §7
 * livelaps/race/{id}, livelaps/race/results/{id}, livelaps/race/resultsbyteam/{id}).
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cache } from 'react';
import { getDb } from '../db';
import type { RaceClock, RaceConfig, RaceView, ResultRow, TeamRow } from '../../contracts/results';
import { classGroups, classes, entries, events, participants, races, results, teams } from '../db/schema';

export type { RaceView, ResultRow, TeamRow };

export interface RaceInfo {
  id: number;
  name: string;
  kind: 'sprint' | 'enduro';
  isPublic: boolean;
  runNumber: number | null;
  startTime: string | null;
  config: RaceConfig;
  clock: RaceClock | null;
  event: { id: number; name: string; startDate: string; isPublic: boolean };
}

/** A race with its configuration and event, or null when the id is unknown (deduplicated per request). */
export const getRace = cache(async function getRace(id: number): Promise<RaceInfo | null> {
  const [row] = await getDb()
    .select({
      id: races.id,
      name: races.name,
      kind: races.kind,
      isPublic: races.isPublic,
      runNumber: races.runNumber,
      startTime: races.startTime,
      config: races.config,
      clock: races.clock,
      event: { id: events.id, name: events.name, startDate: events.startDate, isPublic: events.isPublic },
    })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(eq(races.id, id));
  return row ?? null;
});

/** The race as visitors and the API see it: no visibility flags. */
export function toRaceView(race: RaceInfo): RaceView {
  const { isPublic: _hidden, ...rest } = race;
  return { ...rest, event: { id: race.event.id, name: race.event.name, startDate: race.event.startDate } };
}


/**
 * The results of a race: by position (unplaced last), then by class and place in class,
 * then by points (lower is better in enduro scoring). Times in ms.
 */
export async function getRaceResults(raceId: number): Promise<ResultRow[]> {
  return getDb()
    .select({
      entryId: entries.id,
      position: results.position,
      classPosition: results.classPosition,
      groupPosition: results.groupPosition,
      number: entries.raceNumber,
      firstName: participants.firstName,
      lastName: participants.lastName,
      className: classes.name,
      classGroup: classGroups.name,
      brand: entries.brand,
      team: sql<string | null>`coalesce(${teams.name}, ${entries.teamName})`,
      teamId: entries.teamId,
      city: participants.city,
      state: participants.state,
      country: participants.country,
      transponder: entries.transponder,
      laps: results.laps,
      lastLapMs: results.lastLapMs,
      bestLapMs: results.bestLapMs,
      bestLapNumber: results.bestLapNumber,
      totalTimeMs: results.totalTimeMs,
      gapMs: results.gapMs,
      diffMs: results.diffMs,
      penaltyMs: results.penaltyMs,
      penaltyLaps: results.penaltyLaps,
      resultState: results.state,
      checkpoints: results.checkpoints,
      points: results.points,
      emergencyPoints: results.emergencyPoints,
      pointsOverall: results.pointsOverall,
      pointsClass: results.pointsClass,
      pointsGroup: results.pointsGroup,
      speedKmh: results.speedKmh,
      sectionTimes: results.sectionTimes,
    })
    .from(results)
    .innerJoin(entries, eq(entries.id, results.entryId))
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .leftJoin(teams, eq(teams.id, entries.teamId))
    .where(eq(results.raceId, raceId))
    .orderBy(
      sql`${results.position} asc nulls last`,
      sql`${classes.name} asc nulls last`,
      sql`${results.classPosition} asc nulls last`,
      sql`${results.points} asc nulls last`,
      asc(entries.raceNumber),
    );
}

/** Team standings of a race: placed teams by position, then DNF teams by checkpoints. */
export async function getRaceTeams(raceId: number): Promise<TeamRow[]> {
  return getDb()
    .select({
      id: teams.id,
      name: teams.name,
      position: teams.position,
      state: teams.state,
      totalCheckpoints: teams.totalCheckpoints,
      totalPoints: teams.totalPoints,
      totalEmergencyPoints: teams.totalEmergencyPoints,
    })
    .from(teams)
    .where(and(eq(teams.raceId, raceId)))
    .orderBy(sql`${teams.position} asc nulls last`, sql`${teams.totalCheckpoints} desc nulls last`, asc(teams.id));
}
