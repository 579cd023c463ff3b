/**
 * The state of one live ingest, shared by its steps: ONE object (`IngestState`), created by
 * `createIngestState` for each `createLiveIngest` (./index.ts), grouped by the step that owns
 * each part — the runs and what is known of them, the marks of what the next write must look at
 * (./apply-line.ts sets them, ./write-batch.ts takes them), the live session and its idle timer
 * (./session-end.ts), the batch writer (./batch-writer.ts), the event lock (./event-lock.ts,
 * ./start.ts). Also the per-run record of what the database holds for a run's race (`RaceState`).
 */
import type pg from 'pg';
import type { LiveState } from '../../../../contracts/live';
import type { Db } from '../../../db';
import type { EntryRow, ParticipantRow, PassingRow, raceColumns, ResultRow } from '../../../import/rows';
import { RMonitorSession, type Roster, type Run } from '../../rmonitor/session';
import type { Bus } from '../bus';
import type { LiveIngestStats } from './types';

/** A transaction (or a savepoint) of a write. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A race's own columns as the ingest writes them. */
export type RaceCols = ReturnType<typeof raceColumns> & { liveState: LiveState };

/** An entry of a run's race as written (its ids, and the rows last written for it). */
export interface WrittenEntry {
  entryId: number;
  participantId: number;
  participant: ParticipantRow;
  entry: EntryRow;
  result: ResultRow | null;
}

/** What the database holds for a run's race (as this ingest wrote or found it). */
export interface RaceState {
  raceId: number;
  runKey: string;
  seq: number;
  /** `live_state` of the row (null: just created in this write). */
  liveState: LiveState | null;
  race: RaceCols | null;
  entries: Map<string, WrittenEntry>;
  passings: PassingRow[];
  /**
   * The race was found with passings this run did not write (a restart, a `$I` takeover): until
   * the feed's passings repeat them from the start, new passings are numbered on from them and
   * merged in, none deleted (./merge-passings.ts).
   */
  merge: boolean;
  /** Merge mode: entry id → lap the race holds for the run's first finish-line passing of that entry. */
  lapBase: Map<number, number>;
  /** Merge mode: `$COR` corrections of stored passings the run never saw, `entryId|#lap` → total time (ms). */
  corrections: Map<string, number>;
}

/** The options of `createLiveIngest`, defaults applied. */
export interface IngestSettings {
  db: Db;
  eventId: number;
  bus: Bus | undefined;
  idleFinishMs: number;
  finishFlagIdleMs: number;
  retryMs: number;
  log: (message: string) => void;
}

/** The runs of the session and what this ingest knows of each. */
export interface RunsState {
  /** The run the session's messages go to now (as `RMonitorSession` decides; ./apply-line.ts). */
  current: Run | null;
  /** What the database holds for each run's race (once written or claimed). */
  states: Map<Run, RaceState>;
  /** Race id → the run of this ingest that writes it. */
  holder: Map<number, Run>;
  /** Runs whose race a later run with the same key took over (after a `$I`): never written again. */
  retired: Set<Run>;
  /** Runs whose writes kept failing: never written again (./quarantine.ts). */
  quarantined: Set<Run>;
  /** Failed writes in a row per run (reasons other than the connection; ./quarantine.ts). */
  failures: Map<Run, number>;
  /** Passings seen per run (to tell a new passing from a repeated one). */
  seen: Map<Run, number>;
  /** Runs with a finish-line passing: the runs that are races. */
  isRace: Set<Run>;
}

/** What the next write must look at (./apply-line.ts and others mark, ./write-batch.ts takes). */
export interface Marks {
  /** Rosters whose runs received a message. */
  rosters: Set<Roster>;
  /** Runs to write whatever their roster (a session that ended, a failed write to retry, a correction). */
  forced: Set<Run>;
  /** Every run (the track changed: `$T`). */
  allRuns: boolean;
}

/** The session that is live now and the end of it (./session-end.ts). */
export interface LiveRunState {
  /** The run whose session is live (its last new passing is the latest of the feed). */
  run: Run | null;
  /** When it had its last new passing (epoch ms). */
  lastPassingAt: number;
  /** Whether the idle timer was armed under the finish flag. */
  armedCheckered: boolean;
  /** Ends the session after the idle limit. */
  timer: NodeJS.Timeout | null;
}

/** The batch writer: one write at a time, retried later on failure (./batch-writer.ts). */
export interface WriterState {
  /** What one write does (./index.ts: start, the lock, ./write-batch.ts). */
  readonly write: (state: IngestState) => Promise<void>;
  /** A write is due in the next turn of the event loop. */
  scheduled: boolean;
  /** A write is under way. */
  writing: boolean;
  /** The last write started (`close()` waits for it). */
  flushing: Promise<void>;
  /** A write is retried when it fires. */
  retryTimer: NodeJS.Timeout | null;
  /** `idle()` callers waiting for everything pushed to be written. */
  waiters: (() => void)[];
  /** Failed attempts of the database outage under way (0: none). */
  outage: number;
}

/** The event's advisory lock, held on a connection of its own (./event-lock.ts). */
export interface HeldLock {
  client: pg.PoolClient;
  /** Its connection was lost: taken again before the next write. */
  lost: boolean;
  /** Stops listening to the connection's events. */
  detach: () => void;
  /** The server process of its connection. */
  pid: number;
}

export interface LockState {
  held: HeldLock | null;
  /** The server process that held the lock on a connection now lost: it may hold it a moment longer while it exits. */
  lostPid: number;
  /** `start()` under way or done (./start.ts). */
  starting: Promise<void> | null;
}

/** Everything one live ingest holds; see the file's docstring. */
export interface IngestState extends Readonly<IngestSettings> {
  readonly session: RMonitorSession;
  readonly stats: LiveIngestStats;
  readonly runs: RunsState;
  readonly marks: Marks;
  readonly live: LiveRunState;
  readonly writer: WriterState;
  readonly lock: LockState;
  /** Class name → id (classes exist once written; ./write-run.ts). */
  readonly classIds: Map<string, number>;
  /** The live feed has no teams: an empty team map for the importer's row builders. */
  readonly noTeams: Map<string, number>;
  /** Why this ingest writes nothing any more (closed, another feed holds the event); null while it writes. */
  dead: string | null;
}

/** A fresh state: nothing decoded, written or locked yet; `write` is what each write of the batch writer does. */
export function createIngestState(settings: IngestSettings, write: (state: IngestState) => Promise<void>): IngestState {
  const session = new RMonitorSession();
  return {
    ...settings,
    session,
    stats: {
      lines: 0,
      skipped: 0,
      unknownMessages: session.unknownMessages,
      writes: 0,
      failedWrites: 0,
      quarantined: 0,
      passings: 0,
      updatedPassings: 0,
      rewrites: 0,
      racesCreated: 0,
      racesClosedAtStart: 0,
      lastWriteMs: null,
    },
    runs: {
      current: null,
      states: new Map(),
      holder: new Map(),
      retired: new Set(),
      quarantined: new Set(),
      failures: new Map(),
      seen: new Map(),
      isRace: new Set(),
    },
    marks: { rosters: new Set(), forced: new Set(), allRuns: false },
    live: { run: null, lastPassingAt: 0, armedCheckered: false, timer: null },
    writer: { write, scheduled: false, writing: false, flushing: Promise.resolve(), retryTimer: null, waiters: [], outage: 0 },
    lock: { held: null, lostPid: 0, starting: null },
    classIds: new Map(),
    noTeams: new Map(),
    dead: null,
  };
}

/** Whether a run is marked for the next write. */
export function pending({ marks }: IngestState): boolean {
  return marks.rosters.size > 0 || marks.forced.size > 0 || marks.allRuns;
}

/** Clears the marks (taken by a write, or dropped when the ingest writes no more). */
export function discard({ marks }: IngestState): void {
  marks.rosters.clear();
  marks.forced.clear();
  marks.allRuns = false;
}
