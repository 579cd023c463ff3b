/**
 * `takeBackup` (issue 29, "Backups": "`npm run backup` (both databases and uploaded files,
 * consistent)"): the snapshot of the embedded cluster (scripts/lib/backup/snapshot.ts), then the
 * CMS's uploads and the secrets (scripts/lib/backup/layout.ts), into one archive with its manifest
 * (scripts/lib/backup/archive.ts, manifest.ts).
 *
 * The uploads are copied right after the database snapshot ends: every file a row of the snapshot
 * names is there (the CMS writes an upload's file before its row), unless an editor deleted it in
 * the seconds between; a file uploaded in them comes along unnamed (harmless).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SecretFile } from './layout';
import { writeArchive } from './archive';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type ManifestFile } from './manifest';
import { copyHashed, snapshotCluster } from './snapshot';

/** What a backup is taken of. */
export interface BackupSources {
  /** The embedded cluster's data directory. */
  dataDir: string;
  /** A superuser connection string to the running cluster. */
  url: string;
  /** The race database's name in the cluster. */
  raceDatabase: string;
  /** The CMS's database name in the cluster, when it is there. */
  cmsDatabase: string | null;
  /** The CMS's uploads directory (null or absent: none). */
  uploadsDir: string | null;
  secrets: SecretFile[];
}

export interface BackupOptions {
  /** The archive to write (must not exist; its directory is created, mode 0700). */
  out: string;
  /** Carry the secrets (the password file always comes: see layout.ts). */
  includeSecrets: boolean;
  /** Called right before pg_backup_stop and right after it returned (the drill's checkpoints). */
  onStopping?: () => void | Promise<void>;
  onStopped?: () => void | Promise<void>;
}

export interface BackupResult {
  file: string;
  /** The archive's size in bytes. */
  bytes: number;
  manifest: BackupManifest;
  /** The whole backup, the database snapshot (pg_backup_start to the last WAL segment copied), and the archive's writing (ms). */
  ms: number;
  snapshotMs: number;
  archiveMs: number;
  /** The cluster's data directory on disk (bytes, WAL included) and its databases' sizes summed. */
  clusterBytes: number;
  databaseBytes: number;
}

/** `backup-20261129-142501.tar.gz` for the given time (UTC). */
export function backupFileName(date: Date = new Date()): string {
  const s = date.toISOString();
  return `backup-${s.slice(0, 10).replaceAll('-', '')}-${s.slice(11, 19).replaceAll(':', '')}.tar.gz`;
}

/** Copies the files under `src` into `<staging>/<root>/`, listing directories and files for the manifest. */
async function copyTree(src: string, staging: string, root: string, dirs: string[], files: ManifestFile[]): Promise<void> {
  fs.mkdirSync(path.join(staging, root), { mode: 0o755 });
  dirs.push(root);
  const walk = async (rel: string) => {
    const entries = fs.readdirSync(path.join(src, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(staging, root, child), { mode: 0o755 });
        dirs.push(`${root}/${child}`);
        await walk(child);
      } else if (entry.isFile()) {
        const copied = await copyHashed(path.join(src, child), path.join(staging, root, child));
        if (copied) files.push({ path: `${root}/${child}`, ...copied });
      }
      // Anything else (a link, a socket) is not an upload.
    }
  };
  await walk('');
}

/**
 * Takes a backup of `sources` into `opts.out` (see the module's docstring). A staging copy is
 * made beside the archive and removed afterwards (the archive's directory needs room for about
 * the cluster's size twice over while it runs).
 * @throws Error when the snapshot or a copy fails; no archive is left then.
 */
export async function takeBackup(sources: BackupSources, opts: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const out = path.resolve(opts.out);
  if (fs.existsSync(out)) throw new Error(`${out} exists already`);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(path.dirname(out), '.staging-'));
  try {
    const snapshot = await snapshotCluster({
      dataDir: sources.dataDir,
      url: sources.url,
      into: staging,
      label: path.basename(out),
      raceDatabase: sources.raceDatabase,
      onStopping: opts.onStopping,
      onStopped: opts.onStopped,
    });
    const dirs = [...snapshot.dirs];
    const files = [...snapshot.files];

    const uploadFiles: ManifestFile[] = [];
    if (sources.uploadsDir && fs.existsSync(sources.uploadsDir)) await copyTree(sources.uploadsDir, staging, 'uploads', dirs, uploadFiles);
    files.push(...uploadFiles);

    const secrets: string[] = [];
    for (const secret of sources.secrets) {
      if (!(secret.required || opts.includeSecrets) || !fs.existsSync(secret.file)) continue;
      if (!secrets.length) {
        fs.mkdirSync(path.join(staging, 'secrets'), { mode: 0o700 });
        dirs.push('secrets');
      }
      const copied = await copyHashed(secret.file, path.join(staging, 'secrets', secret.name));
      if (!copied) continue;
      files.push({ path: `secrets/${secret.name}`, ...copied });
      secrets.push(secret.name);
    }

    const hasCms = sources.cmsDatabase !== null && snapshot.postgres.databases.some((d) => d.name === sources.cmsDatabase);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: snapshot.stoppedAt,
      host: os.hostname(),
      postgres: snapshot.postgres,
      race: snapshot.race,
      cms: { database: hasCms ? sources.cmsDatabase : null },
      uploads: { files: uploadFiles.length, bytes: uploadFiles.reduce((n, f) => n + f.size, 0) },
      secrets,
      dirs,
      files,
      snapshotMs: snapshot.ms,
    };
    const archiveStarted = Date.now();
    const bytes = await writeArchive(staging, manifest, out);
    return {
      file: out,
      bytes,
      manifest,
      ms: Date.now() - started,
      snapshotMs: snapshot.ms,
      archiveMs: Date.now() - archiveStarted,
      clusterBytes: snapshot.clusterBytes,
      databaseBytes: snapshot.postgres.databases.reduce((n, d) => n + d.bytes, 0),
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
