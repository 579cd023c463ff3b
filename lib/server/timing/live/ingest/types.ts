/**
 * The live ingest's public types (see ./index.ts): its options, its counters, the races it
 * writes and the object `createLiveIngest` returns.
 */
import type { LiveState } from '../../../../contracts/live';
import type { Db } from '../../../db';
import type { Bus } from '../bus';

export interface LiveIngestOptions {
  db: Db;
  /** The event the runs are written into (it must exist). */
  eventId: number;
  /** Where `live` messages go after each write (none: nothing published). */
  bus?: Bus;
  /**
   * A run's session ends after this long without a new passing (ms); default `IDLE_FINISH_MS`.
   * Also the window in which a run's key continues a race that is no longer `live`.
   */
  idleFinishMs?: number;
  /** Once a run's flag is the finish flag, its session ends after this long without a passing (ms); default `FINISH_FLAG_IDLE_MS`. */
  finishFlagIdleMs?: number;
  /** Wait before retrying a failed write (ms); default 1 s. */
  retryMs?: number;
  /** Where runs started/finished, skipped lines and failed writes are reported; default console. */
  log?: (message: string) => void;
}

export interface LiveIngestStats {
  /** Lines pushed. */
  lines: number;
  /** Malformed lines skipped. */
  skipped: number;
  /** Message types the decoder does not know, with counts (not skipped: ignored). */
  unknownMessages: Record<string, number>;
  /** Transactions committed. */
  writes: number;
  /** Writes that failed (connection failures retried, run failures retried or quarantined). */
  failedWrites: number;
  /** Runs quarantined (their writes kept failing for a reason other than the connection). */
  quarantined: number;
  /** Passing rows inserted (rewrites included). */
  passings: number;
  /** Passing rows updated in place (merge mode: a corrected passing). */
  updatedPassings: number;
  /** Times a run's passings were rewritten because passings already written changed. */
  rewrites: number;
  /** Races created. */
  racesCreated: number;
  /** Races left `live` by an earlier feed, marked finished at start. */
  racesClosedAtStart: number;
  /** Duration of the last committed transaction (ms). */
  lastWriteMs: number | null;
}

/** A race the ingest writes, as last committed. */
export interface LiveRaceInfo {
  raceId: number;
  runKey: string;
  state: LiveState;
  seq: number;
}

export interface LiveIngest {
  /**
   * Takes the event's lock and marks the races an earlier feed left `live` finished; the first
   * write calls it when nobody did. Retries while the database cannot be reached. Rejects with
   * `LiveFeedBusyError` when another ingest holds the event (this one then writes nothing), or
   * when closed first. Idempotent.
   */
  start(): Promise<void>;
  /** One RMonitor line (without its line end); decoded and applied at once, written soon. */
  push(line: string): void;
  /** The feed stopped: ends the running session, writes, resolves once everything is written. */
  finish(): Promise<void>;
  /** Resolves when everything pushed so far is written (and published). */
  idle(): Promise<void>;
  /**
   * Stops for good and releases the event's lock; what is not written yet is dropped (call
   * `finish()` first for an orderly stop; `close()` alone is what a killed process leaves).
   */
  close(): Promise<void>;
  readonly stats: LiveIngestStats;
  /** The races written so far, in order of creation or claim. */
  races(): LiveRaceInfo[];
}
