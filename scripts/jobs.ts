/**
 * npm run jobs -- list [--state STATE] [--limit N] | retry ID
 *
 * The job queue (lib/server/jobs; issue 22: email and other work after a change, run by the
 * site's worker and retried with backoff):
 *  - `list`: the newest jobs (20 by default, at most 1000), one a line: id, kind, state
 *    (created, retry, active, completed, failed, cancelled), attempts made / allowed, when it
 *    was created, when it runs next (a job waiting to retry), and its last error;
 *  - `retry ID`: re-queues a failed job (out of retries) with one more attempt; the site's
 *    worker runs it within a second or so.
 * Uses DATABASE_URL, else the embedded database of `npm start`, which must be running (the
 * worker runs in the site anyway).
 * Exit codes: 0 done; 1 bad arguments, no such job, a job that is not failed, or no database.
 */
import { parseArgs } from 'node:util';
import { serverEnv } from '../lib/server/config/env';
import { isPortOpen } from '../lib/server/db/embedded';
import { JOB_STATES, listJobs, retryJob, stopQueue, type JobState, type JobSummary } from '../lib/server/jobs';

const USAGE = 'Usage: npm run jobs -- list [--state created|retry|active|completed|failed|cancelled] [--limit N] | retry ID';

class UsageError extends Error {}

/** A time as `2026-11-22 14:05:09Z`. */
const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')}Z`;

/** One job's line (see the module's docstring). */
function jobLine(job: JobSummary, now: Date = new Date()): string {
  const next = job.state === 'retry' || (job.state === 'created' && job.startAfter > now) ? `next ${utc(job.startAfter)}` : '';
  const error = job.lastError ? job.lastError.replace(/\s+/g, ' ').slice(0, 200) : '';
  return [job.id, job.name.padEnd(10), job.state.padEnd(9), `${job.attempts}/${job.maxAttempts}`.padEnd(5), utc(job.createdOn), next, error].filter(Boolean).join('  ');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { state: { type: 'string' }, limit: { type: 'string' } },
  });
  const [command, id, ...rest] = positionals;
  if (command !== 'list' && command !== 'retry') throw new UsageError(USAGE);
  if (command === 'retry' && (!id || rest.length)) throw new UsageError(USAGE);
  if (command === 'list' && id) throw new UsageError(USAGE);
  const state = values.state as JobState | undefined;
  if (state !== undefined && !JOB_STATES.includes(state)) throw new UsageError(`Unknown state ${state}. ${USAGE}`);
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError(`--limit takes 1 to 1000. ${USAGE}`);

  const env = serverEnv();
  if (!env.DATABASE_URL && !(await isPortOpen(env.DB_PORT))) {
    console.error(`The database is not running on port ${env.DB_PORT}: start the site with npm start (or set DATABASE_URL).`);
    return 1;
  }
  if (command === 'list') {
    const jobs = await listJobs({ state, limit });
    if (!jobs.length) console.log(state ? `No ${state} jobs.` : 'No jobs.');
    for (const job of jobs) console.log(jobLine(job));
    return 0;
  }
  const outcome = await retryJob(id!);
  if (outcome.result === 'retried') {
    console.log(`Re-queued ${outcome.name} job ${id}: the site's worker runs it shortly.`);
    return 0;
  }
  console.error(outcome.result === 'not_found' ? `No job ${id}.` : `Job ${id} is ${outcome.state}, not failed: nothing to retry.`);
  return 1;
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  })
  .then(async (code) => {
    await stopQueue().catch(() => {});
    process.exit(code);
  });
