/**
 * npm run bench [-- <case name> …]
 *
 * Prints timing figures (not assertions) for the importers, against a running PostgreSQL:
 * the server of DATABASE_URL (a throwaway database is created on it and dropped afterwards),
 * else an embedded PostgreSQL 18 started in a temporary directory and removed afterwards —
 * and for pure computations that need no database (`database: false`: the series standings
 * engine; the page cache's throughput against nginx and the site under a mixed load of 100
 * visitors (`load-mix`, BENCH_LOAD_S seconds, skipped when CI is set), and 500 visitors for 5 minutes
 * over results, calendar, series, live streams and checkout starts, one instance killed midway with
 * `--kill-one` (`cluster-load`, issue 29: best on `npm run start:cluster`; BENCH_VISITORS,
 * BENCH_CLUSTER_S or `--visitors`, `--seconds`; skipped when CI is set), on the running product); no database is
 * started when only those run. Each case reports the median of RUNS
 * runs (after one warm-up run). Add a case to `CASES`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectDb, type Db } from '../lib/server/db';
import { startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { importResultsFile } from '../lib/server/import';
import { parseResultsFile } from '../lib/server/import/parse';
import { ensureDefaultPromoter } from '../lib/server/seed';
import { MOTOCROSS_POINTS, seriesRules } from '../lib/contracts/series';
import { computeStandings, type EngineEvent, type EngineInput, type EngineResult, type EngineTeam } from '../lib/server/series/engine';
import { prng as seededPrng } from '../lib/server/seed/prng';
import { lighthouseCase } from './bench/lighthouse';
import { liveLatencyCase } from './bench/live-latency';
import { clusterLoadCase } from './bench/load';
import { loadMixCase } from './bench/load-mix';
import { pageThroughputCase } from './bench/page-throughput';

const RUNS = 5;
const PROMOTER = 1;

interface BenchContext {
  db: Db;
}

/** One named measurement: `run` times what it measures; its result is printed as figures. */
type BenchCase = {
  name: string;
  /** What is measured, printed above the figures. */
  description: string;
} & (
  | { database?: true; run(ctx: BenchContext): Promise<Record<string, string>> }
  /** A pure computation: runs without a database. */
  | { database: false; run(): Promise<Record<string, string>> }
);

/** Median (ms) of `runs` timings of `fn`, after `warmUps` warm-up calls (one by default). */
async function medianMs(fn: () => unknown, runs = RUNS, warmUps = 1): Promise<number> {
  for (let i = 0; i < warmUps; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Median (ms) of the process CPU time (user + system, GC threads included) of `runs` calls of
 * a synchronous `fn`, after `warmUps` calls: unlike wall time, not inflated when other work
 * shares the machine's cores.
 */
function medianCpuMs(fn: () => unknown, runs = RUNS, warmUps = 1): number {
  for (let i = 0; i < warmUps; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
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

/** mulberry32 (lib/server/seed/prng.ts), as a function giving a float in [0, 1): the same seed, the same sequence. */
const prng = (seed: number): (() => number) => seededPrng(seed).next;

/**
 * A synthetic motocross season: `riders` riders in 20 classes (5 per class group, 4 groups),
 * `events` rounds of 2 motos per class group (8 races a round, the groups' classes together),
 * ~85% attendance, ~2% DNF, ~1% DNS, ~0.5% DSQ, emergency points 0–59, 80 teams in the first
 * race of each round; drops (3), minimum events (5) and every tie-break on. Same seed, same input.
 */
function syntheticSeason(riders: number, events: number, seed = 9): EngineInput {
  const random = prng(seed);
  const CLASSES = 20;
  const GROUPS = 4;
  const people = Array.from({ length: riders }, (_, i) => {
    const cls = i % CLASSES;
    return { key: `rider-${i}`, className: `Class ${cls + 1}`, classGroup: `Group ${(cls % GROUPS) + 1}`, group: cls % GROUPS, skill: random() };
  });
  const rounds: EngineEvent[] = [];
  for (let e = 0; e < events; e++) {
    const present = people.filter(() => random() < 0.85);
    const races: EngineEvent['races'] = [];
    for (let moto = 0; moto < 2; moto++) {
      for (let g = 0; g < GROUPS; g++) {
        const field = present.filter((p) => p.group === g).map((p) => ({ p, time: p.skill + random() * 0.6, roll: random() }));
        field.sort((a, b) => a.time - b.time);
        const inClass = new Map<string, number>();
        const results: EngineResult[] = field.map(({ p, roll }, i) => {
          const state = roll < 0.01 ? 'DNS' : roll < 0.015 ? 'DSQ' : roll < 0.035 ? 'DNF' : 'finished';
          const placed = state === 'finished' || state === 'DNF';
          const classPosition = placed ? (inClass.get(p.className) ?? 0) + 1 : null;
          if (classPosition !== null) inClass.set(p.className, classPosition);
          return {
            riderKey: p.key,
            className: p.className,
            classGroup: p.classGroup,
            position: placed ? i + 1 : null,
            classPosition,
            groupPosition: placed ? i + 1 : null,
            state,
            emergencyPoints: Math.floor(random() * 60),
          };
        });
        const teams: EngineTeam[] =
          moto === 0 && g === 0
            ? Array.from({ length: 80 }, (_, t) => ({
                name: `C${t % 25} - Team ${t}`,
                position: t + 1,
                state: random() < 0.05 ? 'DNF' : 'finished',
                emergencyPoints: Math.floor(random() * 60),
                riders: [`Rider ${t}A`, `Rider ${t}B`],
              }))
            : [];
        races.push({ id: e * 100 + moto * 10 + g + 1, order: moto * GROUPS + g, results, teams });
      }
    }
    const day = new Date(Date.UTC(2026, 3, 5 + 7 * e)).toISOString().slice(0, 10);
    rounds.push({ id: e + 1, name: `Round ${e + 1}`, startDate: day, hostClub: `C${e % 25}`, races });
  }
  const rules = seriesRules.parse({
    dropScores: 3,
    minEvents: 5,
    tieBreak: ['better-finishes', 'latest-race', 'emergency-points'],
    teams: { pointsTable: [...MOTOCROSS_POINTS] },
  });
  return { rules, seriesType: 'overall', events: rounds };
}

/** The series standings engine on a synthetic season, against a one-pass baseline. */
function seriesStandingsCase(name: string, riders: number, events: number, targetMs: number): BenchCase {
  const runs = 21;
  /** The engine's steady state: the JIT compiles its loops over the first few calls. */
  const warmUps = 5;
  return {
    name,
    description: `computeStandings: ${riders.toLocaleString('en')} riders, ${events} events × 2 motos, 20 classes / 4 groups, ~85% attendance, drops + min events + tie-breaks + teams (no database)`,
    database: false,
    async run() {
      const data = syntheticSeason(riders, events);
      const results = data.events.reduce((n, e) => n + e.races.reduce((m, r) => m + r.results.length, 0), 0);
      const table = data.rules.pointsTable;
      let sink = 0;
      // Baseline: one pass adding up the table's points over every result, nothing else.
      const baseline = await medianMs(() => {
        let total = 0;
        for (const event of data.events) for (const race of event.races) for (const r of race.results) total += r.position !== null && r.position <= table.length ? table[r.position - 1] : 0;
        sink += total;
      }, runs);
      let rows = 0;
      const engine = await medianMs(
        () => {
          rows = computeStandings(data).rows.length;
        },
        runs,
        warmUps,
      );
      const engineCpu = medianCpuMs(() => computeStandings(data), runs, 1);
      if (sink < 0) console.log(sink);
      return {
        results: `${results.toLocaleString('en')} race results → ${rows.toLocaleString('en')} rows`,
        [`computeStandings (median of ${runs}, ${warmUps} warm-ups)`]: ms(engine),
        'computeStandings, process CPU time (median)': ms(engineCpu),
        'baseline: one pass summing the points table': ms(baseline),
        'computeStandings / baseline': `${(engine / baseline).toFixed(0)}×`,
        target: `< ${targetMs} ms — ${engine < targetMs ? 'met' : 'NOT met'}`,
      };
    },
  };
}

const CASES: BenchCase[] = [
  fileImportCase('rmonitor-sebring', 'real/rmonitor/2009-sebring-alms-session-4.txt', '2009-01-27'),
  fileImportCase('rmonitor-sebring-lites', 'real/rmonitor/2009-sebring-alms-session-4-lites.txt', '2009-01-27'),
  fileImportCase('ecea-pine-hill', 'real/enduro/2026-ecea-pine-hill-team-enduro.csv', '2026-04-12'),
  seriesStandingsCase('series-standings', 5000, 15, 100),
  pageThroughputCase,
  liveLatencyCase,
  loadMixCase,
  clusterLoadCase,
  lighthouseCase,
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
  // Case names; the cluster-load case's own flags (--visitors N, --seconds S, --kill-one) are its to read.
  const { positionals: wanted } = parseArgs({ args: process.argv.slice(2), options: { visitors: { type: 'string' }, seconds: { type: 'string' }, 'kill-one': { type: 'boolean' } }, allowPositionals: true, strict: false });
  const cases = wanted.length ? CASES.filter((c) => wanted.includes(c.name)) : CASES;
  if (!cases.length) throw new Error(`No such case; cases: ${CASES.map((c) => c.name).join(', ')}`);
  const print = (c: BenchCase, figures: Record<string, string>) => {
    console.log(`\n${c.name}: ${c.description}`);
    for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
  };
  for (const c of cases) if (c.database === false) print(c, await c.run());
  const withDb = cases.filter((c) => c.database !== false);
  if (!withDb.length) return;
  const database = await openDatabase();
  const { db, close } = connectDb(database.url);
  try {
    await applyMigrations(db);
    await ensureDefaultPromoter(db, PROMOTER);
    console.log(`\nBench on ${database.where}; median of ${RUNS} runs after a warm-up.`);
    for (const c of withDb) print(c, await c.run({ db }));
  } finally {
    await close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
