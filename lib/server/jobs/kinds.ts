/**
 * The job kinds (DESIGN.md "jobs"; issue 22): each a name, its payload, its handler (one file
 * per kind) and its queue's retry policy. A handler that throws is retried with exponential
 * backoff (`retryDelay` × 2^attempt, with jitter, at most `retryDelayMax` seconds) up to
 * `retryLimit` times, then the job is `failed` until `npm run jobs -- retry ID`.
 *
 * No `server-only` marker: the site's server loads it under plain Node.
 */
import type { Queue } from 'pg-boss';
import { sendEmail, type SendEmailPayload } from './send-email';

/** The payload of each job kind. */
export interface JobPayloads {
  'send-email': SendEmailPayload;
}

export type JobName = keyof JobPayloads;

/** A job kind: its queue's options and its handler (whose result is kept as the job's output). */
export interface JobKind<P> {
  queue: Omit<Queue, 'name'>;
  run(payload: P): Promise<object>;
}

/**
 * Email: 5 retries, 30 s apart and doubling (with jitter: 30–60 s, 1–2, 2–4, 4–8, 8–15 min), so
 * an SMTP outage of about half an hour still delivers. An attempt running over 2 minutes
 * (the SMTP timeouts are 40 s in all) is taken as lost and retried.
 */
export const JOB_KINDS: { [N in JobName]: JobKind<JobPayloads[N]> } = {
  'send-email': {
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 120 },
    run: sendEmail,
  },
};

export const JOB_NAMES = Object.keys(JOB_KINDS) as JobName[];

/**
 * Runs the handler of `name` on a job, logging a failure (the queue stores its message and
 * retries). `attempt` counts from 1.
 */
export async function runJob<N extends JobName>(name: N, job: { id: string; data: JobPayloads[N]; attempt: number }): Promise<object> {
  try {
    return await (JOB_KINDS[name] as JobKind<JobPayloads[N]>).run(job.data);
  } catch (err) {
    console.error(`[jobs] ${name} ${job.id}, attempt ${job.attempt}, failed: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
}
