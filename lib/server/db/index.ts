/**
 * The race database connection: one `pg` pool speaking the Postgres wire protocol to the
 * embedded PostgreSQL of `npm start` or to any PostgreSQL named by `DATABASE_URL`.
 *
 * The pool reports connection-class failures to `./availability` (the site then answers 503
 * instead of "not found" or 500) and, while the database is down, probes it every second so
 * the site recovers by itself when it is back.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { databaseUrl } from '../config/env';
import { reportDatabaseError, reportDatabaseUp, setDatabaseProbe } from './availability';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

/** Connections per site process; PostgreSQL's default allows 100 in all. */
const POOL_SIZE = 10;
const PROBE_INTERVAL_MS = 1000;

/** A pool whose failed connects and queries are reported to the availability monitor. */
class MonitoredPool extends pg.Pool {
  override connect(...args: unknown[]): never {
    const result = (super.connect as (...a: unknown[]) => unknown)(...args);
    return watch(result) as never;
  }

  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    return watch(result) as never;
  }
}

/** Reports a failed connect or query; only the probe marks the database up again. */
function watch(result: unknown): unknown {
  if (result instanceof Promise) {
    return result.catch((err: unknown) => {
      reportDatabaseError(err);
      throw err;
    });
  }
  return result;
}

const globalForDb = globalThis as unknown as { __llPool?: pg.Pool; __llDb?: Db; __llProbe?: NodeJS.Timeout };

/**
 * Whether a fresh connection to `url` answers a query within `timeoutMs`; rejects with the
 * driver's error otherwise (never leaves the connection open).
 */
export async function pingDatabase(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
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
    const pool = new MonitoredPool({
      connectionString: databaseUrl(),
      max: POOL_SIZE,
      idleTimeoutMillis: 30_000,
      // Fail fast when the server is gone or hung rather than holding a visitor's request.
      connectionTimeoutMillis: 3000,
      query_timeout: 30_000,
    });
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
