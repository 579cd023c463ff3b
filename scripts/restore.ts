/**
 * npm run restore -- <backup file> [--data-dir DIR] [--no-verify]
 *
 * Issue 29, "Backups": puts a backup of `npm run backup` back, into a fresh data directory only
 * (default DB_DATA_DIR; it must be absent or empty: stop the product and move the current one
 * away first). The whole file is checked against its manifest's checksums before anything is
 * written; a truncated or damaged backup is refused and nothing is written. Then PostgreSQL is
 * started on the copy once, to recover it to the backup's consistent point and check it
 * (--no-verify skips that), and stopped.
 *
 * Into DB_DATA_DIR, every piece goes back where `npm start` reads it: the CMS's uploads into
 * cms/public/uploads (which must be empty or absent too), the secrets into .data and cms/.env (a
 * different existing secret is kept aside as `<file>.before-restore-<time>`). Into another
 * directory (a drill, a copy), everything stays beside it: `<parent>/uploads`, `<parent>/<secret>`,
 * the password as `<DIR>.password`; the product's own files are not touched.
 * Exit codes: 0 restored; 1 refused or failed (message printed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverEnv } from '../lib/server/config/env';
import { runMain, UsageError } from './lib/cli';
import { productLayout, restoreLayout } from './lib/backup/layout';
import { formatBytes } from './lib/backup/manifest';
import { restoreBackup } from './lib/backup/restore';

const USAGE = 'Usage: npm run restore -- <backup file> [--data-dir <fresh directory>] [--no-verify]';

function log(line: string) {
  console.log(`[restore] ${line}`);
}

async function main() {
  if (fs.existsSync(path.resolve('.env'))) process.loadEnvFile(path.resolve('.env'));
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, 'no-verify': { type: 'boolean', default: false } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError(USAGE);
  if (!fs.existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const env = serverEnv();
  const product = productLayout(env);
  const layout = restoreLayout(values['data-dir'] ?? product.dataDir, product);
  const own = layout === product;
  // Relative to the project when inside it, else absolute.
  const rel = (p: string) => {
    const r = path.relative(process.cwd(), p);
    return r && !r.startsWith('..') ? r : p;
  };

  const result = await restoreBackup({ file, layout, verify: !values['no-verify'], log });
  const m = result.manifest;
  log(`backup of ${m.createdAt} from ${m.host} (PostgreSQL ${m.postgres.version}): ${m.files.length} files checked against the manifest`);
  log(`cluster (${m.postgres.databases.map((d) => `${d.name} ${formatBytes(d.bytes)}`).join(', ')}) → ${rel(layout.dataDir)}`);
  if (m.uploads.files) log(`uploads (${m.uploads.files} files, ${formatBytes(m.uploads.bytes)}) → ${rel(layout.uploadsDir)}`);
  for (const name of m.secrets) log(`secret ${name} → ${rel(layout.secrets.find((s) => s.name === name)?.file ?? '?')}`);
  for (const aside of result.keptAside) log(`the previous ${rel(aside)} differed: kept as ${rel(aside)}.before-restore-…`);
  log(
    `restored in ${(result.ms / 1000).toFixed(1)} s` +
      (result.recoveryMs === null ? ' (not started: --no-verify)' : `; recovered and checked in ${(result.recoveryMs / 1000).toFixed(1)} s (${result.migrations ?? 'no'} migrations, as the manifest says)`),
  );
  if (env.DATABASE_URL) log('note: DATABASE_URL is set, so npm start uses that server, not this restored cluster');
  log(
    own
      ? 'start the product with npm start'
      : `serve it with DB_DATA_DIR=${rel(layout.dataDir)} and a free DB_PORT; the product reads auth.secret and revalidate.secret from .data and cms.env as cms/.env: copy them there to keep sessions and emailed links valid`,
  );
}

runMain(main);
