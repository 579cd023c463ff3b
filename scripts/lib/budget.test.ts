/**
 * The JavaScript budget (issue 23) on a build laid out as `next build` lays it out: a route
 * whose page imports the chart library statically carries it in its first load and fails,
 * naming the route and the library; the same page loading it when used passes; an allowance
 * holds a route to its size, and one no longer needed is reported. The scripts are real code
 * (the chart library's own files, Next's client runtime), each with a source map.
 */
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, judge, largestModules, measureRoutes, unneededAllowances } from './budget';

const ROOT = path.resolve(__dirname, '../..');
let dir: string;

/** Real files of a package folder, in a stable order, until `maxBytes`. */
function realFiles(folder: string, maxBytes: number, ext = '.js'): string[] {
  const out: string[] = [];
  let total = 0;
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(ext) && total < maxBytes) {
        out.push(p);
        total += fs.statSync(p).size;
      }
    }
  };
  walk(folder);
  return out;
}

/** Writes a script made of `files` (one per line) and its source map, as Turbopack names them. */
function writeScript(name: string, files: string[]): string {
  const chunks = path.join(dir, '.next/static/chunks');
  fs.mkdirSync(chunks, { recursive: true });
  const lines = files.map((f) => fs.readFileSync(f, 'utf8').replace(/\n/g, ' '));
  const mappings: SourceMapSegment[][] = files.map((_, i) => [[0, i, 0, 0]]);
  const sources = files.map((f) => `turbopack:///[project]/${path.relative(ROOT, f)}`);
  fs.writeFileSync(path.join(chunks, `${name}-map.js.map`), JSON.stringify({ version: 3, sources, names: [], mappings: encode(mappings) }));
  fs.writeFileSync(path.join(chunks, `${name}.js`), `${lines.join('\n')}\n//# sourceMappingURL=${name}-map.js.map`);
  return `.next/static/chunks/${name}.js`;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  const runtime = writeScript('runtime', realFiles(path.join(ROOT, 'node_modules/next/dist/client/components'), 250_000));
  const charts = writeScript('charts', realFiles(path.join(ROOT, 'node_modules/@mui/x-charts'), 1_500_000, '.mjs'));
  const polyfill = writeScript('polyfill', realFiles(path.join(ROOT, 'node_modules/next/dist/build/polyfills'), 200_000));
  fs.mkdirSync(path.join(dir, '.next/diagnostics'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, '.next/diagnostics/route-bundle-stats.json'),
    JSON.stringify([
      { route: '/[locale]/races/[[...id]]', firstLoadChunkPaths: [runtime, charts, polyfill] },
      { route: '/[locale]/series/[[...id]]', firstLoadChunkPaths: [runtime, polyfill] },
    ]),
  );
  fs.writeFileSync(path.join(dir, '.next/build-manifest.json'), JSON.stringify({ polyfillFiles: [polyfill.replace('.next/', '')] }));
  fs.writeFileSync(path.join(dir, 'budget.json'), JSON.stringify({ allowancesKiB: {} }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the JavaScript budget', () => {
  it('fails a page that imports a chart statically, naming the chart library first; passes one that loads it when used', () => {
    const loads = measureRoutes(dir);
    const races = loads.find((l) => l.route.includes('races'))!;
    const series = loads.find((l) => l.route.includes('series'))!;
    expect(races.scripts.some((s) => s.includes('polyfill'))).toBe(false);
    const [racesVerdict, seriesVerdict] = judge([races, series], { allowancesKiB: {} });
    expect(racesVerdict!.over).toBe(true);
    expect(racesVerdict!.gzipBytes).toBeGreaterThan(BUDGET_BYTES);
    expect(seriesVerdict!.over).toBe(false);
    const [first] = largestModules(dir, races);
    expect(first!.source).toBe('@mui/x-charts');
    expect(first!.gzipBytes).toBeGreaterThan(races.gzipBytes / 2);
  });

  it('`npm run budget` exits 1 listing the route over budget and its largest module, and 0 once it has an allowance', () => {
    const run = () => {
      try {
        return { code: 0, out: execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/budget.ts'), '--project', dir], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }) };
      } catch (err) {
        const e = err as { status: number; stdout: string; stderr: string };
        return { code: e.status, out: e.stdout + e.stderr };
      }
    };
    const failed = run();
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/OVER\s+\/\[locale\]\/races\/\[\[\.\.\.id\]\]/);
    expect(failed.out).toMatch(/≈\s+[\d.]+ KiB\s+@mui\/x-charts/);
    expect(failed.out).toContain('over budget: /[locale]/races/[[...id]]');

    const size = measureRoutes(dir).find((l) => l.route.includes('races'))!.gzipBytes;
    fs.writeFileSync(path.join(dir, 'budget.json'), JSON.stringify({ allowancesKiB: { '/[locale]/races/[[...id]]': Math.ceil(size / 1024) } }));
    expect(run().code).toBe(0);
    fs.writeFileSync(path.join(dir, 'budget.json'), JSON.stringify({ allowancesKiB: { '/[locale]/races/[[...id]]': Math.floor(size / 1024) - 1 } }));
    expect(run().code).toBe(1);
  });

  it('reports allowances a route no longer needs', () => {
    const verdicts = judge(measureRoutes(dir), { allowancesKiB: { '/[locale]/series/[[...id]]': 400, '/[locale]/gone': 300 } });
    expect(unneededAllowances(verdicts, { allowancesKiB: { '/[locale]/series/[[...id]]': 400, '/[locale]/gone': 300 } })).toEqual(['/[locale]/series/[[...id]]', '/[locale]/gone']);
  });
});
