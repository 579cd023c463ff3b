/** Jobs (DESIGN.md "jobs"; issue 22): work after a change, enqueued in its transaction, run by a worker. Only re-exports. */
export { drainJobs, pendingJobs, runDueJobs, type RunOptions } from './drain';
export { enqueue, type Tx } from './enqueue';
export { expireCheckoutSession, type ExpireCheckoutJobResult, type ExpireCheckoutPayload } from './expire-checkout';
export { JOB_KINDS, JOB_NAMES, JOB_SCHEDULES, runJob, type JobKind, type JobName, type JobPayloads } from './kinds';
export { JOB_STATES, listJobs, type JobState, type JobSummary } from './list-jobs';
export { JOBS_SCHEMA, queueStarted, startQueue, stopQueue, type QueueOptions } from './queue';
export { retryJob, type RetryOutcome } from './retry-job';
export { dueRenewals, RENEWAL_REMINDER_DAYS, renewalLink, renewalMail, sendRenewalReminders, type RenewalDue, type RenewalRemindersPayload, type RenewalRemindersResult } from './renewal-reminders';
export { sendEmail, type SendEmailPayload, type SendEmailResult } from './send-email';
export { sweepHolds, type SweepHoldsPayload, type SweepHoldsResult } from './sweep-holds';
export { jobWorkerRunning, startJobWorker, stopJobs, WORKER_OPTIONS } from './worker';
export { runWaiverRetention, WAIVER_RETENTION_BATCH, type WaiverRetentionPayload, type WaiverRetentionResult } from './waiver-retention';
