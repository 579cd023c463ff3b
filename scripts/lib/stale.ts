/**
 * Whether a build is older than its sources, by modification time: `npm start` rebuilds the
 * site or the CMS admin when a pulled or edited source file is newer than the last build.
 */
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', '.next', 'dist', '.tmp', '.cache', '.strapi', 'public']);

function newestIn(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (SKIP.has(entry)) continue;
    newest = Math.max(newest, newestIn(path.join(target, entry)));
  }
  return newest;
}

/** True when `marker` (a file the build writes) is missing or older than any of `sources`. */
export function isStale(marker: string, sources: string[]): boolean {
  let built: number;
  try {
    built = fs.statSync(marker).mtimeMs;
  } catch {
    return true;
  }
  return sources.some((s) => newestIn(s) > built);
}
