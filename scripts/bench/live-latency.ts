/**
 * Bench case `live-latency` (issue 10: "From a passing received on the TCP socket to the row
 * changed in a browser: under 250 ms at the 95th percentile on loopback with 1,000 connected
 * viewers on one instance"). On the bench's throwaway database:
 *
 *   replay (this process) ──TCP──▶ feed (child: runLiveFeed, pg bus) ──NOTIFY──▶
 *   site (child: the API's live routes, SSE hub included, behind a node HTTP server) ──SSE──▶
 *   1,000 headless viewers (this process: plain HTTP clients parsing the stream)
 *
 * The replay serves data/real/rmonitor/2009-sebring-alms-session-4.txt at LIVE_BENCH_SPEED
 * (default 10) and notes when it writes each line to the socket. The viewers connect once the
 * race exists; measuring starts when every viewer has its first board and lasts
 * LIVE_BENCH_SECONDS (default 150). For each `$J` lap passing written meanwhile (car X, lap time
 * L; start crossings and repeats left out), the board that contains it is the first standings
 * event after it whose row X shows last lap L; its latency for a viewer is the time from the
 * replay writing the `$J` to that viewer having the whole event. A passing no board ever showed,
 * or a board a viewer never got, is a miss: counted, printed, and ranked as an infinite latency
 * in the percentiles (so misses above 5% of the samples make the p95 a miss, not a flattering
 * figure over the passings that did arrive). Prints count, misses, p50, p95, p99 and max over
 * every (passing, viewer) pair, the same per passing for the slowest viewer, the events each
 * viewer received (`standings` boards, `clock` events for changes of the clock only), the board
 * reads of the hub, and the target (p95 < 250 ms).
 *
 * The site here is a bare Node HTTP server around the API's live routes (liveRoutes(): the same
 * route handler, the same process hub on a pg bus), not Next. What is measured is the path a
 * passing takes — TCP feed, ingest transaction, NOTIFY, the hub's one board read per change and
 * its fan-out of one encoded frame to every open stream — which is the same code in the site.
 * Next only accepts the connection and relays the route's stream to the socket; running it here
 * would need a production build per run and would put Next's per-request cost (routing, the page
 * proxy) into a figure meant for the live path. Not measured: that relay (one web stream piped
 * to each socket), and the page cache and page renders (`npm run bench`'s page case).
 *
 * Also runs alone: `node --import tsx scripts/bench/live-latency.ts` (LIVE_BENCH_VIEWERS,
 * LIVE_BENCH_SPEED, LIVE_BENCH_SECONDS to vary it).
 *
 * The site and the feed run as child processes with `--conditions=react-server` (the domain
 * modules' `server-only` marker), as `npm run live` and the site do; this same file is their
 * entry point (environment LL_LIVE_BENCH_ROLE = site | feed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../lib/server/db';
import { events, promoters, races } from '../../lib/server/db/schema';
import { decodeLine } from '../../lib/server/timing/rmonitor/decode';
import { startReplay } from '../../lib/server/timing/live/replay';

const CAPTURE = path.resolve('data/real/rmonitor/2009-sebring-alms-session-4.txt');
const ENTRY = path.resolve('scripts/bench/live-latency.ts');
const TARGET_P95_MS = 250;
const num = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Number(value) : fallback);
const SPEED = num(process.env.LIVE_BENCH_SPEED, 10);
const VIEWERS = num(process.env.LIVE_BENCH_VIEWERS, 1000);
const SECONDS = num(process.env.LIVE_BENCH_SECONDS, 150);
/** Passings written in the last moments are not counted: their boards may still be on the way. */
const SETTLE_MS = 3000;
const ROLE_ENV = 'LL_LIVE_BENCH_ROLE';

// ---------------------------------------------------------------- children

/** Child `site`: the API's live routes (the process hub on a pg bus) behind a node HTTP server. */
async function siteRole(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const { busReady, createPgBus, setProcessBus } = await import('../../lib/server/timing/live/bus');
  const { createLiveHub, setLiveHub } = await import('../../lib/server/timing/live/sse');
  const { getLiveBoard } = await import('../../lib/server/live');
  const { OpenAPIHono } = await import('@hono/zod-openapi');
  const { liveRoutes } = await import('../../lib/server/api/routes/live');
  const bus = createPgBus(url);
  await busReady(bus);
  setProcessBus(bus);
  const stats = { reads: 0, readMs: 0, maxReadMs: 0 };
  /** Wall-clock ms (comparable across processes): when each seq's NOTIFY arrived, when each read returned which seq. */
  const wall = () => performance.timeOrigin + performance.now();
  const notified: [number, number][] = [];
  const readDone: [number, number][] = [];
  bus.subscribe((m) => {
    if (m.type === 'live') notified.push([m.seq, wall()]);
  });
  setLiveHub(
    createLiveHub(bus, {
      async read(raceId) {
        const started = performance.now();
        try {
          const board = await getLiveBoard(raceId);
          if (board) readDone.push([board.seq, wall()]);
          return board;
        } finally {
          const took = performance.now() - started;
          stats.reads++;
          stats.readMs += took;
          stats.maxReadMs = Math.max(stats.maxReadMs, took);
        }
      },
    }),
  );
  // The API's live routes as the site mounts them (the whole API app pulls in the pages' i18n).
  const app = new OpenAPIHono().basePath('/api/v1').route('/livelaps', liveRoutes());
  const server = http.createServer((req, res) => {
    void (async () => {
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const response = await app.fetch(
        new Request(`http://127.0.0.1${(req.url ?? '/').replace(/^\/ll/, '')}`, { method: req.method, headers: req.headers as Record<string, string>, signal: abort.signal }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      const reader = response.body.getReader();
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (done) break;
        if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    })().catch((err: unknown) => {
      console.error('[bench site]', err);
      res.destroy();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
  process.on('SIGTERM', () => {
    const cpu = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ ...stats, cpuMs: (cpu.user + cpu.system) / 1000, notified, readDone })}\n`);
    process.exit(0);
  });
}

/** Child `feed`: H1's runLiveFeed on the bench database with a pg bus, until SIGTERM. */
async function feedRole(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const { connectDb } = await import('../../lib/server/db');
  const { createPgBus } = await import('../../lib/server/timing/live/bus');
  const { runLiveFeed } = await import('../../lib/server/timing/live/feed');
  const { db, close } = connectDb(url);
  const bus = createPgBus(url);
  const feed = runLiveFeed({ db, bus, eventId: Number(process.env.LIVE_BENCH_EVENT), host: '127.0.0.1', port: Number(process.env.LIVE_BENCH_PORT), log: () => {} });
  process.on('SIGTERM', () => {
    void (async () => {
      await feed.stop();
      const cpu = process.cpuUsage();
      process.stdout.write(`${JSON.stringify({ ...feed.ingest.stats, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
      await bus.close();
      await close();
      process.exit(0);
    })();
  });
}

// ---------------------------------------------------------------- viewers

/** One headless viewer: the (seq, arrival time) of each standings event it completed. */
interface ViewerLog {
  seqs: number[];
  times: number[];
  /** Arrival times of its `clock` events (changes of the clock only). */
  clocks: number[];
  ended: boolean;
  req: http.ClientRequest;
}

const NL = 10;

/**
 * Connects a viewer to `url`. Frames are told apart by their blank line; only a frame's first
 * bytes are read (its `id:` and `event:`), and its arrival is when its last byte arrived. With
 * `onFrame`, every frame's whole text is passed on as well (one reader per run).
 */
function connectViewer(url: string, onFrame?: (text: string) => void): Promise<ViewerLog> {
  return new Promise((resolve, reject) => {
    let head = '';
    let prevNl = false;
    let whole = '';
    const log: ViewerLog = { seqs: [], times: [], clocks: [], ended: false, req: undefined as unknown as http.ClientRequest };
    const complete = (at: number) => {
      const id = /^id: (\d+)$/m.exec(head);
      const event = /^event: (\w+)$/m.exec(head);
      if (event?.[1] === 'standings' && id) {
        log.seqs.push(Number(id[1]));
        log.times.push(at);
      } else if (event?.[1] === 'clock') log.clocks.push(at);
      else if (event?.[1] === 'end') log.ended = true;
      head = '';
    };
    log.req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`viewer: ${url} answered ${res.statusCode}`));
      resolve(log);
      res.on('data', (chunk: Buffer) => {
        const at = performance.now();
        if (onFrame) {
          whole += chunk.toString('utf8');
          let cut: number;
          while ((cut = whole.indexOf('\n\n')) >= 0) {
            onFrame(whole.slice(0, cut));
            whole = whole.slice(cut + 2);
          }
        }
        let start = 0;
        while (start < chunk.length) {
          let end: number;
          if (prevNl && chunk[start] === NL) end = start;
          else {
            const i = chunk.indexOf('\n\n', start);
            end = i < 0 ? -1 : i + 1;
          }
          if (end < 0) {
            if (head.length < 64) head += chunk.toString('latin1', start, Math.min(chunk.length, start + 64 - head.length));
            prevNl = chunk[chunk.length - 1] === NL;
            break;
          }
          if (head.length < 64) head += chunk.toString('latin1', start, Math.min(end, start + 64 - head.length));
          complete(at);
          prevNl = false;
          start = end + 1;
        }
      });
      res.on('error', () => {});
    });
    log.req.on('error', reject);
  });
}

// ---------------------------------------------------------------- the measurement

/** Index of `value` in the ascending `sorted`, or -1. */
function indexOf(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The connection string of the bench's database (the pool behind its Drizzle handle). */
function urlOf(db: Db): string {
  const url = (db as unknown as { $client: { options: { connectionString?: string } } }).$client.options.connectionString;
  if (!url) throw new Error('live-latency: the bench database has no connection string');
  return url;
}

function child(role: 'site' | 'feed', env: Record<string, string>): { proc: ChildProcess; lines: AsyncIterator<string> } {
  const proc = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', ENTRY], {
    env: { ...process.env, ...env, [ROLE_ENV]: role },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
  return { proc, lines };
}

async function nextJson<T>(lines: AsyncIterator<string>, what: string, timeoutMs = 60_000): Promise<T> {
  const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`live-latency: no ${what} within ${timeoutMs} ms`)), timeoutMs).unref());
  for (;;) {
    const line = await Promise.race([lines.next(), timer]);
    if (line.done) throw new Error(`live-latency: the child ended before its ${what}`);
    try {
      return JSON.parse(line.value) as T;
    } catch {
      // not ours
    }
  }
}

async function stopChild(proc: ChildProcess, lines: AsyncIterator<string>, what: string): Promise<Record<string, unknown> | null> {
  if (proc.exitCode !== null) return null;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  const stats = await nextJson<Record<string, unknown>>(lines, what, 20_000).catch(() => null);
  const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
  return stats;
}

async function waitFor<T>(fn: () => Promise<T | null | undefined>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await fn();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`live-latency: ${what} not within ${timeoutMs} ms`);
}

/** A latency; a miss (ranked as infinite) reads "miss", no sample at all "—". */
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : n === Infinity ? 'miss' : '—');
/** "p50 / p95" of unsorted values. */
const pair = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))}`;
};

async function measure({ db }: { db: Db }): Promise<Record<string, string>> {
  const url = urlOf(db);
  const [promoter] = await db.select({ id: promoters.id }).from(promoters).limit(1);
  if (!promoter) throw new Error('live-latency: the bench database has no promoter');
  const [event] = await db.insert(events).values({ promoterId: promoter.id, name: `Live latency bench ${process.pid}`, startDate: '2009-01-27' }).returning({ id: events.id });

  /** Lap passings the replay wrote: car, lap time, when. */
  const sent: { number: string; lapTimeMs: number; at: number }[] = [];
  const seen = new Set<string>();
  const text = fs.readFileSync(CAPTURE, 'utf8');
  const replay = await startReplay({
    text,
    speed: SPEED,
    startOnConnect: true,
    onSend(index, line, atMs) {
      if (!line.startsWith('$J')) return;
      const msg = decodeLine(line, index + 1);
      if (msg?.tag !== 'J' || !msg.lapTimeMs) return; // start crossings carry no lap time
      const key = `${msg.regNo}|${msg.totalTimeMs}`;
      if (seen.has(key)) return;
      seen.add(key);
      sent.push({ number: msg.regNo, lapTimeMs: msg.lapTimeMs, at: atMs });
    },
  });
  const site = child('site', { DATABASE_URL: url });
  let feed: ReturnType<typeof child> | undefined;
  const viewers: ViewerLog[] = [];
  try {
    const { port } = await nextJson<{ port: number }>(site.lines, 'site port', 120_000);
    feed = child('feed', { DATABASE_URL: url, LIVE_BENCH_EVENT: String(event.id), LIVE_BENCH_PORT: String(replay.port) });
    const raceId = await waitFor(
      async () => (await db.select({ id: races.id }).from(races).where(and(eq(races.eventId, event.id), eq(races.liveState, 'live'))).limit(1))[0]?.id,
      'a live race',
      120_000,
    );

    // The boards as the first viewer reads them: seq → car number → last lap (ms).
    const boards = new Map<number, Map<string, number | null>>();
    const order: number[] = [];
    let frameBytes = 0;
    let clockBytes = 0;
    const streamUrl = `http://127.0.0.1:${port}/ll/api/v1/livelaps/live/race/${raceId}/stream`;
    viewers.push(
      await connectViewer(streamUrl, (frame) => {
        const id = /^id: (\d+)$/m.exec(frame);
        const data = /^data: (.*)$/m.exec(frame);
        if (/^event: clock$/m.test(frame)) clockBytes = Math.max(clockBytes, Buffer.byteLength(frame));
        if (!id || !/^event: standings$/m.test(frame) || !data) return;
        frameBytes = Math.max(frameBytes, Buffer.byteLength(frame));
        const board = JSON.parse(data[1]) as { rows: { number: string; lastLapMs: number | null }[] };
        boards.set(Number(id[1]), new Map(board.rows.map((r) => [r.number, r.lastLapMs])));
        order.push(Number(id[1]));
      }),
    );
    const connectStarted = performance.now();
    for (let i = 1; i < VIEWERS; i += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, VIEWERS - i) }, () => connectViewer(streamUrl)));
      viewers.push(...batch);
    }
    await waitFor(async () => viewers.every((v) => v.seqs.length > 0) || null, 'every viewer’s first board', 60_000);
    const connectMs = performance.now() - connectStarted;
    const from = performance.now();
    const cpuFrom = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const cpuMain = process.cpuUsage(cpuFrom);
    const until = performance.now() - SETTLE_MS;

    const feedStats = await stopChild(feed.proc, feed.lines, 'feed stats');
    feed = undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const siteStats = await stopChild(site.proc, site.lines, 'site stats');
    for (const v of viewers) v.req.destroy();

    // Each lap passing → the first board after it that shows it → each viewer's arrival of that board.
    const first = viewers[0];
    const arrivals = new Map(order.map((seq) => [seq, first.times[indexOf(first.seqs, seq)] ?? Infinity]));
    const all: number[] = [];
    const slowest: number[] = [];
    // Stages, from the site's clock (wall-clock ms → this process's performance.now()).
    const local = (t: number) => t - performance.timeOrigin;
    const notifiedAt = new Map(((siteStats?.notified as [number, number][] | undefined) ?? []).map(([seq, t]) => [seq, local(t)]));
    const readAt = new Map(((siteStats?.readDone as [number, number][] | undefined) ?? []).map(([seq, t]) => [seq, local(t)]));
    const stages = { notify: [] as number[], read: [] as number[], first: [] as number[], last: [] as number[] };
    let measured = 0;
    let missed = 0;
    /** (passing, viewer) pairs without a board: ranked as infinite latencies. */
    let missedSamples = 0;
    for (const p of sent) {
      if (p.at < from || p.at > until) continue;
      const seq = order.find((s) => (arrivals.get(s) ?? 0) >= p.at && boards.get(s)?.get(p.number) === p.lapTimeMs);
      if (seq === undefined) {
        // No board ever showed this passing: a miss for every viewer.
        missed++;
        missedSamples += viewers.length;
        for (let i = 0; i < viewers.length; i++) all.push(Infinity);
        slowest.push(Infinity);
        continue;
      }
      measured++;
      let worst = 0;
      let firstArrival = Infinity;
      for (const v of viewers) {
        const i = indexOf(v.seqs, seq);
        if (i < 0) {
          // This viewer never got that board.
          missedSamples++;
          all.push(Infinity);
          worst = Infinity;
          continue;
        }
        const latency = v.times[i] - p.at;
        all.push(latency);
        worst = Math.max(worst, latency);
        firstArrival = Math.min(firstArrival, v.times[i]);
      }
      slowest.push(worst);
      const notify = notifiedAt.get(seq);
      const read = readAt.get(seq);
      if (notify !== undefined) stages.notify.push(notify - p.at);
      if (notify !== undefined && read !== undefined) stages.read.push(read - notify);
      if (read !== undefined && Number.isFinite(firstArrival)) stages.first.push(firstArrival - read);
      if (read !== undefined && Number.isFinite(worst)) stages.last.push(p.at + worst - read);
    }
    all.sort((a, b) => a - b);
    slowest.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    const events = viewers[0].seqs.filter((_, i) => viewers[0].times[i] >= from && viewers[0].times[i] <= until).length;
    const clocks = viewers[0].clocks.filter((t) => t >= from && t <= until).length;
    const seconds = (until - from) / 1000;
    return {
      setup: `${VIEWERS} viewers (connected in ${(connectMs / 1000).toFixed(1)} s), replay speed ${SPEED}×, ${SECONDS} s measured`,
      'lap passings': `${measured + missed} (${measured} shown by a board, ${missed} by none: misses)`,
      'standings events per viewer': `${events} (${(events / seconds).toFixed(1)}/s, up to ${(frameBytes / 1024).toFixed(1)} KiB each)`,
      'clock events per viewer': `${clocks} (${(clocks / seconds).toFixed(1)}/s, up to ${clockBytes} B each)`,
      'samples (passing × viewer)': all.length.toLocaleString('en'),
      'misses (passing × viewer, no board)': `${missedSamples.toLocaleString('en')} (${all.length ? ((100 * missedSamples) / all.length).toFixed(2) : '0'}%; ranked as infinite latencies)`,
      p50: ms(percentile(all, 50)),
      p95: ms(p95),
      p99: ms(percentile(all, 99)),
      max: ms(all.at(-1) ?? NaN),
      'max of the boards that arrived': ms(all.filter(Number.isFinite).at(-1) ?? NaN),
      'per passing, slowest viewer: p50 / p95': `${ms(percentile(slowest, 50))} / ${ms(percentile(slowest, 95))}`,
      'stages p50 / p95: replay → NOTIFY at the site': pair(stages.notify),
      '  NOTIFY → board read done': pair(stages.read),
      '  board read → first viewer has it': pair(stages.first),
      '  board read → last viewer has it': pair(stages.last),
      'hub board reads (mean / max)': siteStats ? `${siteStats.reads} (${ms(Number(siteStats.readMs) / Math.max(1, Number(siteStats.reads)))} / ${ms(Number(siteStats.maxReadMs))})` : '—',
      'feed writes': feedStats ? `${feedStats.writes} transactions, ${feedStats.passings} passings` : '—',
      'CPU seconds: site / feed / viewers + replay': [siteStats?.cpuMs, feedStats?.cpuMs, (cpuMain.user + cpuMain.system) / 1000].map((v) => (typeof v === 'number' ? (v / 1000).toFixed(1) : '—')).join(' / '),
      target: `p95 < ${TARGET_P95_MS} ms (misses included) — ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`,
    };
  } finally {
    for (const v of viewers) v.req.destroy();
    if (feed) await stopChild(feed.proc, feed.lines, 'feed stats');
    await stopChild(site.proc, site.lines, 'site stats');
    await replay.close();
  }
}

/** The case, in the shape of scripts/bench.ts's `BenchCase` (a database case). */
export const liveLatencyCase = {
  name: 'live-latency',
  description: `a lap passing written by the RMonitor replay → feed → database → NOTIFY → SSE hub → ${VIEWERS} headless viewers on loopback (2009 Sebring capture at ${SPEED}×)`,
  run: measure,
};

/**
 * Run alone (`node --import tsx scripts/bench/live-latency.ts`): on DATABASE_URL's server (a
 * throwaway database created and dropped), else an embedded PostgreSQL in a temporary directory.
 */
async function standalone(): Promise<void> {
  const os = await import('node:os');
  const pg = (await import('pg')).default;
  const { connectDb } = await import('../../lib/server/db');
  const { startEmbeddedPostgres } = await import('../../lib/server/db/embedded');
  const { applyMigrations } = await import('../../lib/server/db/migrate');
  const { ensureDefaultPromoter } = await import('../../lib/server/seed');
  let dir: string | undefined;
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-live-bench-'));
    fs.chmodSync(dir, 0o755);
    server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 0, password: 'bench' });
    adminUrl = server.url;
  }
  const name = `ll_live_bench_${process.pid}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, close } = connectDb(url.toString());
  try {
    await applyMigrations(db);
    await ensureDefaultPromoter(db, 1);
    const figures = await measure({ db });
    console.log(`\n${liveLatencyCase.name}: ${liveLatencyCase.description}`);
    for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
  } finally {
    await close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const role = process.env[ROLE_ENV];
if (role === 'site') void siteRole();
else if (role === 'feed') void feedRole();
else if (process.argv[1] && path.resolve(process.argv[1]) === ENTRY) {
  standalone().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.stack : err);
      process.exit(1);
    },
  );
}
