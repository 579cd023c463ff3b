/**
 * The backup drill, short (issue 29, "Backups": "`npm run backup` (both databases and uploaded
 * files, consistent) and `npm run restore`; a drill restores into a fresh data directory and the
 * site serves the same pages"; `npm run drill` runs the full one against the running product,
 * scripts/lib/drill-backup.ts).
 *
 * A PostgreSQL 18 cluster of its own (port 25436) holds the race database (migrated and seeded)
 * and a second database standing for the CMS's; an uploads directory and secrets sit beside it.
 * A backup is taken while a writer in each database commits row after row (each row with a
 * counter updated in the same transaction). It is restored into a fresh directory and started
 * (port 25437). There, every table of both databases holds exactly the rows of one point of the
 * backup: each writer's rows are 1..k with its counter at k, every row committed before
 * pg_backup_stop was called is there and none begun after it returned is; every other table is
 * row for row the source's. The uploads and secrets come back identical, the race database's
 * reads (results index, series, events) answer the same, and a corrupted or truncated backup,
 * or a data directory that is not empty, is refused without a file written.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordFile } from '../../lib/server/config/env';
import { connectDb } from '../../lib/server/db';
import { startEmbeddedPostgres, type RunningPostgres } from '../../lib/server/db/embedded';
import { applyMigrations } from '../../lib/server/db/migrate';
import { seedDatabase } from '../../lib/server/seed';
import { takeBackup, type BackupResult } from '../../scripts/lib/backup/backup';
import { restoreLayout, type ProductLayout } from '../../scripts/lib/backup/layout';
import { BackupRefused } from '../../scripts/lib/backup/manifest';
import { restoreBackup, type RestoreResult } from '../../scripts/lib/backup/restore';

const SOURCE_PORT = 25436;
const RESTORED_PORT = 25437;
const PASSWORD = 'backup-drill';
const CMS = 'll_cms';

let dir: string;
let source: RunningPostgres | undefined;
let restored: RunningPostgres | undefined;
let sourceLayout: ProductLayout;
let backup: BackupResult;
let restore: RestoreResult;
/** Each writer's progress at the backup's two checkpoints. */
const marks = { race: { beforeStop: 0, afterStop: 0, atStart: 0 }, cms: { beforeStop: 0, afterStop: 0, atStart: 0 } };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Commits rows 1, 2, 3… one transaction each: a row of `drill_writes` (with a payload wide
 * enough to fill pages) and the counter `drill_counter.n` set to its number.
 */
class Writer {
  started = 0;
  committed = 0;
  failure: unknown;
  private running = true;
  private readonly done: Promise<void>;
  constructor(url: string) {
    const client = new pg.Client(url);
    this.done = (async () => {
      await client.connect();
      try {
        while (this.running) {
          const seq = ++this.started;
          await client.query(
            `with w as (insert into drill_writes (seq, payload) values ($1::int, repeat(md5($1::text), 30)) returning seq)
             update drill_counter set n = (select seq from w)`,
            [seq],
          );
          this.committed = seq;
        }
      } finally {
        await client.end();
      }
    })().catch((err: unknown) => {
      this.failure = err;
    });
  }
  /** Stops after the row in flight; throws what made it fail, if anything did. */
  async stop(): Promise<void> {
    this.running = false;
    await this.done;
    if (this.failure) throw this.failure;
  }
}

/** Per table of the database at `url`: row count and an md5 of its rows in order (writer tables up to `upTo`). */
async function tableDigests(url: string, upTo: number): Promise<Record<string, string>> {
  // Unlogged tables come back empty from any restore, by PostgreSQL's design; the schema has none.
  const tables = await query<{ schema: string; name: string }>(
    url,
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and c.relpersistence = 'p' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      order by 1, 2`,
  );
  const client = new pg.Client(url);
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const t of tables) {
      const where = t.name === 'drill_writes' ? `where seq <= ${upTo}` : '';
      const table = `${pg.escapeIdentifier(t.schema)}.${pg.escapeIdentifier(t.name)}`;
      const [row] = (await client.query<{ n: number; md5: string }>(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${table} t ${where}`)).rows;
      out[`${t.schema}.${t.name}`] = `${row.n} ${row.md5}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** sha256 of every file under `root`, by relative path. */
function treeDigest(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out[path.relative(root, abs)] = createHash('sha256').update(fs.readFileSync(abs)).digest('hex');
  }
  return out;
}

/** Everything under `root`, for "nothing was written". */
function listing(root: string): string[] {
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String).sort() : [];
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-backup-'));
  // Traversable by the `postgres` user the servers run as when the tests run as root.
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'source', 'pg');
  fs.mkdirSync(path.dirname(dataDir), { mode: 0o755 });
  source = await startEmbeddedPostgres({ dataDir, port: SOURCE_PORT, password: PASSWORD, settings: { fsync: 'off' } });
  const { db, close } = connectDb(source.url);
  await applyMigrations(db);
  await seedDatabase(db, 1, () => {});
  await close();

  await query(source.url, `create database ${CMS}`);
  const cmsUrl = withDatabase(source.url, CMS);
  await query(cmsUrl, `create table pages (id serial primary key, title text not null, body text not null, published_at timestamptz default now())`);
  await query(cmsUrl, `insert into pages (title, body) select 'Page ' || i, repeat('Texte ' || i || ' ', 50) from generate_series(1, 300) i`);
  for (const url of [source.url, cmsUrl]) {
    await query(url, 'create table drill_writes (seq int primary key, payload text not null)');
    await query(url, 'create table drill_counter (n int not null)');
    await query(url, 'insert into drill_counter values (0)');
  }

  // The CMS's uploads and the secrets, laid out as npm start lays them beside its data.
  const uploads = path.join(dir, 'source', 'uploads');
  fs.mkdirSync(path.join(uploads, 'thumbnails'), { recursive: true });
  fs.writeFileSync(path.join(uploads, 'minutes_2025.pdf'), Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256)));
  fs.writeFileSync(path.join(uploads, 'thumbnails', 'small_logo.png'), 'not really a png');
  fs.writeFileSync(passwordFile(dataDir), `${PASSWORD}\n`, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'source', 'auth.secret'), 'a-signing-secret-of-the-site\n', { mode: 0o600 });
  sourceLayout = {
    dataDir,
    uploadsDir: uploads,
    secrets: [
      { name: 'pg.password', file: passwordFile(dataDir), required: true },
      { name: 'auth.secret', file: path.join(dir, 'source', 'auth.secret') },
    ],
  };

  const writers = { race: new Writer(source.url), cms: new Writer(cmsUrl) };
  try {
    // Let both write a little before the backup starts, so it begins in the middle of their work.
    while (writers.race.committed < 20 || writers.cms.committed < 20) {
      if (writers.race.failure || writers.cms.failure) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    marks.race.atStart = writers.race.committed;
    marks.cms.atStart = writers.cms.committed;
    backup = await takeBackup(
      { dataDir, url: source.url, raceDatabase: 'postgres', cmsDatabase: CMS, uploadsDir: uploads, secrets: sourceLayout.secrets },
      {
        out: path.join(dir, 'backups', 'drill.tar.gz'),
        includeSecrets: true,
        onStopping: () => {
          marks.race.beforeStop = writers.race.committed;
          marks.cms.beforeStop = writers.cms.committed;
        },
        onStopped: () => {
          marks.race.afterStop = writers.race.started;
          marks.cms.afterStop = writers.cms.started;
        },
      },
    );
  } finally {
    await Promise.all([writers.race.stop(), writers.cms.stop()]);
  }

  const target = path.join(dir, 'restored', 'pg');
  fs.mkdirSync(path.dirname(target), { mode: 0o755 });
  restore = await restoreBackup({ file: backup.file, layout: restoreLayout(target, sourceLayout), port: RESTORED_PORT });
  restored = await startEmbeddedPostgres({ dataDir: target, port: RESTORED_PORT, password: PASSWORD });
});

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('writes one private file whose manifest names both databases, the uploads and the secrets', () => {
    expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
    const m = backup.manifest;
    expect(m.postgres.versionNum).toBeGreaterThanOrEqual(180000);
    expect(m.postgres.databases.map((d) => d.name)).toEqual(expect.arrayContaining(['postgres', CMS]));
    expect(m.race.migrations).toBe((JSON.parse(fs.readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] }).entries.length);
    expect(m.cms.database).toBe(CMS);
    expect(m.uploads).toEqual({ files: 2, bytes: 70_000 + 'not really a png'.length });
    expect(m.secrets).toEqual(['pg.password', 'auth.secret']);
    expect(m.files.find((f) => f.path === 'pg/backup_label')).toBeDefined();
    expect(m.files.some((f) => f.path.startsWith('pg/postmaster.pid'))).toBe(false);
    // `tar` lists it as any archive: the manifest first.
    const listed = spawnSync('tar', ['-tzf', backup.file], { encoding: 'utf8' }).stdout.split('\n');
    expect(listed[0]).toBe('manifest.json');
    expect(listed).toContain('uploads/thumbnails/small_logo.png');
  });

  it('was taken while both databases were being written', () => {
    expect(marks.race.beforeStop).toBeGreaterThan(marks.race.atStart);
    expect(marks.cms.beforeStop).toBeGreaterThan(marks.cms.atStart);
  });

  it('restores each database to one point: every row committed before pg_backup_stop, none begun after it', async () => {
    expect(restore.migrations).toBe(backup.manifest.race.migrations);
    for (const [name, mark] of [['postgres', marks.race], [CMS, marks.cms]] as const) {
      const [rows] = await query<{ n: number; max: number | null; counter: number }>(
        withDatabase(restored!.url, name),
        'select count(*)::int as n, max(seq) as max, (select n from drill_counter) as counter from drill_writes',
      );
      // Rows 1..k with nothing missing, and the counter written in the same transactions at k.
      expect(rows.n, name).toBe(rows.max);
      expect(rows.counter, name).toBe(rows.n);
      expect(rows.n, name).toBeGreaterThanOrEqual(mark.beforeStop);
      expect(rows.n, name).toBeLessThanOrEqual(mark.afterStop);
    }
  });

  it('gives back every table of both databases row for row as it was at that point', async () => {
    for (const name of ['postgres', CMS]) {
      const [{ n: k }] = await query<{ n: number }>(withDatabase(restored!.url, name), 'select n from drill_counter');
      const back = await tableDigests(withDatabase(restored!.url, name), k);
      // The source with its writers stopped, cut at the same row: the rest of it has not changed since.
      const expected = await tableDigests(withDatabase(source!.url, name), k);
      expect(Object.keys(back).length, name).toBeGreaterThan(name === CMS ? 2 : 30);
      expect(back, name).toEqual({ ...expected, [`public.drill_counter`]: back['public.drill_counter'] });
    }
  });

  it('gives back the uploads and the secrets identical', () => {
    const layout = restoreLayout(path.join(dir, 'restored', 'pg'), sourceLayout);
    expect(treeDigest(layout.uploadsDir)).toEqual(treeDigest(sourceLayout.uploadsDir));
    for (const s of sourceLayout.secrets) {
      const back = layout.secrets.find((x) => x.name === s.name)!.file;
      expect(fs.readFileSync(back, 'utf8'), s.name).toBe(fs.readFileSync(s.file, 'utf8'));
      expect(fs.statSync(back).mode & 0o777).toBe(0o600);
    }
  });

  it("answers the site's reads the same as the source: results index, series, events", async () => {
    const answers = async (url: string) => {
      vi.resetModules();
      process.env.DATABASE_URL = url;
      const { listResultsEvents } = await import('../../lib/server/results-index');
      const { listPublicSeries, getSeriesDetail } = await import('../../lib/server/series');
      const { getEvent, listPromoterEvents } = await import('../../lib/server/events');
      const { closeDb } = await import('../../lib/server/db');
      try {
        const series = await listPublicSeries();
        return JSON.stringify({
          results: await listResultsEvents({ size: 100 }),
          series,
          detail: await getSeriesDetail(series[0].id),
          event: await getEvent(1),
          promoter: await listPromoterEvents(1),
        });
      } finally {
        await closeDb();
      }
    };
    const before = await answers(source!.url);
    const after = await answers(restored!.url);
    expect(before.length).toBeGreaterThan(1000);
    expect(after).toBe(before);
  });

  it('refuses a corrupted or truncated backup, and a data directory that is not empty, writing nothing', async () => {
    const bytes = fs.readFileSync(backup.file);
    const corrupt = path.join(dir, 'corrupt.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    fs.writeFileSync(corrupt, flipped);
    const truncated = path.join(dir, 'truncated.tar.gz');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const notGzip = path.join(dir, 'not-a-backup.tar.gz');
    fs.writeFileSync(notGzip, 'hello');

    const fresh = path.join(dir, 'fresh');
    fs.mkdirSync(fresh, { mode: 0o755 });
    for (const [file, message] of [
      [corrupt, /truncated or damaged|corrupt/],
      [truncated, /truncated/],
      [notGzip, /truncated or damaged/],
    ] as const) {
      const attempt = restoreBackup({ file, layout: restoreLayout(path.join(fresh, 'pg'), sourceLayout), verify: false });
      await expect(attempt, file).rejects.toThrow(BackupRefused);
      await expect(attempt, file).rejects.toThrow(message);
      expect(listing(fresh), file).toEqual([]);
    }

    const busy = restoreBackup({ file: backup.file, layout: restoreLayout(path.join(dir, 'restored', 'pg'), sourceLayout), verify: false });
    await expect(busy).rejects.toThrow(/is not empty: a restore goes into a fresh data directory only/);
  });

  it('refuses, with exit code 2, a DATABASE_URL of another server', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgres://someone:secret@db.example.net:5432/races' },
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/backs up the embedded cluster only/);
  });
});
