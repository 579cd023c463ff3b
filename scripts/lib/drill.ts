/**
 * Fault drills against a running product (`npm start`), as an attacker and a tester would run
 * them: each drill does something to the product from outside, watches what visitors get, and
 * reports what it saw. `npm run drill` prints them; e2e/fault-drills.spec.ts asserts them.
 *
 * The drills need the state file `npm start` keeps (`.data/run/start-<PORT>.json`) to find the
 * pids of the database and the CMS they kill. The consistency drill replaces the Sebring lites
 * session with the same file (`npm run import -- … --replace`): its results stay the same, its
 * race gets a new id.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { drillBackup } from './drill-backup';
import { drillCluster } from './drill-cluster';

export interface DrillTarget {
  /** The site, e.g. http://127.0.0.1:3000 (the base path /ll is added). */
  site: string;
  /** The embedded CMS, e.g. http://127.0.0.1:1337, when `npm start` runs it. */
  cms?: string;
  /** pids and ports from the state file. */
  state: RunState;
  /** Environment for the import CLI (PORT, DB_PORT, DB_DATA_DIR, DATABASE_URL …). */
  env: NodeJS.ProcessEnv;
}

export interface RunState {
  supervisor: number;
  services: Record<string, { pid: number | null; port: number | null; restarts: number }>;
}

export interface DrillResult {
  name: string;
  ok: boolean;
  lines: string[];
}

const LITES = 'data/real/rmonitor/2009-sebring-alms-session-4-lites.txt';

/** Reads the state file of the `npm start` serving `port`. */
export function readState(root: string, port: number): RunState {
  const file = path.join(root, '.data', 'run', `start-${port}.json`);
  if (!fs.existsSync(file)) throw new Error(`No ${file}: is npm start running with PORT=${port}?`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RunState;
}

function freshState(target: DrillTarget): RunState {
  return readState(process.cwd(), Number(new URL(target.site).port));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks as a visitor would. API reads (GET) carry a cookie of the drill's own, which the page cache never
 * answers (lib/server/cache/page-cache.ts): it keeps serving stored replies through an outage, and
 * the drills judge what the database and the site do, so their API answers come from the database.
 */
async function fetchText(url: string, init?: RequestInit): Promise<{ status: number; text: string; headers: Headers }> {
  try {
    const headers = new Headers(init?.headers);
    const read = (init?.method ?? 'GET').toUpperCase() === 'GET';
    if (read && url.includes('/ll/api/') && !headers.has('cookie')) headers.set('cookie', 'drill=1');
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(15_000), ...init, headers });
    return { status: res.status, text: await res.text(), headers: res.headers };
  } catch (err) {
    return { status: 0, text: err instanceof Error ? err.message : String(err), headers: new Headers() };
  }
}

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(', ') || 'none';
}

/** Every public race's results URL, with its event's name. */
async function raceUrls(target: DrillTarget): Promise<{ url: string; event: string }[]> {
  const api = `${target.site}/ll/api/v1/livelaps`;
  const events = JSON.parse((await fetchText(`${api}/events/1`)).text).message.events as { id: number; name: string }[];
  const out: { url: string; event: string }[] = [];
  for (const e of events) {
    const races = JSON.parse((await fetchText(`${api}/promoter/event/${e.id}/races`)).text).message.data as { id: number }[];
    for (const r of races) out.push({ url: `${api}/race/results/${r.id}`, event: e.name });
  }
  return out;
}

function runImport(target: DrillTarget, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], { env: target.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

/**
 * Readers ask the API for every race (but the one being replaced) while the import CLI, in
 * its own process, replaces the largest capture: every reply must be its race's own rows.
 */
export async function drillConsistency(target: DrillTarget): Promise<DrillResult> {
  const lines: string[] = [];
  const urls = (await raceUrls(target)).filter((r) => r.event !== 'Sebring Winter Test').map((r) => r.url);
  const expected = new Map<string, string>();
  for (const url of urls) expected.set(url, (await fetchText(url)).text);
  let writing = true;
  let reads = 0;
  const wrong: string[] = [];
  const reader = async (i: number) => {
    for (; writing; i++) {
      const url = urls[i % urls.length];
      const reply = await fetchText(url);
      reads++;
      if (reply.status !== 200 || reply.text !== expected.get(url)) wrong.push(`${url} → ${reply.status} ${reply.text.slice(0, 80)}`);
    }
  };
  const started = Date.now();
  const writer = (async () => {
    const run = await runImport(target, [LITES, '--replace']);
    writing = false;
    return run;
  })();
  const [run] = await Promise.all([writer, ...Array.from({ length: 8 }, (_, i) => reader(i))]);
  lines.push(`import --replace of ${path.basename(LITES)}: exit ${run.code} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${run.output.split('\n').pop()}`);
  lines.push(`${reads} replies checked against ${urls.length} races while it ran; ${wrong.length} wrong`);
  lines.push(...wrong.slice(0, 5));
  return { name: 'consistency under an import', ok: run.code === 0 && wrong.length === 0 && reads > 0, lines };
}

/** The same file again is refused with the event it went to, and nothing is written. */
export async function drillReimport(target: DrillTarget): Promise<DrillResult> {
  const before = await fetchText(`${target.site}/ll/api/v1/livelaps/events/1`);
  const run = await runImport(target, [LITES]);
  const after = await fetchText(`${target.site}/ll/api/v1/livelaps/events/1`);
  const refused = run.code === 1 && /already imported .*into event \d+/.test(run.output);
  return {
    name: 'importing a file twice',
    ok: refused && before.text === after.text,
    lines: [`exit ${run.code}: ${run.output}`, `events list ${before.text === after.text ? 'unchanged' : 'CHANGED'}`],
  };
}

/** Oversized, out-of-range and malformed requests get clear 4xx replies with the usual headers. */
export async function drillLimits(target: DrillTarget): Promise<DrillResult> {
  const api = `${target.site}/ll/api/v1`;
  const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const checks: [string, Promise<{ status: number; text: string; headers: Headers }>, number][] = [
    ['2 MB JSON body', fetchText(`${api}/livelaps/event/getEventsForCalendar`, json(`{"date":"${'9'.repeat(2 * 1024 * 1024)}"}`)), 413],
    ['calendar date 0001-01-01', fetchText(`${api}/livelaps/event/getEventsForCalendar`, json('{"date":"0001-01-01"}')), 400],
    ['promoterId 2147483648', fetchText(`${api}/livelaps/event/getEventsForCalendar`, json('{"promoterId":2147483648}')), 400],
    ['race id 2147483648', fetchText(`${api}/livelaps/race/2147483648`), 400],
    ['page /ll/races/%FF', fetchText(`${target.site}/ll/races/%FF`), 400],
    ['API /ll/api/v1/livelaps/race/%FF', fetchText(`${api}/livelaps/race/%FF`), 400],
    ['asset /ll/_next/%FF', fetchText(`${target.site}/ll/_next/%FF`), 400],
    ['page POST announcing 400 MB', announce(`${target.site}/ll/races/1`, 400 * 1024 * 1024), 413],
  ];
  const lines: string[] = [];
  let ok = true;
  for (const [label, promise, want] of checks) {
    const reply = await promise;
    const headers = reply.headers.get('x-content-type-options') === 'nosniff';
    const pass = reply.status === want && headers;
    ok &&= pass;
    lines.push(`${pass ? 'ok  ' : 'FAIL'} ${label}: ${reply.status} (want ${want})${headers ? '' : ', no security headers'}`);
  }
  // Four streamed 100 MB bodies at once, with no Content-Length: refused while they stream.
  const sitePid = target.state.services.site?.pid;
  const before = sitePid ? rssMb(sitePid) : null;
  const streams = await Promise.all(Array.from({ length: 4 }, () => fetchText(`${api}/livelaps/event/getEventsForCalendar`, { ...json(''), body: zeros(100), duplex: 'half' } as RequestInit)));
  const after = sitePid ? rssMb(sitePid) : null;
  const growth = before !== null && after !== null ? after - before : null;
  const refused = streams.every((r) => r.status === 413);
  ok &&= refused && (growth === null || growth < 256);
  lines.push(
    `${refused ? 'ok  ' : 'FAIL'} 4 parallel streamed 100 MB bodies: ${tally(streams.map((r) => r.status))}` +
      (growth === null ? '' : `; site memory ${before} MB → ${after} MB`),
  );
  return { name: 'bounded requests', ok, lines };
}

/** A POST whose headers announce `bytes` of body, of which only the headers are sent. */
function announce(url: string, bytes: number): Promise<{ status: number; text: string; headers: Headers }> {
  return new Promise((resolve) => {
    const { hostname, port, pathname } = new URL(url);
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${bytes}\r\n\r\n`),
    );
    let raw = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (d) => (raw += d));
    socket.on('close', () => {
      const [head, ...body] = raw.split('\r\n\r\n');
      const [status, ...lines] = head.split('\r\n');
      const headers = new Headers(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]));
      resolve({ status: Number(status.split(' ')[1]) || 0, text: body.join('\r\n\r\n'), headers });
    });
    socket.on('error', () => resolve({ status: 0, text: raw, headers: new Headers() }));
  });
}

/** A body stream of `mb` megabytes of zeros, sent without a Content-Length. */
function zeros(mb: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= mb) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

/** Resident memory of a process in MB (Linux), or null. */
function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** The CMS has an admin from the first start (registration closed) and only allows the site's origin. */
export async function drillCmsLock(target: DrillTarget): Promise<DrillResult> {
  if (!target.cms) return { name: 'locked CMS', ok: true, lines: ['skipped: the CMS is external (CMS_URL)'] };
  const register = await fetchText(`${target.cms}/admin/register-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'intruder@example.net', password: 'Intruder12345', firstname: 'I' }),
  });
  const init = JSON.parse((await fetchText(`${target.cms}/admin/init`)).text || '{}');
  const evil = await fetchText(`${target.cms}/api/menus`, { headers: { Origin: 'https://evil.example' } });
  const acao = evil.headers.get('access-control-allow-origin');
  const lines = [
    `POST /admin/register-admin: ${register.status} ${register.text.slice(0, 100)}`,
    `GET /admin/init: hasAdmin=${init?.data?.hasAdmin}`,
    `Origin https://evil.example → Access-Control-Allow-Origin: ${acao ?? '(none)'}`,
  ];
  return { name: 'locked CMS', ok: register.status >= 400 && init?.data?.hasAdmin === true && !acao, lines };
}

/** Nothing but loopback reaches the database and the CMS (and the site, unless HOST opens it). */
export async function drillLoopback(target: DrillTarget): Promise<DrillResult> {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  if (!external) return { name: 'loopback only', ok: true, lines: ['skipped: no non-loopback address on this machine'] };
  const lines: string[] = [];
  let ok = true;
  for (const [name, s] of Object.entries(target.state.services)) {
    if (!s.port) continue;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: external, port: s.port! });
      socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    const mayBeOpen = name === 'site' && target.env.HOST && !/^127\.|^::1$|^localhost$/.test(target.env.HOST);
    ok &&= !open || !!mayBeOpen;
    lines.push(`${name} port ${s.port} on ${external}: ${open ? 'OPEN' : 'refused'}`);
  }
  return { name: 'loopback only', ok, lines };
}

/** Polls `urls` until `done()`, recording every reply. */
async function poll(urls: string[], done: () => boolean, check: (url: string, reply: { status: number; text: string; headers: Headers }) => string | null) {
  const statuses: number[] = [];
  const problems: string[] = [];
  await Promise.all(
    urls.map(async (url) => {
      while (!done()) {
        const reply = await fetchText(url);
        statuses.push(reply.status);
        const problem = check(url, reply);
        if (problem) problems.push(problem);
        await sleep(50);
      }
    }),
  );
  return { statuses, problems };
}

/** Kills the CMS: every page keeps answering 200 (fallbacks) and the CMS is back by itself. */
export async function drillCmsCrash(target: DrillTarget): Promise<DrillResult> {
  const pid = target.state.services.cms?.pid;
  if (!target.cms || !pid) return { name: 'CMS crash', ok: true, lines: ['skipped: no embedded CMS'] };
  const pages = ['/ll', '/ll/fr', '/ll/es/about-us', '/ll/results/1', '/ll/event-calendar'].map((p) => `${target.site}${p}`);
  process.kill(-pid, 'SIGKILL');
  const killed = Date.now();
  let back = 0;
  const watch = (async () => {
    while (Date.now() - killed < 60_000) {
      if ((await fetchText(`${target.cms}/_health`)).status === 204) {
        back = Date.now();
        return;
      }
      await sleep(100);
    }
  })();
  const { statuses, problems } = await poll(pages, () => back > 0 || Date.now() - killed > 60_000, (url, r) => (r.status === 200 ? null : `${url} → ${r.status}`));
  await watch;
  const restarted = freshState(target).services.cms;
  const lines = [
    `killed the CMS (pid ${pid}); pages meanwhile: ${tally(statuses)}`,
    back ? `CMS answering again after ${((back - killed) / 1000).toFixed(1)} s (pid ${restarted?.pid}, restarts ${restarted?.restarts})` : 'CMS NOT back within 60 s',
    ...problems.slice(0, 5),
  ];
  return { name: 'CMS crash', ok: back > 0 && problems.length === 0 && statuses.length > 0, lines };
}

/**
 * Kills the database (postmaster and backends): pages and the API answer 503 with Retry-After
 * (or, before the outage is noticed or after it ends, the right 200); nothing else. Then the
 * same answers as before, with no row lost.
 */
export async function drillDatabaseCrash(target: DrillTarget): Promise<DrillResult> {
  const pid = target.state.services.database?.pid;
  if (!pid) return { name: 'database crash', ok: true, lines: ['skipped: the database is external (DATABASE_URL)'] };
  const races = await raceUrls(target);
  const apiUrls = [...races.slice(0, 3).map((r) => r.url), `${target.site}/ll/api/v1/livelaps/events/1`];
  const pageUrls = [`${target.site}/ll/results/1`, `${target.site}/ll/fr/races/${races[0].url.split('/').pop()}`];
  const expected = new Map<string, string>();
  for (const url of apiUrls) expected.set(url, (await fetchText(url)).text);

  process.kill(-pid, 'SIGKILL');
  const killed = Date.now();
  let recoveredAt = 0;
  const check = (url: string, r: { status: number; text: string; headers: Headers }) => {
    if (r.status === 503) return r.headers.get('retry-after') ? null : `${url} → 503 without Retry-After`;
    if (r.status !== 200) return `${url} → ${r.status} ${r.text.slice(0, 80)}`;
    if (expected.has(url) && r.text !== expected.get(url)) return `${url} → 200 with other rows`;
    return null;
  };
  const watcher = (async () => {
    // Recovered: every API URL answers its rows again.
    while (Date.now() - killed < 60_000) {
      await sleep(200);
      const replies = await Promise.all(apiUrls.map((u) => fetchText(u)));
      if (Date.now() - killed > 1000 && replies.every((r, i) => r.status === 200 && r.text === expected.get(apiUrls[i]))) {
        recoveredAt = Date.now();
        return;
      }
    }
  })();
  const { statuses, problems } = await poll([...apiUrls, ...pageUrls], () => recoveredAt > 0 || Date.now() - killed > 60_000, check);
  await watcher;
  const unavailable = await fetchText(pageUrls[1]);
  const restarted = freshState(target).services.database;
  const lines = [
    `killed the database (pid ${pid}); replies meanwhile: ${tally(statuses)}`,
    recoveredAt ? `every answer right again after ${((recoveredAt - killed) / 1000).toFixed(1)} s (pid ${restarted?.pid}, restarts ${restarted?.restarts})` : 'NOT recovered within 60 s',
    `after recovery ${pageUrls[1]} → ${unavailable.status}`,
    ...problems.slice(0, 5),
  ];
  return { name: 'database crash', ok: recoveredAt > 0 && problems.length === 0 && statuses.includes(503) && unavailable.status === 200, lines };
}

/** Every drill, in an order that leaves the product as it found it. */
export const DRILLS = {
  limits: drillLimits,
  'cms-lock': drillCmsLock,
  loopback: drillLoopback,
  reimport: drillReimport,
  consistency: drillConsistency,
  backup: drillBackup,
  'cms-crash': drillCmsCrash,
  'db-crash': drillDatabaseCrash,
  cluster: drillCluster,
} as const;

export type DrillName = keyof typeof DRILLS;
