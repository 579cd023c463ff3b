/**
 * The RMonitor feed client (issue 10 "The feed"; DESIGN.md live timing): a TCP connection to a
 * timing system (Orbits and most transponder timing software stream RMonitor on a TCP port),
 * cut into protocol lines, reconnecting by itself. Knows nothing about the protocol's messages:
 * `feed.ts` hands the lines to the ingest, which decodes them with the importer's decoder.
 */
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';

/** What the connection is doing: dialling, up, or down (waiting to dial again). */
export type FeedState = 'connecting' | 'connected' | 'disconnected';

export interface FeedOptions {
  host: string;
  port: number;
  /** One protocol line, without its line end (CRLF or LF) and without a leading BOM. */
  onLine(line: string): void;
  /**
   * Each change of state; `detail` says why a connection went down (the error, or "closed by
   * the server") and, for 'disconnected', when the next attempt is (`retry in N ms`).
   */
  onState?(state: FeedState, detail?: string): void;
  /** First wait before dialling again after a drop or a refused connect (ms). */
  initialBackoffMs?: number;
  /** Longest wait between attempts (ms): the wait doubles from `initialBackoffMs` up to this. */
  maxBackoffMs?: number;
}

export interface FeedConnection {
  /** Stops for good: closes the socket, cancels a pending reconnect; resolves once closed. */
  close(): Promise<void>;
}

/**
 * Splits a byte stream into lines: UTF-8 characters and lines may be cut anywhere between
 * chunks; CRLF or LF; a BOM at the start of the stream is dropped. `reset()` forgets a partial
 * line (a connection that dropped mid-line: that line is lost, never passed on truncated).
 */
export class LineSplitter {
  private decoder = new StringDecoder('utf8');
  private buffer = '';
  private atStart = true;

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (this.atStart && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.atStart = false;
    }
    this.buffer += text;
    let start = 0;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n', start)) !== -1) {
      const end = nl > start && this.buffer.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      this.onLine(this.buffer.slice(start, end));
      start = nl + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** A new stream begins (after a reconnect). */
  reset(): void {
    this.decoder = new StringDecoder('utf8');
    this.buffer = '';
    this.atStart = true;
  }
}

/** The wait before attempt `attempt` (0-based) after a failure: exponential, capped, with jitter (50–100 %). */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Connects to an RMonitor feed at `host:port` and calls `onLine` for every line received, until
 * `close()`. After a drop or a refused connect it dials again after `backoffDelay` (from
 * `initialBackoffMs`, doubling up to `maxBackoffMs`, with jitter); the wait starts over from
 * `initialBackoffMs` once a connection has delivered a line. A line cut by a drop is discarded.
 * An exception thrown by `onLine` is logged and does not stop the feed.
 */
export function connectFeed({ host, port, onLine, onState, initialBackoffMs = 500, maxBackoffMs = 10_000 }: FeedOptions): FeedConnection {
  let closed = false;
  let socket: net.Socket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closedSocket: Promise<void> = Promise.resolve();
  const splitter = new LineSplitter((line) => {
    attempt = 0;
    try {
      onLine(line);
    } catch (err) {
      console.error('[feed] line handler failed:', err);
    }
  });

  const state = (s: FeedState, detail?: string) => {
    try {
      onState?.(s, detail);
    } catch (err) {
      console.error('[feed] state handler failed:', err);
    }
  };

  const dial = () => {
    timer = null;
    if (closed) return;
    state('connecting', `${host}:${port}`);
    splitter.reset();
    const s = net.connect({ host, port });
    socket = s;
    let failure: string | undefined;
    let resolveClosed!: () => void;
    closedSocket = new Promise((resolve) => (resolveClosed = resolve));
    s.setKeepAlive(true, 10_000);
    s.on('connect', () => state('connected', `${host}:${port}`));
    s.on('data', (chunk: Buffer) => splitter.push(chunk));
    s.on('error', (err) => (failure = err.message));
    s.on('close', () => {
      resolveClosed();
      if (socket === s) socket = null;
      splitter.reset();
      if (closed) return;
      const delay = backoffDelay(attempt++, initialBackoffMs, maxBackoffMs);
      state('disconnected', `${failure ?? 'closed by the server'}; retry in ${delay} ms`);
      timer = setTimeout(dial, delay);
    });
  };

  dial();
  return {
    async close() {
      if (closed) return closedSocket;
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (socket) {
        socket.destroy();
        state('disconnected', 'closed');
      }
      await closedSocket;
    },
  };
}
