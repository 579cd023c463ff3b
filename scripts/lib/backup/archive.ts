/**
 * The backup file (issue 29, "Backups"): one gzip-compressed tar archive (`tar -tzf` lists it),
 * `manifest.json` first, then the directories and files the manifest lists, in its order
 * (scripts/lib/backup/manifest.ts). Written as `<file>.partial` and renamed when complete, mode
 * 0600: a backup cut short never looks like a backup.
 *
 * Reading checks as it goes: the first entry must be the manifest; every other entry must be a
 * directory or file it lists, and each file must have its size and SHA-256; at the end every
 * listed file must have come. gzip's own CRC catches the rest. A truncated or damaged file is
 * refused with `BackupRefused`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { BackupRefused, MANIFEST_PATH, parseManifest, serializeManifest, type BackupManifest, type ManifestFile } from './manifest';

/** The manifest is small (one line per file); anything larger is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Writes `manifest` into `stagingDir` and archives it with the entries it lists (found under
 * `stagingDir`) into `outFile`, which must not exist.
 * @returns the archive's size in bytes
 */
export async function writeArchive(stagingDir: string, manifest: BackupManifest, outFile: string): Promise<number> {
  if (fs.existsSync(outFile)) throw new Error(`${outFile} exists already`);
  fs.writeFileSync(path.join(stagingDir, MANIFEST_PATH), serializeManifest(manifest), { mode: 0o600 });
  const partial = `${outFile}.partial`;
  const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const entries = [MANIFEST_PATH, ...manifest.dirs, ...manifest.files.map((f) => f.path)];
  // portable: no uid, gid or user names (restore sets the owner); directories listed, not recursed.
  const pack = tar.c({ gzip: { level: 6 }, cwd: stagingDir, portable: true, noDirRecurse: true }, entries);
  try {
    await new Promise<void>((resolve, reject) => {
      pack.on('error', reject);
      out.on('error', reject);
      out.on('close', () => resolve());
      pack.pipe(out);
    });
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, outFile);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return fs.statSync(outFile).size;
}

/**
 * Exact reads from a stream of chunks (the decompressed archive). Its end before the bytes asked
 * for is a truncated backup.
 */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    while (this.buffer.length === 0 && !this.ended) {
      const next = await this.chunks.next();
      if (next.done) this.ended = true;
      else this.buffer = next.value;
    }
    if (this.buffer.length === 0) return null;
    const out = this.buffer.subarray(0, max);
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async exactly(n: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const part = await this.some(n - have);
      if (!part) return null;
      parts.push(part);
      have += part.length;
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }
}

const BLOCK = 512;
const truncated = () => new BackupRefused('The backup is truncated: it ends in the middle of an entry');

/** Writes `chunk` into `sink`, waiting while the sink is full. */
async function writeTo(sink: Writable, chunk: Buffer): Promise<void> {
  if (sink.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      sink.off('drain', done);
      sink.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    sink.on('drain', done);
    sink.on('error', done);
  });
}

/** Ends `sink` and waits until its data is written. */
function finish(sink: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    sink.once('error', reject);
    sink.end(() => resolve());
  });
}

/**
 * Reads and checks the backup at `file` (see the module's docstring). `onDirectory` and `onFile`
 * (optional: without them it only checks) see each entry after the manifest; `onFile` returns the
 * stream the entry's bytes are written into (ended after its last byte). An entry's size and hash
 * are checked as its last byte passes, so an extraction must treat what it wrote as unchecked
 * until this resolves.
 * @returns the manifest
 * @throws BackupRefused when the file is not a backup of ours, or is truncated or damaged
 */
export async function readArchive(file: string, handlers: { onDirectory?: (rel: string) => void; onFile?: (file: ManifestFile) => Writable } = {}): Promise<BackupManifest> {
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(file);
    await new Promise<void>((resolve, reject) => input.once('open', () => resolve()).once('error', reject));
  } catch (err) {
    throw new BackupRefused(`The backup cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const gunzip = zlib.createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  const reader = new ByteReader(input.pipe(gunzip)[Symbol.asyncIterator]());
  try {
    return await readEntries(reader, handlers);
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    // zlib: "unexpected end of file" (cut short), "incorrect header check" (not gzip), "incorrect data check" (damaged).
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('Z_')) throw new BackupRefused(`The backup is truncated or damaged (gzip: ${(err as Error).message})`);
    throw err;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

async function readEntries(reader: ByteReader, handlers: { onDirectory?: (rel: string) => void; onFile?: (file: ManifestFile) => Writable }): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const expected = new Map<string, ManifestFile>();
  const dirs = new Set<string>();
  const seen = new Set<string>();
  let extended: tar.HeaderData | undefined;
  let global: tar.HeaderData | undefined;

  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (!block) throw new BackupRefused('The backup is truncated: its archive has no end');
    if (block.every((b) => b === 0)) break; // the end-of-archive blocks
    const header = new tar.Header(block, 0, extended, global);
    if (!header.cksumValid || !header.path) throw new BackupRefused('The backup is corrupt: an archive header is damaged');
    const size = header.size ?? 0;
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    const type = header.type;

    if (type === 'ExtendedHeader' || type === 'GlobalExtendedHeader') {
      const body = await reader.exactly(size + padding);
      if (!body) throw truncated();
      const pax = tar.Pax.parse(body.subarray(0, size).toString('utf8'), type === 'ExtendedHeader' ? extended : global, type === 'GlobalExtendedHeader');
      if (type === 'ExtendedHeader') extended = pax;
      else global = pax;
      continue;
    }
    // A pax header's path wins over the ustar name and prefix (tar's Header joins those anyway).
    const rel = (extended?.path ?? global?.path ?? header.path).replace(/\/$/, '');
    extended = undefined;

    if (!manifest) {
      if (rel !== MANIFEST_PATH || type !== 'File' || size > MAX_MANIFEST_BYTES) throw new BackupRefused('Not a backup of this site: its first entry is not manifest.json');
      const body = await reader.exactly(size + padding);
      if (!body) throw truncated();
      manifest = parseManifest(body.subarray(0, size).toString('utf8'));
      for (const f of manifest.files) expected.set(f.path, f);
      for (const d of manifest.dirs) dirs.add(d);
      continue;
    }
    if (type === 'Directory') {
      if (!dirs.has(rel)) throw new BackupRefused(`The backup is corrupt: it holds a directory its manifest does not list (${rel})`);
      handlers.onDirectory?.(rel);
      continue;
    }
    const listed = expected.get(rel);
    if ((type !== 'File' && type !== 'OldFile') || !listed || seen.has(rel)) throw new BackupRefused(`The backup is corrupt: it holds an entry its manifest does not list (${rel})`);
    if (size !== listed.size) throw new BackupRefused(`The backup is corrupt: ${rel} does not have the size its manifest gives`);
    seen.add(rel);

    const hash = createHash('sha256');
    const sink = handlers.onFile?.(listed);
    try {
      for (let left = size; left > 0; ) {
        const chunk = await reader.some(Math.min(left, 1 << 20));
        if (!chunk) throw truncated();
        hash.update(chunk);
        left -= chunk.length;
        if (sink) await writeTo(sink, chunk);
      }
      if (sink) await finish(sink);
    } catch (err) {
      sink?.destroy();
      throw err;
    }
    if (padding && !(await reader.exactly(padding))) throw truncated();
    if (hash.digest('hex') !== listed.sha256) throw new BackupRefused(`The backup is corrupt: ${rel} does not match its checksum`);
  }

  // Read to the end: gzip checks its CRC and length there (a cut trailer is a truncated file too).
  while (await reader.some(1 << 20));
  if (!manifest) throw new BackupRefused('Not a backup of this site: it holds no manifest.json');
  const missing = manifest.files.filter((f) => !seen.has(f.path));
  if (missing.length) throw new BackupRefused(`The backup is truncated: ${missing.length} file(s) of its manifest are missing (first: ${missing[0].path})`);
  return manifest;
}

/** A Writable into a new file `dest` (mode `mode`), for `readArchive`'s `onFile`. */
export function fileSink(dest: string, mode: number): Writable {
  return fs.createWriteStream(dest, { flags: 'wx', mode });
}
