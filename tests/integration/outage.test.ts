/**
 * The database goes away mid-load and comes back: the API answers 503 `service_unavailable`
 * with `Retry-After` while it is away (never 404 or 500, never wrong data), then the right
 * answers again by itself once it is back, with no row lost. A real PostgreSQL server of its
 * own is killed (SIGKILL, the whole process group, as a crash would) and started again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDb } from '../../lib/server/db';
import { spawnPostgres, startEmbeddedPostgres, waitForPostgres, type RunningPostgres } from '../../lib/server/db/embedded';
import { applyMigrations } from '../../lib/server/db/migrate';
import * as schema from '../../lib/server/db/schema';
import { seedDatabase } from '../../lib/server/seed';
import { TEST_SETTINGS } from './global-setup';

let dir: string;
let server: RunningPostgres;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
const PASSWORD = 'outage';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-outage-'));
  fs.chmodSync(dir, 0o755);
  server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 0, password: PASSWORD, settings: TEST_SETTINGS });
  const { db, close } = connectDb(server.url);
  await applyMigrations(db);
  await seedDatabase(db, 1, () => {});
  await close();
  process.env.DATABASE_URL = server.url;
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});

afterAll(async () => {
  const { closeDb } = await import('../../lib/server/db');
  await closeDb();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function rowCounts(url: string) {
  const { db, close } = connectDb(url);
  const n = async (t: typeof schema.events | typeof schema.entries | typeof schema.passings | typeof schema.results) => (await db.select({ n: count() }).from(t))[0].n;
  const counts = { events: await n(schema.events), entries: await n(schema.entries), passings: await n(schema.passings), results: await n(schema.results) };
  await close();
  return counts;
}

it('answers 503 while the database is away and the right rows once it is back', async () => {
  const paths = ['/api/v1/livelaps/race/results/1', '/api/v1/livelaps/events/1', '/api/v1/livelaps/promoter/event/2'];
  const expected = new Map<string, string>();
  for (const p of paths) {
    const res = await api.request(p);
    expect(res.status).toBe(200);
    expected.set(p, await res.text());
  }
  const before = await rowCounts(server.url);

  const seen: Record<number, number> = {};
  const wrong: string[] = [];
  let phase: 'up' | 'down' | 'back' = 'up';
  let running = true;
  const reader = async (offset: number) => {
    for (let i = offset; running; i++) {
      const p = paths[i % paths.length];
      const res = await api.request(p);
      const text = await res.text();
      seen[res.status] = (seen[res.status] ?? 0) + 1;
      if (res.status === 200 && text !== expected.get(p)) wrong.push(`${p}: wrong rows`);
      else if (res.status === 503) {
        const body = JSON.parse(text);
        if (body.error !== 'service_unavailable' || res.headers.get('retry-after') !== '5') wrong.push(`${p}: bad 503 ${text}`);
      } else if (res.status !== 200) wrong.push(`${p}: ${res.status} ${text.slice(0, 100)} (${phase})`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const readers = Array.from({ length: 4 }, (_, i) => reader(i));

  await new Promise((r) => setTimeout(r, 300));
  // Crash: the postmaster and its backends at once.
  const exited = new Promise((r) => server.process.once('exit', r));
  process.kill(-server.process.pid!, 'SIGKILL');
  await exited;
  phase = 'down';
  await new Promise((r) => setTimeout(r, 1500));
  const { isDatabaseDown } = await import('../../lib/server/db/availability');
  expect(isDatabaseDown()).toBe(true);
  const downReplies = seen[503] ?? 0;
  expect(downReplies).toBeGreaterThan(0);

  // Back on the same data directory and port.
  const child = await spawnPostgres({ dataDir: path.join(dir, 'pg'), port: server.port, password: PASSWORD, settings: TEST_SETTINGS });
  await waitForPostgres(server.url, 30_000, child);
  const childExited = new Promise<void>((r) => child.once('exit', () => r()));
  server = {
    ...server,
    process: child,
    async stop() {
      child.kill('SIGINT');
      await childExited;
    },
  };
  phase = 'back';
  const until = Date.now() + 10_000;
  while (isDatabaseDown() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(isDatabaseDown()).toBe(false);
  const okBefore = seen[200] ?? 0;
  await new Promise((r) => setTimeout(r, 500));
  running = false;
  await Promise.all(readers);

  expect(wrong).toEqual([]);
  expect(seen[200]).toBeGreaterThan(okBefore);
  expect(Object.keys(seen).sort()).toEqual(['200', '503']);
  expect(await rowCounts(server.url)).toEqual(before);
});
