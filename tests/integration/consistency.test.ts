/**
 * Readers hammer the API for known races while the import CLI, in another process, replaces a
 * large capture three times over: every reply must be the right race with its right rows.
 * (With PGlite multiplexed over one socket, replies carried other queries' rows.)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});
afterAll(() => database?.drop());

const LITES = 'data/real/rmonitor/2009-sebring-alms-session-4-lites.txt';

async function get(p: string) {
  const res = await api.request(`/api/v1${p}`);
  return { status: res.status, text: await res.text() };
}

function runImportCli(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', LITES, '--replace'], {
      cwd: path.resolve('.'),
      env: { ...process.env, DATABASE_URL: database!.url },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

it('answers every reader with its own race and rows while an import writes', async () => {
  const events = JSON.parse((await get('/livelaps/events/1')).text).message.events as { id: number; name: string }[];
  // Every race except those of the Sebring event, whose lites session is being replaced.
  const sebring = events.find((e) => e.name === 'Sebring Winter Test')!.id;
  const raceIds: number[] = [];
  for (const e of events.filter((e) => e.id !== sebring)) {
    raceIds.push(...JSON.parse((await get(`/livelaps/promoter/event/${e.id}/races`)).text).message.data.map((r: { id: number }) => r.id));
  }
  const paths = raceIds.flatMap((id) => [`/livelaps/race/results/${id}`, `/livelaps/race/${id}`, `/livelaps/race/filters/${id}`]);
  paths.push('/livelaps/events/1');
  const expected = new Map<string, string>();
  for (const p of paths) {
    const reply = await get(p);
    expect(reply.status).toBe(200);
    expected.set(p, reply.text);
  }

  let writing = true;
  const wrong: string[] = [];
  let reads = 0;
  const reader = async (offset: number) => {
    for (let i = offset; writing; i++) {
      const p = paths[i % paths.length];
      const reply = await get(p);
      reads++;
      if (reply.status !== 200 || reply.text !== expected.get(p)) wrong.push(`${p}: ${reply.status} ${reply.text.slice(0, 120)}`);
    }
  };
  const writer = (async () => {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await runImportCli());
    writing = false;
    return runs;
  })();
  const [runs] = await Promise.all([writer, ...Array.from({ length: 8 }, (_, i) => reader(i * 3))]);

  for (const run of runs) {
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Replaced the earlier import of .* 1 race\(s\).* 15 entries, 753 passings/);
  }
  expect(wrong).toEqual([]);
  expect(reads).toBeGreaterThan(100);
  // The replaced event still lists both sessions, the lites one with its 15 entries.
  const races = JSON.parse((await get(`/livelaps/promoter/event/${sebring}/races`)).text).message.data;
  expect(races.map((r: { entryCount: number }) => r.entryCount).sort()).toEqual([11, 15]);
});
