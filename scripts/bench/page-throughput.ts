/**
 * Bench case `page-throughput` (issue 10 "a cached finished race page serves at least half of
 * the requests per second that nginx serves for the same bytes, on the same machine, in the same
 * run"): against a running product — `BENCH_SITE_URL`, else `SITE_URL` (with /ll added when it
 * has no path), else http://127.0.0.1:3000/ll — it picks a finished race page (the Pine Hill
 * enduro or the Sebring test session of the real imports, else the first race with results of
 * the default promoter, found through the API), fetches it until the page cache answers it, writes
 * the same bytes (identity and gzip) to a temporary directory served by nginx (temporary config:
 * `worker_processes auto; access_log off; sendfile on; gzip_static on`, a free loopback port),
 * and runs `wrk -t2 -c64 -d10s` against both, without and with `Accept-Encoding: gzip`; then the
 * same page uncached (a cookie other than the language's bypasses the cache: Next renders every
 * request; `wrk -t1 -c4`, a cache-busting query would fill the cache instead). Prints requests/s
 * of each and the ratios (target ≥ 0.5). nginx is stopped and the directory removed afterwards.
 * Needs `/usr/sbin/nginx` and `wrk` (Debian: `apt-get install -y nginx-light wrk`); without
 * them, or without a running product, the case says so and measures nothing.
 *
 * A `database: false` case of scripts/bench.ts (it needs the running product, not the bench's
 * throwaway database); also runs alone: `node --import tsx scripts/bench/page-throughput.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { freePort } from '../../lib/server/db/embedded';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
const WRK_ARGS = ['-t2', '-c64', '-d10s'];
const UNCACHED_WRK_ARGS = ['-t1', '-c4', '-d10s', '--timeout', '10s'];
const INSTALL = 'apt-get install -y nginx-light wrk';
const TARGET = 0.5;

/** The product's base URL (…/ll). */
export function siteBase(env: Record<string, string | undefined> = process.env): string {
  const given = env.BENCH_SITE_URL ?? env.SITE_URL ?? 'http://127.0.0.1:3000/ll';
  const url = new URL(given);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/ll';
  return url.toString().replace(/\/$/, '');
}

/** Whether `base` is on this machine's loopback (the benches send traffic nowhere else). */
export function isLoopback(base: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(base).hostname);
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function get(url: string, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on('error', reject);
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const reply = await get(url, { Accept: 'application/json' });
  if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}`);
  return JSON.parse(reply.body.toString('utf8')) as T;
}

/** A finished race with results: Pine Hill or Sebring when imported, else the first with results. */
export async function findRace(base: string, promoterUserId: number): Promise<{ id: number; eventId: number; label: string }> {
  const list = await getJson<{ message: { events: { id: number; name: string; raceCount: number }[] } }>(`${base}/api/v1/livelaps/events/${promoterUserId}`);
  const events = [...list.message.events].sort((a, b) => rank(a.name) - rank(b.name));
  for (const event of events) {
    if (!event.raceCount) continue;
    const races = await getJson<{ message: { id: number; name: string; resultCount: number }[] }>(`${base}/api/v1/livelaps/promoter/event/${event.id}/accordionRaces`);
    const race = races.message.find((r) => r.resultCount > 0);
    if (race) return { id: race.id, eventId: event.id, label: `${event.name}, ${race.name}` };
  }
  throw new Error(`no race with results among the events of promoter ${promoterUserId}`);
}

function rank(name: string): number {
  if (/pine hill/i.test(name)) return 0;
  if (/sebring/i.test(name)) return 1;
  return 2;
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

/** Requests/s of one wrk run, and its non-2xx/3xx and error counts. */
function wrk(url: string, args: string[], headers: string[] = []): { rps: number; note: string } {
  const run = spawnSync('wrk', [...args, ...headers.flatMap((h) => ['-H', h]), url], { encoding: 'utf8', timeout: 120_000 });
  if (run.error) throw run.error;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? NaN);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(run.stdout)?.[1];
  const errors = /Socket errors:[^\n]*/.exec(run.stdout)?.[0];
  const note = [non2xx ? `${non2xx} non-2xx/3xx` : '', errors ?? ''].filter(Boolean).join('; ');
  if (!Number.isFinite(rps)) throw new Error(`wrk printed no Requests/sec:\n${run.stdout}${run.stderr}`);
  return { rps, note };
}

/** nginx serving `dir`/www on 127.0.0.1:`port` (temporary config in `dir`); resolves once it answers /page.html. */
export async function startNginx(dir: string, port: number): Promise<ChildProcess> {
  const conf = path.join(dir, 'nginx.conf');
  fs.mkdirSync(path.join(dir, 'tmp'));
  fs.writeFileSync(
    conf,
    `worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { default_type text/html; gzip_static on; }
  }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', `${dir}/`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr.trim()}`);
    const status = await get(`http://127.0.0.1:${port}/page.html`, {}, 1000).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return child;
    if (status) {
      child.kill('SIGTERM');
      throw new Error(`nginx answered ${status} for the page: ${stderr.trim() || fs.readFileSync(path.join(dir, 'error.log'), 'utf8').trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not answer on port ${port}: ${stderr.trim()}`);
}

export function stopNginx(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const RENDER_TARGET_MS = 15;

/** Median time (ms) of 40 uncached GETs of `url` one after another (a cookie bypasses the page cache), after 5 warm-ups. */
async function renderMedian(url: string): Promise<number> {
  const headers = { Cookie: 'bench=uncached' };
  for (let i = 0; i < 5; i++) await get(url, headers);
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    const reply = await get(url, headers);
    times.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}`);
  }
  return times.sort((a, b) => a - b)[20]!;
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en')} req/s`;
const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)} — ${ours / theirs >= TARGET ? 'met' : 'NOT met'} (target ≥ ${TARGET})`;

/** The measurement (see the file's docstring). */
async function measure(): Promise<Record<string, string>> {
  if (!fs.existsSync(NGINX) || !hasWrk()) return { skipped: `nginx (${NGINX}) or wrk missing: ${INSTALL}` };
  const base = siteBase();
  const promoter = Number(process.env.DEFAULT_PROMOTER_USER_ID ?? 1);
  let race: { id: number; eventId: number; label: string };
  try {
    race = await findRace(base, promoter);
  } catch (err) {
    return { skipped: `no running product at ${base} (npm start, or set BENCH_SITE_URL): ${err instanceof Error ? err.message : String(err)}` };
  }
  const page = `${base}/races/${race.id}`;
  // Warm: the first request may render (a miss); the cache answers the next ones.
  let plain = await get(page);
  for (let i = 0; i < 10 && plain.headers['x-cache'] !== 'HIT'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    plain = await get(page);
  }
  if (plain.status !== 200) throw new Error(`${page} answered ${plain.status}`);
  const cached = plain.headers['x-cache'] === 'HIT';
  const gzipped = await get(page, { 'Accept-Encoding': 'gzip' });
  const gzipBody = gzipped.headers['content-encoding'] === 'gzip' ? gzipped.body : null;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-nginx-'));
  // nginx's workers run as its own user when started as root: the files must be readable to it.
  fs.chmodSync(dir, 0o755);
  let nginx: ChildProcess | undefined;
  try {
    fs.mkdirSync(path.join(dir, 'www'));
    fs.writeFileSync(path.join(dir, 'www', 'page.html'), plain.body);
    if (gzipBody) fs.writeFileSync(path.join(dir, 'www', 'page.html.gz'), gzipBody);
    const port = await freePort();
    nginx = await startNginx(dir, port);
    const static_ = `http://127.0.0.1:${port}/page.html`;

    const nginxPlain = wrk(static_, WRK_ARGS);
    const oursPlain = wrk(page, WRK_ARGS);
    const figures: Record<string, string> = {
      page: `${page} (${race.label}): ${(plain.body.length / 1024).toFixed(0)} KB${gzipBody ? `, gzip ${(gzipBody.length / 1024).toFixed(0)} KB` : ''}; X-Cache ${plain.headers['x-cache'] ?? '(none: page cache off?)'}`,
      [`nginx, identity (wrk ${WRK_ARGS.join(' ')})`]: fmt(nginxPlain.rps) + (nginxPlain.note ? ` (${nginxPlain.note})` : ''),
      'site, cached page, identity': fmt(oursPlain.rps) + (oursPlain.note ? ` (${oursPlain.note})` : ''),
      'site / nginx, identity': ratio(oursPlain.rps, nginxPlain.rps),
    };
    if (gzipBody) {
      const nginxGzip = wrk(static_, WRK_ARGS, ['Accept-Encoding: gzip']);
      const oursGzip = wrk(page, WRK_ARGS, ['Accept-Encoding: gzip']);
      figures['nginx, gzip (gzip_static, same bytes)'] = fmt(nginxGzip.rps) + (nginxGzip.note ? ` (${nginxGzip.note})` : '');
      figures['site, cached page, gzip'] = fmt(oursGzip.rps) + (oursGzip.note ? ` (${oursGzip.note})` : '');
      figures['site / nginx, gzip'] = ratio(oursGzip.rps, nginxGzip.rps);
    } else {
      figures.gzip = 'the site sent no gzip variant: not measured';
    }
    // Issue 23: the uncached render's own time, one request at a time (median of 40 after 5
    // warm-ups), the race page beside the error page (the shell, a title and a sentence: the
    // shell's cost) — goal: race page ≤ 15 ms.
    const racePage = await renderMedian(page);
    const shellPage = await renderMedian(`${base}/error?message=bench`);
    figures['uncached render, one at a time (median of 40)'] =
      `race page ${racePage.toFixed(1)} ms — ${racePage <= RENDER_TARGET_MS ? 'met' : 'NOT met'} (target ≤ ${RENDER_TARGET_MS} ms); the shell alone (the error page) ${shellPage.toFixed(1)} ms; the race page's own ${(racePage - shellPage).toFixed(1)} ms`;
    const uncached = wrk(page, UNCACHED_WRK_ARGS, ['Cookie: bench=uncached']);
    figures[`site, same page uncached (wrk ${UNCACHED_WRK_ARGS.slice(0, 3).join(' ')}, a cookie bypasses the cache)`] = fmt(uncached.rps) + (uncached.note ? ` (${uncached.note})` : '');
    figures['cached / uncached'] = `${(oursPlain.rps / uncached.rps).toFixed(0)}×`;
    if (!cached) figures.warning = 'the page was never answered from the cache (X-Cache: HIT): is PAGE_CACHE_MB 0, or the product an older build?';
    return figures;
  } finally {
    if (nginx) await stopNginx(nginx);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The case, in the shape of scripts/bench.ts's `BenchCase` (a `database: false` case). */
export const pageThroughputCase = {
  name: 'page-throughput',
  description: `a cached finished race page of the running product (${siteBase()}) against nginx serving the same bytes, wrk ${WRK_ARGS.join(' ')}; and the same page uncached`,
  database: false as const,
  run: measure,
};

if (process.argv[1]?.endsWith(path.join('bench', 'page-throughput.ts'))) {
  measure().then(
    (figures) => {
      console.log(`\n${pageThroughputCase.name}: ${pageThroughputCase.description}`);
      for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
