/**
 * Several site processes behind nginx, for `npm run start:cluster` (issue 29 "Two instances:
 * `npm run start:cluster` … starts two site processes behind a kept reverse proxy … on one
 * PostgreSQL"). scripts/start.ts calls `startSiteCluster` in place of its single site when
 * `SITE_INSTANCES` is 2 or more (scripts/start-cluster.ts sets it to 2); the database, the
 * migrations and seed, the CMS and the build are start.ts's own, unchanged.
 *
 * Instance i (1…n) is `scripts/serve-site.ts` on 127.0.0.1:PORT+i, supervised as `site-<i>`
 * (restarted with backoff when it dies), with
 *  - `SITE_URL` the public origin (the one given, else http://localhost:PORT: nginx's), so that
 *    its page cache, its links, its login cookies and its Origin check are the public site's, not
 *    its own port's;
 *  - `TRUSTED_PROXY_HOPS` the operator's value + 1: nginx appends the visitor's address to
 *    X-Forwarded-For and sets X-Forwarded-Proto/-Host (ops/nginx/cluster.conf.template);
 *  - `HOST` 127.0.0.1: only nginx faces visitors (it listens on HOST:PORT).
 * nginx is supervised as `proxy`. The run-state file (`.data/run/start-<PORT>.json`) lists them
 * all with their pids, for the drills (scripts/lib/drill-cluster.ts).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { isPortOpen } from '../../../lib/server/db/embedded';
import type { Supervisor } from '../supervisor';
import { prepareNginx, spawnNginx, stopOrphanNginx } from './nginx';

/** The environment variable naming how many site processes `npm start` runs (default 1). */
export const SITE_INSTANCES_ENV = 'SITE_INSTANCES';
/** The most instances one machine is given (each one holds a database pool, a page cache and a job worker). */
export const MAX_INSTANCES = 8;

/**
 * How many site processes to run: `SITE_INSTANCES` (1 to 8), default 1.
 * @throws Error for any other value.
 */
export function siteInstances(env: Record<string, string | undefined> = process.env): number {
  const raw = env[SITE_INSTANCES_ENV];
  if (raw === undefined || raw === '') return 1;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_INSTANCES)) throw new Error(`Invalid environment variable ${SITE_INSTANCES_ENV}: a number from 1 to ${MAX_INSTANCES} (got ${raw})`);
  return n;
}

/** The ports of `count` instances behind nginx on `port`: port+1 … port+count. */
export function instancePorts(port: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => port + 1 + i);
}

/** The supervisor's names of what serves the site: `site` alone, or `proxy` and `site-1` … `site-n`. */
export function siteServiceNames(count: number): string[] {
  return count > 1 ? ['proxy', ...Array.from({ length: count }, (_, i) => `site-${i + 1}`)] : ['site'];
}

/** What start.ts hands over. */
export interface SiteClusterOptions {
  root: string;
  supervisor: Supervisor;
  /** The site's HOST and PORT (nginx's), the public origin and the operator's TRUSTED_PROXY_HOPS. */
  host: string;
  port: number;
  publicOrigin: string;
  trustedProxyHops: number;
  instances: number;
  /** Spawns one `scripts/serve-site.ts` with start.ts's site environment plus `extra`. */
  spawnSite(extra: Record<string, string>): ChildProcess;
  /** start.ts's wait: resolves once `check` is true, throws after `timeoutMs` or when stopping. */
  waitFor(name: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void>;
  log(line: string): void;
}

async function answers200(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
  await res.body?.cancel();
  return res.status === 200;
}

/**
 * Starts the instances and nginx in front of them (see the file's docstring) and resolves once
 * a request through nginx is answered.
 * @throws Error when a port is taken, nginx is missing or refuses its configuration, or a piece does not answer in time.
 */
export async function startSiteCluster(o: SiteClusterOptions): Promise<void> {
  const ports = instancePorts(o.port, o.instances);
  const dir = path.join(o.root, '.data', 'cluster', String(o.port));
  await stopOrphanNginx(dir);
  for (const port of [o.port, ...ports]) {
    if (await isPortOpen(port)) throw new Error(`Port ${port} is in use: start:cluster needs PORT (nginx) and PORT+1…PORT+${o.instances} (the instances) free; set PORT to another`);
  }
  const conf = prepareNginx(o.root, { dir, listenHost: o.host, listenPort: o.port, upstreamPorts: ports, proxyHopsInFront: o.trustedProxyHops });
  const extra = (port: number) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: o.publicOrigin,
    TRUSTED_PROXY_HOPS: String(o.trustedProxyHops + 1),
    // One structured line per request in each instance's log (lib/server/log), with nginx's request id.
    ACCESS_LOG: process.env.ACCESS_LOG ?? '1',
  });
  await Promise.all(
    ports.map(async (port, i) => {
      const name = `site-${i + 1}`;
      await o.supervisor.add({ name, port, start: () => o.spawnSite(extra(port)) });
      await o.waitFor(name, () => answers200(`http://127.0.0.1:${port}/ll/api/v1/langs/current`), 60_000);
    }),
  );
  await o.supervisor.add({ name: 'proxy', port: o.port, start: () => spawnNginx(dir, conf) });
  const host = o.host === '0.0.0.0' || o.host === '::' ? '127.0.0.1' : o.host;
  await o.waitFor('nginx', () => answers200(`http://${host.includes(':') ? `[${host}]` : host}:${o.port}/ll/api/v1/langs/current`), 15_000);
  o.log(`${o.instances} site instances on 127.0.0.1:${ports.join(', ')} behind nginx on ${o.host}:${o.port} (${path.relative(o.root, conf)})`);
}
