/**
 * The normalised shape every results importer produces (RMonitor capture, ECEA team-enduro
 * CSV, AMA live-timing JSON; the decoders live in `lib/server/timing/`). The database writer
 * (`lib/server/import/write.ts`) stores it in one transaction. Times are integers in
 * milliseconds; dates are `YYYY-MM-DD`.
 */

import type { RaceClock, ResultColumn, ResultState } from '../../contracts/results';
import type { ImportReport } from '../db/schema';

export type { ImportReport, RaceClock, ResultColumn, ResultState };

/** Options every importer accepts. */
export interface ParseOptions {
  /** File name (RMonitor and AMA name the event after it when the file names none). */
  fileName?: string;
  /** Event name overriding the file's (RMonitor). */
  eventName?: string;
  /**
   * Skip lines (RMonitor), rows (ECEA) or riders (AMA) that fail to decode and list them in
   * `ImportedEvent.report.skippedLines`, instead of refusing the whole file (the default).
   */
  lenient?: boolean;
}

/** An empty report: nothing unknown, nothing skipped. */
export function emptyReport(): ImportReport {
  return { unknownMessages: {}, skippedLines: [] };
}

export interface ImportedResult {
  /** Overall position (1-based); null when the source gives none (e.g. enduro riders). */
  position: number | null;
  /** Place in class as the source states it; null for non-scorers. */
  classPosition: number | null;
  /** Place in the class group; null when the source gives none. */
  groupPosition: number | null;
  laps: number | null;
  totalTimeMs: number | null;
  bestLapMs: number | null;
  bestLapNumber: number | null;
  lastLapMs: number | null;
  /** Gap to the leader in ms, null when not applicable. */
  gapMs: number | null;
  /** Difference to the competitor ahead in ms. */
  diffMs: number | null;
  penaltyMs: number | null;
  /** Penalty in laps; null when the source gives none. */
  penaltyLaps: number | null;
  state: ResultState;
  /** Enduro: checkpoints scored. */
  checkpoints: number | null;
  /** Enduro: points (lower is better). */
  points: number | null;
  /** Enduro: emergency points (tie-breaker). */
  emergencyPoints: number | null;
  /** Series-style points for the overall, class and class-group result; null when the source has none. */
  pointsOverall: number | null;
  pointsClass: number | null;
  pointsGroup: number | null;
  /** Average speed in km/h where the source gives it. */
  speedKmh: number | null;
}

/** A section (or sector) time: the section's name and the time through it, in ms. */
export interface ImportedSectionTime {
  section: string;
  timeMs: number | null;
}

export interface ImportedEntry {
  /** Unique key of the entry inside its race (registration number or enduro row). */
  key: string;
  /** Race number as shown on the bike (`23A` for an enduro row/minute). */
  raceNumber: string;
  firstName: string;
  lastName: string;
  className: string | null;
  brand: string | null;
  /** Key of the team in `ImportedRace.teams`, or a free team name when teams are not scored. */
  teamKey: string | null;
  transponder: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  result: ImportedResult;
  /** Section times for the rider's detail (not a results-table column). */
  sectionTimes: ImportedSectionTime[];
  /**
   * Start grid (spec §7 racesStartGrid): the entry's grid slot or start row, 1 = front; null
   * when the source gives none (ECEA row `23A` → 23; RMonitor: the `$G` order when the whole
   * field crossed the line before the first lap was completed; AMA: never).
   */
  gridPosition: number | null;
  /** The start slot as the source writes it (`23A`), null when none. */
  gridLabel: string | null;
}

export interface ImportedTeam {
  key: string;
  name: string;
  /** Team position; null for DNF teams. */
  position: number | null;
  state: ResultState;
  totalCheckpoints: number | null;
  totalPoints: number | null;
  totalEmergencyPoints: number | null;
}

/** A passing of the timing line (or of a checkpoint / timing loop when `section` is set). */
export interface ImportedPassing {
  entryKey: string;
  /** Lap completed by this passing (0 = the first crossing that starts lap 1); null for loop passings. */
  lapNumber: number | null;
  lapTimeMs: number | null;
  totalTimeMs: number | null;
  /** Timing line, section or checkpoint name; null for the finish line. */
  section: string | null;
  /** Wall-clock read time as an ISO string when known (RMonitor `$L`). */
  readTime: string | null;
}

export interface ImportedRace {
  name: string;
  /** RMonitor run number, AMA round, or null. */
  runNumber: number | null;
  /** 'sprint' for lap races, 'enduro' for checkpoint scoring. */
  kind: 'sprint' | 'enduro';
  classes: string[];
  /** Classes scored as teams (`clases_team` in the spec's race config). */
  teamClasses: string[];
  /** Results-table columns (members of `RESULT_COLUMNS`; never `'sections'`). */
  columns: ResultColumn[];
  teamColumns: ResultColumn[];
  /** Section names (AMA `SR`, RMonitor `$T` sections, else the `$L` timing lines seen). */
  sections: string[];
  startTime: string | null;
  /** The race clock as last sent (RMonitor `$F`); null when the source has none. */
  clock: RaceClock | null;
  entries: ImportedEntry[];
  teams: ImportedTeam[];
  passings: ImportedPassing[];
}

export interface ImportedEvent {
  source: 'rmonitor' | 'ecea-csv' | 'ama-json' | 'sheet-csv';
  name: string;
  /** Event date when the file states it, else null (the caller then supplies one). */
  startDate: string | null;
  location: string | null;
  /** Track length in km when the file states it. */
  trackLengthKm: number | null;
  races: ImportedRace[];
  /** Unknown message types counted, lines skipped in lenient mode. */
  report: ImportReport;
}

/**
 * A refused file: names the 1-based line and the field that failed. Importers throw it;
 * nothing is written when it is thrown.
 */
export class ImportError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`line ${line}, field ${field}: ${detail}`);
    this.name = 'ImportError';
  }
}

/** A result with every figure null (importers fill in what their source gives). */
export function blankResult(state: ResultState): ImportedResult {
  return {
    position: null,
    classPosition: null,
    groupPosition: null,
    laps: null,
    totalTimeMs: null,
    bestLapMs: null,
    bestLapNumber: null,
    lastLapMs: null,
    gapMs: null,
    diffMs: null,
    penaltyMs: null,
    penaltyLaps: null,
    state,
    checkpoints: null,
    points: null,
    emergencyPoints: null,
    pointsOverall: null,
    pointsClass: null,
    pointsGroup: null,
    speedKmh: null,
  };
}

/**
 * Runs `fn` (the decoding of one line, row or rider). Strict (`lenient` false): an
 * `ImportError` propagates and the file is refused. Lenient: it is listed in
 * `report.skippedLines` and `undefined` is returned, so the caller skips that piece.
 */
export function skipOrThrow<T>(lenient: boolean | undefined, report: ImportReport, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!lenient || !(err instanceof ImportError)) throw err;
    report.skippedLines.push({ line: err.line, field: err.field, detail: err.detail });
    return undefined;
  }
}
