/**
 * Re-queues a failed job (`npm run jobs -- retry ID`; issue 22): a job out of retries goes back
 * to `retry` with one more attempt allowed, and the next worker poll runs it. Only a `failed`
 * job can be retried; a queued, running or completed one is left alone.
 *
 * No `server-only` marker: scripts/jobs.ts loads it under plain Node.
 */
import { JOBS_SCHEMA, startQueue } from './queue';

/** `retried`; `not_found` (no job has that id); `not_failed` (the job is in `state`, not failed). */
export type RetryOutcome = { result: 'retried'; name: string } | { result: 'not_found' } | { result: 'not_failed'; state: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Re-queues the failed job `id` (a UUID, as `listJobs` shows it).
 * @throws Error when the database cannot be reached.
 */
export async function retryJob(id: string): Promise<RetryOutcome> {
  if (!UUID.test(id)) return { result: 'not_found' };
  const boss = await startQueue({ supervise: false });
  const { rows } = await boss.getDb().executeSql(`select name, state::text as state from ${JOBS_SCHEMA}.job where id = $1::uuid`, [id]);
  const job = rows[0] as { name: string; state: string } | undefined;
  if (!job) return { result: 'not_found' };
  if (job.state !== 'failed') return { result: 'not_failed', state: job.state };
  const response = await boss.retry(job.name, id);
  if (!(response as { affected?: number }).affected) {
    const { rows: now } = await boss.getDb().executeSql(`select state::text as state from ${JOBS_SCHEMA}.job where id = $1::uuid`, [id]);
    return now[0] ? { result: 'not_failed', state: (now[0] as { state: string }).state } : { result: 'not_found' };
  }
  return { result: 'retried', name: job.name };
}
