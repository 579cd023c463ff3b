/**
 * The JavaScript budget (issue 23 "A budget in CI"): the first-load JavaScript of every route of
 * a production build, gzip as served, against 160 KiB.
 *
 * - Routes and their first-load scripts come from the build's own list
 *   (`.next/diagnostics/route-bundle-stats.json`, every route of the app, present and future);
 *   the legacy polyfill (`polyfillFiles` of `build-manifest.json`, loaded only by browsers without
 *   modules) is left out.
 * - Sizes are each script gzipped as the site serves it (zlib's default level), summed per route.
 * - A route over budget is listed with its largest modules, read from the build's source maps
 *   (`productionBrowserSourceMaps`, next.config.ts): each module's share of its script's bytes,
 *   scaled by that script's gzip ratio (so the figures are close, not exact).
 * - Routes not yet brought under the budget have an allowance in `budget.json` (their size when
 *   it was written, rounded up): they fail when they grow past it, every other route at 160 KiB.
 *   An allowance a route no longer needs is reported, to be removed.
 */
import { decode } from '@jridgewell/sourcemap-codec';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The budget of issue 23, in bytes: 160 KiB of gzip per route. */
export const BUDGET_BYTES = 160 * 1024;

/** One route's first load. */
export interface RouteLoad {
  /** The app route, e.g. `/[locale]/races/[[...id]]`. */
  route: string;
  /** Its scripts, relative to the project (`.next/static/chunks/….js`). */
  scripts: string[];
  /** Sum of the scripts' gzip sizes, bytes. */
  gzipBytes: number;
}

/** A module's share of a route's first load. */
export interface ModuleShare {
  /** Its source, relative to the project (`node_modules/@mui/material/…`, `components/…`). */
  source: string;
  /** Approximate gzip bytes (its raw bytes × its script's gzip ratio). */
  gzipBytes: number;
}

/** A route's verdict. */
export interface RouteVerdict extends RouteLoad {
  /** What it may weigh: its allowance, else the budget. */
  limitBytes: number;
  allowance: boolean;
  over: boolean;
}

/** `budget.json`: allowances in KiB by route, for routes not yet under the budget. */
export interface BudgetFile {
  allowancesKiB: Record<string, number>;
}

// Per script, for one run: the scripts shared by every route are read once, not once a route.
const gzipCache = new Map<string, number>();
const sourceCache = new Map<string, Map<string, number>>();

/** A file's size gzipped at zlib's default level, bytes (cached by path for one run). */
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * Every route's first-load scripts and their gzip size, from a production build.
 * @param projectDir the folder holding `distDir`
 * @throws Error when the build has no route list (not built, or built by another bundler)
 */
export function measureRoutes(projectDir: string, distDir = '.next'): RouteLoad[] {
  const statsFile = path.join(projectDir, distDir, 'diagnostics', 'route-bundle-stats.json');
  if (!fs.existsSync(statsFile)) throw new Error(`no ${path.relative(projectDir, statsFile)}: run \`next build\` first`);
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { route: string; firstLoadChunkPaths: string[] }[];
  const manifestFile = path.join(projectDir, distDir, 'build-manifest.json');
  const polyfills = new Set(
    fs.existsSync(manifestFile) ? ((JSON.parse(fs.readFileSync(manifestFile, 'utf8')).polyfillFiles ?? []) as string[]).map((f) => path.join(distDir, f)) : [],
  );
  return stats.map(({ route, firstLoadChunkPaths }) => {
    const scripts = firstLoadChunkPaths.filter((p) => !polyfills.has(path.normalize(p)));
    return { route, scripts, gzipBytes: scripts.reduce((sum, s) => sum + gzipSize(path.join(projectDir, s)), 0) };
  });
}

/** Each route against its limit (see the module's docstring). */
export function judge(loads: RouteLoad[], budget: BudgetFile, limitBytes = BUDGET_BYTES): RouteVerdict[] {
  return loads.map((load) => {
    const allowanceKiB = budget.allowancesKiB[load.route];
    const limit = allowanceKiB === undefined ? limitBytes : Math.max(limitBytes, allowanceKiB * 1024);
    return { ...load, limitBytes: limit, allowance: allowanceKiB !== undefined, over: load.gzipBytes > limit };
  });
}

/** Allowances of `budget.json` no route needs any more (under the budget, or no such route). */
export function unneededAllowances(verdicts: RouteVerdict[], budget: BudgetFile, limitBytes = BUDGET_BYTES): string[] {
  const byRoute = new Map(verdicts.map((v) => [v.route, v]));
  return Object.keys(budget.allowancesKiB).filter((route) => {
    const v = byRoute.get(route);
    return !v || v.gzipBytes <= limitBytes;
  });
}

/**
 * Raw bytes per source of one script, from the source map its `//# sourceMappingURL=` comment
 * names (Turbopack names it after its own content, not after the script); empty without one.
 */
export function bytesBySource(scriptFile: string): Map<string, number> {
  let bytes = sourceCache.get(scriptFile);
  if (!bytes) {
    bytes = readBytesBySource(scriptFile);
    sourceCache.set(scriptFile, bytes);
  }
  return bytes;
}

function readBytesBySource(scriptFile: string): Map<string, number> {
  const out = new Map<string, number>();
  const text = fs.readFileSync(scriptFile, 'utf8');
  const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
  const mapFile = url && !url.startsWith('data:') ? path.join(path.dirname(scriptFile), url) : '';
  if (!mapFile || !fs.existsSync(mapFile)) return out;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = text.split('\n');
  const decoded = decode(map.mappings);
  decoded.forEach((segments, lineNo) => {
    const line = lines[lineNo] ?? '';
    segments.forEach((segment, i) => {
      if (segment.length < 4) return; // generated code with no source
      const end = i + 1 < segments.length ? segments[i + 1]![0] : line.length;
      const bytes = Buffer.byteLength(line.slice(segment[0], end));
      const source = map.sources[segment[1]!]!.replace(/^turbopack:\/\/\/\[project\]\//, '');
      out.set(source, (out.get(source) ?? 0) + bytes);
    });
  });
  return out;
}

/**
 * What a module counts under: its npm package (`@mui/material`; React inside Next as
 * `next/compiled/react-dom`), Turbopack's runtime, or the project's own folder (`components/layout`).
 */
export function packageOf(source: string): string {
  const compiled = /node_modules\/next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (compiled) return `next/compiled/${compiled[1]}`;
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (m) return m[1]!;
  if (source.startsWith('turbopack:///[turbopack]')) return 'turbopack runtime';
  const dir = path.posix.dirname(source);
  return dir === '.' ? source : dir;
}

/**
 * The largest pieces of a route's first load, by package (npm packages) or file (the project's),
 * approximate gzip bytes, largest first.
 */
export function largestModules(projectDir: string, load: RouteLoad, top = 12): ModuleShare[] {
  const totals = new Map<string, number>();
  for (const script of load.scripts) {
    const file = path.join(projectDir, script);
    const raw = fs.statSync(file).size;
    const ratio = raw ? gzipSize(file) / raw : 0;
    for (const [source, bytes] of bytesBySource(file)) {
      const key = packageOf(source);
      totals.set(key, (totals.get(key) ?? 0) + bytes * ratio);
    }
  }
  return [...totals]
    .map(([source, gzipBytes]) => ({ source, gzipBytes: Math.round(gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, top);
}

/** `12.3 KiB` */
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
