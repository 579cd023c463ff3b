/**
 * A consistent copy of the running embedded PostgreSQL cluster — both its databases, the race
 * data and the CMS's, at one point in time — without stopping it (issue 29, "Backups").
 *
 * The embedded server ships without pg_dump or pg_basebackup (only initdb, pg_ctl and postgres),
 * and Debian's pg_dump (15) refuses a version 18 server, so this is a physical base backup through
 * PostgreSQL's low-level API ("Making a Base Backup Using the Low Level API", PostgreSQL 18 docs,
 * section 25.3.4), as pg_basebackup does it:
 *  1. on one connection kept open: a temporary physical replication slot reserves the WAL from
 *     here on (no checkpoint may recycle a segment the backup needs; the slot goes with the
 *     session, whatever happens to this process), then `pg_backup_start(label, fast => true)`;
 *  2. the data directory's files are copied while the server runs and writes (a file changing
 *     under the copy is normal: replaying the WAL from the start checkpoint repairs it), leaving
 *     out what the docs say to leave out (pg_wal's contents, postmaster.pid/.opts, the contents of
 *     pg_replslot, pg_dynshmem, pg_notify, pg_serial, pg_snapshots, pg_stat_tmp, pg_subtrans,
 *     pgsql_tmp*, pg_internal.init), global/pg_control last;
 *  3. `pg_backup_stop(wait_for_archive => true)` ends the backup and switches to a new WAL
 *     segment; its `labelfile` becomes `backup_label` (and `spcmapfile`, when not empty,
 *     `tablespace_map`), byte for byte;
 *  4. the WAL segments from the start's to the stop LSN's are copied into pg_wal.
 * Started on the copy, PostgreSQL replays that WAL and opens the databases as they were when
 * pg_backup_stop wrote its end-of-backup record (plus whatever committed before its WAL switch):
 * everything committed before pg_backup_stop was called is there; nothing committed after it
 * returned is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { BackupManifest, ManifestFile } from './manifest';

export interface SnapshotOptions {
  /** The cluster's data directory; the server at `url` must be serving it. */
  dataDir: string;
  /** A superuser connection string to the cluster (any of its databases). */
  url: string;
  /** Where the copy goes: the cluster's files land under `<into>/pg/`. */
  into: string;
  /** The backup's label (kept in backup_label). */
  label: string;
  /** The race database's name in the cluster (its migrations are counted). */
  raceDatabase: string;
  /** Called with nothing in flight right before pg_backup_stop, and right after it returned (the drill records its writers' progress). */
  onStopping?: () => void | Promise<void>;
  onStopped?: () => void | Promise<void>;
}

export interface Snapshot {
  postgres: BackupManifest['postgres'];
  race: BackupManifest['race'];
  /** ISO time pg_backup_stop returned. */
  stoppedAt: string;
  /** Directories (parents first) and files copied, with paths under `pg/`. */
  dirs: string[];
  files: ManifestFile[];
  /** Bytes of the cluster's data directory on disk (every file the walk saw, WAL included). */
  clusterBytes: number;
  ms: number;
}

/** Directories whose contents a base backup leaves out (the directories themselves are kept). */
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Top-level files a base backup leaves out: the running server's, and the ones a backup writes itself. */
const LEFT_OUT = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
  'recovery.signal',
  'standby.signal',
]);

/** Whether a file or directory `name` (at `rel`, relative to the data directory) stays out of the copy. */
export function isLeftOut(rel: string): boolean {
  const name = path.posix.basename(rel);
  if (name.startsWith('pgsql_tmp') || name === 'pg_internal.init') return true;
  if (!rel.includes('/') && LEFT_OUT.has(name)) return true;
  const top = rel.split('/')[0];
  return EMPTIED.has(top) && rel !== top;
}

/**
 * The WAL segment file names from the one holding `startLsn` to the one holding the byte before
 * `stopLsn` (pg_walfile_name's reading of a backup's stop LSN), on `timeline`.
 * @param segmentBytes the cluster's wal_segment_size
 */
export function walSegmentNames(startLsn: string, stopLsn: string, timeline: number, segmentBytes: number): string[] {
  const lsn = (text: string) => {
    const [hi, lo] = text.split('/');
    return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
  };
  const size = BigInt(segmentBytes);
  const perId = 0x100000000n / size;
  const first = lsn(startLsn) / size;
  const last = (lsn(stopLsn) - 1n) / size;
  const hex = (n: bigint | number) => n.toString(16).toUpperCase().padStart(8, '0');
  const names: string[] = [];
  for (let seg = first; seg <= last; seg++) names.push(`${hex(timeline)}${hex(seg / perId)}${hex(seg % perId)}`);
  return names;
}

/**
 * Copies `src` to `dest` and returns the copy's size and SHA-256, or null when `src` vanished
 * first (a relation dropped while the backup runs: its absence is in the WAL).
 */
export async function copyHashed(src: string, dest: string): Promise<{ size: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let size = 0;
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(src);
    await new Promise<void>((resolve, reject) => {
      input.once('open', () => resolve());
      input.once('error', reject);
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(input, hashing, fs.createWriteStream(dest, { flags: 'wx', mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}

/** Copies the files of the data directory (all but what a base backup leaves out) into `<into>/pg`. */
async function copyCluster(dataDir: string, into: string, dirs: string[], files: ManifestFile[]): Promise<number> {
  let seenBytes = 0;
  const walk = async (rel: string) => {
    const abs = path.join(dataDir, rel);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // a database dropped meanwhile
      throw err;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink() && !(child === 'pg_wal')) {
        // pg_tblspc's links: a tablespace outside the data directory, which the embedded cluster never has.
        throw new Error(`The data directory holds a symbolic link (${child}): tablespaces and linked directories are not backed up by npm run backup`);
      }
      if (entry.isDirectory() || child === 'pg_wal') {
        if (isLeftOut(child)) continue;
        fs.mkdirSync(path.join(into, 'pg', child), { mode: 0o700 });
        dirs.push(`pg/${child}`);
        if (!EMPTIED.has(child)) await walk(child);
        else if (child === 'pg_wal') seenBytes += directoryBytes(path.join(dataDir, child));
        continue;
      }
      if (!entry.isFile() || isLeftOut(child) || child === 'global/pg_control') continue;
      const copied = await copyHashed(path.join(abs, entry.name), path.join(into, 'pg', child));
      if (!copied) continue;
      seenBytes += copied.size;
      files.push({ path: `pg/${child}`, ...copied });
    }
  };
  await walk('');
  // pg_control last, as pg_basebackup sends it: the copy's newest view of the control file.
  const control = await copyHashed(path.join(dataDir, 'global', 'pg_control'), path.join(into, 'pg', 'global', 'pg_control'));
  if (!control) throw new Error(`${dataDir} has no global/pg_control: not a PostgreSQL data directory`);
  files.push({ path: 'pg/global/pg_control', ...control });
  return seenBytes + control.size;
}

/** Total size of the regular files under `dir` (0 when it is gone). */
function directoryBytes(dir: string): number {
  let total = 0;
  try {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
  } catch {
    // a segment recycled while counting: an estimate is enough
  }
  return total;
}

/**
 * Takes the snapshot (see the module's docstring) into `<into>/pg`, which must not exist yet.
 * @throws Error when the server at `url` does not serve `dataDir`, when its WAL level is too low
 *   for an online backup, or on any copy error; the server is left out of backup mode either way
 *   (pg_backup_stop, or the session's end aborts the backup and drops the slot).
 */
export async function snapshotCluster(opts: SnapshotOptions): Promise<Snapshot> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: opts.url, application_name: 'll-backup' });
  await client.connect();
  // A server error on the session (it is ended by the server) must not crash the process.
  client.on('error', () => {});
  try {
    const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows[0];
    await client.query('set statement_timeout = 0');
    const settings = await one<{ data_directory: string; server_version: string; server_version_num: string; wal_level: string; segment: string }>(
      `select current_setting('data_directory') as data_directory, current_setting('server_version') as server_version,
              current_setting('server_version_num') as server_version_num, current_setting('wal_level') as wal_level,
              (select setting from pg_settings where name = 'wal_segment_size') as segment`,
    );
    const dataDir = fs.realpathSync(opts.dataDir);
    if (fs.realpathSync(settings.data_directory) !== dataDir) {
      throw new Error(`The server at the database URL serves ${settings.data_directory}, not ${dataDir}: npm run backup copies the embedded cluster it runs on`);
    }
    if (settings.wal_level === 'minimal') throw new Error('The server runs with wal_level = minimal, which allows no online backup: set it to replica (the default)');
    const { system_identifier } = await one<{ system_identifier: string }>('select system_identifier::text from pg_control_system()');
    const databases = (await client.query<{ name: string; bytes: string }>(`select datname as name, pg_database_size(oid)::text as bytes from pg_database where datallowconn order by datname`)).rows.map((r) => ({
      name: r.name,
      bytes: Number(r.bytes),
    }));
    const race = await migrations(opts.url, opts.raceDatabase);

    const slot = `ll_backup_${process.pid}`;
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const { lsn: startLsn } = await one<{ lsn: string }>('select pg_backup_start($1, fast => true)::text as lsn', [opts.label]);

    fs.mkdirSync(path.join(opts.into, 'pg'), { recursive: false, mode: 0o700 });
    const dirs = ['pg'];
    const files: ManifestFile[] = [];
    const clusterBytes = await copyCluster(dataDir, opts.into, dirs, files);

    await opts.onStopping?.();
    const stop = await one<{ lsn: string; labelfile: string; spcmapfile: string | null }>('select lsn::text, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => true)');
    const stoppedAt = new Date().toISOString();
    await opts.onStopped?.();

    const write = (rel: string, text: string) => {
      const buffer = Buffer.from(text, 'utf8');
      fs.writeFileSync(path.join(opts.into, rel), buffer, { mode: 0o600, flag: 'wx' });
      files.push({ path: rel, size: buffer.length, sha256: createHash('sha256').update(buffer).digest('hex') });
    };
    write('pg/backup_label', stop.labelfile);
    if (stop.spcmapfile) write('pg/tablespace_map', stop.spcmapfile);

    // "START WAL LOCATION: 0/2000028 (file 000000010000000000000002)" / "START TIMELINE: 1"
    const timeline = Number(/^START TIMELINE: (\d+)$/m.exec(stop.labelfile)?.[1] ?? '1');
    const segments = walSegmentNames(startLsn, stop.lsn, timeline, Number(settings.segment));
    for (const dir of ['pg/pg_wal/archive_status', 'pg/pg_wal/summaries']) {
      fs.mkdirSync(path.join(opts.into, dir), { mode: 0o700 });
      dirs.push(dir);
    }
    for (const name of segments) {
      const copied = await copyHashed(path.join(dataDir, 'pg_wal', name), path.join(opts.into, 'pg', 'pg_wal', name));
      // The slot keeps every segment from before the start: a missing one is a bug, not a race.
      if (!copied) throw new Error(`WAL segment ${name} is gone from ${dataDir}/pg_wal: the backup cannot be completed`);
      files.push({ path: `pg/pg_wal/${name}`, ...copied });
    }
    await client.query('select pg_drop_replication_slot($1)', [slot]);

    return {
      postgres: {
        version: settings.server_version,
        versionNum: Number(settings.server_version_num),
        systemIdentifier: system_identifier,
        startLsn,
        stopLsn: stop.lsn,
        timeline,
        walSegments: segments,
        databases,
      },
      race,
      stoppedAt,
      dirs,
      files,
      clusterBytes,
      ms: Date.now() - started,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The race database's applied migrations (drizzle-kit's `drizzle.__drizzle_migrations`), null when it has none. */
async function migrations(url: string, database: string): Promise<BackupManifest['race']> {
  const target = new URL(url);
  target.pathname = `/${encodeURIComponent(database)}`;
  const client = new pg.Client({ connectionString: target.toString(), application_name: 'll-backup' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number; last: string | null }>('select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations');
    return { database, migrations: rows[0].n, lastMigrationAt: rows[0].last === null ? null : Number(rows[0].last) };
  } catch (err) {
    if ((err as { code?: string }).code === '42P01' || (err as { code?: string }).code === '3F000') return { database, migrations: null, lastMigrationAt: null };
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}
