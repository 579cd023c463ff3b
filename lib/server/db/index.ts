/**
 * The race database connection: one `pg` pool speaking the Postgres wire protocol to the
 * embedded PostgreSQL of `npm start` or to any PostgreSQL named by `DATABASE_URL`.
 *
 * The pool reports connection-class failures to `./availability` (the site then answers 503
 * instead of "not found" or 500) and, while the database is down, probes it every second so
 * the site recovers by itself when it is back.
 *
 * A busy pool is not an outage (issue 22 "database under load"): when a caller has waited
 * `ACQUIRE_CHECK_MS` for a pooled connection (every one busy, or a new one slow to open), a
 * fresh connection of its own (`pingDatabase`, one at a time for every waiter) asks the server.
 * When it answers, the caller goes back to waiting (up to `ACQUIRE_WAIT_MS` in all) and the
 * database is not marked down; only when that separate connection fails too is it an outage.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { databaseUrl, dbPoolMax } from '../config/env';
import { isDatabaseDown, reportDatabaseError, reportDatabaseUp, setDatabaseProbe } from './availability';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction of `Db` (what `db.transaction(async (tx) => …)` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const PROBE_INTERVAL_MS = 1000;
/** How long one wait for a pooled connection lasts before the server is asked whether it is there (ms). */
export const ACQUIRE_CHECK_MS = 3000;
/** How long a caller waits in all for a pooled connection while the server answers (ms); the query timeout. */
export const ACQUIRE_WAIT_MS = 30_000;
/** A successful check is trusted this long by the next waiters (ms). */
const CHECK_FRESH_MS = 1000;

/**
 * True for the pool's own waits running out: its queue (`timeout exceeded when trying to
 * connect`, every connection busy) or a new connection not opened in time (`Connection
 * terminated due to connection timeout`). Neither says the server is gone.
 */
export function isPoolWaitTimeout(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return /timeout exceeded when trying to connect|terminated due to connection timeout/i.test(message);
}

/**
 * A pool whose failed connects and queries are reported to the availability monitor, and whose
 * waits for a connection go on while the server answers a fresh connection (see above).
 */
class MonitoredPool extends pg.Pool {
  /** Whether the server answered a fresh connection: `check` asks once for every waiter. */
  check: () => Promise<boolean> = async () => true;

  override connect(...args: unknown[]): never {
    const connect = super.connect.bind(this) as (...a: unknown[]) => unknown;
    // The callback form (not used by Drizzle) is left as it is.
    if (typeof args[0] === 'function') return connect(...args) as never;
    return patiently(() => connect() as Promise<unknown>, this.check) as never;
  }

  override query(...args: unknown[]): never {
    const query = super.query.bind(this) as (...a: unknown[]) => unknown;
    const result = query(...args);
    // A callback or a submittable (a cursor): not a promise, nothing to watch.
    if (!(result instanceof Promise)) return result as never;
    // A pool query that timed out waiting never reached the server: safe to ask again.
    return patiently(() => query(...args) as Promise<unknown>, this.check, result) as never;
  }
}

/**
 * Runs `attempt` (or awaits `first`, its first run) until it succeeds, fails for another reason
 * than a pool wait, the server fails the `check`, or `ACQUIRE_WAIT_MS` have passed. A failure
 * is reported to the availability monitor unless it was a wait on a server that answers.
 */
async function patiently<T>(attempt: () => Promise<T>, check: () => Promise<boolean>, first?: Promise<T>): Promise<T> {
  const deadline = Date.now() + ACQUIRE_WAIT_MS;
  let pending = first ?? attempt();
  for (;;) {
    try {
      return await pending;
    } catch (err) {
      if (isPoolWaitTimeout(err) && !isDatabaseDown() && (await check())) {
        // Busy, not gone: wait again, or give up without calling it an outage.
        if (Date.now() < deadline) {
          pending = attempt();
          continue;
        }
        throw err;
      }
      reportDatabaseError(err);
      throw err;
    }
  }
}

/**
 * One check at a time for all waiters: a fresh connection to `url` (not from the pool) answering
 * within `timeoutMs`. A server refusing it as full (SQLSTATE 53300, too many connections) is there.
 */
function sharedCheck(url: string, timeoutMs: number): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  let okAt = -Infinity;
  return () => {
    if (Date.now() - okAt < CHECK_FRESH_MS) return Promise.resolve(true);
    running ??= pingDatabase(url, timeoutMs)
      .then(
        () => true,
        (err: unknown) => (err as { code?: unknown }).code === '53300',
      )
      .then((ok) => {
        if (ok) okAt = Date.now();
        running = null;
        return ok;
      });
    return running;
  };
}

const globalForDb = globalThis as unknown as { __llPool?: pg.Pool; __llDb?: Db; __llProbe?: NodeJS.Timeout };

/**
 * Whether a fresh connection to `url` answers a query within `timeoutMs`; rejects with the
 * driver's error otherwise (never leaves the connection open).
 */
export async function pingDatabase(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/** Probes the database every second while it is down; stops once a probe succeeds. */
function startProbe() {
  if (globalForDb.__llProbe) return;
  globalForDb.__llProbe = setInterval(async () => {
    try {
      await pingDatabase(databaseUrl(), PROBE_INTERVAL_MS);
      reportDatabaseUp();
      clearInterval(globalForDb.__llProbe);
      globalForDb.__llProbe = undefined;
    } catch {
      // still down
    }
  }, PROBE_INTERVAL_MS);
  globalForDb.__llProbe.unref();
}

/** A Drizzle database on its own small pool, for scripts and tests that need a second one. */
export function connectDb(url: string, max = 4): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}

/** The shared Drizzle database (lazily connected; `next build` never opens it). */
export function getDb(): Db {
  if (!globalForDb.__llDb) {
    const url = databaseUrl();
    const pool = new MonitoredPool({
      connectionString: url,
      max: dbPoolMax(),
      idleTimeoutMillis: 30_000,
      // Each wait this long, then a fresh connection tells a busy pool from a gone server.
      connectionTimeoutMillis: ACQUIRE_CHECK_MS,
      query_timeout: ACQUIRE_WAIT_MS,
    });
    pool.check = sharedCheck(url, ACQUIRE_CHECK_MS);
    // An idle connection dropped by the server (restart, crash): the first sign of an outage.
    pool.on('error', (err) => {
      if (!reportDatabaseError(err)) console.error('[db] idle client error:', err.message);
    });
    setDatabaseProbe(startProbe);
    globalForDb.__llPool = pool;
    globalForDb.__llDb = drizzle(pool, { schema });
  }
  return globalForDb.__llDb;
}

/** Closes the pool (scripts and tests). */
export async function closeDb(): Promise<void> {
  clearInterval(globalForDb.__llProbe);
  globalForDb.__llProbe = undefined;
  await globalForDb.__llPool?.end();
  globalForDb.__llPool = undefined;
  globalForDb.__llDb = undefined;
}

export { schema };
