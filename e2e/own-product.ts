/**
 * A product of a spec's own (the fault drills', the two-instance drill's): started as an
 * operator starts it (`npm start`, `npm run start:cluster`) on the spec's ports with fresh data,
 * and stopped the way an operator stops it, checking that every child went within 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { readState } from '../scripts/lib/drill';

/** A started product: its supervisor process and what it printed so far. */
export interface OwnProduct {
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts `script` (scripts/start.ts or scripts/start-cluster.ts) with `env` and waits until it
 * prints "[start] ready in" (at most `timeoutMs`).
 * @throws Error with the end of its output when it exits or does not get ready in time.
 */
export async function startOwnProduct(script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<OwnProduct> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const until = Date.now() + timeoutMs;
  while (!output.includes('[start] ready in')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`${script} did not get ready:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, output: () => output };
}

/** Stops a product still running (after the spec's tests), waiting for its exit. */
export async function stopOwnProduct(product: OwnProduct | undefined): Promise<void> {
  if (product?.child.exitCode === null) {
    product.child.kill('SIGTERM');
    await new Promise((r) => product.child.once('exit', r));
  }
}

/**
 * Sends SIGTERM to the product on `port` and waits (at most 15 s) until its supervisor and every
 * child in its run-state file are gone.
 * @returns how long that took (ms), the pids still alive, and whether the run-state file is gone.
 */
export async function stopAndCount(product: OwnProduct, port: number): Promise<{ tookMs: number; alive: number[]; stateFileLeft: boolean }> {
  const state = readState(process.cwd(), port);
  const pids = [state.supervisor, ...Object.values(state.services).map((s) => s.pid!)];
  const started = Date.now();
  product.child.kill('SIGTERM');
  await new Promise((r) => product.child.once('exit', r));
  const alive = () =>
    pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
  while (alive().length && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 100));
  return { tookMs: Date.now() - started, alive: alive(), stateFileLeft: fs.existsSync(`.data/run/start-${port}.json`) };
}
