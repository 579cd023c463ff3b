/**
 * The outbox (DESIGN.md "email"): every outgoing message is written as an .eml file into
 * OUTBOX_DIR (default `.data/outbox`, resolved from the working directory, which is the repo
 * root for `npm start`, the tests and the e2e product), whether or not SMTP_URL is set. The
 * federation can read or resend them from there.
 *
 * No `server-only` marker: the job worker (lib/server/jobs) loads it in the site's server under plain Node.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { serverEnv } from '../config/env';

/** The absolute outbox directory: OUTBOX_DIR resolved from the working directory. */
export function outboxDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), serverEnv().OUTBOX_DIR);
}

/**
 * The file name of a message: its ISO 8601 UTC timestamp with `:` and `.` made `-` (safe on
 * every file system), then its id: `2026-11-22T14-05-09-123Z-42.eml`.
 */
export function outboxFileName(at: Date, id: string | number): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${String(id).replace(/[^\w-]/g, '_')}.eml`;
}

/**
 * Writes `raw` as `<dir>/<name>` (creating the directory) and answers the file's absolute path.
 * The file appears whole or not at all: written beside it under a temporary name, then renamed.
 * @throws Error (ENOTDIR, EACCES, ENOSPC …) when it cannot be written; nothing is left behind.
 */
export async function writeOutbox(raw: Buffer, name: string, dir: string = outboxDir()): Promise<string> {
  if (name !== path.basename(name) || !name.endsWith('.eml')) throw new Error(`Not an outbox file name: ${name}`);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const partial = `${file}.${process.pid}.partial`;
  try {
    await fs.writeFile(partial, raw, { flag: 'wx', mode: 0o640 });
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
  return file;
}
