/**
 * The job queue (DESIGN.md "jobs": work that follows a change is enqueued in the writer's
 * transaction and run by a worker in each site process; issue 22): pg-boss on the race database,
 * in its own schema `pgboss`, which pg-boss creates (and migrates) when the queue starts. Any
 * instance takes any job (`SKIP LOCKED`).
 *
 * One pg-boss instance per process, kept on `globalThis` so the site server (scripts/serve-site.ts,
 * which runs the worker) and Next's bundled route code (which enqueues) share it. Started on first
 * use: `next build` never starts it. Every job kind of ./kinds.ts gets its queue, with its retry
 * policy, at start.
 *
 * No `server-only` marker: the site's server and scripts/jobs.ts load it under plain Node.
 */
import { PgBoss } from 'pg-boss';
import { databaseUrl } from '../config/env';
import { isPoolWaitTimeout } from '../db';
import { isDatabaseUnavailable, reportDatabaseError } from '../db/availability';
import { JOB_KINDS, JOB_NAMES } from './kinds';
import { logger } from '../log';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = 'pgboss';

/** How the queue of this process runs: `supervise` does pg-boss's maintenance (expiring stuck jobs, deleting old ones). */
export interface QueueOptions {
  /** Default true; the CLI passes false (it only reads and re-queues). */
  supervise?: boolean;
}

interface QueueState {
  boss: PgBoss;
  started: Promise<PgBoss>;
}

const globalForJobs = globalThis as unknown as { __llJobs?: QueueState };

/** Logs pg-boss's background errors (a database away: one line a minute, not one per poll). */
function errorLogger(): (err: Error) => void {
  let last = 0;
  let lastMessage = '';
  return (err) => {
    // The database refusing connections: the availability monitor logs the outage once (every
    // poll of every worker would report it each second). A wait for one of pg-boss's own pooled
    // connections is no outage (issue 22): it goes to the log below.
    if (isDatabaseUnavailable(err) && !isPoolWaitTimeout(err)) {
      reportDatabaseError(err);
      return;
    }
    // pg-boss appends "(Queue: …, Worker: …)": the same fault from two workers is one.
    const message = err.message.replace(/\s*\(Queue: [^)]*\)$/, '');
    const now = Date.now();
    if (message === lastMessage && now - last < 60_000) return;
    last = now;
    lastMessage = message;
    logger('jobs').error({ err: message }, 'queue error');
  };
}

/**
 * The started queue of this process (pg-boss on DATABASE_URL / the embedded database), starting
 * it on the first call: creates or migrates the `pgboss` schema and the queue of every job kind.
 * Concurrent calls share one start; a failed start is forgotten, so the next call tries again.
 * @throws Error from pg-boss or the driver when the database cannot be reached.
 */
export function startQueue(options: QueueOptions = {}): Promise<PgBoss> {
  const current = globalForJobs.__llJobs;
  if (current) return current.started;
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    schema: JOBS_SCHEMA,
    application_name: 'll-jobs',
    max: 4,
    // The cron pass that sends the scheduled jobs (./kinds.ts JOB_SCHEDULES) runs where the
    // queue is supervised (the site's server), not in the CLI.
    schedule: options.supervise ?? true,
    supervise: options.supervise ?? true,
    registerInstance: false,
  });
  boss.on('error', errorLogger());
  const started = (async () => {
    await boss.start();
    for (const name of JOB_NAMES) {
      const { queue } = JOB_KINDS[name];
      await boss.createQueue(name, queue);
      await boss.updateQueue(name, queue);
    }
    return boss;
  })();
  const state: QueueState = { boss, started };
  globalForJobs.__llJobs = state;
  started.catch(async () => {
    if (globalForJobs.__llJobs === state) globalForJobs.__llJobs = undefined;
    await boss.stop({ graceful: false }).catch(() => {});
  });
  return started;
}

/** Whether this process has a queue (started or starting). */
export function queueStarted(): boolean {
  return globalForJobs.__llJobs !== undefined;
}

/**
 * Stops this process's queue and its worker: running jobs get `timeoutMs` (default 2 s) to
 * finish (one that does not is taken again by a worker once it expires). Safe to call when
 * nothing runs.
 */
export async function stopQueue(timeoutMs = 2000): Promise<void> {
  const state = globalForJobs.__llJobs;
  if (!state) return;
  globalForJobs.__llJobs = undefined;
  const boss = await state.started.catch(() => null);
  if (boss) await boss.stop({ graceful: true, timeout: timeoutMs }).catch(() => {});
}
