/**
 * `npm start`: starts the whole product on its embedded defaults.
 *  1. the race database: PGlite on 127.0.0.1:DB_PORT (unless DATABASE_URL is set), then
 *     migrations and, on an empty database, the seed of every real results file;
 *  2. the CMS: Strapi in cms/ on CMS_PORT (unless CMS_URL is set), built first if needed,
 *     seeding its own content on first start;
 *  3. the site: `next build` if there is no build yet, then `next start` on PORT under /ll.
 * Waits until each piece answers; Ctrl-C (SIGINT/SIGTERM) stops every child it started.
 * A second `npm start` keeps the data of the first (.data/ and cms/.tmp/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { cmsUrl, databaseUrl, serverEnv } from '../lib/server/config/env';
import { closeDb, getDb } from '../lib/server/db';
import { isPortOpen } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { seedDatabase } from '../lib/server/seed';

const root = process.cwd();
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
process.env.STRAPI_TELEMETRY_DISABLED ??= 'true';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const env = serverEnv();
const children: ChildProcess[] = [];
let stopping = false;

function log(line: string) {
  console.log(`[start] ${line}`);
}

function run(name: string, cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): ChildProcess {
  const child = spawn(cmd, args, { cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
      void shutdown(1);
    }
  });
  return child;
}

/** Runs a command to completion (builds); rejects on a non-zero exit. */
function runOnce(name: string, cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    child.on('exit', (code) => {
      children.splice(children.indexOf(child), 1);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed with exit code ${code}`));
    });
  });
}

async function waitFor(name: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (stopping) throw new Error('stopping');
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

async function httpOk(url: string, accept: (status: number) => boolean = (s) => s < 500): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
  return accept(res.status);
}

async function startDatabase() {
  if (!env.DATABASE_URL) {
    if (await isPortOpen(env.DB_PORT)) throw new Error(`Port ${env.DB_PORT} is in use: set DB_PORT to a free port (or DATABASE_URL)`);
    run('database', process.execPath, ['--import', 'tsx', 'scripts/db-server.ts']);
    await waitFor('database', () => isPortOpen(env.DB_PORT), 30_000);
  }
  const db = getDb();
  await waitFor('database', async () => !!(await db.execute(sql`select 1`)), 30_000);
  await applyMigrations(db);
  log(`database ready at ${databaseUrl().replace(/\/\/.*@/, '//')}, migrations applied`);
  await seedDatabase(db, env.DEFAULT_PROMOTER_USER_ID, log);
  await closeDb();
}

async function startCms() {
  if (env.CMS_URL) {
    log(`using the CMS at ${env.CMS_URL}`);
    return;
  }
  const cmsDir = path.join(root, 'cms');
  const cmsEnv: Record<string, string> = {
    CMS_PORT: String(env.CMS_PORT),
    ...(process.env.CMS_DATABASE_FILENAME ? { DATABASE_FILENAME: process.env.CMS_DATABASE_FILENAME } : {}),
    NODE_ENV: 'production',
  };
  if (!fs.existsSync(path.join(cmsDir, 'node_modules'))) throw new Error('The CMS is not installed: run npm install');
  if (!fs.existsSync(path.join(cmsDir, 'dist', 'build', 'index.html'))) {
    log('building the CMS admin (first start only)…');
    await runOnce('CMS build', 'npm', ['run', 'build'], { cwd: cmsDir, env: cmsEnv });
  }
  if (await isPortOpen(env.CMS_PORT)) throw new Error(`Port ${env.CMS_PORT} is in use: set CMS_PORT to a free port (or CMS_URL)`);
  // Strapi itself, not `npm start` through a shell, so that stopping it stops the server.
  await runOnce('CMS env', process.execPath, ['scripts/ensure-env.mjs'], { cwd: cmsDir, env: cmsEnv });
  run('cms', process.execPath, ['node_modules/@strapi/strapi/bin/strapi.js', 'start'], { cwd: cmsDir, env: cmsEnv });
  await waitFor('CMS', () => httpOk(`${cmsUrl()}/_health`, (s) => s === 204 || s === 200), 180_000);
  log(`CMS ready at ${cmsUrl()}`);
}

async function buildSite() {
  if (fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return;
  log('building the site (first start only)…');
  await runOnce('site build', process.execPath, [require.resolve('next/dist/bin/next'), 'build']);
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of [...children].reverse()) child.kill('SIGTERM');
  await closeDb().catch(() => {});
  setTimeout(() => process.exit(code), 5000).unref();
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
  process.exit(code);
}

/** Stops everything when the process that started us goes away (a killed `npm start`). */
function watchParent() {
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
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
  if (await isPortOpen(env.PORT)) throw new Error(`Port ${env.PORT} is in use: set PORT to a free port`);
  const host = process.env.HOST ? ['-H', process.env.HOST] : [];
  run('site', process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-p', String(env.PORT), ...host], {
    env: { DATABASE_URL: databaseUrl(), CMS_URL: cmsUrl() },
  });
  await waitFor('site', () => httpOk(`http://127.0.0.1:${env.PORT}/ll/api/v1/langs/current`, (s) => s === 200), 60_000);
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://localhost:${env.PORT}/ll (Ctrl-C stops everything)`);
}

main().catch((err) => {
  if (!stopping) console.error(`[start] ${err instanceof Error ? err.message : err}`);
  void shutdown(1);
});
