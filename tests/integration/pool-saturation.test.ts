/**
 * A busy pool is waiting, not an outage (issue 22 "database under load"): every connection of
 * the site's pool held by a slow query (`pg_sleep`) for longer than a wait for a connection
 * lasts (`ACQUIRE_CHECK_MS`, 3 s); meanwhile visitors' API reads wait and then succeed — none is
 * answered 503 — and the database is never marked down (the fresh connection that checks it
 * answers). The database really stopped still answers 503: tests/integration/outage.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

const POOL = 3;
let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

beforeAll(async () => {
  // Before anything reads the environment: a small pool to fill.
  process.env.DB_POOL_MAX = String(POOL);
  database = await useTestDatabase('seeded');
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});

afterAll(async () => {
  await database?.drop();
  delete process.env.DB_POOL_MAX;
});

it('requests wait for a pool held busy by slow queries and succeed; the database is not marked down', async () => {
  const { getDb, ACQUIRE_CHECK_MS } = await import('../../lib/server/db');
  const { isDatabaseDown } = await import('../../lib/server/db/availability');
  const db = getDb();
  const paths = ['/api/v1/livelaps/events/1', '/api/v1/livelaps/race/results/1', '/api/v1/livelaps/promoter/event/2'];
  for (const p of paths) expect((await api.request(p)).status, p).toBe(200);

  const holdS = (ACQUIRE_CHECK_MS + 1500) / 1000;
  const started = Date.now();
  // Drizzle's queries run when awaited: start them now.
  const sleepers = Array.from({ length: POOL }, () => Promise.resolve(db.execute(sql`select pg_sleep(${holdS})`)));
  // Let the sleepers take every connection first.
  await new Promise((r) => setTimeout(r, 200));
  const replies = await Promise.all(
    Array.from({ length: 9 }, async (_, i) => {
      const res = await api.request(paths[i % paths.length]);
      await res.text();
      return { status: res.status, ms: Date.now() - started };
    }),
  );
  // Plain reads on the same pool, besides the API's (some of which its caches may answer).
  const reads = await Promise.all(
    Array.from({ length: 6 }, async () => {
      const rows = await db.execute(sql`select 1 as one`);
      return { one: rows.rows[0]?.one, ms: Date.now() - started };
    }),
  );
  await Promise.all(sleepers);

  expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
  // They did wait past one pool timeout (the path that used to mark the database down).
  expect(reads.map((r) => r.one)).toEqual(reads.map(() => 1));
  expect(Math.min(...reads.map((r) => r.ms))).toBeGreaterThan(ACQUIRE_CHECK_MS);
  expect(Math.max(...replies.map((r) => r.ms))).toBeGreaterThan(ACQUIRE_CHECK_MS);
  expect(isDatabaseDown()).toBe(false);
}, 30_000);
