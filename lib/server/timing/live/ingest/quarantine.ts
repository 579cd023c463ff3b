/**
 * A run whose write keeps failing (the header of ./index.ts, "Failures"): a write that fails for
 * a reason other than the connection (its savepoint rolls back, the other runs are written;
 * ./write-batch.ts) is retried with the next writes, and the run quarantined after
 * `QUARANTINE_AFTER` failures in a row: logged, then skipped for the life of the ingest (its
 * session, if live, ends without another write).
 */
import type { Run } from '../../rmonitor/session';
import { errorText } from './error-text';
import { runKey } from './match-run';
import { armIdle } from './session-end';
import type { IngestState } from './state';

/** A run whose write failed this many times in a row for a reason other than the connection is quarantined. */
export const QUARANTINE_AFTER = 3;

/** A run's write failed for a reason other than the connection: retried, or quarantined after `QUARANTINE_AFTER`. */
export function runFailed(state: IngestState, run: Run, err: unknown): void {
  const { runs, live } = state;
  state.stats.failedWrites++;
  const n = (runs.failures.get(run) ?? 0) + 1;
  runs.failures.set(run, n);
  if (n < QUARANTINE_AFTER) {
    if (n === 1) state.log(`run ${runKey(run)}: write failed (${errorText(err)}); retrying`);
    state.marks.forced.add(run);
    return;
  }
  runs.failures.delete(run);
  runs.quarantined.add(run);
  state.stats.quarantined++;
  state.log(`run ${runKey(run)}: quarantined after ${n} failed writes (${errorText(err)}); its lines are no longer written`);
  if (live.run === run) {
    live.run = null;
    armIdle(state);
  }
}
