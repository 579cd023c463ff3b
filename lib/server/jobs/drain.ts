/**
 * Runs the queue in the calling process until nothing is left to do: what tests call after a
 * request that enqueued work (its .eml is in the outbox once `drainJobs()` resolves). Uses the
 * same handlers as the worker (./kinds.ts `runJob`), settling each job itself.
 *
 * No `server-only` marker: tests and scripts load it under plain Node.
 */
import { JOB_NAMES, runJob } from './kinds';
import { JOBS_SCHEMA, startQueue } from './queue';

/** `skipDelays`: also run jobs waiting out a retry delay (or a later start) now. */
export interface RunOptions {
  skipDelays?: boolean;
}

/** The message of a thrown value, stored as the failed attempt's output. */
function failure(err: unknown): { name: string; message: string } {
  return err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) };
}

/**
 * One pass: takes the jobs due now (with `skipDelays`, every queued one) from each queue, runs
 * them, completes or fails them (a failure is retried later by the queue's policy). Answers how
 * many ran.
 */
export async function runDueJobs(options: RunOptions = {}): Promise<number> {
  const boss = await startQueue();
  let ran = 0;
  for (const name of JOB_NAMES) {
    const jobs = await boss.fetch(name, { batchSize: 20, ignoreStartAfter: options.skipDelays ?? false });
    for (const job of jobs) {
      ran++;
      try {
        const output = await runJob(name, { id: job.id, data: job.data as never, attempt: job.retryCount + 1 });
        await boss.complete(name, job, output);
      } catch (err) {
        await boss.fail(name, job, failure(err));
      }
    }
  }
  return ran;
}

/** How many jobs are queued (created, waiting to retry) or running. */
export async function pendingJobs(): Promise<number> {
  const boss = await startQueue();
  const { rows } = await boss.getDb().executeSql(`select count(*)::int as n from ${JOBS_SCHEMA}.job where state in ('created', 'retry', 'active')`);
  return (rows[0] as { n: number }).n;
}

/**
 * Runs passes until no job is queued or running, waiting for delayed ones (or not, with
 * `skipDelays`: a job that keeps failing then ends `failed` after its retries).
 * @throws Error when jobs are still pending after `timeoutMs` (default 30 s).
 */
export async function drainJobs(options: RunOptions & { timeoutMs?: number } = {}): Promise<void> {
  const until = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (await runDueJobs(options)) continue;
    const pending = await pendingJobs();
    if (pending === 0) return;
    if (Date.now() > until) throw new Error(`${pending} job(s) still pending after ${options.timeoutMs ?? 30_000} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
