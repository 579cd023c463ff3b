/**
 * Enqueues a job in the caller's transaction (DESIGN.md "Work after a change is a job in the same
 * transaction, never a side effect inside the request"; issue 22): the job row is written through
 * the transaction's own connection (pg-boss's `db` option, its Drizzle adapter), so it commits
 * with the change or not at all. A worker (./worker.ts) runs it once committed.
 *
 * No `server-only` marker: loaded with the queue under plain Node by the site's server.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { Db } from '../db';
import type { JobName, JobPayloads } from './kinds';
import { startQueue } from './queue';
import { startJobWorker } from './worker';

/** A Drizzle transaction (`db.transaction(async (tx) => …)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Adds a `name` job with `payload` (JSON) inside `tx`; answers its id (a UUID). Under `next dev`,
 * which has no site server to run the worker, the first enqueue also starts one in the process.
 * @throws Error when the queue cannot start (database unreachable) or the insert fails; the
 * caller's transaction then rolls back.
 */
export async function enqueue<N extends JobName>(tx: Tx, name: N, payload: JobPayloads[N]): Promise<string> {
  const boss = await startQueue();
  if (process.env.NODE_ENV === 'development') startJobWorker();
  const id = await boss.send(name, payload as unknown as object, { db: fromDrizzle(tx, sql) });
  if (!id) throw new Error(`The ${name} job was not stored`);
  return id;
}
