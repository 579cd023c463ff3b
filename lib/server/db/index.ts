/**
 * The race database connection: one `pg` pool speaking the Postgres wire protocol, to the
 * embedded PGlite socket server or to any PostgreSQL named by `DATABASE_URL`.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { databaseUrl } from '../config/env';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

const globalForDb = globalThis as unknown as { __llPool?: Pool; __llDb?: Db };

/** The shared Drizzle database (lazily connected; `next build` never opens it). */
export function getDb(): Db {
  if (!globalForDb.__llDb) {
    const pool = new Pool({ connectionString: databaseUrl(), max: 8, idleTimeoutMillis: 30_000 });
    pool.on('error', (err) => console.error('[db] idle client error:', err.message));
    globalForDb.__llPool = pool;
    globalForDb.__llDb = drizzle(pool, { schema });
  }
  return globalForDb.__llDb;
}

/** Closes the pool (scripts and tests). */
export async function closeDb(): Promise<void> {
  await globalForDb.__llPool?.end();
  globalForDb.__llPool = undefined;
  globalForDb.__llDb = undefined;
}

export { schema };
