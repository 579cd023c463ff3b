/**
 * Real databases for integration tests: copies of the templates prepared by
 * `./global-setup.ts` (`seeded`: every real file imported; `empty`: migrated, default promoter
 * only). `useTestDatabase` also makes its copy the process's `DATABASE_URL`, so the code under
 * test reaches it through `getDb()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  url: string;
  /** Drops the copy (and closes the pool of `getDb()` when it was the default). */
  drop(): Promise<void>;
}

export type Template = 'seeded' | 'empty';

async function adminQuery(sql: string, params: unknown[] = []) {
  const client = new pg.Client(inject('pgUrl'));
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/**
 * Drops copy `name`. The pools of the file under test were ended just before, but a connection
 * still closing (its job queue's, a pool's last client) would be cut by the forced drop and raise
 * "terminating connection due to administrator command" in whatever test file runs next in this
 * worker: wait (at most 1 s) until the copy has no session left, then drop it, forcing only what
 * is left by then.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const [row] = await adminQuery('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (Number(row?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** A fresh copy of a template database. */
export async function createDatabase(template: Template): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ll_${template}`);
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}

/** A fresh copy that `getDb()` uses for the rest of this test file. */
export async function useTestDatabase(template: Template = 'seeded'): Promise<TestDatabase> {
  const copy = await createDatabase(template);
  process.env.DATABASE_URL = copy.url;
  return {
    url: copy.url,
    async drop() {
      const { closeDb } = await import('../../lib/server/db');
      await closeDb();
      await copy.drop();
    },
  };
}
