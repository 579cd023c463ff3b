/**
 * One way to turn a normalised race (`ImportedRace`, see ./types.ts) into database rows, shared
 * by the file importer (./write.ts, one transaction per file) and the live timing feed
 * (lib/server/timing/live/ingest.ts, one transaction per batch of lines): the race's own
 * columns, a participant per entry, the entry, its result and its passings. Times are ms.
 */
import type { RaceConfig } from '../db/schema';
import type { ImportedEntry, ImportedPassing, ImportedRace } from './types';

/** PostgreSQL accepts at most 65,535 bind parameters per statement; stay well under. */
const MAX_PARAMS = 60_000;

/** Splits `rows` into chunks of at most `size` rows. */
export function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Rows per multi-row insert so that rows × columns stays under `MAX_PARAMS`. */
export function rowsPerInsert(rows: object[]): number {
  const columns = Math.max(1, ...rows.slice(0, 1).map((r) => Object.keys(r).length));
  return Math.max(1, Math.floor(MAX_PARAMS / columns));
}

/** The race's configuration column (spec §3 Race: classes, clases_team, columns, team columns, sections). */
export function raceConfig(race: ImportedRace): RaceConfig {
  return {
    classes: race.classes,
    clases_team: race.teamClasses,
    columns: race.columns,
    team_columns: race.teamColumns,
    sections: race.sections,
  };
}

/** The race's own columns (without event, sort order and import or live bookkeeping). */
export function raceColumns(race: ImportedRace) {
  return {
    name: race.name,
    runNumber: race.runNumber,
    kind: race.kind,
    startTime: race.startTime,
    config: raceConfig(race),
    clock: race.clock,
  };
}

/** Control characters but the tab (C0 and DEL): PostgreSQL refuses a NUL in text, and none belongs in a name. */
const CONTROL_CHARS = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/** `value` without control characters (a NUL in a name fails the whole write); null stays null. */
export function cleanText<T extends string | null>(value: T): T {
  return (value === null ? null : value.replace(CONTROL_CHARS, '')) as T;
}

/** The participant an entry rides as (one participant per imported entry); text without control characters. */
export function participantRow(e: ImportedEntry) {
  return { firstName: cleanText(e.firstName), lastName: cleanText(e.lastName), city: cleanText(e.city), state: cleanText(e.state), country: cleanText(e.country) };
}
export type ParticipantRow = ReturnType<typeof participantRow>;

/** Ids an entry row refers to: its race, its participant, classes and teams by name/key. */
export interface EntryRefs {
  raceId: number;
  participantId: number;
  /** Class id by class name (classes are shared by name across events). */
  classIds: ReadonlyMap<string, number>;
  /** Team id by `ImportedTeam.key`; an entry whose team key is not here keeps it as a free team name. */
  teamIds: ReadonlyMap<string, number>;
}

/** The entry row (race number, class, brand, team, transponder, start grid); free text without control characters. */
export function entryRow(e: ImportedEntry, refs: EntryRefs) {
  return {
    raceId: refs.raceId,
    participantId: refs.participantId,
    sourceKey: e.key,
    raceNumber: cleanText(e.raceNumber),
    classId: e.className ? (refs.classIds.get(e.className) ?? null) : null,
    brand: cleanText(e.brand),
    teamId: e.teamKey ? (refs.teamIds.get(e.teamKey) ?? null) : null,
    teamName: e.teamKey && !refs.teamIds.has(e.teamKey) ? cleanText(e.teamKey) : null,
    transponder: cleanText(e.transponder),
    gridPosition: e.gridPosition,
    gridLabel: cleanText(e.gridLabel),
  };
}
export type EntryRow = ReturnType<typeof entryRow>;

/** The result row of an entry (every `ImportedResult` figure plus its section times). */
export function resultRow(e: ImportedEntry, raceId: number, entryId: number) {
  return { raceId, entryId, ...e.result, sectionTimes: e.sectionTimes };
}
export type ResultRow = ReturnType<typeof resultRow>;

/** A passing row (`readTime` ISO → timestamp). */
export function passingRow(p: ImportedPassing, raceId: number, entryId: number) {
  return {
    raceId,
    entryId,
    lapNumber: p.lapNumber,
    lapTimeMs: p.lapTimeMs,
    totalTimeMs: p.totalTimeMs,
    section: p.section,
    readTime: p.readTime ? new Date(p.readTime) : null,
  };
}
export type PassingRow = ReturnType<typeof passingRow>;
