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
