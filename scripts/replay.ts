/**
 * npm run replay -- FILE [--speed 10] [--port 50000] [--host 127.0.0.1]
 *
 * Serves a recorded RMonitor capture (data/real/rmonitor/*.txt) as an RMonitor TCP server, the
 * way a track's timing system streams it (lib/server/timing/live/replay.ts), so `npm run live`
 * and the live pages can be shown and tested without a track: paced by the capture's own clock
 * (its `$F` heartbeats' time of day), `--speed` times faster (default 1 = real time; 0 = as fast
 * as possible). One timeline for every client: a client that connects late or reconnects first
 * receives every line already sent, then the live ones. Prints the port, the progress about every
 * 10 s and when the capture ended; then keeps the connections open, sending the capture's last
 * `$F` heartbeat every second (a real feed idles), until Ctrl-C. Needs no database.
 * Exit codes: 0 stopped by Ctrl-C; 1 bad arguments, unreadable file, port in use.
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startReplay } from '../lib/server/timing/live/replay';
import { log, parsePort, runMain, UsageError } from './lib/cli';

const USAGE = 'Usage: npm run replay -- FILE [--speed 10] [--port 50000] [--host 127.0.0.1]';
const PROGRESS_MS = 10_000;
/** After the capture, its last `$F` again every second: a timing system idles with heartbeats (`npm run live` drops a silent feed after 30 s). */
const IDLE_HEARTBEAT_MS = 1000;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { speed: { type: 'string', default: '1' }, port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError(USAGE);
  const speed = Number(values.speed);
  if (!Number.isFinite(speed) || speed < 0) throw new UsageError(`The provided speed is invalid: ${values.speed} (a number ≥ 0; 0 = as fast as possible)`);
  const port = parsePort(values.port, { allowZero: true });

  const text = await fs.readFile(file, 'utf8');
  let clock = '';
  const onSend = (_i: number, line: string) => {
    const tod = /^\$F,[^,]*,"[^"]*","([^"]*)"/.exec(line)?.[1];
    if (tod) clock = tod;
  };
  const replay = await startReplay({ text, port, host: values.host, speed, onSend, idleHeartbeatMs: IDLE_HEARTBEAT_MS });
  log(`Replaying ${file} (${replay.lines} lines) at ${speed === 0 ? 'full speed' : `speed ${speed}`} on ${values.host}:${replay.port}`);
  log(`Connect with: npm run live -- --event ID --host ${values.host} --port ${replay.port}`);

  const progress = setInterval(() => {
    const sent = replay.sent();
    log(`${sent}/${replay.lines} lines sent (${Math.floor((sent / replay.lines) * 100)} %)${clock ? `, capture clock ${clock}` : ''}, ${replay.clients()} client(s)`);
  }, PROGRESS_MS);
  void replay.finished.then(() => {
    clearInterval(progress);
    log(`Capture ended (${replay.lines} lines sent); connections stay open, Ctrl-C stops`);
  });

  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  clearInterval(progress);
  await replay.close();
  log('Stopped');
}

runMain(main);
