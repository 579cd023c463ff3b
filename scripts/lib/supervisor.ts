/**
 * A small process supervisor for `npm start`: starts each piece (database, CMS, site) as a
 * child in its own process group, restarts it with exponential backoff when it dies, and stops
 * everything in order within a deadline (a polite signal, then SIGKILL to the whole group).
 * Keeps `.data/run/start-<PORT>.json` up to date with the children's pids, for `npm run drill`.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ServiceSpec {
  name: string;
  /** Starts the process (again after a crash). */
  start(): ChildProcess | Promise<ChildProcess>;
  /** Signal that asks for an orderly stop (PostgreSQL: SIGINT = fast shutdown). */
  stopSignal?: NodeJS.Signals;
  /** Port it serves, recorded in the state file. */
  port?: number;
}

export interface SupervisorOptions {
  log(line: string): void;
  /** Where the pids are written (JSON); none when omitted. */
  stateFile?: string;
  /** Restart delays in ms, the last repeated; reset after `stableMs` of uptime. */
  backoffMs?: number[];
  stableMs?: number;
}

interface Running {
  spec: ServiceSpec;
  child?: ChildProcess;
  startedAt: number;
  restarts: number;
  attempt: number;
  timer?: NodeJS.Timeout;
}

const DEFAULT_BACKOFF = [500, 1000, 2000, 4000, 8000, 15000, 30000];

/** Spawns `cmd` in its own process group (so a stop reaches its children too), output inherited. */
export function spawnService(cmd: string, args: string[], opts: SpawnOptions = {}): ChildProcess {
  return spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts, detached: true });
}

export class Supervisor {
  private readonly services = new Map<string, Running>();
  private stopping = false;

  constructor(private readonly opts: SupervisorOptions) {}

  /** Starts `spec` and keeps it running until `stop()`. */
  async add(spec: ServiceSpec): Promise<ChildProcess> {
    const running: Running = { spec, startedAt: 0, restarts: 0, attempt: 0 };
    this.services.set(spec.name, running);
    return this.launch(running);
  }

  /** The current child of a service. */
  child(name: string): ChildProcess | undefined {
    return this.services.get(name)?.child;
  }

  /** How many times a service was restarted. */
  restarts(name: string): number {
    return this.services.get(name)?.restarts ?? 0;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  private async launch(running: Running): Promise<ChildProcess> {
    const child = await running.spec.start();
    running.child = child;
    running.startedAt = Date.now();
    this.writeState();
    child.once('error', (err) => this.opts.log(`${running.spec.name}: ${err.message}`));
    child.once('exit', (code, signal) => this.onExit(running, child, code, signal));
    return child;
  }

  private onExit(running: Running, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    if (running.child !== child) return;
    running.child = undefined;
    this.writeState();
    this.scheduleRestart(running, `exited (${signal ?? `code ${code}`})`);
  }

  /** Starts the service again after the next backoff delay (reset after a stable run). */
  private scheduleRestart(running: Running, why: string) {
    if (this.stopping) return;
    const backoff = this.opts.backoffMs ?? DEFAULT_BACKOFF;
    if (Date.now() - running.startedAt >= (this.opts.stableMs ?? 30_000)) running.attempt = 0;
    const delay = backoff[Math.min(running.attempt, backoff.length - 1)];
    running.attempt += 1;
    this.opts.log(`${running.spec.name} ${why}; restarting in ${delay} ms`);
    running.timer = setTimeout(() => {
      running.timer = undefined;
      if (this.stopping) return;
      running.restarts += 1;
      this.launch(running).catch((err) => this.scheduleRestart(running, `failed to start: ${err instanceof Error ? err.message : err}`));
    }, delay);
  }

  /**
   * Stops the services: each group of names in turn (e.g. the site, then the CMS and the
   * database), each service with its stop signal, then SIGKILL after `deadlineMs`.
   */
  async stop(order: string[][], deadlineMs: number): Promise<void> {
    this.stopping = true;
    for (const r of this.services.values()) clearTimeout(r.timer);
    const named = new Set(order.flat());
    const groups = [...order, [...this.services.keys()].filter((n) => !named.has(n))];
    for (const group of groups) {
      await Promise.all(group.map((name) => this.stopOne(name, deadlineMs)));
    }
    this.writeState();
  }

  private async stopOne(name: string, deadlineMs: number): Promise<void> {
    const child = this.services.get(name)?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, this.services.get(name)!.spec.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => {
      this.opts.log(`${name} did not stop within ${deadlineMs} ms; killing it`);
      signalGroup(child, 'SIGKILL');
    }, deadlineMs);
    await exited;
    clearTimeout(timer);
    // Whatever it started and left behind in its group.
    signalGroup(child, 'SIGKILL');
  }

  private writeState() {
    const file = this.opts.stateFile;
    if (!file) return;
    if (this.stopping && [...this.services.values()].every((r) => !r.child)) {
      fs.rmSync(file, { force: true });
      return;
    }
    const services = Object.fromEntries(
      [...this.services.entries()].map(([name, r]) => [name, { pid: r.child?.pid ?? null, port: r.spec.port ?? null, restarts: r.restarts }]),
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ supervisor: process.pid, services }, null, 2));
  }
}

/** Sends `signal` to the child's process group (it leads one: spawned detached). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}
