/**
 * The live feed's writer (issue 10 "Passings are written as they arrive; standings are
 * recomputed by the ranking module; a change is published"): RMonitor lines in, races of an
 * event in the database out, a `live` message on the bus and the touched cache tags revalidated
 * after each write. `createLiveIngest` composes the steps below, one file each, sharing ONE state
 * object (./state.ts).
 *
 * - One writer per event (./event-lock.ts, ./start.ts): `start()` (or the first write) takes a
 *   PostgreSQL advisory lock on the event on a connection of its own, held until `close()`;
 *   another ingest of the same event gets `LiveFeedBusyError`. A lock lost with its connection is
 *   taken again before the next write (if another feed took it meanwhile, this one stops writing;
 *   if the holder is the lost connection's own server process, not yet exited, that process is
 *   ended, waited for up to 5 s, and the lock taken). Then it marks the event's races left `live`
 *   by an earlier feed (a process killed without `finish()`) finished; a run that claims one
 *   again reopens it.
 * - ONE decoder for files and feeds (./apply-line.ts): each line goes through the importer's
 *   `decodeLine` into an `RMonitorSession`; a malformed line is skipped and logged (line, field,
 *   detail) instead of stopping the feed (`stats.skipped`).
 * - Batches (./batch-writer.ts, ./write-batch.ts): everything pushed since the last write goes in
 *   ONE transaction, written as soon as the previous one committed: a catch-up of thousands of
 *   lines is a few transactions, a single live passing one small transaction. Each run is written
 *   in a savepoint of its own (./write-run.ts).
 * - A run becomes a race of the event when it has a finish-line passing (as the importer
 *   decides). Its race is found again (./match-run.ts) by `races.live_run_key`
 *   (`runNo|description`) when that race is still `live` or changed within the idle window
 *   (`idleFinishMs`): a restarted feed, or a timing system that starts every connection with a
 *   `$I` reset (a new run of the session with the key of a run this ingest holds: it takes the
 *   race over), continues its race; the same key on another day (a finished race older than the
 *   window) gets a new race. Else a race is created after the event's races, `live`.
 * - Each write recomputes the race of every run the batch touched exactly as the importer does
 *   (`toRace` + `rankImportedRace`) and writes what differs from what it wrote before
 *   (./diff-rows.ts, with the importer's row builders): new participants and entries; entries,
 *   participants and results that changed; passings appended, or — when passings already written
 *   changed (a `$COR`, timing-line crossings of a car that becomes an entrant later) — the run's
 *   passings rewritten; the race's clock, config, `live_state`, `live_seq + 1`,
 *   `live_updated_at` (./write-run.ts). So after a whole capture and `finish()` the database
 *   holds what `importResultsFile` of the same file writes.
 * - Merge mode (./merge-passings.ts): a race found again that holds passings this run did not
 *   write (a restart, a `$I` takeover) keeps them; unless the feed repeats them from the start,
 *   laps are numbered on from the race's, passings matched by entry + lap and updated or inserted,
 *   none deleted, a `$COR` names the lap as the race counts it, a car's laps and best lap come
 *   from every passing the race holds when the timing system does not send them. Cars the run
 *   never mentions keep the rows the race holds.
 * - Publishing (./publish.ts): every write publishes a `live` message per race written and
 *   revalidates `race:{id}` and `live`; a race created or whose live state changed also
 *   `event:{id}` and `events`; a session that finished also the series holding the event.
 * - A run's session ends (./session-end.ts: `live_state = 'finished'`, a last write, a
 *   `finished` message) when another run gets a new passing, on `finish()`, after `idleFinishMs`
 *   (15 minutes) without a new passing, or after `finishFlagIdleMs` (2 minutes) without one once
 *   its flag is the finish (checkered) flag; a new passing in it later makes it live again.
 * - Failures: a write that fails because the database cannot be reached (SQLSTATE class 08,
 *   57P0x, ECONNREFUSED …: `isDatabaseUnavailable`) is retried after `retryMs` with everything
 *   still pending; nothing is lost while the process lives; logged once per outage
 *   (./batch-writer.ts). A run whose write fails for another reason (its savepoint rolls back,
 *   the other runs are written) is retried with the next writes and quarantined after
 *   `QUARANTINE_AFTER` failures in a row: logged, then skipped for the life of the ingest
 *   (./quarantine.ts). Logs carry the driver's error message, never the statement or its
 *   parameters (./error-text.ts).
 */
import { applyLine } from './apply-line';
import { cancelRetry, schedule, settle, whenSettled } from './batch-writer';
import { acquireLock, releaseLock } from './event-lock';
import { endLiveSession, FINISH_FLAG_IDLE_MS, IDLE_FINISH_MS, stopIdleTimer } from './session-end';
import { start } from './start';
import { createIngestState, discard } from './state';
import type { LiveIngest, LiveIngestOptions } from './types';
import { writeBatch } from './write-batch';

export { errorText } from './error-text';
export { LIVE_LOCK_CLASS, LiveFeedBusyError } from './event-lock';
export { runKey } from './match-run';
export { QUARANTINE_AFTER } from './quarantine';
export { FINISH_FLAG_IDLE_MS, IDLE_FINISH_MS, isLiveStale, LIVE_STALE_MS } from './session-end';
export type { LiveIngest, LiveIngestOptions, LiveIngestStats, LiveRaceInfo } from './types';

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
  // What each write of the batch writer does.
  const state = createIngestState({ db, eventId, bus, idleFinishMs, finishFlagIdleMs, retryMs, log }, async (s) => {
    await start(s);
    await acquireLock(s); // a lock lost with its connection is taken again
    await writeBatch(s);
  });

  return {
    start: () => start(state),
    push: (line) => applyLine(state, line),
    stats: state.stats,
    idle: () => whenSettled(state),
    async finish() {
      endLiveSession(state);
      if (!state.dead) schedule(state);
      await whenSettled(state);
    },
    async close() {
      state.dead ??= 'closed';
      stopIdleTimer(state);
      cancelRetry(state);
      discard(state);
      await state.writer.flushing;
      await state.lock.starting?.catch(() => {});
      await releaseLock(state);
      settle(state);
    },
    races() {
      return [...state.runs.states.values()].map((s) => ({ raceId: s.raceId, runKey: s.runKey, state: s.liveState ?? 'live', seq: s.seq }));
    },
  };
}
