/**
 * The job worker of a site process (DESIGN.md "jobs": run by a worker in each site process; any
 * instance takes jobs, `SKIP LOCKED`): polls every queue of ./kinds.ts each second, two jobs at
 * a time, and runs their handlers; pg-boss completes a job whose handler resolves and retries
 * (with backoff) or fails one whose handler throws. Started by scripts/serve-site.ts (and by the
 * first enqueue under `next dev`); never by `next build`. It also registers the periodic jobs
 * (./kinds.ts `JOB_SCHEDULES`: the hold sweeper, the renewal reminders) with pg-boss's scheduler
 * (`boss.schedule`, idempotent: every instance registering the same schedule keeps one).
 *
 * No `server-only` marker: the site's server loads it under plain Node.
 */
import { JOB_NAMES, JOB_SCHEDULES, runJob, type JobName, type JobPayloads } from './kinds';
import { queueStarted, startQueue, stopQueue } from './queue';
import { loggableError, logger } from '../log';

/** How often an idle worker asks for jobs (s), and how many it runs at once per queue. */
export const WORKER_OPTIONS = { pollingIntervalSeconds: 1, localConcurrency: 2 } as const;

/** When the queue cannot start (database away), the worker tries again this much later (ms). */
const RESTART_DELAY_MS = 5000;

interface WorkerState {
  stopped: boolean;
  /** Every job kind has its worker and every schedule is set. */
  working?: boolean;
  timer?: NodeJS.Timeout;
}

const globalForWorker = globalThis as unknown as { __llJobsWorker?: WorkerState };

/**
 * Starts this process's worker in the background (returns at once; once per process). While the
 * database cannot be reached it logs and tries again every 5 s, so the site starts regardless.
 */
export function startJobWorker(): void {
  if (globalForWorker.__llJobsWorker) return;
  const state: WorkerState = { stopped: false };
  globalForWorker.__llJobsWorker = state;
  const attempt = async () => {
    try {
      const boss = await startQueue();
      for (const name of JOB_NAMES) {
        if (state.stopped) return;
        await boss.work<JobPayloads[JobName]>(name, WORKER_OPTIONS, async ([job]) =>
          runJob(name, { id: job!.id, data: job!.data, attempt: job!.retryCount + 1 }),
        );
      }
      for (const [name, cron] of Object.entries(JOB_SCHEDULES)) {
        if (state.stopped) return;
        await boss.schedule(name, cron, null, { tz: 'UTC' });
      }
      state.working = true;
    } catch (err) {
      if (state.stopped) return;
      logger('jobs').error({ err: loggableError(err), retryInS: RESTART_DELAY_MS / 1000 }, 'the job worker could not start');
      state.timer = setTimeout(() => void attempt(), RESTART_DELAY_MS);
      state.timer.unref();
    }
  };
  void attempt();
}

/** Stops the worker and the queue of this process (running jobs get `timeoutMs`, default 2 s). */
/** Whether this process's job worker runs (started, every kind taken, not stopped): the readiness check's `jobs`. */
export function jobWorkerRunning(): boolean {
  const state = globalForWorker.__llJobsWorker;
  return state !== undefined && !state.stopped && state.working === true && queueStarted();
}

export async function stopJobs(timeoutMs = 2000): Promise<void> {
  const state = globalForWorker.__llJobsWorker;
  if (state) {
    state.stopped = true;
    clearTimeout(state.timer);
    globalForWorker.__llJobsWorker = undefined;
  }
  await stopQueue(timeoutMs);
}
