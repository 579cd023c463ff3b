/**
 * The supervisor of `npm start` with real child processes: a crashed piece is restarted with
 * backoff, a stop reaches children that ignore SIGTERM (SIGKILL at the deadline) and whatever
 * they started themselves, and the state file names the live pids.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Supervisor, spawnService } from '../../scripts/lib/supervisor';

const node = (code: string) => () => spawnService(process.execPath, ['-e', code], { stdio: 'ignore' });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop([], 500);
  supervisor = undefined;
});

it('restarts a piece that dies, with growing delays, and records its new pid', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-sup-'));
  const stateFile = path.join(dir, 'state.json');
  const lines: string[] = [];
  supervisor = new Supervisor({ log: (l) => lines.push(l), stateFile, backoffMs: [50, 200], stableMs: 10_000 });
  const first = await supervisor.add({ name: 'flaky', start: node('setTimeout(() => process.exit(3), 100)') });
  expect(await until(() => supervisor!.restarts('flaky') >= 3)).toBe(true);
  expect(lines[0]).toBe('flaky exited (code 3); restarting in 50 ms');
  expect(lines[1]).toBe('flaky exited (code 3); restarting in 200 ms');
  expect(await until(() => !!supervisor!.child('flaky')?.pid)).toBe(true);
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  expect(state.supervisor).toBe(process.pid);
  expect(state.services.flaky.pid).not.toBe(first.pid);
  await supervisor.stop([['flaky']], 500);
  expect(fs.existsSync(stateFile)).toBe(false);
  fs.rmSync(dir, { recursive: true, force: true });
});

it('stops a child that ignores SIGTERM by the deadline, with the processes it started', async () => {
  supervisor = new Supervisor({ log: () => {} });
  // Ignores SIGTERM and starts a grandchild in its process group; says so in a file once both
  // are in place (a fixed wait is too short on a loaded machine: Node then takes >300 ms to start).
  const ready = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'll-sup-')), 'ready');
  const child = await supervisor.add({
    name: 'stubborn',
    start: node(
      `process.on('SIGTERM', () => {}); const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); c.on('spawn', () => require('fs').writeFileSync(${JSON.stringify(ready)}, String(c.pid))); setInterval(() => {}, 1000);`,
    ),
  });
  expect(await until(() => fs.existsSync(ready), 20_000)).toBe(true);
  const group = fs.readFileSync('/proc/' + child.pid + '/stat', 'utf8').split(' ')[4];
  expect(Number(group)).toBe(child.pid);
  const started = Date.now();
  await supervisor.stop([['stubborn']], 400);
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(350);
  expect(took).toBeLessThan(3000);
  expect(alive(child.pid!)).toBe(false);
  // No process of that group is left.
  const left = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p) && fs.existsSync(`/proc/${p}/stat`) && (() => {
    try {
      return fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(' ')[4] === String(child.pid);
    } catch {
      return false;
    }
  })());
  expect(left).toEqual([]);
});

it('does not restart anything once stopping', async () => {
  supervisor = new Supervisor({ log: () => {}, backoffMs: [10] });
  await supervisor.add({ name: 'quick', start: node('setTimeout(() => process.exit(1), 50)') });
  await supervisor.stop([['quick']], 500);
  const restarts = supervisor.restarts('quick');
  await new Promise((r) => setTimeout(r, 200));
  expect(supervisor.restarts('quick')).toBe(restarts);
  expect(supervisor.child('quick')).toBeUndefined();
});

it('keeps trying when a restart itself fails', async () => {
  const lines: string[] = [];
  supervisor = new Supervisor({ log: (l) => lines.push(l), backoffMs: [20] });
  let starts = 0;
  await supervisor.add({
    name: 'db',
    start: async () => {
      starts++;
      // The first start works and the process dies; the next two cannot start at all.
      if (starts === 2 || starts === 3) throw new Error('port in use');
      return node(starts === 1 ? 'process.exit(1)' : 'setInterval(() => {}, 1000)')();
    },
  });
  expect(await until(() => starts === 4 && !!supervisor!.child('db'))).toBe(true);
  expect(lines).toEqual([
    'db exited (code 1); restarting in 20 ms',
    'db failed to start: port in use; restarting in 20 ms',
    'db failed to start: port in use; restarting in 20 ms',
  ]);
});
