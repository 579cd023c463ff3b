/**
 * What ships (issue 29 "Known vulnerabilities"): every package a production install of the site
 * or the CMS holds, read from their lock files (`package-lock.json`, `cms/package-lock.json`;
 * lockfileVersion 3). Development-only packages (`"dev": true`: the test runners, linters,
 * builders that never run in production) are left out; optional ones are kept, since a
 * production install on this platform may hold them.
 */
import fs from 'node:fs';

/** One installed package version, with the lock files that install it. */
export interface ShippedPackage {
  name: string;
  version: string;
  /** The lock files it is in (`package-lock.json`, `cms/package-lock.json`). */
  from: string[];
}

interface LockFile {
  lockfileVersion?: number;
  packages?: Record<string, { version?: string; dev?: boolean; link?: boolean; name?: string }>;
}

/** The package name of a lock entry's path (`node_modules/a/node_modules/@b/c` → `@b/c`). */
export function packageName(lockPath: string): string {
  const at = lockPath.lastIndexOf('node_modules/');
  return lockPath.slice(at + 'node_modules/'.length);
}

/**
 * The shipped packages of the lock files `files` (paths relative to `root`), one entry per
 * name and version.
 * @throws Error when a lock file is missing or not lockfileVersion 2 or 3 (older npm: no `packages`).
 */
export function shippedPackages(root: string, files: readonly string[]): ShippedPackage[] {
  const found = new Map<string, ShippedPackage>();
  for (const file of files) {
    const lock = JSON.parse(fs.readFileSync(`${root}/${file}`, 'utf8')) as LockFile;
    if (!lock.packages) throw new Error(`${file} has no "packages" (lockfileVersion ${lock.lockfileVersion ?? '?'}): run npm install with npm 7 or later`);
    for (const [lockPath, entry] of Object.entries(lock.packages)) {
      if (!lockPath.includes('node_modules/') || entry.dev || entry.link || !entry.version) continue;
      const name = entry.name ?? packageName(lockPath);
      const key = `${name}@${entry.version}`;
      const known = found.get(key);
      if (known) {
        if (!known.from.includes(file)) known.from.push(file);
      } else found.set(key, { name, version: entry.version, from: [file] });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
