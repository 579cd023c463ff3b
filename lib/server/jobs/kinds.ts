/**
 * The job kinds (DESIGN.md "jobs"; issue 22): each a name, its payload, its handler (one file
 * per kind) and its queue's retry policy. A handler that throws is retried with exponential
 * backoff (`retryDelay` × 2^attempt, with jitter, at most `retryDelayMax` seconds) up to
 * `retryLimit` times, then the job is `failed` until `npm run jobs -- retry ID`.
 *
 * No `server-only` marker: the site's server loads it under plain Node.
 */
import { recordJob } from '../metrics/metrics';
import type { Queue } from 'pg-boss';
import { expireCheckoutSession, type ExpireCheckoutPayload } from './expire-checkout';
import { sendRenewalReminders, type RenewalRemindersPayload } from './renewal-reminders';
import { sendEmail, type SendEmailPayload } from './send-email';
import { sweepHolds, type SweepHoldsPayload } from './sweep-holds';
import { lapseOffers, type RegistrationOffersPayload } from '../registrations/lapse-offers';
import { runWaiverRetention, type WaiverRetentionPayload } from './waiver-retention';
import { loggableError, logger } from '../log';

/** The payload of each job kind (a scheduled run's payload is null). */
export interface JobPayloads {
  'send-email': SendEmailPayload;
  'sweep-holds': SweepHoldsPayload | null;
  'expire-checkout': ExpireCheckoutPayload;
  'renewal-reminders': RenewalRemindersPayload | null;
  'registration-offers': RegistrationOffersPayload | null;
  'waiver-retention': WaiverRetentionPayload | null;
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
  /**
   * The hold sweeper (issue 26), every minute: a failed sweep is not retried (the next minute's
   * does the same work); one running over a minute is taken as lost.
   */
  'sweep-holds': {
    queue: { retryLimit: 0, expireInSeconds: 60 },
    run: sweepHolds,
  },
  /** Expiring a Stripe Checkout Session (issue 26): 8 retries from 30 s, doubling up to 15 min, so a Stripe outage of about an hour still expires it. */
  'expire-checkout': {
    queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 120 },
    run: expireCheckoutSession,
  },
  /** Renewal reminders (issue 26), daily: 3 retries 5 minutes apart (a reminder already written is not sent twice). */
  'renewal-reminders': {
    queue: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
    run: sendRenewalReminders,
  },
  /** Waiting-list offers that lapsed pass to the next in line (issue 27), every 10 minutes: not retried (the next run does the same work). */
  'registration-offers': {
    queue: { retryLimit: 0, expireInSeconds: 300 },
    run: lapseOffers,
  },
  /** Waiver retention (issue 27), daily: 3 retries 10 minutes apart (a batch deleted stays deleted; the rest waits for the retry). */
  'waiver-retention': {
    queue: { retryLimit: 3, retryDelay: 600, expireInSeconds: 900 },
    run: runWaiverRetention,
  },
};

/**
 * The jobs the queue starts by itself (pg-boss `schedule`, cron in UTC): the hold sweeper every
 * minute, the renewal reminders daily at 14:00 UTC (10:00 in Montreal in summer, 9:00 in winter).
 * pg-boss sends each occurrence once whatever the number of site instances.
 */
export const JOB_SCHEDULES: Partial<Record<JobName, string>> = {
  'sweep-holds': '* * * * *',
  'renewal-reminders': '0 14 * * *',
  // Issue 27: lapsed waiting-list offers pass to the next in line, every 10 minutes.
  'registration-offers': '*/10 * * * *',
  // Issue 27: waivers past their retention, daily at 07:30 UTC (03:30 in Montreal in summer).
  'waiver-retention': '30 7 * * *',
};

export const JOB_NAMES = Object.keys(JOB_KINDS) as JobName[];

/**
 * Runs the handler of `name` on a job, logging a failure (the queue stores its message and
 * retries). `attempt` counts from 1.
 */
export async function runJob<N extends JobName>(name: N, job: { id: string; data: JobPayloads[N]; attempt: number }): Promise<object> {
  const started = performance.now();
  try {
    const result = await (JOB_KINDS[name] as JobKind<JobPayloads[N]>).run(job.data);
    const seconds = (performance.now() - started) / 1000;
    recordJob(name, 'done', seconds);
    logger('jobs').info({ job: name, jobId: job.id, attempt: job.attempt, ms: Math.round(seconds * 1000) }, 'job done');
    return result;
  } catch (err) {
    recordJob(name, 'failed', (performance.now() - started) / 1000);
    logger('jobs').error({ job: name, jobId: job.id, attempt: job.attempt, err: loggableError(err) }, 'job failed');
    throw err;
  }
}
