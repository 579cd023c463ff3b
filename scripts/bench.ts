/**
 * npm run bench [-- <case name> …]
 *
 * Prints timing figures (not assertions) for the importers, against a running PostgreSQL:
 * the server of DATABASE_URL (a throwaway database is created on it and dropped afterwards),
 * else an embedded PostgreSQL 18 started in a temporary directory and removed afterwards.
 * Each case reports the median of RUNS runs (after one warm-up run). Add a case to `CASES`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { connectDb, type Db } from '../lib/server/db';
import { startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { importResultsFile } from '../lib/server/import';
import { parseResultsFile } from '../lib/server/import/parse';
import { ensureDefaultPromoter } from '../lib/server/seed';

const RUNS = 5;
const PROMOTER = 1;

interface BenchContext {
  db: Db;
}

/** One named measurement: `run` is timed RUNS times; its result is printed as figures. */
interface BenchCase {
  name: string;
  /** What is measured, printed above the figures. */
  description: string;
  run(ctx: BenchContext): Promise<Record<string, string>>;
}

/** Median (ms) of RUNS timings of `fn`, after one warm-up call. */
async function medianMs(fn: () => unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Reading, parsing and importing (with replace) one results file. */
function fileImportCase(name: string, relPath: string, startDate: string): BenchCase {
  const file = path.resolve('data', relPath);
  return {
    name,
    description: `${relPath} (${(fs.statSync(file).size / 1e6).toFixed(2)} MB)`,
    async run({ db }) {
      const readMs = await medianMs(() => fs.readFileSync(file, 'utf8'));
      const text = fs.readFileSync(file, 'utf8');
      const parseMs = await medianMs(() => parseResultsFile(path.basename(file), text));
      let summary = '';
      const importMs = await medianMs(async () => {
        const s = await importResultsFile(db, path.basename(file), text, { promoterUserId: PROMOTER, startDate, replace: true });
        summary = `${s.raceIds.length} race(s), ${s.entries} entries, ${s.passings} passings`;
      });
      return {
        'read file': ms(readMs),
        parse: ms(parseMs),
        'import into database (parse + write, replace)': ms(importMs),
        'import / read': `${(importMs / readMs).toFixed(0)}×`,
        imported: summary,
      };
    },
  };
}

const CASES: BenchCase[] = [
  fileImportCase('rmonitor-sebring', 'real/rmonitor/2009-sebring-alms-session-4.txt', '2009-01-27'),
  fileImportCase('rmonitor-sebring-lites', 'real/rmonitor/2009-sebring-alms-session-4-lites.txt', '2009-01-27'),
  fileImportCase('ecea-pine-hill', 'real/enduro/2026-ecea-pine-hill-team-enduro.csv', '2026-04-12'),
];

/** A database to write into, and how to clean it up. */
async function openDatabase(): Promise<{ url: string; where: string; close: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  let server: RunningPostgres | undefined;
  let dir: string | undefined;
  let adminUrl = external;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-'));
    fs.chmodSync(dir, 0o755); // traversable by the `postgres` user when run as root
    server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 0, password: 'bench' });
    adminUrl = server.url;
  }
  const name = `ll_bench_${process.pid}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    where: external ? 'DATABASE_URL server (throwaway database)' : 'embedded PostgreSQL in a temporary directory',
    async close() {
      const client = new pg.Client(adminUrl);
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await server?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const wanted = process.argv.slice(2);
  const cases = wanted.length ? CASES.filter((c) => wanted.includes(c.name)) : CASES;
  if (!cases.length) throw new Error(`No such case; cases: ${CASES.map((c) => c.name).join(', ')}`);
  const database = await openDatabase();
  const { db, close } = connectDb(database.url);
  try {
    await applyMigrations(db);
    await ensureDefaultPromoter(db, PROMOTER);
    console.log(`Bench on ${database.where}; median of ${RUNS} runs after a warm-up.`);
    for (const c of cases) {
      const figures = await c.run({ db });
      console.log(`\n${c.name}: ${c.description}`);
      for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
    }
  } finally {
    await close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
