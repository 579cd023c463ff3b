/**
 * The batch writer (the header of ./index.ts, "Batches" and "Failures"): everything pushed since
 * the last write goes in ONE write, started as soon as the previous one is done (one at a time,
 * never two overlapping); a write the database could not be reached for is retried after
 * `retryMs` with everything still pending (nothing is lost while the process lives), the outage
 * logged once. What a write does is `state.writer.write` (./index.ts: the start, the event lock,
 * then ./write-batch.ts); `idle()` waits here until nothing is pending.
 */
import { isDatabaseUnavailable } from '../../../db/availability';
import { errorText } from './error-text';
import { LiveFeedBusyError } from './event-lock';
import { discard, pending, type IngestState } from './state';

/** Resolves the `idle()` callers once no write is under way, due or waiting for a retry, and nothing is pending. */
export function settle(state: IngestState): void {
  const w = state.writer;
  if (w.writing || w.scheduled || w.retryTimer || (pending(state) && !state.dead)) return;
  const done = w.waiters;
  w.waiters = [];
  for (const resolve of done) resolve();
}

/** Writes what is pending in the next turn of the event loop, unless a write is under way, due or waiting for a retry. */
export function schedule(state: IngestState): void {
  const w = state.writer;
  if (w.scheduled || w.writing || w.retryTimer) return;
  w.scheduled = true;
  setImmediate(() => {
    w.flushing = flush(state).catch((err: unknown) => state.log(`internal error: ${errorText(err)}`));
  });
}

/** Writes again after `retryMs` (a failed write; lines pushed meanwhile wait for it). */
export function retryLater(state: IngestState): void {
  const w = state.writer;
  if (w.retryTimer || state.dead) return;
  w.retryTimer = setTimeout(() => {
    w.retryTimer = null;
    schedule(state);
    settle(state);
  }, state.retryMs);
  w.retryTimer.unref();
}

/** Drops the retry waiting (the ingest closes). */
export function cancelRetry({ writer }: IngestState): void {
  if (writer.retryTimer) clearTimeout(writer.retryTimer);
  writer.retryTimer = null;
}

/** Resolves when everything pushed so far is written (and published), or dropped. */
export function whenSettled(state: IngestState): Promise<void> {
  return new Promise<void>((resolve) => {
    state.writer.waiters.push(resolve);
    settle(state);
  });
}

/** A call failed because the database cannot be reached: counted, logged on the first attempt of the outage. */
export function noteOutage(state: IngestState, err: unknown): void {
  state.stats.failedWrites++;
  if (!state.writer.outage) state.log(`database unreachable (${errorText(err)}): writing again every ${state.retryMs} ms, nothing is lost`);
  state.writer.outage++;
}

/** A call went through: ends the outage under way (logged). */
export function noteReachable(state: IngestState): void {
  const w = state.writer;
  if (!w.outage) return;
  state.log(`database reachable again after ${w.outage} failed attempt(s)`);
  w.outage = 0;
}

/** One write of everything pending; then the next one when more is pending, else the waiters are told. */
async function flush(state: IngestState): Promise<void> {
  const w = state.writer;
  w.scheduled = false;
  if (state.dead) discard(state);
  if (!pending(state)) return settle(state);
  w.writing = true;
  try {
    await w.write(state);
  } catch (err) {
    if (err instanceof LiveFeedBusyError) {
      if (!state.dead) state.log(`another feed took event ${state.eventId} while this one was disconnected: this one stops writing`);
      state.dead ??= 'not the writer of its event';
      discard(state);
    } else if (!state.dead && isDatabaseUnavailable(err)) {
      noteOutage(state, err);
      retryLater(state);
    } else if (!state.dead) {
      state.log(`write failed: ${errorText(err)}`);
      retryLater(state);
    }
  } finally {
    w.writing = false;
  }
  if (state.dead) discard(state);
  if (pending(state) && !w.retryTimer) schedule(state);
  else settle(state);
}
