/**
 * When a session ends (the header of ./index.ts, "A run's session ends"): a run's session is live
 * from its new passings on and ends (`live_state = 'finished'`, a last write, a `finished`
 * message) when another run gets a new passing, on `finish()`, after `idleFinishMs` (15 minutes,
 * `IDLE_FINISH_MS`) without a new passing, or after `finishFlagIdleMs` (2 minutes,
 * `FINISH_FLAG_IDLE_MS`) without one once its flag is the finish (checkered) flag; a new passing
 * in it later makes it live again. Heartbeats (`$F`) are not passings. Also what readers take as
 * a feed that died: `LIVE_STALE_MS`, `isLiveStale`.
 *
 * Ending a session marks its run for the next write (`marks.forced`) with `live.run` no longer
 * it, so ./write-batch.ts writes it `finished`.
 */
import type { Run } from '../../rmonitor/session';
import { schedule } from './batch-writer';
import { runKey } from './match-run';
import type { IngestState } from './state';

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

const isCheckered = (run: Run) => run.lastFlag?.toLowerCase() === 'finish';

/** Stops the idle timer (the session's end is decided elsewhere, or not at all). */
export function stopIdleTimer({ live }: IngestState): void {
  if (live.timer) clearTimeout(live.timer);
  live.timer = null;
}

/** (Re)arms the end of the live run's session: idle limit from its last passing, shorter under the finish flag. */
export function armIdle(state: IngestState): void {
  const { live } = state;
  stopIdleTimer(state);
  const run = live.run;
  if (!run || state.dead) return;
  const checkered = isCheckered(run);
  live.armedCheckered = checkered;
  const limit = checkered ? Math.min(state.finishFlagIdleMs, state.idleFinishMs) : state.idleFinishMs;
  live.timer = setTimeout(
    () => {
      live.timer = null;
      if (live.run !== run) return;
      state.log(`run ${runKey(run)}: no passing for ${limit / 1000} s${checkered ? ' after the finish flag' : ''}, session finished`);
      state.marks.forced.add(run);
      live.run = null;
      schedule(state);
    },
    Math.max(0, live.lastPassingAt + limit - Date.now()),
  );
  live.timer.unref();
}

/**
 * A `$J` (finish line) or `$L` (timing line) went to the current run: if its passings grew, it
 * had a new passing — a run with a finish-line passing is a race; the race's session is live (the
 * live run before ends, unless it is the same run started over by a `$I`) and its idle limit
 * counts from now.
 */
export function afterPassing(state: IngestState, finishLine: boolean): void {
  const { runs, live } = state;
  const run = runs.current;
  if (!run || run.passings.length === (runs.seen.get(run) ?? 0)) return; // a repeated passing (duplicate filter)
  runs.seen.set(run, run.passings.length);
  if (finishLine) runs.isRace.add(run);
  if (!runs.isRace.has(run) || runs.quarantined.has(run)) return;
  if (live.run !== run) {
    // The run before ends, unless it is the same run started over by a `$I` (it takes the race over).
    if (live.run && runKey(live.run) !== runKey(run)) state.marks.forced.add(live.run);
    live.run = run;
  }
  live.lastPassingAt = Date.now();
  armIdle(state);
}

/** A `$F` went to a run: when the live run's flag changed to or from the finish flag, its idle limit changes. */
export function afterFlag(state: IngestState): void {
  const { live } = state;
  if (live.run && isCheckered(live.run) !== live.armedCheckered) armIdle(state);
}

/** The feed stopped (`finish()`): the live session ends with the next write. */
export function endLiveSession(state: IngestState): void {
  const { live } = state;
  stopIdleTimer(state);
  if (live.run) {
    state.marks.forced.add(live.run);
    live.run = null;
  }
}
