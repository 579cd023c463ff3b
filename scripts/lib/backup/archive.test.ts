/**
 * The backup file's format (scripts/lib/backup/archive.ts, manifest.ts) on small archives made
 * here: it round-trips byte for byte; what restore must refuse (a damaged byte, a cut file, an
 * entry the manifest does not list, a manifest naming a path outside the backup's three roots)
 * is refused with a message saying so. The drill with a real cluster is
 * tests/integration/backup.test.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSink, readArchive, writeArchive } from './archive';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupRefused, parseManifest, serializeManifest, type BackupManifest, type ManifestFile } from './manifest';

let dir: string;
let archive: string;
let manifest: BackupManifest;
const contents: Record<string, Buffer> = {
  'pg/PG_VERSION': Buffer.from('18\n'),
  'pg/base/5/1259': Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 251)),
  'pg/global/pg_control': Buffer.alloc(8192, 7),
  [`uploads/${'a-long-file-name-'.repeat(8)}.pdf`]: Buffer.from('%PDF-1.7 minutes'),
  'secrets/pg.password': Buffer.from('secret\n'),
};

function manifestFor(files: ManifestFile[], dirs: string[]): BackupManifest {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: '2026-11-29T12:00:00.000Z',
    host: 'test',
    postgres: { version: '18.4', versionNum: 180004, systemIdentifier: '1', startLsn: '0/2000028', stopLsn: '0/2000120', timeline: 1, walSegments: [], databases: [] },
    race: { database: 'postgres', migrations: 29, lastMigrationAt: null },
    cms: { database: 'll_cms' },
    uploads: { files: 1, bytes: 16 },
    secrets: ['pg.password'],
    dirs,
    files,
    snapshotMs: 1,
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-archive-'));
  const staging = path.join(dir, 'staging');
  const files: ManifestFile[] = [];
  const dirs = new Set<string>();
  for (const [rel, bytes] of Object.entries(contents)) {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
    fs.mkdirSync(path.join(staging, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(staging, rel), bytes);
    files.push({ path: rel, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  manifest = manifestFor(files, [...dirs].sort());
  archive = path.join(dir, 'backup.tar.gz');
  await writeArchive(staging, manifest, archive);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `bytes` to a new file of the test directory. */
function variant(name: string, bytes: Buffer | string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('the backup archive', () => {
  it('is private, leaves no partial file, and gives back every file byte for byte', async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    const out = path.join(dir, 'out');
    const read = await readArchive(archive, {
      onDirectory: (rel) => fs.mkdirSync(path.join(out, rel), { recursive: true }),
      onFile: (file) => fileSink(path.join(out, file.path), 0o600),
    });
    expect(read).toEqual(manifest);
    for (const [rel, bytes] of Object.entries(contents)) expect(fs.readFileSync(path.join(out, rel)).equals(bytes), rel).toBe(true);
  });

  it('refuses a damaged byte, a cut file, and a file that is not gzip', async () => {
    const bytes = fs.readFileSync(archive);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(bytes.length * 0.6)] ^= 0x55;
    await expect(readArchive(variant('damaged.tar.gz', damaged))).rejects.toThrow(BackupRefused);
    await expect(readArchive(variant('cut.tar.gz', bytes.subarray(0, bytes.length - 100)))).rejects.toThrow(/truncated/);
    await expect(readArchive(variant('cut-trailer.tar.gz', bytes.subarray(0, bytes.length - 4)))).rejects.toThrow(/truncated/);
    await expect(readArchive(variant('text.tar.gz', 'not a backup'))).rejects.toThrow(/truncated or damaged/);
  });

  it('refuses an archive whose first entry is not the manifest, or with an entry the manifest does not list', async () => {
    const staging = path.join(dir, 'other');
    fs.mkdirSync(path.join(staging, 'pg'), { recursive: true });
    fs.writeFileSync(path.join(staging, 'pg', 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(staging, 'pg', 'extra'), 'x');
    fs.writeFileSync(path.join(staging, 'manifest.json'), serializeManifest(manifestFor([{ ...manifest.files[0] }], ['pg'])));
    const noManifest = path.join(dir, 'no-manifest.tar.gz');
    await tar.c({ gzip: true, cwd: staging, file: noManifest, portable: true }, ['pg/PG_VERSION', 'manifest.json']);
    await expect(readArchive(noManifest)).rejects.toThrow(/first entry is not manifest.json/);
    const extra = path.join(dir, 'extra.tar.gz');
    await tar.c({ gzip: true, cwd: staging, file: extra, portable: true, noDirRecurse: true }, ['manifest.json', 'pg', 'pg/PG_VERSION', 'pg/extra']);
    await expect(readArchive(extra)).rejects.toThrow(/an entry its manifest does not list \(pg\/extra\)/);
  });

  it('refuses a manifest naming a path outside pg/, uploads/ and secrets/, or of another format', () => {
    const good = manifestFor([], []);
    expect(() => parseManifest(JSON.stringify({ ...good, files: [{ path: '../etc/passwd', size: 1, sha256: 'a'.repeat(64) }] }))).toThrow(/files\.0\.path is invalid/);
    expect(() => parseManifest(JSON.stringify({ ...good, dirs: ['pg/../../root'] }))).toThrow(BackupRefused);
    expect(() => parseManifest(JSON.stringify({ ...good, version: 2 }))).toThrow(/format version 2/);
    expect(() => parseManifest('{"format":"something else"}')).toThrow(/Not a backup of this site/);
    expect(parseManifest(serializeManifest(good))).toEqual(good);
  });
});
