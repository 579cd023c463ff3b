/**
 * The recent jobs, newest first, as `npm run jobs -- list` shows them (issue 22): kind, state
 * (`created`, `retry`: waiting to try again, `active`, `completed`, `failed`: out of retries,
 * `cancelled`), attempts made, and the last error while the job is not completed. pg-boss keeps
 * completed and failed jobs 7 days (`deleteAfterSeconds`).
 *
 * No `server-only` marker: scripts/jobs.ts loads it under plain Node.
 */
import { JOBS_SCHEMA, startQueue } from './queue';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One job as listed. Times are Dates; `attempts` counts runs started (0: never run yet). */
export interface JobSummary {
  id: string;
  name: string;
  state: JobState;
  attempts: number;
  /** Runs allowed in all (1 + retries). */
  maxAttempts: number;
  createdOn: Date;
  /** When it runs (next): its creation, or the end of its retry delay. */
  startAfter: Date;
  completedOn: Date | null;
  lastError: string | null;
}

interface Row {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  started_on: Date | null;
  created_on: Date;
  start_after: Date;
  completed_on: Date | null;
  error: string | null;
}

/**
 * The `limit` (default 20, at most 1000) newest jobs, of `state` only when given.
 * @throws Error when the database cannot be reached.
 */
export async function listJobs(options: { limit?: number; state?: JobState } = {}): Promise<JobSummary[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 1000);
  const boss = await startQueue({ supervise: false });
  const { rows } = await boss.getDb().executeSql(
    `select id::text, name, state::text as state, retry_count, retry_limit, started_on, created_on, start_after, completed_on,
            case when state <> 'completed' then output->>'message' end as error
       from ${JOBS_SCHEMA}.job
      where $1::text is null or state::text = $1::text
      order by created_on desc, id
      limit $2`,
    [options.state ?? null, limit],
  );
  return (rows as Row[]).map((r) => ({
    id: r.id,
    name: r.name,
    state: r.state,
    attempts: r.retry_count + (r.started_on ? 1 : 0),
    maxAttempts: r.retry_limit + 1,
    createdOn: r.created_on,
    startAfter: r.start_after,
    completedOn: r.completed_on,
    lastError: r.error,
  }));
}
