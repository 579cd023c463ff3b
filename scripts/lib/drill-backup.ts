/**
 * The backup drill, in full (issue 29, "Backups": "a drill restores into a fresh data directory
 * and the site serves the same pages"; the short one runs in CI: tests/integration/backup.test.ts).
 * Against the product `npm start` runs, as an operator would:
 *  1. `npm run backup` (scripts/backup.ts) into a temporary directory, while the product serves;
 *  2. `npm run restore -- <file> --data-dir <fresh directory>` (scripts/restore.ts), which checks
 *     the file, recovers the copy once and checks its migrations;
 *  3. PostgreSQL on the restored copy (a free port), and the site's production server
 *     (scripts/serve-site.ts, the build `npm start` serves) on port 3401 on it, with the running
 *     CMS; no mail leaves it (its outbox is temporary, SMTP_URL and the Stripe keys unset);
 *  4. the same pages of both sites, in English and French (home, calendar, results index and a
 *     promoter's results, a series, an event, a race): same status and same visible text of
 *     `<main>` (scripts, styles and tags removed, entities decoded, blanks collapsed);
 *  5. every table of both databases, live against restored: row count and md5 of the rows
 *     (printed; tables the product wrote since the backup, such as its job queue's, differ).
 * Prints the backup's size and time beside the databases' size on disk. Everything it started is
 * stopped and its directory removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeHTML } from 'entities';
import pg from 'pg';
import { cmsDatabaseUrl, databaseUrl, parseServerEnv } from '../../lib/server/config/env';
import { freePort, isPortOpen, startEmbeddedPostgres, type RunningPostgres } from '../../lib/server/db/embedded';
import { readArchive } from './backup/archive';
import { formatBytes } from './backup/manifest';
import type { DrillResult, DrillTarget } from './drill';

/** The restored site's port. */
export const RESTORED_SITE_PORT = 3401;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a script of scripts/ to its end; its output and exit code. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output: output.trim(), ms: Date.now() - started }));
  });
}

/** The visible text of a page's `<main>` (its `<body>` when it has none). */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = main
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}

async function get(url: string): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 0, text: err instanceof Error ? err.message : String(err) };
  }
}

async function getJson<T>(url: string): Promise<T> {
  const reply = await get(url);
  if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}`);
  return JSON.parse(reply.text) as T;
}

/** The pages compared: home, calendar, results index and results, a series, an event and a race, in English and French. */
async function pagePaths(site: string): Promise<string[]> {
  const api = `${site}/ll/api/v1/livelaps`;
  const events = (await getJson<{ message: { events: { id: number }[] } }>(`${api}/events/1`)).message.events;
  let event: number | undefined;
  let race: number | undefined;
  for (const e of events) {
    const races = (await getJson<{ message: { data: { id: number }[] } }>(`${api}/promoter/event/${e.id}/races`)).message.data;
    if (races.length) {
      event = e.id;
      race = races[0].id;
      break;
    }
  }
  const series = (await getJson<{ message: { id: number }[] }>(`${api}/series`)).message[0]?.id;
  const paths = ['', '/event-calendar', '/results', '/results/1'];
  if (series) paths.push(`/series/${series}`);
  if (event) paths.push(`/events/${event}`);
  if (race) paths.push(`/races/${race}`);
  return [...paths, ...paths.map((p) => `/fr${p}`)].map((p) => `/ll${p}`);
}

/** Per table of the database at `url`: "rows md5" of its rows in order. */
async function tableDigests(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url, application_name: 'll-drill' });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'r' and c.relpersistence = 'p' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
          order by 1`,
      )
    ).rows;
    const out = new Map<string, string>();
    for (const { name } of tables) {
      const [row] = (await client.query<{ n: number; md5: string }>(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`)).rows;
      out.set(name, `${row.n} ${row.md5}`);
    }
    return out;
  } finally {
    await client.end();
  }
}

/** "41/43 tables identical (differ: pgboss.job, pgboss.version)". */
function compareTables(live: Map<string, string>, restored: Map<string, string>): string {
  const names = [...new Set([...live.keys(), ...restored.keys()])].sort();
  const differ = names.filter((n) => live.get(n) !== restored.get(n));
  return `${names.length - differ.length}/${names.length} tables identical${differ.length ? ` (differing since the backup: ${differ.slice(0, 8).join(', ')}${differ.length > 8 ? ', …' : ''})` : ''}`;
}

/** Stops a process group started here: SIGTERM, then SIGKILL after `graceMs`. */
async function stopGroup(child: ChildProcess, graceMs: number): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Backs up the running product, restores it into a fresh directory and compares the sites (see the module's docstring). */
export async function drillBackup(target: DrillTarget): Promise<DrillResult> {
  const name = 'backup and restore';
  if (target.env.DATABASE_URL) return { name, ok: true, lines: ['skipped: the database is external (DATABASE_URL); it is backed up with its own tools'] };
  if (await isPortOpen(RESTORED_SITE_PORT)) return { name, ok: false, lines: [`port ${RESTORED_SITE_PORT}, the restored site's, is in use`] };
  const lines: string[] = [];
  // Traversable by the `postgres` user the restored cluster runs as when the drill runs as root.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-drill-backup-'));
  fs.chmodSync(dir, 0o755);
  let database: RunningPostgres | undefined;
  let site: ChildProcess | undefined;
  try {
    const file = path.join(dir, 'backup.tar.gz');
    const backup = await runScript('scripts/backup.ts', ['--out', file], target.env);
    if (backup.code !== 0) return { name, ok: false, lines: [`npm run backup: exit ${backup.code}`, ...backup.output.split('\n').slice(-5)] };
    const manifest = await readArchive(file);
    const dbBytes = manifest.postgres.databases.reduce((n, d) => n + d.bytes, 0);
    lines.push(
      `backup while serving: ${formatBytes(fs.statSync(file).size)} in ${seconds(backup.ms)} (snapshot ${seconds(manifest.snapshotMs)}); ` +
        `databases on disk ${formatBytes(dbBytes)} (${manifest.postgres.databases.map((d) => `${d.name} ${formatBytes(d.bytes)}`).join(', ')}); ` +
        `uploads ${manifest.uploads.files} files ${formatBytes(manifest.uploads.bytes)}`,
    );

    const dataDir = path.join(dir, 'restored', 'pg');
    const restore = await runScript('scripts/restore.ts', [file, '--data-dir', dataDir], target.env);
    if (restore.code !== 0) return { name, ok: false, lines: [...lines, `npm run restore: exit ${restore.code}`, ...restore.output.split('\n').slice(-5)] };
    lines.push(`restore into a fresh directory: ${seconds(restore.ms)} (${restore.output.split('\n').find((l) => l.includes('restored in'))?.replace(/^\[restore\] /, '') ?? ''})`);

    const password = fs.readFileSync(`${dataDir}.password`, 'utf8').trim();
    database = await startEmbeddedPostgres({ dataDir, port: await freePort(), password });
    const restoredRace = new URL(database.url);
    restoredRace.pathname = `/${manifest.race.database}`;

    const outbox = path.join(dir, 'outbox');
    const siteEnv: NodeJS.ProcessEnv = {
      ...target.env,
      PORT: String(RESTORED_SITE_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: restoredRace.toString(),
      CMS_URL: target.cms ?? target.env.CMS_URL,
      NODE_ENV: 'production',
      OUTBOX_DIR: outbox,
      // The restored site's job worker takes the restored queue's jobs: nothing may leave it.
      SMTP_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      SITE_URL: undefined,
    };
    site = spawn(process.execPath, ['--require', path.resolve('scripts/lib/exit-with-parent.cjs'), '--import', 'tsx', 'scripts/serve-site.ts'], {
      env: siteEnv,
      detached: true,
      stdio: 'ignore',
    });
    const restoredSite = `http://127.0.0.1:${RESTORED_SITE_PORT}`;
    const until = Date.now() + 90_000;
    while ((await get(`${restoredSite}/ll/api/v1/langs/current`)).status !== 200) {
      if (Date.now() > until || site.exitCode !== null) return { name, ok: false, lines: [...lines, `the restored site did not start on port ${RESTORED_SITE_PORT}`] };
      await new Promise((r) => setTimeout(r, 500));
    }

    const paths = await pagePaths(target.site);
    const different: string[] = [];
    const statuses = new Map<number, number>();
    let characters = 0;
    for (const p of paths) {
      const [live, restored] = await Promise.all([get(`${target.site}${p}`), get(`${restoredSite}${p}`)]);
      statuses.set(live.status, (statuses.get(live.status) ?? 0) + 1);
      const a = mainText(live.text);
      const b = mainText(restored.text);
      characters += a.length;
      // A page with no text to compare (an error page, a redirect) proves nothing: it counts as different.
      if (live.status !== restored.status || a !== b || live.status !== 200 || !a) {
        let at = 0;
        while (at < a.length && a[at] === b[at]) at++;
        different.push(`${p}: live ${live.status} "…${a.slice(Math.max(0, at - 30), at + 50)}…", restored ${restored.status} "…${b.slice(Math.max(0, at - 30), at + 50)}…"`);
      }
    }
    const tally = [...statuses].map(([s, n]) => `${s}×${n}`).join(', ');
    lines.push(
      `restored site on port ${RESTORED_SITE_PORT}: ${paths.length - different.length}/${paths.length} pages the same as the live site's ` +
        `(status and <main> text, ${characters.toLocaleString('en')} characters; home, calendar, results, series, event, race; en and fr; live ${tally})`,
    );
    lines.push(...different.slice(0, 5));

    const restoredCms = new URL(database.url);
    restoredCms.pathname = `/${manifest.cms.database ?? ''}`;
    // The product's databases, as its own environment names them (not this process's).
    const productEnv = parseServerEnv(target.env);
    lines.push(`race database: ${compareTables(await tableDigests(databaseUrl(productEnv)), await tableDigests(restoredRace.toString()))}`);
    if (manifest.cms.database) lines.push(`CMS database: ${compareTables(await tableDigests(cmsDatabaseUrl(productEnv)), await tableDigests(restoredCms.toString()))}`);
    return { name, ok: different.length === 0 && paths.length > 0, lines };
  } finally {
    if (site) await stopGroup(site, 5000);
    await database?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
