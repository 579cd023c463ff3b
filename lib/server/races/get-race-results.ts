/**
 * The results and team standings of a race (spec §3 Race results columns, §7
 * livelaps/race/results/{id}, livelaps/race/resultsbyteam/{id}). Times in ms.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cache } from 'react';
import type { LiveState } from '../../contracts/live';
import type { RaceKind, ResultRow, TeamRow } from '../../contracts/results';
import { getDb } from '../db';
import { classGroups, classes, entries, participants, races, results, teams } from '../db/schema';
import { positionsWithin, rankEnduro, rankSprint } from '../ranking';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { isRaceLive, withShownStates } from './result-state';

/** The stored rows of a race and whether a live feed wrote it (the clock decides the rest: ./result-state.ts). */
interface StoredResults {
  rows: ResultRow[];
  live: { state: LiveState; updatedAt: string | null } | null;
}

/** The stored results of a race, cached and tagged `race:{id}` (a live write drops them). */
const readRaceResults = cachedRead('getRaceResults', async function getRaceResults(raceId: number): Promise<StoredResults> {
  tagRead(tags.race(raceId));
  const racePromise = getDb()
    .select({ kind: races.kind, liveState: races.liveState, liveUpdatedAt: races.liveUpdatedAt })
    .from(races)
    .where(eq(races.id, raceId));
  const rowsPromise = getDb()
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
  const [rows, [race]] = await Promise.all([rowsPromise, racePromise]);
  return {
    rows: needsGroupPositions(rows) ? withGroupPositions(rows, race?.kind ?? 'sprint') : rows,
    live: race?.liveState ? { state: race.liveState, updatedAt: race.liveUpdatedAt?.toISOString() ?? null } : null,
  };
});

/**
 * The results of a race (deduplicated per request): by position (unplaced last), then by class and place in class,
 * then by points (lower is better in enduro scoring). Times in ms. A rider reads `running` only
 * while a live feed writes the race (./result-state.ts); elsewhere a stored `running` reads `finished`.
 */
export const getRaceResults = cache(async function getRaceResults(raceId: number): Promise<ResultRow[]> {
  const { rows, live } = await readRaceResults(raceId);
  // Outside the read cache: whether the race still counts as live depends on the clock.
  return withShownStates(rows, live !== null && isRaceLive(live.state, live.updatedAt));
});

/** True when a row's class belongs to a group and the group place is not stored. */
function needsGroupPositions(rows: ResultRow[]): boolean {
  return rows.some((r) => r.classGroup !== null && r.groupPosition === null);
}

/**
 * Class-group positions where the timing system gave none (spec §3 Race results columns:
 * points and positions per class group): classes join groups after the import, so the places
 * within each group are ranked on reading, by the race's own rules (lib/server/ranking).
 */
export function withGroupPositions(rows: ResultRow[], kind: RaceKind): ResultRow[] {
  if (!needsGroupPositions(rows)) return rows;
  const ranked = positionsWithin(
    rows.map((r) => ({ key: String(r.entryId), state: r.resultState, laps: r.laps, totalTimeMs: r.totalTimeMs, gapMs: r.gapMs, penaltyMs: r.penaltyMs, penaltyLaps: r.penaltyLaps, checkpoints: r.checkpoints, points: r.points, emergencyPoints: r.emergencyPoints, classGroup: r.classGroup })),
    (e) => e.classGroup,
    kind === 'enduro' ? rankEnduro : rankSprint,
  );
  const places = new Map(ranked.map((r) => [Number(r.key), r.position]));
  return rows.map((r) => (r.groupPosition === null && r.classGroup !== null ? { ...r, groupPosition: places.get(r.entryId) ?? null } : r));
}

/** Team standings of a race: placed teams by position, then DNF teams by checkpoints. */
export const getRaceTeams = cache(cachedRead('getRaceTeams', async function getRaceTeams(raceId: number): Promise<TeamRow[]> {
  tagRead(tags.race(raceId));
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
}));
