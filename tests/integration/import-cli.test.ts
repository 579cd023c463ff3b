/**
 * `npm run import` when nothing runs: it starts the embedded PostgreSQL on its data directory
 * itself (creating it the first time), imports, and stops it; the same file a second time is
 * refused with the event it went to, and --replace replaces it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, isPortOpen } from '../../lib/server/db/embedded';
import { createDatabase } from './setup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-'));
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function importCli(port: number, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DB_PORT: String(port), DB_DATA_DIR: path.join(dir, 'pg') };
  delete env.DATABASE_URL;
  delete env.DB_PASSWORD;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

it('imports into the embedded database it starts, refuses the same file again, replaces it on request', async () => {
  const port = await freePort();
  const file = 'data/real/supercross/2017-las-vegas-450sx-main-live-timing.json';

  const first = importCli(port, file, '--date', '2017-05-06');
  expect(first.output).toMatch(/^Imported .* in event 1 \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres\): 1 race\(s\) \[1\], 22 entries/);
  expect(first.code).toBe(0);
  // The password was generated beside the data, readable by its owner only, and never printed.
  const password = fs.readFileSync(path.join(dir, 'pg.password'), 'utf8').trim();
  expect(fs.statSync(path.join(dir, 'pg.password')).mode & 0o777).toBe(0o600);
  expect(first.output).not.toContain(password);
  // Stopped again afterwards.
  expect(await isPortOpen(port)).toBe(false);

  const again = importCli(port, file, '--date', '2017-05-06');
  expect(again.code).toBe(1);
  expect(again.output).toMatch(/^Refused: This file was already imported \(as 2017-las-vegas-450sx-main-live-timing\.json, \d{4}-\d{2}-\d{2}\) into event 1, Monster Energy Supercross from Las Vegas, NV\. Nothing was written; use --replace/);

  const replaced = importCli(port, file, '--replace');
  expect(replaced.code).toBe(0);
  expect(replaced.output).toMatch(/^Replaced the earlier import of .* in event 1 .*: 1 race\(s\) \[2\], 22 entries/);
});

/** The CLI against a given database (DATABASE_URL), as the consistency test runs it. */
function importCliOn(url: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

it('refuses a garbled capture with line and field; --lenient imports it and prints the skipped line and unknown types', async () => {
  const database = await createDatabase('empty');
  try {
    const strict = importCliOn(database.url, 'data/fixtures/hostile/orbits-garbled-field.txt', '--date', '2026-11-14');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe('Refused: line 534, field $G.laps: not a whole number: "8x". Nothing was written (--lenient skips such lines).');

    const lenient = importCliOn(database.url, 'data/fixtures/hostile/orbits-garbled-field.txt', '--date', '2026-11-14', '--lenient');
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/^Imported .* 1 race\(s\) \[\d+\], 6 entries, 52 passings\nSkipped 1 line\(s\) \(--lenient\):\n  line 534, field \$G\.laps: not a whole number: "8x"\n\d+ position\(s\) given by the file differ from the ranking rules \(kept as given\):\n  Test Race, overall /);

    const unknown = importCliOn(database.url, 'data/fixtures/rmonitor/imsa-sections-corrections.txt');
    expect(unknown.code).toBe(0);
    expect(unknown.stdout).toMatch(/2 entries, 16 passings\nUnknown message types \(not imported\): \$Z ×1, \$K ×2$/);
  } finally {
    await database.drop();
  }
});

it('sets the event’s host club with --host-club (new event, or the one given by --event), and refuses an invalid one', async () => {
  const database = await createDatabase('empty');
  const { connectDb } = await import('../../lib/server/db');
  const { events } = await import('../../lib/server/db/schema');
  const conn = connectDb(database.url);
  try {
    const hostClub = async () => (await conn.db.select({ id: events.id, hostClub: events.hostClub }).from(events)).map((e) => [e.id, e.hostClub]);
    const bad = importCliOn(database.url, 'data/real/enduro/2026-ecea-pine-hill-team-enduro.csv', '--host-club', 'CJCR - TEAM');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('The provided host club is invalid');
    expect(await hostClub()).toEqual([]);

    const pine = importCliOn(database.url, 'data/real/enduro/2026-ecea-pine-hill-team-enduro.csv', '--host-club', ' CJCR ');
    expect(pine.code).toBe(0);
    expect(pine.stdout).toMatch(/^Imported .* in event (\d+) .*: 1 race\(s\) \[\d+\], 100 entries, 0 passings; host club CJCR/);
    const [[eventId, club]] = await hostClub();
    expect(club).toBe('CJCR');

    // A file added to that event with another host club replaces it; without the option it stays.
    const vegas = importCliOn(database.url, 'data/real/supercross/2017-las-vegas-450sx-main-live-timing.json', '--event', String(eventId), '--host-club', 'DER');
    expect(vegas.code).toBe(0);
    expect(await hostClub()).toEqual([[eventId, 'DER']]);
    const lites = importCliOn(database.url, 'data/real/rmonitor/2009-sebring-alms-session-4-lites.txt', '--event', String(eventId));
    expect(lites.code).toBe(0);
    expect(lites.stdout).not.toContain('host club');
    expect(await hostClub()).toEqual([[eventId, 'DER']]);
  } finally {
    await conn.close();
    await database.drop();
  }
});
