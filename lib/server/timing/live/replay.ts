/**
 * The replay tool's server (issue 10 "The feed": `npm run replay`): serves a recorded RMonitor
 * capture as a timing system would, so the real captures in `data/real/rmonitor/` drive demos,
 * tests and the bench.
 *
 * One timeline for every client, as a timing system runs whether anyone listens or not: the
 * capture's own clock paces it (each `$F` heartbeat whose time of day advances by N seconds goes
 * out N s / speed after the heartbeat before it; the lines after a heartbeat follow it at once);
 * speed 0 or Infinity sends as fast as possible. A client that connects, or reconnects, first
 * receives every line already sent (catch-up), then the live lines: a reconnecting client loses
 * nothing. When the capture ends the connections stay open (a real feed idles), and with
 * `idleHeartbeatMs` the capture's last `$F` heartbeat is sent again at that interval, as a
 * timing system keeps sending `$F` (the feed client drops a connection silent for 30 s). CRLF on
 * the wire.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { decodeLine } from '../rmonitor/decode';

export interface ReplayOptions {
  /** The capture's text (CRLF or LF, BOM allowed). */
  text: string;
  /** Port to listen on; 0 = any free port (read it from the result). */
  port?: number;
  host?: string;
  /** Pace: 1 = real time, 10 = ten times faster, 0 or Infinity = as fast as possible. */
  speed?: number;
  /**
   * Hold the timeline until the first client connects (tests and the bench: every line then goes
   * out live). Default false: the timeline starts at once, like a timing system.
   */
  startOnConnect?: boolean;
  /** Called for each line when the timeline sends it (`atMs` = `performance.now()`). */
  onSend?(lineIndex: number, line: string, atMs: number): void;
  /** After the capture ended, send its last `$F` line again every this many ms (0 = never, the default; `npm run replay`: 1000). */
  idleHeartbeatMs?: number;
}

export interface Replay {
  /** The port listened on. */
  port: number;
  /** Lines of the capture (without the trailing empty line). */
  lines: number;
  /** Lines the timeline has sent so far. */
  sent(): number;
  /** Clients connected now. */
  clients(): number;
  /** Stops the timeline, drops every client and stops listening. */
  close(): Promise<void>;
  /** Drops every client connection (they may reconnect: they then get the catch-up). */
  dropConnections(): void;
  /** Resolves when the timeline has sent the capture's last line. */
  finished: Promise<void>;
}

/** Seconds since midnight of an `HH:MM:SS` time of day, or null. */
function secondsOfDay(timeOfDay: string | null): number | null {
  const m = timeOfDay ? /^(\d{1,2}):(\d{2}):(\d{2})/.exec(timeOfDay) : null;
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/**
 * When each line is due on the capture's own clock, in seconds from the start: lines before the
 * first `$F` at 0, each `$F` at the previous one's due time plus its time-of-day advance (a clock
 * passing midnight wraps; a clock going back, as between concatenated sessions, adds nothing),
 * the other lines with the heartbeat before them.
 */
export function captureSchedule(lines: string[]): number[] {
  const due: number[] = [];
  let at = 0;
  let previous: number | null = null;
  lines.forEach((line, i) => {
    if (/^\s*\$F,/i.test(line)) {
      let seconds: number | null = null;
      try {
        const msg = decodeLine(line, i + 1);
        if (msg?.tag === 'F') seconds = secondsOfDay(msg.timeOfDay);
      } catch {
        // a malformed heartbeat is sent as it is, without moving the clock
      }
      if (seconds !== null) {
        if (previous !== null) {
          let delta = seconds - previous;
          if (delta < -12 * 3600) delta += 24 * 3600;
          if (delta > 0) at += delta;
        }
        previous = seconds;
      }
    }
    due.push(at);
  });
  return due;
}

/** Lines sent per turn of the event loop when replaying as fast as possible. */
const FAST_SLICE = 256;

/** Starts an RMonitor replay server for `text`; see the file's docstring. */
export async function startReplay({ text, port = 0, host = '127.0.0.1', speed = 1, startOnConnect = false, onSend, idleHeartbeatMs = 0 }: ReplayOptions): Promise<Replay> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const due = captureSchedule(lines);
  const fast = !(speed > 0) || speed === Infinity;
  const clients = new Set<net.Socket>();
  let sent = 0;
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let resolveFinished!: () => void;
  const finished = new Promise<void>((resolve) => (resolveFinished = resolve));

  const wire = (from: number, to: number) => {
    let out = '';
    for (let i = from; i < to; i++) out += `${lines[i]}\r\n`;
    return out;
  };

  /** Sends lines [sent, to) to every client. */
  const sendUpTo = (to: number) => {
    if (to <= sent) return;
    const chunk = wire(sent, to);
    for (const socket of clients) if (!socket.destroyed) socket.write(chunk);
    if (onSend) for (let i = sent; i < to; i++) onSend(i, lines[i], performance.now());
    sent = to;
  };

  let t0 = 0;
  const tick = () => {
    timer = null;
    if (stopped) return;
    if (fast) {
      sendUpTo(Math.min(lines.length, sent + FAST_SLICE));
    } else {
      const elapsedS = ((performance.now() - t0) / 1000) * speed;
      let to = sent;
      while (to < lines.length && due[to] <= elapsedS) to++;
      sendUpTo(to);
    }
    if (sent >= lines.length) {
      resolveFinished();
      const last = lines.findLast((l) => /^\s*\$F,/i.test(l));
      if (idleHeartbeatMs > 0 && last) {
        heartbeat = setInterval(() => {
          for (const socket of clients) if (!socket.destroyed) socket.write(`${last}\r\n`);
        }, idleHeartbeatMs);
      }
      return;
    }
    if (fast) {
      timer = setTimeout(tick, 0);
    } else {
      const waitMs = Math.max(0, ((due[sent] * 1000) / speed) - (performance.now() - t0));
      timer = setTimeout(tick, Math.min(waitMs, 2 ** 31 - 1));
    }
  };
  const start = () => {
    if (started || stopped) return;
    started = true;
    t0 = performance.now();
    tick();
  };

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.on('close', () => clients.delete(socket));
    // Catch-up: everything already on the timeline, then the live lines.
    if (sent > 0) socket.write(wire(0, sent));
    clients.add(socket);
    start();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  if (!startOnConnect) start();

  return {
    port: listening,
    lines: lines.length,
    sent: () => sent,
    clients: () => clients.size,
    finished,
    dropConnections() {
      for (const socket of clients) socket.destroy();
      clients.clear();
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      for (const socket of clients) socket.destroy();
      clients.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
