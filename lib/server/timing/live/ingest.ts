/**
 * The live feed's writer (issue 10 "Passings are written as they arrive; standings are
 * recomputed by the ranking module; a change is published"): RMonitor lines in, races of an
 * event in the database out, a `live` message on the bus and the touched cache tags revalidated
 * after each write.
 *
 * - One writer per event: `start()` (or the first write) takes a PostgreSQL advisory lock on the
 *   event (`pg_try_advisory_lock(LIVE_LOCK_CLASS, eventId)`) on a connection of its own, held
 *   until `close()`; another ingest of the same event gets `LiveFeedBusyError`. A lock lost with
 *   its connection is taken again before the next write (if another feed took it meanwhile, this
 *   one stops writing; if the holder is the lost connection's own server process, not yet
 *   exited, that process is ended, waited for up to 5 s, and the lock taken). Then it marks the
 *   event's races left `live` by an earlier feed (a process killed without `finish()`) finished;
 *   a run that claims one again reopens it.
 * - ONE decoder for files and feeds: each line goes through the importer's `decodeLine` into an
 *   `RMonitorSession`; a malformed line is skipped and logged (line, field, detail) instead of
 *   stopping the feed (`stats.skipped`).
 * - Batches: everything pushed since the last write goes in ONE transaction, written as soon as
 *   the previous one committed: a catch-up of thousands of lines is a few transactions, a single
 *   live passing one small transaction. Each run is written in a savepoint of its own.
 * - A run becomes a race of the event when it has a finish-line passing (as the importer
 *   decides). Its race is found again by `races.live_run_key` (`runNo|description`) when that race
 *   is still `live` or changed within the idle window (`idleFinishMs`): a restarted feed, or a
 *   timing system that starts every connection with a `$I` reset (a new run of the session with
 *   the key of a run this ingest holds: it takes the race over), continues its race; the same key
 *   on another day (a finished race older than the window) gets a new race. Else a race is created
 *   after the event's races with `live_state = 'live'`.
 * - Each write recomputes the race of every run the batch touched exactly as the importer does
 *   (`toRace` + `rankImportedRace`) and writes what differs from what it wrote before, with the
 *   importer's row builders (lib/server/import/rows.ts): new participants and entries; entries,
 *   participants and results that changed (results as one multi-row upsert); passings appended,
 *   or — when passings already written changed (a `$COR` correction, timing-line crossings of a
 *   car that becomes an entrant later) — the run's passings rewritten (delete + insert) in that
 *   transaction; the race's clock, config, `live_state`, `live_seq + 1`, `live_updated_at`.
 *   So after a whole capture and `finish()` the database holds what `importResultsFile` of the
 *   same file writes.
 * - Merge mode: a race found again that holds passings this run did not write (a restart, a
 *   `$I` takeover) keeps them. While the feed repeats them from the start (a server replaying its
 *   history) it writes as above; otherwise each entry's finish-line passings are numbered on from
 *   the lap the race holds (the run's first passing of an entry is the stored lap with the same
 *   total time, else the lap after the last stored one), passings are matched by entry + lap
 *   (loop crossings by line + read time): a changed one is updated, a new one inserted, none
 *   deleted; a `$COR` names the lap as the race counts it (translated for the session, or applied
 *   to a stored passing the session never saw); a car's laps and best lap, when the timing system
 *   does not send them (`$G`, `$H`), are read from every passing the race holds. Cars the run
 *   never mentions keep the rows the race holds.
 * - Publishing: every write publishes a `live` message per race written and revalidates
 *   `race:{id}` and `live`; a race created or whose live state changed also `event:{id}` and
 *   `events`; a session that finished also the series holding the event (`series:{id}`).
 * - A run's session ends (`live_state = 'finished'`, a last write, a `finished` message) when
 *   another run gets a new passing, on `finish()`, after `idleFinishMs` without a new passing, or
 *   after `finishFlagIdleMs` without one once its flag is the finish (checkered) flag; a new
 *   passing in it later makes it live again.
 * - Failures: a write that fails because the database cannot be reached (SQLSTATE class 08,
 *   57P0x, ECONNREFUSED …: `isDatabaseUnavailable`) is retried after `retryMs` with everything
 *   still pending; nothing is lost while the process lives; logged once per outage. A run whose
 *   write fails for another reason (its savepoint rolls back, the other runs are written) is
 *   retried with the next writes and quarantined after `QUARANTINE_AFTER` failures in a row:
 *   logged, then skipped for the life of the ingest. Logs carry the driver's error message,
 *   never the statement or its parameters.
 */
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import type { LiveState } from '../../../contracts/live';
import { seriesOfEvents } from '../../cache/series-of-events';
import { revalidateTags, tags } from '../../cache/tags';
import type { Db } from '../../db';
import { isDatabaseUnavailable } from '../../db/availability';
import { classes, entries, participants, passings, races, results } from '../../db/schema';
import { rankImportedRace } from '../../import/rank';
import {
  chunks,
  entryRow,
  participantRow,
  passingRow,
  raceColumns,
  resultRow,
  rowsPerInsert,
  type EntryRow,
  type ParticipantRow,
  type PassingRow,
  type ResultRow,
} from '../../import/rows';
import { ImportError, type ImportedRace } from '../../import/types';
import { decodeLine, type RMonitorMessage } from '../rmonitor/decode';
import { RMonitorSession, type Roster, type Run } from '../rmonitor/session';
import { toRace } from '../rmonitor/to-race';
import type { Bus } from './bus';

/** Default `idleFinishMs`: a session without a new passing for this long has ended (ms). */
export const IDLE_FINISH_MS = 15 * 60_000;

/**
 * For readers (the list of live sessions, the live board): a race still `live` whose
 * `live_updated_at` is older than this (ms) has no feed writing it any more — its process died
 * without finishing it — and reads as finished. A running feed refreshes `live_updated_at` with
 * every write (each `$F` heartbeat, every second, while the timing system is connected), and
 * finishes a session itself after `IDLE_FINISH_MS` without a passing.
 */
export const LIVE_STALE_MS = IDLE_FINISH_MS;

/** Whether a race whose `live_state` is `live` and last changed at `updatedAt` is stale (see `LIVE_STALE_MS`); no date = stale. */
export function isLiveStale(updatedAt: Date | string | null, now: number = Date.now()): boolean {
  if (updatedAt === null) return true;
  const at = typeof updatedAt === 'string' ? Date.parse(updatedAt) : updatedAt.getTime();
  return !(now - at < LIVE_STALE_MS);
}

/**
 * Default `finishFlagIdleMs`: once a run's flag is the finish (checkered) flag, its session ends
 * after this long without a new passing (the last riders are home), instead of `IDLE_FINISH_MS`.
 */
export const FINISH_FLAG_IDLE_MS = 2 * 60_000;

/** A run whose write failed this many times in a row for a reason other than the connection is quarantined. */
export const QUARANTINE_AFTER = 3;

/** First key of the event's advisory lock: `pg_try_advisory_lock(LIVE_LOCK_CLASS, eventId)`. */
export const LIVE_LOCK_CLASS = 0x4c4c_4c46;

/** Another live feed holds the event (its advisory lock): one writer per event. */
export class LiveFeedBusyError extends Error {
  constructor(readonly eventId: number) {
    super(`Another live feed is already writing event ${eventId} (npm run live, or the bench): stop it first`);
    this.name = 'LiveFeedBusyError';
  }
}

/**
 * What to log of a failed database call: the driver's message and SQLSTATE, never the statement
 * or its parameters (Drizzle's own message carries both: the rider names of a whole batch).
 */
export function errorText(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause instanceof Error; depth++) e = e.cause;
  if (!(e instanceof Error)) return String(e).slice(0, 200);
  const code = (e as { code?: unknown }).code;
  const message = /^Failed query:/.test(e.message) ? 'query failed' : e.message.split('\n')[0].slice(0, 300);
  return typeof code === 'string' ? `${message} [${code}]` : message;
}

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

type RaceCols = ReturnType<typeof raceColumns> & { liveState: LiveState };

interface WrittenEntry {
  entryId: number;
  participantId: number;
  participant: ParticipantRow;
  entry: EntryRow;
  result: ResultRow | null;
}

/** What the database holds for a run's race (as this ingest wrote or found it). */
interface RaceState {
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
   * merged in, none deleted (see the file's docstring).
   */
  merge: boolean;
  /** Merge mode: entry id → lap the race holds for the run's first finish-line passing of that entry. */
  lapBase: Map<number, number>;
  /** Merge mode: `$COR` corrections of stored passings the run never saw, `entryId|#lap` → total time (ms). */
  corrections: Map<string, number>;
}

/** Values equal as the database returns them: dates by time, JSON by value (key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return isDeepStrictEqual(a, b);
  return false;
}

function sameRow<T extends object>(a: T, b: T): boolean {
  for (const key of Object.keys(a) as (keyof T)[]) if (!sameValue(a[key], b[key])) return false;
  return true;
}

function samePassing(a: PassingRow, b: PassingRow): boolean {
  return (
    a.entryId === b.entryId &&
    a.lapNumber === b.lapNumber &&
    a.lapTimeMs === b.lapTimeMs &&
    a.totalTimeMs === b.totalTimeMs &&
    a.section === b.section &&
    (a.readTime?.getTime() ?? null) === (b.readTime?.getTime() ?? null)
  );
}

/** A passing's identity when merging: a finish-line passing by entry + lap, a loop crossing by entry, line and read time. */
function mergeKey(p: PassingRow): string {
  return p.section === null ? `${p.entryId}|#${p.lapNumber}` : `${p.entryId}|${p.section}|${p.readTime?.getTime() ?? ''}`;
}

/**
 * Merge mode: numbers the run's finish-line passings (`rows`, in stream order, lap numbers as the
 * run counts them from 0) on from the laps `stored` holds; mutates `rows`; returns the lap bases
 * (entry id → stored lap of the run's lap 0), those of `known` kept.
 */
function numberOnFrom(stored: PassingRow[], rows: PassingRow[], known: Map<number, number>): Map<number, number> {
  const base = new Map(known);
  let byEntry: Map<number, PassingRow[]> | null = null;
  for (const r of rows) {
    if (r.section !== null || r.lapNumber === null) continue;
    let b = base.get(r.entryId);
    if (b === undefined) {
      if (!byEntry) {
        byEntry = new Map();
        for (const p of stored) if (p.section === null && p.lapNumber !== null) byEntry.set(p.entryId, [...(byEntry.get(p.entryId) ?? []), p]);
      }
      const mine = byEntry.get(r.entryId) ?? [];
      const same = mine.find((p) => p.totalTimeMs === r.totalTimeMs);
      let last = -1;
      for (const p of mine) last = Math.max(last, p.lapNumber!);
      b = (same ? same.lapNumber! : last + 1) - r.lapNumber;
      base.set(r.entryId, b);
    }
    r.lapNumber += b;
  }
  return base;
}

/**
 * Merge mode: what the race must hold — the stored passings, each replaced by the run's passing
 * with the same identity (`mergeKey`) when that differs, then the run's new ones, then the
 * corrections of stored passings applied (their lap time, and the next lap's, from the totals).
 */
function mergePassings(stored: PassingRow[], rows: PassingRow[], corrections: Map<string, number>): PassingRow[] {
  const desired = [...stored];
  const at = new Map<string, number>();
  desired.forEach((p, i) => at.set(mergeKey(p), i));
  for (const r of rows) {
    const key = mergeKey(r);
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, desired.length);
      desired.push(r);
    } else if (!samePassing(desired[i], r)) {
      desired[i] = r;
    }
  }
  for (const [key, total] of corrections) {
    const i = at.get(key);
    if (i === undefined) continue;
    const p = desired[i];
    if (p.lapNumber === null) continue;
    if (p.totalTimeMs !== total) {
      const prev = at.get(`${p.entryId}|#${p.lapNumber - 1}`);
      const prevTotal = prev === undefined ? null : desired[prev].totalTimeMs;
      const lapTimeMs = p.lapTimeMs === null ? null : prevTotal !== null ? total - prevTotal : p.lapTimeMs + (total - (p.totalTimeMs ?? total));
      desired[i] = { ...p, totalTimeMs: total, lapTimeMs };
    }
    // Every time: the run's own passing of the next lap carries the lap time sent before the correction.
    const next = at.get(`${p.entryId}|#${p.lapNumber + 1}`);
    if (next !== undefined) {
      const n = desired[next];
      if (n.lapTimeMs !== null && n.totalTimeMs !== null) desired[next] = { ...n, lapTimeMs: n.totalTimeMs - total };
    }
  }
  return desired;
}

/** `SET col = excluded.col` for every column of `table` but `skip` (an upsert that replaces the row). */
function excludedSet(table: Record<string, PgColumn>, skip: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(table)) {
    if (!skip.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

const RESULT_SET = excludedSet(getTableColumns(results), ['id', 'raceId', 'entryId']);
const ENTRY_SET = excludedSet(getTableColumns(entries), ['id', 'raceId', 'sourceKey', 'participantId']);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The run's key in `races.live_run_key`. */
export function runKey(run: Run): string {
  return `${run.runNumber ?? ''}|${run.description ?? ''}`;
}

/** Creates the writer of the live feed of event `eventId`; see the file's docstring. */
export function createLiveIngest({
  db,
  eventId,
  bus,
  idleFinishMs = IDLE_FINISH_MS,
  finishFlagIdleMs = FINISH_FLAG_IDLE_MS,
  retryMs = 1000,
  log = (m) => console.log(`[live] ${m}`),
}: LiveIngestOptions): LiveIngest {
  const session = new RMonitorSession();
  const stats: LiveIngestStats = {
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
  };
  const states = new Map<Run, RaceState>();
  /** Race id → the run of this ingest that writes it. */
  const holder = new Map<number, Run>();
  /** Runs whose race a later run with the same key took over (after a `$I`): never written again. */
  const retired = new Set<Run>();
  /** Runs whose writes kept failing: never written again. */
  const quarantined = new Set<Run>();
  /** Failed writes in a row per run (reasons other than the connection). */
  const failures = new Map<Run, number>();
  const classIds = new Map<string, number>();
  const noTeams = new Map<string, number>();
  /** Passings seen per run (to tell a new passing from a repeated one). */
  const seen = new Map<Run, number>();
  /** Runs with a finish-line passing: the runs that are races. */
  const isRace = new Set<Run>();
  /** The run the session's messages go to now (as `RMonitorSession` decides). */
  let current: Run | null = null;

  // What the next write must look at.
  const dirtyRosters = new Set<Roster>();
  const forced = new Set<Run>();
  let allRuns = false;

  let liveRun: Run | null = null;
  let lastPassingAt = 0;
  let armedCheckered = false;
  let idleTimer: NodeJS.Timeout | null = null;
  let scheduled = false;
  let writing = false;
  let flushing: Promise<void> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];
  /** Failed attempts of the database outage under way (0: none). */
  let outage = 0;
  let starting: Promise<void> | null = null;
  let lock: { client: pg.PoolClient; lost: boolean; detach: () => void; pid: number } | null = null;
  /** The server process that held the lock on a connection now lost: it may hold it a moment longer while it exits. */
  let lostPid = 0;
  /** Why this ingest writes nothing any more (closed, another feed holds the event). */
  let dead: string | null = null;

  const pending = () => dirtyRosters.size > 0 || forced.size > 0 || allRuns;

  const discard = () => {
    dirtyRosters.clear();
    forced.clear();
    allRuns = false;
  };

  const settle = () => {
    if (writing || scheduled || retryTimer || (pending() && !dead)) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const schedule = () => {
    if (scheduled || writing || retryTimer) return;
    scheduled = true;
    setImmediate(() => {
      flushing = flush().catch((err: unknown) => log(`internal error: ${errorText(err)}`));
    });
  };

  const retryLater = () => {
    if (retryTimer || dead) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      schedule();
      settle();
    }, retryMs);
    retryTimer.unref();
  };

  const isCheckered = (run: Run) => run.lastFlag?.toLowerCase() === 'finish';

  /** (Re)arms the end of the live run's session: idle limit from its last passing, shorter under the finish flag. */
  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const run = liveRun;
    if (!run || dead) return;
    const checkered = isCheckered(run);
    armedCheckered = checkered;
    const limit = checkered ? Math.min(finishFlagIdleMs, idleFinishMs) : idleFinishMs;
    idleTimer = setTimeout(
      () => {
        idleTimer = null;
        if (liveRun !== run) return;
        log(`run ${runKey(run)}: no passing for ${limit / 1000} s${checkered ? ' after the finish flag' : ''}, session finished`);
        forced.add(run);
        liveRun = null;
        schedule();
      },
      Math.max(0, lastPassingAt + limit - Date.now()),
    );
    idleTimer.unref();
  };

  /** A `$J`/`$L` went to the current run: if its passings grew, it had a new passing. */
  const afterPassing = (finishLine: boolean) => {
    const run = current;
    if (!run || run.passings.length === (seen.get(run) ?? 0)) return; // a repeated passing (duplicate filter)
    seen.set(run, run.passings.length);
    if (finishLine) isRace.add(run);
    if (!isRace.has(run) || quarantined.has(run)) return;
    if (liveRun !== run) {
      // The run before ends, unless it is the same run started over by a `$I` (it takes the race over).
      if (liveRun && runKey(liveRun) !== runKey(run)) forced.add(liveRun);
      liveRun = run;
    }
    lastPassingAt = Date.now();
    armIdle();
  };

  /**
   * Merge mode: a `$COR` names the lap as the race counts it; the session counts from the run's
   * first passing. Returns the correction for the session, or null when it corrects a stored
   * passing the run never saw (kept for the next write).
   */
  const translateCorrection = (msg: Extract<RMonitorMessage, { tag: 'COR' }>): RMonitorMessage | null => {
    const run = current;
    const state = run ? states.get(run) : undefined;
    if (!run || !state?.merge) return msg;
    const entryId = state.entries.get(msg.regNo)?.entryId;
    if (!entryId) return msg;
    const base = state.lapBase.get(entryId);
    const stored = state.passings.find((p) => p.entryId === entryId && p.section === null && p.lapNumber === msg.laps);
    // As the session does for the laps it counts: a standing that showed the old total shows the new one.
    const standing = run.standings.get(msg.regNo);
    const correctStanding = (old: number | null | undefined) => {
      if (standing && standing.laps === msg.laps && old != null && standing.totalTimeMs === old) standing.totalTimeMs = msg.totalTimeMs;
    };
    if (base === undefined ? stored : msg.laps < base) {
      state.corrections.set(`${entryId}|#${msg.laps}`, msg.totalTimeMs);
      correctStanding(stored?.totalTimeMs);
      forced.add(run);
      return null;
    }
    if (!base) return msg;
    const lap = msg.laps - base;
    correctStanding(run.laps.get(msg.regNo)?.[lap]?.totalTimeMs);
    return { ...msg, laps: lap };
  };

  const push = (line: string) => {
    const lineNo = ++stats.lines;
    if (dead) return;
    let msg: ReturnType<typeof decodeLine>;
    try {
      msg = decodeLine(line, lineNo);
    } catch (err) {
      stats.skipped++;
      if (err instanceof ImportError) log(`skipped line ${err.line}, field ${err.field}: ${err.detail}`);
      else log(`skipped line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (!msg) return;
    if (msg.tag === 'COR') {
      const translated = translateCorrection(msg);
      if (!translated) return schedule();
      msg = translated;
    }
    session.apply(msg);
    switch (msg.tag) {
      case 'unknown':
      case 'E':
        return;
      case 'I':
        current = null;
        return;
      case 'B':
        current = session.runs.at(-1)?.roster.runs.get(`${msg.runNo}|${msg.description}`) ?? null;
        break;
      case 'A':
      case 'COMP':
      case 'C':
        break;
      case 'T':
        allRuns = true;
        break;
      default:
        // Data for a run: the session created one when none was selected.
        current ??= session.runs.at(-1) ?? null;
        if (msg.tag === 'J' || msg.tag === 'L') afterPassing(msg.tag === 'J');
        else if (msg.tag === 'F' && liveRun && isCheckered(liveRun) !== armedCheckered) armIdle();
    }
    const roster = session.runs.at(-1)?.roster;
    if (roster) dirtyRosters.add(roster);
    schedule();
  };

  /** The runs the next write recomputes (and clears the marks). */
  const takeCandidates = (): Run[] => {
    const out = session.runs.filter((run) => allRuns || dirtyRosters.has(run.roster) || forced.has(run));
    discard();
    return out.filter((run) => isRace.has(run) && !retired.has(run) && !quarantined.has(run));
  };

  const noteOutage = (err: unknown) => {
    stats.failedWrites++;
    if (!outage) log(`database unreachable (${errorText(err)}): writing again every ${retryMs} ms, nothing is lost`);
    outage++;
  };

  const noteReachable = () => {
    if (!outage) return;
    log(`database reachable again after ${outage} failed attempt(s)`);
    outage = 0;
  };

  /** A run's write failed for a reason other than the connection: retried, or quarantined after `QUARANTINE_AFTER`. */
  const runFailed = (run: Run, err: unknown) => {
    stats.failedWrites++;
    const n = (failures.get(run) ?? 0) + 1;
    failures.set(run, n);
    if (n < QUARANTINE_AFTER) {
      if (n === 1) log(`run ${runKey(run)}: write failed (${errorText(err)}); retrying`);
      forced.add(run);
      return;
    }
    failures.delete(run);
    quarantined.add(run);
    stats.quarantined++;
    log(`run ${runKey(run)}: quarantined after ${n} failed writes (${errorText(err)}); its lines are no longer written`);
    if (liveRun === run) {
      liveRun = null;
      armIdle();
    }
  };

  /** Publishes what a committed write changed (see the file's docstring). Never throws. */
  const publish = async (changes: { raceId: number; seq: number; state: LiveState; stateChanged: boolean; finished: boolean }[]) => {
    if (!changes.length) return;
    try {
      if (bus) for (const c of changes) await bus.publish({ type: 'live', raceId: c.raceId, eventId, seq: c.seq, state: c.state });
    } catch (err) {
      log(`publish failed: ${errorText(err)}`);
    }
    const names: string[] = [...changes.map((c) => tags.race(c.raceId)), tags.live];
    if (changes.some((c) => c.stateChanged)) names.push(tags.event(eventId), tags.events);
    if (changes.some((c) => c.finished)) {
      try {
        names.push(...(await seriesOfEvents(db, [eventId])).map(tags.series));
      } catch (err) {
        log(`series lookup failed: ${errorText(err)}`);
      }
    }
    await revalidateTags(names);
  };

  /** Gives the lock's connection back: unlocked when it still works, else destroyed (which unlocks too). */
  const releaseLock = async () => {
    if (!lock) return;
    const { client, lost, detach, pid } = lock;
    lock = null;
    detach();
    if (lost) {
      lostPid = pid;
      return client.release(true);
    }
    try {
      await client.query('select pg_advisory_unlock($1, $2)', [LIVE_LOCK_CLASS, eventId]);
      client.release();
    } catch {
      client.release(true);
    }
  };

  /** Takes (or takes again) the event's advisory lock on a connection of its own. */
  const acquireLock = async () => {
    if (lock && !lock.lost) return;
    await releaseLock();
    const pool = (db as unknown as { $client?: pg.Pool }).$client;
    if (!pool || typeof pool.connect !== 'function') throw new Error('the live ingest needs a Drizzle database on a pg Pool (for the event lock)');
    const client = await pool.connect();
    const onError = (err: Error) => lost(errorText(err));
    const onEnd = () => lost('closed');
    const detach = () => {
      client.off('error', onError);
      client.off('end', onEnd);
    };
    const held = { client, lost: false, detach, pid: 0 };
    const lost = (why: string) => {
      if (held.lost) return;
      held.lost = true;
      if (!dead) log(`event lock connection lost (${why}); the lock is taken again before the next write`);
    };
    client.on('error', onError);
    client.on('end', onEnd);
    let ok: boolean;
    try {
      const tryLock = async () =>
        (await client.query<{ ok: boolean; pid: number }>('select pg_try_advisory_lock($1, $2) as ok, pg_backend_pid() as pid', [LIVE_LOCK_CLASS, eventId])).rows[0];
      let row = await tryLock();
      if (!row?.ok && lostPid) {
        // Busy: if the holder is this feed's own lost connection (its server process has not
        // exited yet), end it, wait for it to go (up to 5 s) and try once more.
        const { rows } = await client.query<{ pid: number }>(
          "select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and granted",
          [LIVE_LOCK_CLASS, eventId],
        );
        if (rows.some((r) => r.pid === lostPid)) {
          await client.query('select pg_terminate_backend($1, 5000)', [lostPid]).catch(() => {});
          row = await tryLock();
        }
      }
      ok = row?.ok === true;
      held.pid = row?.pid ?? 0;
      if (ok) lostPid = 0;
    } catch (err) {
      detach();
      client.release(true);
      throw err;
    }
    if (!ok) {
      detach();
      client.release();
      throw new LiveFeedBusyError(eventId);
    }
    lock = held;
  };

  /** Marks the event's races left `live` by an earlier feed finished (`live_updated_at` kept: the idle window counts from their last change). */
  const closeLeftLive = async () => {
    const rows = await db
      .update(races)
      .set({ liveState: 'finished', liveSeq: sql`${races.liveSeq} + 1` })
      .where(and(eq(races.eventId, eventId), eq(races.liveState, 'live')))
      .returning({ id: races.id, seq: races.liveSeq });
    if (!rows.length) return;
    stats.racesClosedAtStart += rows.length;
    log(`race(s) ${rows.map((r) => r.id).join(', ')} left live by an earlier feed: marked finished`);
    await publish(rows.map((r) => ({ raceId: r.id, seq: r.seq, state: 'finished' as const, stateChanged: true, finished: true })));
  };

  const start = (): Promise<void> =>
    (starting ??= (async () => {
      for (;;) {
        if (dead) throw new Error(`the live ingest of event ${eventId} is ${dead}`);
        try {
          await acquireLock();
          await closeLeftLive();
          noteReachable();
          return;
        } catch (err) {
          if (!(err instanceof LiveFeedBusyError) && isDatabaseUnavailable(err)) {
            noteOutage(err);
            await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
            continue;
          }
          if (err instanceof LiveFeedBusyError) log(err.message);
          else log(`cannot start: ${errorText(err)}`);
          dead ??= err instanceof LiveFeedBusyError ? 'not the writer of its event' : 'not started';
          throw err;
        }
      }
    })());

  /** Finds the race a run wrote before (see the file's docstring) and reads what it holds, or creates it. */
  const claimOrCreate = async (tx: Tx, run: Run, cols: RaceCols): Promise<{ state: RaceState; created: boolean }> => {
    const key = runKey(run);
    const [existing] = await tx
      .select({ id: races.id, seq: races.liveSeq, liveState: races.liveState })
      .from(races)
      .where(
        and(
          eq(races.eventId, eventId),
          eq(races.liveRunKey, key),
          or(eq(races.liveState, 'live'), gte(races.liveUpdatedAt, sql`now() - make_interval(secs => ${idleFinishMs / 1000})`)),
        ),
      )
      .orderBy(desc(races.liveUpdatedAt), desc(races.id))
      .limit(1);
    const empty = { lapBase: new Map<number, number>(), corrections: new Map<string, number>() };
    if (!existing) {
      const [row] = await tx
        .insert(races)
        .values({
          eventId,
          ...cols,
          sortOrder: sql`(select coalesce(max(${races.sortOrder}) + 1, 0) from ${races} where ${races.eventId} = ${eventId})`,
          liveRunKey: key,
          liveSeq: 1,
          liveUpdatedAt: sql`now()`,
        })
        .returning({ id: races.id });
      return { state: { raceId: row.id, runKey: key, seq: 1, liveState: null, race: null, entries: new Map(), passings: [], merge: false, ...empty }, created: true };
    }
    const raceId = existing.id;
    const entryRows = await tx.select().from(entries).where(eq(entries.raceId, raceId));
    const people = entryRows.length
      ? await tx
          .select({ id: participants.id, firstName: participants.firstName, lastName: participants.lastName, city: participants.city, state: participants.state, country: participants.country })
          .from(participants)
          .where(inArray(participants.id, entryRows.map((e) => e.participantId)))
      : [];
    const resultRows = await tx.select().from(results).where(eq(results.raceId, raceId));
    const passingRows = await tx
      .select({ raceId: passings.raceId, entryId: passings.entryId, lapNumber: passings.lapNumber, lapTimeMs: passings.lapTimeMs, totalTimeMs: passings.totalTimeMs, section: passings.section, readTime: passings.readTime })
      .from(passings)
      .where(eq(passings.raceId, raceId))
      .orderBy(asc(passings.id));
    const personById = new Map<number, ParticipantRow>(people.map(({ id, ...p }) => [id, p]));
    const resultByEntry = new Map(resultRows.map(({ id: _id, ...r }) => [r.entryId, r as ResultRow]));
    const written = new Map<string, WrittenEntry>();
    for (const { id, ...entry } of entryRows) {
      written.set(entry.sourceKey, {
        entryId: id,
        participantId: entry.participantId,
        participant: personById.get(entry.participantId)!,
        entry,
        result: resultByEntry.get(id) ?? null,
      });
    }
    return {
      state: { raceId, runKey: key, seq: existing.seq, liveState: existing.liveState, race: null, entries: written, passings: passingRows, merge: passingRows.length > 0, ...empty },
      created: false,
    };
  };

  /** Makes sure every class the races name exists; fills `classIds`. */
  const ensureClasses = async (tx: Tx, plans: ImportedRace[]) => {
    const missing = [...new Set(plans.flatMap((r) => r.entries.map((e) => e.className).filter((c): c is string => !!c && !classIds.has(c))))];
    if (!missing.length) return;
    await tx.insert(classes).values(missing.map((name) => ({ name }))).onConflictDoNothing();
    for (const row of await tx.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.name, missing))) classIds.set(row.name, row.id);
  };

  interface Plan {
    run: Run;
    /** The run's race as `toRace` saw it when the write began (ranked by `writeRun`). */
    race: ImportedRace;
    liveState: LiveState;
  }

  interface Written {
    run: Run;
    state: RaceState;
    created: boolean;
    /** The run of this ingest that held the race before (a `$I` started the run over). */
    tookOver: Run | null;
    finishedNow: boolean;
    /** The race went live with this write (created, found again, or reopened). */
    liveNow: boolean;
    /** Passing rows inserted and updated. */
    inserted: number;
    updated: number;
    /** The run's passings were rewritten. */
    rewritten: boolean;
  }

  /**
   * Writes one run's race inside `tx`: only what differs from what it holds; null when nothing
   * did, or when another run took its race over in this transaction. `owners` (race id → run) is
   * the transaction's view of `holder`.
   */
  const writeRun = async (tx: Tx, { run, race, liveState }: Plan, owners: Map<number, Run>): Promise<Written | null> => {
    const cols: RaceCols = { ...raceColumns(race), liveState };
    let base = states.get(run);
    if (base && owners.get(base.raceId) !== run) return null;
    let created = false;
    if (!base) {
      const claim = await claimOrCreate(tx, run, cols);
      base = claim.state;
      created = claim.created;
    }
    const previousOwner = owners.get(base.raceId);
    const tookOver = previousOwner && previousOwner !== run ? previousOwner : null;
    const raceId = base.raceId;
    const known = base.entries;
    const next = new Map(known);

    // Entries and their participants: new ones, and the ones whose details changed.
    const fresh = race.entries.filter((e) => !known.has(e.key));
    const people = fresh.length ? await insertRows(tx, participants, fresh.map(participantRow), { id: participants.id }) : [];
    const participantOf = new Map(fresh.map((e, i) => [e.key, people[i].id]));
    const entryUpserts: EntryRow[] = [];
    let changed = false;
    for (const e of race.entries) {
      const was = known.get(e.key);
      const participantId = was?.participantId ?? participantOf.get(e.key)!;
      const person = participantRow(e);
      const entry = entryRow(e, { raceId, participantId, classIds, teamIds: noTeams });
      if (base.merge && was && entry.gridPosition === null) {
        // A run that joined the session late has no start grid: the race keeps the one it holds.
        entry.gridPosition = was.entry.gridPosition;
        entry.gridLabel = was.entry.gridLabel;
      }
      if (was && !sameRow(was.participant, person)) {
        await tx.update(participants).set(person).where(eq(participants.id, participantId));
        changed = true;
      }
      if (!was || !sameRow(was.entry, entry)) entryUpserts.push(entry);
      next.set(e.key, { entryId: was?.entryId ?? 0, participantId, participant: person, entry, result: was?.result ?? null });
    }
    for (const chunk of chunks(entryUpserts, rowsPerInsert(entryUpserts))) {
      const rows = await tx
        .insert(entries)
        .values(chunk)
        .onConflictDoUpdate({ target: [entries.raceId, entries.sourceKey], set: ENTRY_SET })
        .returning({ id: entries.id, sourceKey: entries.sourceKey });
      for (const r of rows) next.get(r.sourceKey)!.entryId = r.id;
      changed = true;
    }

    // Passings: append the new ones; when ones already written changed ($COR), rewrite the run's;
    // in merge mode number them on from the race's laps and match them (see the file's docstring).
    const rows = race.passings.map((p) => passingRow(p, raceId, next.get(p.entryKey)!.entryId));
    const written = base.passings;
    const lapBase = base.merge ? numberOnFrom(written, rows, base.lapBase) : base.lapBase;
    const prefix = base.corrections.size === 0 && written.length <= rows.length && written.every((w, i) => samePassing(w, rows[i]));
    const merge = base.merge && !prefix;
    let toInsert: PassingRow[];
    let updated = 0;
    let kept = rows;
    if (prefix) {
      toInsert = rows.slice(written.length);
    } else if (merge) {
      kept = mergePassings(written, rows, base.corrections);
      for (let i = 0; i < written.length; i++) {
        const p = kept[i];
        if (samePassing(p, written[i]) || p.section !== null || p.lapNumber === null) continue;
        await tx
          .update(passings)
          .set({ lapTimeMs: p.lapTimeMs, totalTimeMs: p.totalTimeMs })
          .where(and(eq(passings.raceId, raceId), eq(passings.entryId, p.entryId), eq(passings.lapNumber, p.lapNumber), isNull(passings.section)));
        updated++;
      }
      toInsert = kept.slice(written.length);
    } else {
      await tx.delete(passings).where(eq(passings.raceId, raceId));
      toInsert = rows;
    }
    if (toInsert.length) await insertRows(tx, passings, toInsert);
    const rewritten = !prefix && !merge;
    changed ||= toInsert.length > 0 || updated > 0 || rewritten;

    // Standings, ranked as the importer ranks them; in merge mode a car's laps and best lap come
    // from every passing the race holds when the timing system did not send them ($G, $H).
    if (merge) {
      const finishLaps = new Map<number, PassingRow[]>();
      for (const p of [...kept].sort((a, b) => (a.lapNumber ?? 0) - (b.lapNumber ?? 0))) {
        if (p.section === null && p.lapNumber !== null) finishLaps.set(p.entryId, [...(finishLaps.get(p.entryId) ?? []), p]);
      }
      for (const e of race.entries) {
        const laps = finishLaps.get(next.get(e.key)!.entryId);
        if (!laps?.length) continue;
        if (run.standings.get(e.key)?.laps == null) e.result.laps = laps.at(-1)!.lapNumber;
        e.result.lastLapMs = laps.at(-1)!.lapTimeMs;
        if (!run.bests.has(e.key)) {
          let best: PassingRow | null = null;
          for (const p of laps) if (p.lapTimeMs !== null && (best === null || p.lapTimeMs < best.lapTimeMs!)) best = p;
          e.result.bestLapMs = best?.lapTimeMs ?? null;
          e.result.bestLapNumber = best?.lapNumber ?? null;
        }
      }
    }
    rankImportedRace(race);

    // Results: one multi-row upsert of the rows that changed.
    const resultUpserts: ResultRow[] = [];
    for (const e of race.entries) {
      const w = next.get(e.key)!;
      const row = resultRow(e, raceId, w.entryId);
      if (!w.result || !sameRow(w.result, row)) resultUpserts.push(row);
      w.result = row;
    }
    for (const chunk of chunks(resultUpserts, rowsPerInsert(resultUpserts))) {
      await tx.insert(results).values(chunk).onConflictDoUpdate({ target: results.entryId, set: RESULT_SET });
      changed = true;
    }

    if (!changed && !created && !tookOver && base.race && sameRow(base.race, cols)) return null;
    let seq = base.seq;
    if (!created) {
      const [row] = await tx
        .update(races)
        .set({ ...cols, liveSeq: sql`${races.liveSeq} + 1`, liveUpdatedAt: sql`now()` })
        .where(eq(races.id, raceId))
        .returning({ seq: races.liveSeq });
      seq = row.seq;
    }
    return {
      run,
      state: { raceId, runKey: base.runKey, seq, liveState, race: cols, entries: next, passings: kept, merge, lapBase, corrections: base.corrections },
      created,
      tookOver,
      finishedNow: liveState === 'finished' && base.liveState !== 'finished',
      liveNow: liveState === 'live' && base.liveState !== 'live',
      inserted: toInsert.length,
      updated,
      rewritten,
    };
  };

  /** One transaction with every run marked since the last one, each in a savepoint; see the file's docstring. */
  const writeBatch = async () => {
    const runs = takeCandidates();
    const sections = session.track?.sections ?? [];
    const failed: { run: Run; err: unknown }[] = [];
    // Snapshots taken now, before any await: lines pushed meanwhile go to the next write.
    const plans: Plan[] = [];
    for (const run of runs) {
      try {
        plans.push({ run, race: toRace(run, sections), liveState: run === liveRun ? 'live' : 'finished' });
      } catch (err) {
        failed.push({ run, err });
      }
    }
    let written: Written[] = [];
    if (plans.length) {
      const started = performance.now();
      const classesBefore = new Map(classIds);
      const restoreClasses = (to: Map<string, number>) => {
        classIds.clear();
        for (const [k, v] of to) classIds.set(k, v);
      };
      try {
        written = await db.transaction(async (tx) => {
          const out: Written[] = [];
          const owners = new Map(holder);
          for (const plan of plans) {
            const before = new Map(classIds);
            try {
              const w = await tx.transaction(async (sp) => {
                await ensureClasses(sp, [plan.race]);
                return writeRun(sp, plan, owners);
              });
              if (w) {
                out.push(w);
                owners.set(w.state.raceId, plan.run);
              }
            } catch (err) {
              if (isDatabaseUnavailable(err)) throw err;
              // Classes read inside the rolled-back savepoint may not exist.
              restoreClasses(before);
              failed.push({ run: plan.run, err });
            }
          }
          return out;
        });
        noteReachable();
      } catch (err) {
        restoreClasses(classesBefore);
        written = [];
        if (isDatabaseUnavailable(err)) {
          noteOutage(err);
          for (const { run } of plans) forced.add(run);
          for (const f of failed) forced.add(f.run);
          retryLater();
          return;
        }
        // The transaction itself failed (its commit): every run of it failed.
        const already = new Set(failed.map((f) => f.run));
        for (const { run } of plans) if (!already.has(run)) failed.push({ run, err });
      }
      if (written.length) {
        stats.writes++;
        stats.lastWriteMs = performance.now() - started;
      }
    }

    for (const w of written) {
      if (w.tookOver) {
        states.delete(w.tookOver);
        retired.add(w.tookOver);
        if (liveRun === w.tookOver) liveRun = w.run;
      }
      states.set(w.run, w.state);
      holder.set(w.state.raceId, w.run);
      failures.delete(w.run);
      stats.passings += w.inserted;
      stats.updatedPassings += w.updated;
      if (w.rewritten) stats.rewrites++;
      if (w.created) stats.racesCreated++;
      const key = w.state.runKey;
      if (w.created) log(`run ${key}: started, race ${w.state.raceId} created`);
      else if (w.tookOver) log(`run ${key}: started over by the timing system, continues race ${w.state.raceId}`);
      else if (w.liveNow) log(`run ${key}: live again in race ${w.state.raceId}`);
      if (w.finishedNow) log(`run ${key}: session finished (race ${w.state.raceId})`);
    }
    for (const { run, err } of failed) runFailed(run, err);
    if (failed.some((f) => !quarantined.has(f.run))) retryLater();
    await publish(
      written.map((w) => ({
        raceId: w.state.raceId,
        seq: w.state.seq,
        state: w.state.liveState!,
        stateChanged: w.created || w.liveNow || w.finishedNow,
        finished: w.finishedNow,
      })),
    );
  };

  const flush = async () => {
    scheduled = false;
    if (dead) discard();
    if (!pending()) return settle();
    writing = true;
    try {
      await start();
      await acquireLock(); // a lock lost with its connection is taken again
      await writeBatch();
    } catch (err) {
      if (err instanceof LiveFeedBusyError) {
        if (!dead) log(`another feed took event ${eventId} while this one was disconnected: this one stops writing`);
        dead ??= 'not the writer of its event';
        discard();
      } else if (!dead && isDatabaseUnavailable(err)) {
        noteOutage(err);
        retryLater();
      } else if (!dead) {
        log(`write failed: ${errorText(err)}`);
        retryLater();
      }
    } finally {
      writing = false;
    }
    if (dead) discard();
    if (pending() && !retryTimer) schedule();
    else settle();
  };

  const whenSettled = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      settle();
    });

  return {
    start,
    push,
    stats,
    idle: whenSettled,
    async finish() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (liveRun) {
        forced.add(liveRun);
        liveRun = null;
      }
      if (!dead) schedule();
      await whenSettled();
    },
    async close() {
      dead ??= 'closed';
      if (idleTimer) clearTimeout(idleTimer);
      if (retryTimer) clearTimeout(retryTimer);
      idleTimer = null;
      retryTimer = null;
      discard();
      await flushing;
      await starting?.catch(() => {});
      await releaseLock();
      settle();
    },
    races() {
      return [...states.values()].map((s) => ({ raceId: s.raceId, runKey: s.runKey, state: s.liveState ?? 'live', seq: s.seq }));
    },
  };
}

/** Inserts `rows` in chunks under the bind-parameter limit; returns the `returning` rows in order. */
async function insertRows<R extends Record<string, PgColumn>>(
  tx: Tx,
  table: typeof participants | typeof passings,
  rows: object[],
  returning?: R,
): Promise<{ [K in keyof R]: number }[]> {
  const out: { [K in keyof R]: number }[] = [];
  for (const chunk of chunks(rows, rowsPerInsert(rows))) {
    const q = tx.insert(table).values(chunk as never);
    if (returning) out.push(...((await q.returning(returning as never)) as never[]));
    else await q;
  }
  return out;
}
