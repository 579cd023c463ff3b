/**
 * Bench case `lighthouse` (issue 23 "light pages on a phone"): Lighthouse's mobile audit (its
 * default: a mid-range phone on a slow 4G link, simulated throttling) of the pages racers and
 * spectators open at the track — home, a finished race, the calendar, a series, the live page
 * and the account stepper, in English and French — against the running product
 * (`BENCH_SITE_URL`, else `SITE_URL`, else http://127.0.0.1:3000/ll; loopback only), each
 * `BENCH_LH_RUNS` times (default 3). Beside each page, in the same run, the same HTML with its
 * scripts removed, served through a local proxy (every other request passes through): the
 * ceiling a page could reach. Prints, per page, the median performance score of both and the
 * ratio, the median total blocking time and LCP, and the accessibility, best-practices and SEO
 * scores (goal: performance ≥ 95, the other three 100). `BENCH_LH_PAGES=home,race` picks pages.
 * Uses Debian's Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium). Skipped when `CI` is set.
 *
 * A `database: false` case of scripts/bench.ts; also runs alone:
 * `BENCH_LH_RUNS=1 node --import tsx scripts/bench/lighthouse.ts`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { findRace, get, isLoopback, siteBase } from './page-throughput';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface Audit {
  scores: Record<Category, number>;
  tbtMs: number;
  lcpMs: number;
  /** Lighthouse's measure of this machine's CPU (its `environment.benchmarkIndex`: ~1,500+ for the desktop its 4x mobile slowdown assumes). */
  benchmarkIndex: number;
}

/** The pages audited: name → path under the base (without language prefix). */
async function pages(base: string): Promise<{ name: string; path: string }[]> {
  const race = await findRace(base, 1);
  const all = [
    { name: 'home', path: '/' },
    { name: 'race', path: `/races/${race.id}` },
    { name: 'calendar', path: '/event-calendar' },
    { name: 'series', path: '/series/1' },
    { name: 'live', path: '/liveonlivelaps' },
    { name: 'stepper', path: '/registration/participant' },
  ];
  const wanted = (process.env.BENCH_LH_PAGES ?? '').split(',').filter(Boolean);
  return wanted.length ? all.filter((p) => wanted.includes(p.name)) : all;
}

/** The page's HTML without its scripts (inline and external, and their preloads). */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*as="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*as="script"[^>]*rel="(?:modulepreload|preload)"[^>]*>/gi, '');
}

/**
 * A proxy in front of `origin`: HTML pages come back without their scripts, everything else as
 * the site answers it. Resolves with its base URL (same path prefix as `base`).
 */
async function startScriptlessProxy(base: string): Promise<{ base: string; close: () => Promise<void> }> {
  const origin = new URL(base);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: { ...req.headers, host: origin.host, 'accept-encoding': 'identity' } },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        if (!type.includes('text/html')) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = withoutScripts(Buffer.concat(chunks).toString('utf8'));
          const headers = { ...up.headers, 'content-length': String(Buffer.byteLength(body)) };
          delete headers['transfer-encoding'];
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}${origin.pathname}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Lighthouse's own CLI in a plain Node child process: under this script's TypeScript loader its
 * page-side functions would carry the loader's helpers and fail in the browser.
 */
const LIGHTHOUSE_CLI = path.join(process.cwd(), 'node_modules', 'lighthouse', 'cli', 'index.js');

interface Lhr {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment?: { benchmarkIndex?: number };
}

async function audit(url: string, port: number): Promise<Audit> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LIGHTHOUSE_CLI, url, `--port=${port}`, '--output=json', '--quiet', `--only-categories=${CATEGORIES.join(',')}`],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as Lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  return { scores, tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN, lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN, benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Runs the audits (see the file's docstring); figures by page. */
export async function runLighthouse(): Promise<Record<string, string>> {
  if (process.env.CI) return { skipped: 'CI is set (Lighthouse runs on a quiet machine, never in CI)' };
  const base = siteBase();
  if (!isLoopback(base)) return { skipped: `${base} is not on this machine` };
  try {
    await get(`${base}/event-calendar`, {}, 10_000);
  } catch {
    return { skipped: `no product answering at ${base} (npm start)` };
  }
  const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3) || 3);
  const chromePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const proxy = await startScriptlessProxy(base);
  const figures: Record<string, string> = {};
  const machine: number[] = [];
  try {
    for (const page of await pages(base)) {
      for (const prefix of ['', '/fr']) {
        const path = `${prefix}${page.path === '/' ? '' : page.path}` || '';
        const ours: Audit[] = [];
        const bare: Audit[] = [];
        // Interleaved, so that a busy moment of the machine falls on both.
        for (let i = 0; i < runs; i++) {
          ours.push(await audit(`${base}${path}`, chrome.port));
          bare.push(await audit(`${proxy.base}${path}`, chrome.port));
        }
        machine.push(...ours.map((a) => a.benchmarkIndex), ...bare.map((a) => a.benchmarkIndex));
        const perf = median(ours.map((a) => a.scores.performance));
        const ceiling = median(bare.map((a) => a.scores.performance));
        const others = (['accessibility', 'best-practices', 'seo'] as const).map((c) => `${c} ${median(ours.map((a) => a.scores[c]))}`).join(', ');
        figures[`${page.name} ${prefix ? 'fr' : 'en'}`] =
          `performance ${perf} (scripts removed ${ceiling}, ratio ${(perf / ceiling).toFixed(2)}), TBT ${Math.round(median(ours.map((a) => a.tbtMs)))} ms, LCP ${(median(ours.map((a) => a.lcpMs)) / 1000).toFixed(2)} s (scripts removed ${(median(bare.map((a) => a.lcpMs)) / 1000).toFixed(2)} s); ${others}`;
      }
    }
  } finally {
    await proxy.close();
    chrome.kill();
  }
  figures.runs = `${runs} per page and variant, median; goal: performance ≥ 95, accessibility, best practices and SEO 100`;
  // Lighthouse's mobile CPU slowdown (4x) assumes a desktop of benchmark index ~1,500 or more; a
  // busy or slow machine scores lower for the same page (its docs: throttling.md).
  figures.machine = `benchmark index median ${Math.round(median(machine))} (min ${Math.round(Math.min(...machine))}, max ${Math.round(Math.max(...machine))})`;
  return figures;
}

export const lighthouseCase = {
  name: 'lighthouse',
  description: 'Lighthouse mobile scores of home, a race, the calendar, a series, the live page and the account stepper (en, fr), beside the same pages with their scripts removed',
  database: false as const,
  run: runLighthouse,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  void runLighthouse().then((figures) => {
    for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(14)} ${v}`);
  });
}
