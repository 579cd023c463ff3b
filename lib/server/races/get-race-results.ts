/**
 * The results and team standings of a race (spec §3 Race results columns, §7
 * livelaps/race/results/{id}, livelaps/race/resultsbyteam/{id}). Times in ms.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cache } from 'react';
import type { LiveState } from '../../contracts/live';
import { RESULT_STATES, type RaceKind, type ResultRow, type ResultState, type TeamRow } from '../../contracts/results';
import { getDb } from '../db';
import { classGroups, classes, entries, participants, races, results, teams } from '../db/schema';
import { positionsWithin, rankEnduro, rankSprint } from '../ranking';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { isRaceLive, withShownStates } from './result-state';

/**
 * A results row (its `participantId` links the rider's public page, issue 25): the contract's
 * `ResultRow`, named here for the readers that import it from lib/server/races.
 */
export type RaceResultRow = ResultRow;

/** The stored rows of a race and whether a live feed wrote it (the clock decides the rest: ./result-state.ts). */
interface StoredResults {
  rows: RaceResultRow[];
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
      participantId: entries.participantId,
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
    rows: withPlaces(rows, race?.kind ?? 'sprint'),
    live: race?.liveState ? { state: race.liveState, updatedAt: race.liveUpdatedAt?.toISOString() ?? null } : null,
  };
});

/**
 * The results of a race (deduplicated per request): by position (unplaced last), then by class and place in class,
 * then by points (lower is better in enduro scoring). Times in ms. A rider reads `running` only
 * while a live feed writes the race (./result-state.ts); elsewhere a stored `running` reads `finished`.
 */
export const getRaceResults = cache(async function getRaceResults(raceId: number): Promise<RaceResultRow[]> {
  const { rows, live } = await readRaceResults(raceId);
  // Outside the read cache: whether the race still counts as live depends on the clock.
  return withShownStates(rows, live !== null && isRaceLive(live.state, live.updatedAt));
});

type Placed = Pick<ResultRow, 'entryId' | 'resultState' | 'laps' | 'totalTimeMs' | 'gapMs' | 'penaltyMs' | 'penaltyLaps' | 'checkpoints' | 'points' | 'emergencyPoints' | 'className' | 'classGroup' | 'position' | 'classPosition' | 'groupPosition'>;

const rankInput = (r: Placed) => ({
  key: String(r.entryId), state: r.resultState, laps: r.laps, totalTimeMs: r.totalTimeMs, gapMs: r.gapMs, penaltyMs: r.penaltyMs, penaltyLaps: r.penaltyLaps,
  checkpoints: r.checkpoints, points: r.points, emergencyPoints: r.emergencyPoints, className: r.className, classGroup: r.classGroup,
});

/** A state's place among the unplaced: DNF, then DNS, then DSQ (the order of `RESULT_STATES`). */
const tier = (state: ResultState) => RESULT_STATES.indexOf(state === 'running' ? 'finished' : state);

/**
 * The places a results file left out, ranked on reading by the race's own rules
 * (lib/server/ranking; spec §3 Race results columns: overall, class and group positions; issue 25
 * "every results view ranked and numbered in the sport's order"):
 * - overall: when no row of the race has a position (an ECEA team enduro gives places in class
 *   only), every row is ranked with `rankEnduro` or `rankSprint`;
 * - class: a class none of whose rows has a class position is ranked within itself;
 * - group: classes join class groups after the import, so group places are ranked on reading.
 * Positions the source gave are kept as they are; a row the rules leave unplaced (an enduro DNF,
 * DNS — the ECEA's place 9999 — or DSQ) stays `null`, never a made-up number. The rows come back
 * in overall order: placed by position, then the unplaced DNF, DNS, DSQ (each in ranking order
 * when ranked here, else as given).
 */
export function withPlaces<T extends Placed>(rows: readonly T[], kind: RaceKind): T[] {
  const rank = kind === 'enduro' ? rankEnduro : rankSprint;
  let out: T[] = [...rows];
  let order: Map<string, number> | null = null;
  if (out.length && out.every((r) => r.position === null)) {
    const ranked = rank(out.map(rankInput));
    order = new Map(ranked.map((r, i) => [r.key, i]));
    const places = new Map(ranked.map((r) => [r.key, r.position]));
    out = out.map((r) => ({ ...r, position: places.get(String(r.entryId)) ?? null }));
  }
  const unplacedClasses = new Set(out.filter((r) => r.className).map((r) => r.className!));
  for (const r of out) if (r.classPosition !== null && r.className) unplacedClasses.delete(r.className);
  if (unplacedClasses.size) {
    const ranked = positionsWithin(out.filter((r) => r.className && unplacedClasses.has(r.className)).map(rankInput), (e) => e.className, rank);
    const places = new Map(ranked.map((r) => [r.key, r.position]));
    out = out.map((r) => (r.className && unplacedClasses.has(r.className) ? { ...r, classPosition: places.get(String(r.entryId)) ?? null } : r));
  }
  if (needsGroupPositions(out)) {
    const ranked = positionsWithin(out.map(rankInput), (e) => e.classGroup, rank);
    const places = new Map(ranked.map((r) => [Number(r.key), r.position]));
    out = out.map((r) => (r.groupPosition === null && r.classGroup !== null ? { ...r, groupPosition: places.get(r.entryId) ?? null } : r));
  }
  const index = new Map(out.map((r, i) => [r, order?.get(String(r.entryId)) ?? i]));
  return out.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || tier(a.resultState) - tier(b.resultState) || index.get(a)! - index.get(b)!);
}

/** True when a row's class belongs to a group and the group place is not stored. */
function needsGroupPositions(rows: readonly Placed[]): boolean {
  return rows.some((r) => r.classGroup !== null && r.groupPosition === null);
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
