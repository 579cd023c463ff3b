/**
 * Bench case `cluster-load` (issue 29 "Load: 500 concurrent visitors for 5 minutes over results,
 * calendar, series, live streams and checkout starts → 0 5xx, cached pages' p99 under 1 s; then
 * the same with one instance killed midway"), and the load engine the two-instance drill uses for
 * its part under load (scripts/lib/drill-cluster.ts).
 *
 * Against a running product — `BENCH_SITE_URL`, else `SITE_URL`, else http://127.0.0.1:3000/ll;
 * loopback only — best `npm run start:cluster` (nginx on PORT, two instances behind it):
 *  - `BENCH_VISITORS` (default 500) visitors for `BENCH_CLUSTER_S` seconds (default 300), each a
 *    loop of one request then 0.5–1.5 s of reading (so 500 visitors ask about 500 pages a second,
 *    on keep-alive connections as a browser keeps one): the promoter's results, the event
 *    calendar, a series' standings, a finished race and its event (cached pages; warmed first);
 *    1 view in 10 is a static copy of the race page's bytes served by the same nginx (the
 *    reference: same server, same connections, no instance behind; gzip where the site sends
 *    brotli); 1 in 200 is a checkout start
 *    (a logged-in buyer's membership order paid at the office: POST, not retried);
 *  - 1 visitor in 10 also keeps a live race's Server-Sent Events stream open (a replayed timing
 *    session fed through the desk: scripts/lib/cluster/live-event.ts), reconnecting 2 s after a
 *    cut as a browser's EventSource does;
 *  - with `--kill-one` (or `BENCH_KILL_ONE=1`) against a cluster, instance `site-2` is killed
 *    (SIGKILL to its process group) halfway through; its supervisor restarts it.
 * Prints requests, 5xx (and requests with no reply) per kind, p50/p95/p99 of the cached pages
 * next to the static file's and their ratio, the same for the 15 s after the kill, checkout
 * starts, stream events and cuts, how long the killed instance took to answer again, and the
 * load generator's own CPU (it shares the machine: figures are a floor).
 * Skipped when `CI` is set (never in CI: the short version is e2e/cluster.spec.ts), when the site
 * is not on loopback, or not running.
 *
 * A `database: false` case of scripts/bench.ts; also runs alone:
 * `node --import tsx scripts/bench/load.ts [--kill-one] [--visitors N] [--seconds S]`.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../lib/server/db/embedded';
import { readState, type RunState } from '../lib/drill';
import { adultMembershipType, Caller, createBuyer, demoPromoter, logIn, productEnv, runTag, startCheckout, withDatabase, type Reply } from '../lib/cluster/client';
import { startLiveEvent, type LiveEvent } from '../lib/cluster/live-event';
import { percentile, timedGet } from './load-mix';
import { findRace, get, getJson, isLoopback, siteBase, startNginx, stopNginx } from './page-throughput';

/** Goals of the issue: no 5xx, the cached pages' p99 under this many ms. */
export const P99_GOAL_MS = 1000;
/** What a visitor does between two requests (ms, uniform). */
export const THINK_MS: [number, number] = [500, 1500];
/** Shares of a visitor's requests: the static reference, checkout starts. */
export const STATIC_SHARE = 0.1;
export const CHECKOUT_SHARE = 0.005;
/** Share of visitors that also watch a live stream. */
export const STREAM_SHARE = 0.1;
/** How long after the kill replies are counted apart (ms). */
const AFTER_KILL_MS = 15_000;

/** Statuses and times of one kind of request. */
export class Tally {
  readonly statuses = new Map<number, number>();
  readonly latencies: number[] = [];

  /** Records one reply (status 0: none came — refused, reset, timed out). */
  add(status: number, ms: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status > 0) this.latencies.push(ms);
  }

  get count(): number {
    let n = 0;
    for (const c of this.statuses.values()) n += c;
    return n;
  }

  /** Replies ≥ 500 plus requests that got no reply. */
  get failures(): number {
    let n = 0;
    for (const [s, c] of this.statuses) if (s >= 500 || s === 0) n += c;
    return n;
  }

  /** p50/p95/p99 in ms. */
  percentiles(): { p50: number; p95: number; p99: number } {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  }

  /** `n requests, p50 … p95 … p99 … ms; 200×n …` */
  describe(): string {
    const { p50, p95, p99 } = this.percentiles();
    const statuses = [...this.statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s === 0 ? 'no reply' : s}×${c}`).join(' ');
    return `${this.count} requests, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ${statuses || 'none'}`;
  }
}

/** What a stream viewer saw. */
export interface StreamTally {
  connections: number;
  events: number;
  /** Streams that ended before the run did (an instance killed under them), then reconnected. */
  cuts: number;
  statuses: Map<number, number>;
}

/** One instance to kill halfway, and how to know it answers again. */
export interface KillPlan {
  label: string;
  /** ms after the start. */
  atMs: number;
  kill(): void;
  answers(): Promise<boolean>;
}

/** A load to run (see `runLoad`). */
export interface LoadPlan {
  /** The server's origin, e.g. http://127.0.0.1:3300 (nginx). */
  origin: string;
  visitors: number;
  seconds: number;
  /** Paths of cached pages the visitors read, in turn. */
  pages: string[];
  /** A static file through the same server, asked by `STATIC_SHARE` of the views. */
  staticPath?: string;
  /** A live race's SSE stream, watched by `STREAM_SHARE` of the visitors. */
  streamPath?: string;
  /** A checkout start, made by `CHECKOUT_SHARE` of the views (not retried: the run counts what failed). */
  checkout?: () => Promise<Reply>;
  /** Loops run beside the visitors until the deadline (writers with their own idempotency keys). */
  writers?: ((until: number) => Promise<void>)[];
  kill?: KillPlan;
  thinkMs?: [number, number];
}

/** What a load saw. */
export interface LoadResult {
  plan: LoadPlan;
  pages: Tally;
  static: Tally;
  checkout: Tally;
  /** Page views that started within `AFTER_KILL_MS` after the kill. */
  pagesAfterKill: Tally;
  staticAfterKill: Tally;
  streams: StreamTally;
  /** ms from the kill until the instance answered again; null: not within the run (or no kill). */
  backAfterMs: number | null;
  killedAtMs: number | null;
  /** The load generator's CPU over the run, in % of one core. */
  generatorCpuPercent: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = ([a, b]: [number, number]) => a + Math.random() * (b - a);

/** Watches `url` (SSE) until `until`, reconnecting 2 s after a cut; counts events (`id:` lines). */
async function watchStream(url: string, until: number, tally: StreamTally): Promise<void> {
  while (performance.now() < until) {
    tally.connections++;
    const ended = await new Promise<'cut' | 'done'>((resolve) => {
      const req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
        tally.statuses.set(res.statusCode ?? 0, (tally.statuses.get(res.statusCode ?? 0) ?? 0) + 1);
        let carry = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const lines = (carry + chunk).split('\n');
          carry = lines.pop() ?? '';
          for (const line of lines) if (line.startsWith('id:')) tally.events++;
        });
        res.on('end', () => resolve(performance.now() < until ? 'cut' : 'done'));
        res.on('error', () => resolve(performance.now() < until ? 'cut' : 'done'));
      });
      req.on('error', () => {
        tally.statuses.set(0, (tally.statuses.get(0) ?? 0) + 1);
        resolve(performance.now() < until ? 'cut' : 'done');
      });
      const stop = setTimeout(() => req.destroy(), Math.max(0, until - performance.now()));
      req.on('close', () => clearTimeout(stop));
    });
    if (ended === 'done') return;
    tally.cuts++;
    await sleep(2000);
  }
}

/**
 * Runs `plan`: the visitors, the stream viewers and the writers together for `plan.seconds`, the
 * kill halfway when planned. Never throws for a failed request: everything is counted.
 */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const think = plan.thinkMs ?? THINK_MS;
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.visitors });
  const result: LoadResult = {
    plan,
    pages: new Tally(),
    static: new Tally(),
    checkout: new Tally(),
    pagesAfterKill: new Tally(),
    staticAfterKill: new Tally(),
    streams: { connections: 0, events: 0, cuts: 0, statuses: new Map() },
    backAfterMs: null,
    killedAtMs: null,
    generatorCpuPercent: 0,
  };
  const started = performance.now();
  const until = started + plan.seconds * 1000;
  const cpu = process.cpuUsage();
  const afterKill = (at: number) => result.killedAtMs !== null && at - started >= result.killedAtMs && at - started < result.killedAtMs + AFTER_KILL_MS;

  const visitor = async (n: number) => {
    // Arrivals spread over the first reading time, not all at once.
    await sleep(Math.random() * think[1]);
    for (let view = n; performance.now() < until; view++) {
      const roll = Math.random();
      const at = performance.now();
      if (plan.checkout && roll < CHECKOUT_SHARE) {
        const reply = await plan.checkout();
        result.checkout.add(reply.status, reply.ms);
      } else {
        const isStatic = plan.staticPath !== undefined && roll < CHECKOUT_SHARE + STATIC_SHARE;
        const url = `${plan.origin}${isStatic ? plan.staticPath : plan.pages[view % plan.pages.length]}`;
        const reply = await timedGet(agent, url).catch(() => ({ status: 0, ms: performance.now() - at }));
        (isStatic ? result.static : result.pages).add(reply.status, reply.ms);
        if (afterKill(at)) (isStatic ? result.staticAfterKill : result.pagesAfterKill).add(reply.status, reply.ms);
      }
      await sleep(between(think));
    }
  };

  const watchers = plan.streamPath ? Math.max(1, Math.round(plan.visitors * STREAM_SHARE)) : 0;
  let killer: Promise<void> = Promise.resolve();
  let killTimer: NodeJS.Timeout | undefined;
  if (plan.kill) {
    const kill = plan.kill;
    killer = new Promise<void>((resolve) => {
      killTimer = setTimeout(() => {
        result.killedAtMs = performance.now() - started;
        kill.kill();
        void (async () => {
          const killedAt = performance.now();
          // Give the supervisor its backoff and the instance its start, checking 4 times a second.
          while (performance.now() < until + 60_000) {
            await sleep(250);
            if (await kill.answers().catch(() => false)) {
              result.backAfterMs = performance.now() - killedAt;
              break;
            }
          }
          resolve();
        })();
      }, kill.atMs);
    });
  }
  try {
    await Promise.all([
      ...Array.from({ length: plan.visitors }, (_, i) => visitor(i)),
      ...Array.from({ length: watchers }, () => watchStream(`${plan.origin}${plan.streamPath}`, until, result.streams)),
      ...(plan.writers ?? []).map((w) => w(until)),
    ]);
  } finally {
    clearTimeout(killTimer);
    agent.destroy();
  }
  const used = process.cpuUsage(cpu);
  result.generatorCpuPercent = ((used.user + used.system) / 1000 / (performance.now() - started)) * 100;
  if (plan.kill && result.killedAtMs !== null) await killer;
  return result;
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');

/** The figures of a load, side by side with their references (see the file's docstring). */
export function describeLoad(r: LoadResult): Record<string, string> {
  const pages = r.pages.percentiles();
  const stat = r.static.percentiles();
  const total = r.pages.count + r.static.count + r.checkout.count;
  const figures: Record<string, string> = {
    load: `${r.plan.visitors} visitors for ${r.plan.seconds} s (a request, then ${(r.plan.thinkMs ?? THINK_MS).join('–')} ms of reading)${r.plan.streamPath ? `; ${r.streams.connections ? Math.max(1, Math.round(r.plan.visitors * STREAM_SHARE)) : 0} of them also watching a live stream` : ''}`,
    requests: `${total} (${(total / r.plan.seconds).toFixed(0)}/s)`,
    '5xx or no reply': `cached pages ${r.pages.failures}, static file ${r.static.failures}, checkout starts ${r.checkout.failures} — ${r.pages.failures + r.static.failures === 0 ? 'met' : 'NOT met'} for reads (goal 0)`,
    'cached pages': r.pages.describe(),
    'static file, same server (reference)': r.static.count ? r.static.describe() : 'not measured',
    'cached pages p99': `${ms(pages.p99)} — ${pages.p99 < P99_GOAL_MS ? 'met' : 'NOT met'} (goal < ${P99_GOAL_MS} ms); static file p99 ${ms(stat.p99)}; ratio ${r.static.count ? (pages.p99 / stat.p99).toFixed(1) : 'n/a'}× (p50 ratio ${r.static.count ? (pages.p50 / stat.p50).toFixed(1) : 'n/a'}×)`,
  };
  if (r.plan.checkout) figures['checkout starts (POST, not retried)'] = r.checkout.count ? r.checkout.describe() : 'none made';
  if (r.plan.streamPath) {
    const statuses = [...r.streams.statuses].map(([s, c]) => `${s === 0 ? 'no reply' : s}×${c}`).join(' ');
    figures['live streams'] = `${r.streams.connections} connections (${statuses}), ${r.streams.events} events received, ${r.streams.cuts} cut and reconnected`;
  }
  if (r.plan.kill) {
    figures[`${r.plan.kill.label} killed`] = r.killedAtMs === null ? 'not killed (the run ended first)' : `at ${(r.killedAtMs / 1000).toFixed(1)} s; answering again after ${r.backAfterMs === null ? 'NOT within the run' : `${(r.backAfterMs / 1000).toFixed(1)} s`}`;
    const after = r.pagesAfterKill.percentiles();
    figures['cached pages, 15 s after the kill'] = `${r.pagesAfterKill.describe()}; static file p99 ${ms(r.staticAfterKill.percentiles().p99)}; p99 ratio ${r.staticAfterKill.count ? (after.p99 / r.staticAfterKill.percentiles().p99).toFixed(1) : 'n/a'}×`;
  }
  figures['load generator'] = `${r.generatorCpuPercent.toFixed(0)} % of one core (this process shares the machine with what it measures)`;
  return figures;
}

/** Visitors and seconds of the bench case: flags when run alone, else BENCH_VISITORS / BENCH_CLUSTER_S, else 500 and 300. */
export function loadSize(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): { visitors: number; seconds: number; killOne: boolean } {
  const { values } = parseArgs({ args: argv, options: { visitors: { type: 'string' }, seconds: { type: 'string' }, 'kill-one': { type: 'boolean' } }, strict: false, allowPositionals: true });
  const num = (v: unknown, fallback: number, max: number) => {
    const n = Number(v);
    return Number.isFinite(n) && n >= 1 ? Math.min(max, Math.round(n)) : fallback;
  };
  return {
    visitors: num(values.visitors ?? env.BENCH_VISITORS, 500, 5000),
    seconds: num(values.seconds ?? env.BENCH_CLUSTER_S, 300, 3600),
    killOne: values['kill-one'] === true || env.BENCH_KILL_ONE === '1',
  };
}

/** The run-state file of the product on `base`'s port, when it is an `npm start` of this checkout. */
function stateOf(base: string): RunState | null {
  try {
    return readState(process.cwd(), Number(new URL(base).port || 80));
  } catch {
    return null;
  }
}

/** The measurement (see the file's docstring). */
async function measure(): Promise<Record<string, string>> {
  if (process.env.CI) return { skipped: 'CI is set: this case loads the machine for minutes (its short version is e2e/cluster.spec.ts)' };
  const base = siteBase();
  if (!isLoopback(base)) return { skipped: `${base} is not on this machine's loopback: traffic only to 127.0.0.1` };
  const { visitors, seconds, killOne } = loadSize();
  const promoter = Number(process.env.DEFAULT_PROMOTER_USER_ID ?? 1);
  let race: { id: number; eventId: number; label: string };
  try {
    race = await findRace(base, promoter);
  } catch (err) {
    return { skipped: `no running product at ${base} (npm run start:cluster, or set BENCH_SITE_URL): ${err instanceof Error ? err.message : String(err)}` };
  }
  const url = new URL(base);
  const origin = url.origin;
  const state = stateOf(base);
  const instances = ['site-1', 'site-2'].map((n) => state?.services[n]).filter((s): s is NonNullable<typeof s> => !!s?.port);
  const cluster = instances.length === 2;
  const notes: Record<string, string> = { target: cluster ? `nginx ${origin} → instances on ${instances.map((s) => s.port).join(', ')}` : `${origin} (one instance: no kill)` };

  // The cached pages: warmed until the page cache answers them.
  const [series] = (await getJson<{ message: { id: number }[] }>(`${base}/api/v1/livelaps/series`)).message;
  const pages = [`/ll/results/${promoter}`, '/ll/event-calendar', ...(series ? [`/ll/series/${series.id}`] : []), `/ll/races/${race.id}`, `/ll/events/${race.eventId}`];
  for (const page of pages) {
    for (let i = 0; i < 10 && (await get(`${origin}${page}`)).headers['x-cache'] !== 'HIT'; i++) await new Promise((r) => setTimeout(r, 200));
  }
  const raceBytes = (await get(`${origin}/ll/races/${race.id}`)).body;

  // The static reference: in the cluster's nginx (its /__static/), else a temporary nginx.
  let staticOrigin = origin;
  let staticPath = '/__static/page.html';
  let staticCleanup = async () => {};
  let tempNginx: ChildProcess | undefined;
  const clusterStatic = path.resolve('.data', 'cluster', url.port, 'static');
  if (cluster && fs.existsSync(clusterStatic)) {
    fs.writeFileSync(path.join(clusterStatic, 'page.html'), raceBytes);
    fs.writeFileSync(path.join(clusterStatic, 'page.html.gz'), gzipSync(raceBytes));
    staticCleanup = async () => {
      for (const f of ['page.html', 'page.html.gz']) fs.rmSync(path.join(clusterStatic, f), { force: true });
    };
  } else {
    const dir = fs.mkdtempSync(path.join(path.resolve('.data'), 'load-static-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'www'));
    fs.writeFileSync(path.join(dir, 'www', 'page.html'), raceBytes);
    fs.writeFileSync(path.join(dir, 'www', 'page.html.gz'), gzipSync(raceBytes));
    const port = await freePort();
    tempNginx = await startNginx(dir, port).catch(() => undefined);
    staticOrigin = `http://127.0.0.1:${port}`;
    staticPath = '/page.html';
    notes.reference = 'the static file is served by a temporary nginx (not a cluster: no nginx in front of the site)';
    staticCleanup = async () => {
      if (tempNginx) await stopNginx(tempNginx);
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }

  // The live stream and the checkout's buyer, when the product's files are at hand.
  const product = productEnv(process.env);
  const publicOrigin = process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : `http://localhost:${url.port}`;
  // The feed runs on site-1 (the instance not killed), so the streams keep getting passings.
  const feedBase = cluster ? `http://127.0.0.1:${instances[0]!.port}` : origin;
  let live: LiveEvent | undefined;
  let desk: Caller | undefined;
  let checkout: (() => Promise<Reply>) | undefined;
  const tag = runTag();
  try {
    desk = new Caller(feedBase, publicOrigin);
    await logIn(desk, demoPromoter(product));
    live = await startLiveEvent(desk, `Load run ${tag}`);
  } catch (err) {
    notes.streams = `no live stream: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    await withDatabase(product.databaseUrl, async (db) => {
      const type = await adultMembershipType(db);
      if (!type) throw new Error('no membership type for sale');
      const { buyer, participantId } = await createBuyer(feedBase, publicOrigin, `198.51.100.${1 + Math.floor(Math.random() * 250)}`, db, `load${tag}`);
      const viaProxy = buyer.on(origin, undefined);
      checkout = () => startCheckout(viaProxy, type.id, participantId);
    });
  } catch (err) {
    notes.checkout = `no checkout starts: ${err instanceof Error ? err.message : String(err)}`;
  }

  const victim = cluster ? instances[1]! : null;
  const plan: LoadPlan = {
    origin,
    visitors,
    seconds,
    pages,
    staticPath: staticOrigin === origin ? staticPath : undefined,
    streamPath: live ? `/ll/api/v1/livelaps/live/race/${live.raceId}/stream` : undefined,
    checkout,
    kill:
      killOne && victim
        ? {
            label: `site-2 (pid ${victim.pid}, port ${victim.port})`,
            atMs: (seconds * 1000) / 2,
            kill: () => process.kill(-victim.pid!, 'SIGKILL'),
            answers: async () => (await get(`http://127.0.0.1:${victim.port}/ll/api/v1/langs/current`, {}, 1000)).status === 200,
          }
        : undefined,
  };
  if (killOne && !victim) notes.kill = 'not killed: the target is not a cluster (npm run start:cluster)';
  let result: LoadResult;
  let separateStatic: string | undefined;
  try {
    result = await runLoad(plan);
    if (plan.staticPath === undefined && tempNginx) {
      // Not the same server: the reference is measured right after, with the same visitors.
      const reference = await runLoad({ origin: staticOrigin, visitors, seconds: Math.min(seconds, 30), pages: [staticPath] });
      separateStatic = reference.pages.describe();
    }
  } finally {
    if (live && desk) await live.close(desk).catch(() => {});
    await staticCleanup();
  }
  const figures = { ...notes, ...describeLoad(result) };
  if (separateStatic) figures['static file, temporary nginx, right after (reference)'] = separateStatic;
  return figures;
}

/** The case, in the shape of scripts/bench.ts's `BenchCase` (a `database: false` case). */
export const clusterLoadCase = {
  name: 'cluster-load',
  description: `${loadSize().visitors} visitors for ${loadSize().seconds} s on the running product (${siteBase()}; best npm run start:cluster) over results, calendar, series, a race, live streams and checkout starts${loadSize().killOne ? ', one instance killed midway' : ''}; 5xx, cached pages' p99 next to a static file through the same nginx`,
  database: false as const,
  run: measure,
};

if (process.argv[1]?.endsWith(path.join('bench', 'load.ts'))) {
  measure().then(
    (figures) => {
      console.log(`\n${clusterLoadCase.name}: ${clusterLoadCase.description}`);
      for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
