/**
 * npm run backup [-- --out FILE] [--no-secrets]
 *
 * Issue 29, "Backups": one file holding both databases (the race data and the CMS's, one
 * consistent snapshot of the embedded PostgreSQL cluster taken while the product runs), the CMS's
 * uploaded files and the generated secrets (scripts/lib/backup/layout.ts says which and why;
 * --no-secrets leaves out all but the database password). Default file:
 * `.data/backups/backup-<UTC time>.tar.gz` (beside DB_DATA_DIR), mode 0600. Prints its figures.
 * Restore with `npm run restore` (scripts/restore.ts).
 *
 * Uses the settings `npm start` uses (DB_DATA_DIR, DB_PORT, .env). When the embedded database
 * is not running, it is started for the backup and stopped after. With DATABASE_URL (or a
 * CMS_DATABASE_URL on another server) it refuses: it backs up the embedded cluster only; such a
 * server is backed up with its own tools.
 * Exit codes: 0 done; 1 failed (message printed, no file left); 2 the databases are not the embedded cluster's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cmsDatabaseUrl, databaseUrl, embeddedPassword, embeddedUrl, serverEnv } from '../lib/server/config/env';
import { startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { runMain } from './lib/cli';
import { backupFileName, takeBackup } from './lib/backup/backup';
import { productLayout, runningPort } from './lib/backup/layout';
import { formatBytes } from './lib/backup/manifest';

function log(line: string) {
  console.log(`[backup] ${line}`);
}

/** `file` relative to the project when inside it, else absolute. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

/** Whether `url` names the embedded server (loopback, port `port`). */
function isEmbedded(url: string, port: number): boolean {
  const u = new URL(url);
  return ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && Number(u.port || 5432) === port;
}

async function main() {
  if (fs.existsSync(path.resolve('.env'))) process.loadEnvFile(path.resolve('.env'));
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'no-secrets': { type: 'boolean', default: false } } });
  const env = serverEnv();
  const layout = productLayout(env);
  if (env.DATABASE_URL || (env.CMS_DATABASE_URL && !isEmbedded(env.CMS_DATABASE_URL, env.DB_PORT))) {
    console.error(
      `[backup] ${env.DATABASE_URL ? 'DATABASE_URL' : 'CMS_DATABASE_URL'} points at a database server of its own: npm run backup backs up the embedded cluster only ` +
        '(DB_DATA_DIR). Back that server up with its own tools (pg_basebackup or pg_dump of its version, or the provider’s snapshots), ' +
        'and keep a copy of cms/public/uploads and the secrets in .data beside it.',
    );
    process.exit(2);
  }
  if (!fs.existsSync(path.join(layout.dataDir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${layout.dataDir} yet: start the product once with npm start`);
  const password = embeddedPassword(layout.dataDir);

  let temporary: RunningPostgres | undefined;
  let port = runningPort(layout.dataDir);
  if (port === null) {
    log(`the database is not running: starting it on ${layout.dataDir} for the backup`);
    temporary = await startEmbeddedPostgres({ dataDir: layout.dataDir, port: 0, password });
    port = temporary.port;
  }
  try {
    const out = path.resolve(values.out ?? path.join(path.dirname(layout.dataDir), 'backups', backupFileName()));
    if (env.CMS_URL) log(`CMS_URL is set: the uploads of that CMS live with it (only ${shown(layout.uploadsDir)} is copied here)`);
    const raceDatabase = decodeURIComponent(new URL(databaseUrl(env)).pathname.slice(1)) || 'postgres';
    const cmsDatabase = decodeURIComponent(new URL(cmsDatabaseUrl(env)).pathname.slice(1));
    const result = await takeBackup(
      { dataDir: layout.dataDir, url: embeddedUrl(port, password), raceDatabase, cmsDatabase, uploadsDir: layout.uploadsDir, secrets: layout.secrets },
      { out, includeSecrets: !values['no-secrets'] },
    );
    const m = result.manifest;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    log(`${shown(result.file)}: ${formatBytes(result.bytes)} (mode 0600), ${m.files.length} files`);
    log(`databases ${m.postgres.databases.map((d) => `${d.name} ${formatBytes(d.bytes)}`).join(', ')}; the cluster on disk ${formatBytes(result.clusterBytes)} (WAL included)`);
    log(`time ${seconds(result.ms)}: snapshot ${seconds(result.snapshotMs)} (pg_backup_start to the last of ${m.postgres.walSegments.length} WAL segment(s)), archive ${seconds(result.archiveMs)}`);
    log(`consistent point ${m.createdAt} (PostgreSQL ${m.postgres.version}, WAL ${m.postgres.startLsn} → ${m.postgres.stopLsn})`);
    log(
      `race database "${m.race.database}": ${m.race.migrations ?? 'no'} migrations; CMS database: ${m.cms.database ?? 'none'}; ` +
        `uploads: ${m.uploads.files} files, ${formatBytes(m.uploads.bytes)}; secrets: ${m.secrets.join(', ') || 'none'}`,
    );
    log(`restore with: npm run restore -- ${shown(result.file)} [--data-dir <fresh directory>]`);
  } finally {
    await temporary?.stop();
  }
}

runMain(main);
