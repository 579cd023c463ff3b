/**
 * Where the product keeps what a backup carries (issue 29, "Backups"), read from the same
 * settings `npm start` uses, and where a restore puts each piece back.
 *
 * What a backup carries, and why:
 *  - the embedded PostgreSQL cluster (DB_DATA_DIR): the race database and the CMS's (`ll_cms`),
 *    one consistent snapshot of both;
 *  - the CMS's uploaded media (cms/public/uploads); the site keeps its own files (selfies, waiver
 *    PDFs) inside the race database;
 *  - the generated secrets kept beside the data, unless `--no-secrets`. `pg.password` always
 *    comes: the restored cluster keeps its superuser's password (a SCRAM verifier inside the
 *    cluster), and without the file nothing could log in to it. The others come because a
 *    restore should give back the same site: `auth.secret` signs the session cookies, the
 *    emailed verification links, ticket codes and membership cards (without it every session
 *    ends, and links, tickets and cards already handed out no longer verify);
 *    `revalidate.secret` is the CMS webhook's; `cms.env` (cms/.env) holds the CMS's keys (its
 *    API tokens are stored salted with one of them); the CMS admin's and the demo promoter's
 *    generated logins match rows in the databases. The archive is as sensitive as the database
 *    anyway (members' names, addresses, waivers): it is written with mode 0600, and its manifest
 *    says whether secrets are inside.
 */
import fs from 'node:fs';
import path from 'node:path';
import { passwordFile, REVALIDATE_SECRET_FILE, serverEnv, type ServerEnv } from '../../../lib/server/config/env';

/**
 * lib/server/accounts/auth.ts's AUTH_SECRET_FILE: that module is `server-only` (it cannot be
 * imported by a script), so its path is repeated here.
 */
const AUTH_SECRET_FILE = '.data/auth.secret';

/** A secret file of the product: its name in the archive (`secrets/<name>`) and where the product reads it. */
export interface SecretFile {
  name: string;
  file: string;
  /** Carried even with `--no-secrets` (the cluster cannot be opened without it). */
  required?: boolean;
}

export interface ProductLayout {
  /** The embedded cluster's data directory (absolute). */
  dataDir: string;
  /** The CMS's uploads (absolute). */
  uploadsDir: string;
  secrets: SecretFile[];
}

/** Where the product run from `root` with `env` keeps its data (as scripts/start.ts lays it out). */
export function productLayout(env: ServerEnv = serverEnv(), root = process.cwd()): ProductLayout {
  const dataDir = path.resolve(root, env.DB_DATA_DIR);
  const beside = (name: string) => path.join(path.dirname(dataDir), name);
  const credentials = process.env.CMS_ADMIN_CREDENTIALS_FILE ? path.resolve(root, process.env.CMS_ADMIN_CREDENTIALS_FILE) : beside('cms-admin-credentials.txt');
  return {
    dataDir,
    uploadsDir: path.join(root, 'cms', 'public', 'uploads'),
    secrets: [
      { name: 'pg.password', file: passwordFile(dataDir), required: true },
      { name: 'auth.secret', file: path.resolve(root, AUTH_SECRET_FILE) },
      { name: 'revalidate.secret', file: path.resolve(root, REVALIDATE_SECRET_FILE) },
      { name: 'cms-admin-credentials.txt', file: credentials },
      { name: 'demo-promoter.txt', file: beside('demo-promoter.txt') },
      { name: 'cms.env', file: path.join(root, 'cms', '.env') },
    ],
  };
}

/**
 * Where a restore into `dataDir` puts each piece: the product's own places when `dataDir` is the
 * product's (DB_DATA_DIR), else everything beside `dataDir` (`<parent>/uploads/`,
 * `<parent>/<name>` for each secret, the password as `<dataDir>.password`, where
 * `embeddedPassword` looks for it): a restore elsewhere (a drill, a second copy) never touches
 * the product's files.
 */
export function restoreLayout(dataDir: string, product: ProductLayout = productLayout()): ProductLayout {
  const target = path.resolve(dataDir);
  if (target === product.dataDir) return product;
  const parent = path.dirname(target);
  return {
    dataDir: target,
    uploadsDir: path.join(parent, 'uploads'),
    secrets: product.secrets.map((s) => ({ ...s, file: s.name === 'pg.password' ? passwordFile(target) : path.join(parent, s.name) })),
  };
}

/**
 * The port of the PostgreSQL server running on `dataDir` (postmaster.pid's first line is its
 * pid, its fourth its port), or null when none runs there.
 */
export function runningPort(dataDir: string): number | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  try {
    // A stale postmaster.pid whose pid now belongs to another program.
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('postgres')) return null;
  } catch {
    // no /proc: trust postmaster.pid
  }
  return port;
}
