/**
 * Bench case `load-mix` (issue 22 "the site under load"): against a running product on this
 * machine — `BENCH_SITE_URL`, else `SITE_URL`, else http://127.0.0.1:3000/ll; loopback only —
 *  1. 100 concurrent visitors (keep-alive connections) for `BENCH_LOAD_S` seconds (default 60,
 *     at most 600), each asking in turn a cached page (home, calendar, a finished race in English
 *     and French, its event) or an API read (the promoter's events, the event's races, the race's
 *     results): counts every reply by status (goal: no 5xx);
 *  2. beside them, for the same time, 20 connections asking the cached race page with a random
 *     query string (`?utm=<random>`): counts the replies that were not from the cache (goal: none,
 *     the page cache ignores parameters no page reads), and reports the cached pages' p50/p99
 *     latency seen by the visitors meanwhile (goal: p99 < 50 ms);
 *  3. in the same run, 100 connections for `min(BENCH_LOAD_S, 10)` s on the race page's bytes
 *     served as a static file — by nginx when installed (as page-throughput.ts does), else by a
 *     bare Node server — then on the site's cached race page alone: requests/s of each.
 * The client is this Node process (its own CPU competes with the server's: figures are a floor).
 * Skipped when `CI` is set (never run in CI), when the site is not on loopback, or not running.
 *
 * A `database: false` case of scripts/bench.ts; also runs alone:
 * `BENCH_LOAD_S=10 node --import tsx scripts/bench/load-mix.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../lib/server/db/embedded';
import { NGINX, findRace, get, isLoopback, siteBase, startNginx, stopNginx } from './page-throughput';

const VISITORS = 100;
const RANDOM_QUERY_CONNECTIONS = 20;
const STATIC_CONNECTIONS = 100;
const P99_TARGET_MS = 50;
const REQUEST_TIMEOUT_MS = 30_000;

/** Seconds of the mixed load (`BENCH_LOAD_S`, default 60, 1 to 600). */
export function loadSeconds(env: Record<string, string | undefined> = process.env): number {
  const raw = Number(env.BENCH_LOAD_S ?? 60);
  return Number.isFinite(raw) ? Math.min(600, Math.max(1, Math.round(raw))) : 60;
}

interface Tally {
  statuses: Map<number, number>;
  latencies: number[];
  notFromCache: number;
  errors: number;
}

const tally = (): Tally => ({ statuses: new Map(), latencies: [], notFromCache: 0, errors: 0 });

/** One GET on a keep-alive agent; resolves with its status, X-Cache and time (ms), the body read. */
export function timedGet(agent: http.Agent, url: string): Promise<{ status: number; cache: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-cache'] ?? ''), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** `connections` loops asking `next()` until `until` (performance.now ms); each reply goes to `record`. */
async function drive(connections: number, until: number, next: (i: number) => { url: string; into: Tally }): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, loop) => {
        for (let i = loop; performance.now() < until; i += connections) {
          const { url, into } = next(i);
          try {
            const reply = await timedGet(agent, url);
            into.statuses.set(reply.status, (into.statuses.get(reply.status) ?? 0) + 1);
            into.latencies.push(reply.ms);
            if (reply.cache !== 'HIT') into.notFromCache++;
          } catch {
            into.errors++;
          }
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

/** The `p`th percentile (0–100) of `sorted` (ascending), nearest rank; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function describe(t: Tally, seconds: number): string {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const n = sorted.length;
  const statuses = [...t.statuses.entries()].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join(' ');
  return `${n} replies (${Math.round(n / seconds)}/s), p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; ${statuses || 'none'}${t.errors ? `; ${t.errors} failed` : ''}`;
}

const count5xx = (...ts: Tally[]) => ts.reduce((sum, t) => sum + [...t.statuses].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0) + t.errors, 0);

/** Requests/s of `connections` loops on `url` for `seconds`. */
async function throughput(url: string, connections: number, seconds: number): Promise<string> {
  const t = tally();
  await drive(connections, performance.now() + seconds * 1000, () => ({ url, into: t }));
  return describe(t, seconds);
}

/** A static server of `body` on loopback: nginx when installed, else a bare Node server. */
async function staticServer(body: Buffer): Promise<{ url: string; label: string; stop: () => Promise<void> }> {
  const port = await freePort();
  if (fs.existsSync(NGINX)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-load-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'www'));
    fs.writeFileSync(path.join(dir, 'www', 'page.html'), body);
    let child: ChildProcess;
    try {
      child = await startNginx(dir, port);
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    return {
      url: `http://127.0.0.1:${port}/page.html`,
      label: 'nginx',
      stop: async () => {
        await stopNginx(child);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/page.html`,
    label: 'a bare Node server (nginx not installed)',
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The measurement (see the file's docstring). */
async function measure(): Promise<Record<string, string>> {
  if (process.env.CI) return { skipped: 'CI is set: this case loads the machine for minutes and never runs in CI' };
  const base = siteBase();
  if (!isLoopback(base)) return { skipped: `${base} is not on this machine's loopback: traffic only to 127.0.0.1` };
  const seconds = loadSeconds();
  let race: { id: number; eventId: number; label: string };
  try {
    race = await findRace(base, Number(process.env.DEFAULT_PROMOTER_USER_ID ?? 1));
  } catch (err) {
    return { skipped: `no running product at ${base} (npm start, or set BENCH_SITE_URL): ${err instanceof Error ? err.message : String(err)}` };
  }
  const promoter = Number(process.env.DEFAULT_PROMOTER_USER_ID ?? 1);
  const racePage = `${base}/races/${race.id}`;
  const pages = [base, `${base}/event-calendar`, racePage, `${base}/fr/races/${race.id}`, `${base}/events/${race.eventId}`];
  const apis = [`${base}/api/v1/livelaps/events/${promoter}`, `${base}/api/v1/livelaps/promoter/event/${race.eventId}/accordionRaces`, `${base}/api/v1/livelaps/race/results/${race.id}`];

  // Warm: every page answered from the cache before the clock starts.
  const cold: string[] = [];
  for (const page of pages) {
    let reply = await get(page);
    for (let i = 0; i < 10 && reply.headers['x-cache'] !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      reply = await get(page);
    }
    if (reply.status !== 200) throw new Error(`${page} answered ${reply.status}`);
    if (reply.headers['x-cache'] !== 'HIT') cold.push(page);
  }
  const raceBody = (await get(racePage)).body;

  const cached = tally();
  const api = tally();
  const randomQueries = tally();
  const until = performance.now() + seconds * 1000;
  await Promise.all([
    drive(VISITORS, until, (i) => (i % 2 === 0 ? { url: pages[(i >> 1) % pages.length], into: cached } : { url: apis[(i >> 1) % apis.length], into: api })),
    drive(RANDOM_QUERY_CONNECTIONS, until, () => ({ url: `${racePage}?utm=${randomBytes(8).toString('hex')}`, into: randomQueries })),
  ]);
  // API replies carry no X-Cache: not counted as misses.
  const failures = count5xx(cached, api, randomQueries);
  const p99 = percentile([...cached.latencies].sort((a, b) => a - b), 99);

  const staticSeconds = Math.min(seconds, 10);
  const server = await staticServer(raceBody);
  let staticFigure: string;
  let siteFigure: string;
  try {
    staticFigure = await throughput(server.url, STATIC_CONNECTIONS, staticSeconds);
    siteFigure = await throughput(racePage, STATIC_CONNECTIONS, staticSeconds);
  } finally {
    await server.stop();
  }

  const figures: Record<string, string> = {
    setup: `${VISITORS} visitors (cached pages and API reads, in turn) + ${RANDOM_QUERY_CONNECTIONS} connections of ?utm=<random> on ${racePage} (${race.label}), ${seconds} s`,
    'cached pages (visitors)': describe(cached, seconds),
    'API reads (visitors)': describe(api, seconds),
    '?utm=<random> (20 connections)': `${describe(randomQueries, seconds)}; ${randomQueries.notFromCache} not from the cache (renders)`,
    '5xx and failed requests': `${failures} — ${failures === 0 ? 'met' : 'NOT met'} (goal 0)`,
    'cached pages p99 under random queries': `${p99.toFixed(1)} ms — ${p99 < P99_TARGET_MS ? 'met' : 'NOT met'} (goal < ${P99_TARGET_MS} ms)`,
    [`static file, ${STATIC_CONNECTIONS} connections, ${staticSeconds} s (${server.label})`]: staticFigure,
    [`site, cached race page, ${STATIC_CONNECTIONS} connections, ${staticSeconds} s`]: siteFigure,
  };
  if (cold.length) figures.warning = `never answered from the cache before the run: ${cold.join(', ')} (PAGE_CACHE_MB=0, or an older build?)`;
  return figures;
}

/** The case, in the shape of scripts/bench.ts's `BenchCase` (a `database: false` case). */
export const loadMixCase = {
  name: 'load-mix',
  description: `the running product (${siteBase()}) under ${VISITORS} visitors mixing cached pages and API reads beside ${RANDOM_QUERY_CONNECTIONS} connections of random query strings, ${loadSeconds()} s (BENCH_LOAD_S); 5xx count, cached pages' p99, a static file for comparison`,
  database: false as const,
  run: measure,
};

if (process.argv[1]?.endsWith(path.join('bench', 'load-mix.ts'))) {
  measure().then(
    (figures) => {
      console.log(`\n${loadMixCase.name}: ${loadMixCase.description}`);
      for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
