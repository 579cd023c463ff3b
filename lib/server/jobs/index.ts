/** Jobs (DESIGN.md "jobs"; issue 22): work after a change, enqueued in its transaction, run by a worker. Only re-exports. */
export { drainJobs, pendingJobs, runDueJobs, type RunOptions } from './drain';
export { enqueue, type Tx } from './enqueue';
export { JOB_KINDS, JOB_NAMES, runJob, type JobKind, type JobName, type JobPayloads } from './kinds';
export { JOB_STATES, listJobs, type JobState, type JobSummary } from './list-jobs';
export { JOBS_SCHEMA, queueStarted, startQueue, stopQueue, type QueueOptions } from './queue';
export { retryJob, type RetryOutcome } from './retry-job';
export { sendEmail, type SendEmailPayload, type SendEmailResult } from './send-email';
export { startJobWorker, stopJobs, WORKER_OPTIONS } from './worker';
