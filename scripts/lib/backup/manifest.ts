/**
 * The manifest of a backup (issue 29, "Backups"): the first entry of the archive, `manifest.json`,
 * saying what the backup holds and how to check it. Restore reads it before anything else and
 * refuses the archive unless every file it lists comes with that size and SHA-256, and nothing
 * else comes (scripts/lib/backup/archive.ts).
 *
 * The archive's layout, every path relative to its root:
 *  - `manifest.json`
 *  - `pg/…`       the embedded PostgreSQL cluster (both databases: the race data and the CMS's), a
 *                  base backup taken through PostgreSQL's low-level API with the WAL it needs
 *                  (scripts/lib/backup/snapshot.ts);
 *  - `uploads/…`  the CMS's media (cms/public/uploads);
 *  - `secrets/…`  the generated secrets kept beside the data (scripts/lib/backup/layout.ts).
 */
import { z } from 'zod';

/** What `manifest.format` says: this file format, nothing else. */
export const BACKUP_FORMAT = 'll-backup';
/** The version of the layout above; restore refuses another. */
export const BACKUP_FORMAT_VERSION = 1;
/** The manifest's own path in the archive (its first entry). */
export const MANIFEST_PATH = 'manifest.json';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A relative path of the archive under one of its three roots, without `.`/`..` segments. */
const entryPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => /^(pg|uploads|secrets)(\/|$)/.test(p) && !p.split('/').some((s) => s === '' || s === '.' || s === '..') && !p.includes('\0'), 'not a path of the backup');

const fileSchema = z.object({ path: entryPath, size: z.number().int().min(0), sha256: sha256Hex });

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  /** ISO time the database snapshot ended (its consistent point). */
  createdAt: z.string(),
  /** The machine the backup was taken on (`os.hostname()`). */
  host: z.string(),
  postgres: z.object({
    /** `server_version`, e.g. "18.1". */
    version: z.string(),
    /** `server_version_num`, e.g. 180001: restore needs binaries of the same major version. */
    versionNum: z.number().int(),
    /** The cluster's `system_identifier` (pg_control_system()). */
    systemIdentifier: z.string(),
    /** The backup's WAL range and timeline, as pg_backup_start and pg_backup_stop gave them. */
    startLsn: z.string(),
    stopLsn: z.string(),
    timeline: z.number().int(),
    /** The WAL segment files under pg/pg_wal, first to last. */
    walSegments: z.array(z.string()),
    /** Every database of the cluster with its size on disk (bytes) at the snapshot. */
    databases: z.array(z.object({ name: z.string(), bytes: z.number() })),
  }),
  /** The race database's name in the cluster and its applied migration count (drizzle.__drizzle_migrations); null when it has none. */
  race: z.object({ database: z.string(), migrations: z.number().int().nullable(), lastMigrationAt: z.number().nullable() }),
  /** The CMS's database name in the cluster (null: it is elsewhere or absent). */
  cms: z.object({ database: z.string().nullable() }),
  uploads: z.object({ files: z.number().int(), bytes: z.number() }),
  /** Names of the secret files under `secrets/` (scripts/lib/backup/layout.ts), empty when left out. */
  secrets: z.array(z.string()),
  /** Directories to create (PostgreSQL needs its empty ones), parents first. */
  dirs: z.array(entryPath),
  /** Every file of the archive but the manifest, in archive order. */
  files: z.array(fileSchema),
  /** How long the snapshot took (ms), for the figures. */
  snapshotMs: z.number(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

/** An archive that is not a backup of ours, or is truncated or damaged: restore prints the message and writes nothing. */
export class BackupRefused extends Error {}

/**
 * Parses and checks `manifest.json`'s text.
 * @throws BackupRefused naming the first problem (not JSON, another format or version, a bad path, a path twice).
 */
export function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefused('The backup is corrupt: its manifest.json is not JSON');
  }
  if ((json as { format?: unknown })?.format !== BACKUP_FORMAT) throw new BackupRefused('Not a backup of this site (no ll-backup manifest)');
  if ((json as { version?: unknown }).version !== BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(`This backup has format version ${String((json as { version?: unknown }).version)}; this version of the site restores version ${BACKUP_FORMAT_VERSION}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupRefused(`The backup is corrupt: its manifest's ${issue.path.join('.')} is invalid (${issue.message})`);
  }
  const seen = new Set<string>();
  for (const f of parsed.data.files) {
    if (seen.has(f.path)) throw new BackupRefused(`The backup is corrupt: its manifest lists ${f.path} twice`);
    seen.add(f.path);
  }
  return parsed.data;
}

/** The manifest as written into the archive (stable key order, one line per file for `tar -xOf … manifest.json | less`). */
export function serializeManifest(manifest: BackupManifest): string {
  const { files, ...rest } = manifest;
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '');
  return `${head},\n  "files": [\n${files.map((f) => `    ${JSON.stringify(f)}`).join(',\n')}\n  ]\n}\n`;
}

/** Bytes in a human unit: "812 kB", "74.9 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}
