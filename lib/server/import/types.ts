/**
 * The normalised shape every results importer produces (RMonitor capture, ECEA team-enduro
 * CSV, AMA live-timing JSON). The database writer (`lib/server/import/write.ts`) stores it
 * in one transaction. Times are integers in milliseconds; dates are `YYYY-MM-DD`.
 */

import type { ResultColumn, ResultState } from '../../contracts/results';

export type { ResultColumn, ResultState };

export interface ImportedResult {
  /** Overall position (1-based); null when the source gives none (e.g. enduro riders). */
  position: number | null;
  /** Place in class as the source states it; null for non-scorers. */
  classPosition: number | null;
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
  state: ResultState;
  /** Enduro: checkpoints scored. */
  checkpoints: number | null;
  /** Enduro: points (lower is better). */
  points: number | null;
  /** Enduro: emergency points (tie-breaker). */
  emergencyPoints: number | null;
  /** Average speed in km/h where the source gives it. */
  speedKmh: number | null;
}

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
  sectionTimes: ImportedSectionTime[];
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
  columns: ResultColumn[];
  teamColumns: ResultColumn[];
  sections: string[];
  startTime: string | null;
  entries: ImportedEntry[];
  teams: ImportedTeam[];
  passings: ImportedPassing[];
}

export interface ImportedEvent {
  source: 'rmonitor' | 'ecea-csv' | 'ama-json';
  name: string;
  /** Event date when the file states it, else null (the caller then supplies one). */
  startDate: string | null;
  location: string | null;
  /** Track length in km when the file states it. */
  trackLengthKm: number | null;
  races: ImportedRace[];
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
