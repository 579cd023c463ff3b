/**
 * The RMonitor feed client (issue 10 "The feed"; DESIGN.md live timing): a TCP connection to a
 * timing system (Orbits and most transponder timing software stream RMonitor on a TCP port),
 * cut into protocol lines, reconnecting by itself. Knows nothing about the protocol's messages:
 * `feed.ts` hands the lines to the ingest, which decodes them with the importer's decoder.
 *
 * Bounded against a stream that is not RMonitor: a line longer than `MAX_LINE_CHARS` (a binary
 * stream, a device that never sends a line end) is dropped and logged, never buffered whole; each
 * chunk is scanned once. A connection silent for `idleTimeoutMs` (RMonitor sends a `$F` heartbeat
 * every second) is dropped and dialled again, and so is a connect that does not complete in that
 * time (a host dropping SYNs would otherwise hold it for about two minutes).
 */
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';

/** What the connection is doing: dialling, up, or down (waiting to dial again). */
export type FeedState = 'connecting' | 'connected' | 'disconnected';

/** Longest line kept (characters, line end included); a longer one is dropped whole. RMonitor lines are under 300. */
export const MAX_LINE_CHARS = 65_536;

/** Default of `FeedOptions.idleTimeoutMs`: RMonitor sends `$F` every second, so 30 s of silence is a dead feed. */
export const FEED_IDLE_TIMEOUT_MS = 30_000;

export interface FeedOptions {
  host: string;
  port: number;
  /** One protocol line, without its line end (CRLF or LF) and without a leading BOM. */
  onLine(line: string): void;
  /**
   * Each change of state; `detail` says why a connection went down (the error, "closed by the
   * server", "no data for 30 s", "connect timed out after 30 s") and, for 'disconnected', when
   * the next attempt is (`retry in N ms`).
   */
  onState?(state: FeedState, detail?: string): void;
  /** Oversized lines dropped, handler failures; default console.error. */
  log?(message: string): void;
  /** First wait before dialling again after a drop or a refused connect (ms). */
  initialBackoffMs?: number;
  /** Longest wait between attempts (ms): the wait doubles from `initialBackoffMs` up to this. */
  maxBackoffMs?: number;
  /** A connect that takes longer, or a connection that receives nothing for this long, is dropped (ms); default 30 s. */
  idleTimeoutMs?: number;
}

export interface FeedConnection {
  /** Stops for good: closes the socket, cancels a pending reconnect; resolves once closed. */
  close(): Promise<void>;
}

/**
 * Splits a byte stream into lines: UTF-8 characters and lines may be cut anywhere between
 * chunks; CRLF or LF; a BOM at the start of the stream is dropped. Each chunk is scanned once
 * (only its own characters). A line longer than `maxChars` is dropped up to its end and reported
 * once to `onOversize` (with the characters seen when it was dropped). `reset()` forgets a
 * partial line (a connection that dropped mid-line: that line is lost, never passed on truncated).
 */
export class LineSplitter {
  private decoder = new StringDecoder('utf8');
  private buffer = '';
  private atStart = true;
  private dropping = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (chars: number) => void = () => {},
    private readonly maxChars = MAX_LINE_CHARS,
  ) {}

  push(chunk: Buffer | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (this.atStart && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.atStart = false;
    }
    let start = 0;
    let nl: number;
    while ((nl = text.indexOf('\n', start)) !== -1) {
      const piece = text.slice(start, nl);
      start = nl + 1;
      if (this.dropping) {
        this.dropping = false;
        continue;
      }
      let line = this.buffer ? this.buffer + piece : piece;
      this.buffer = '';
      if (line.length > this.maxChars) {
        this.onOversize(line.length);
        continue;
      }
      if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
      this.onLine(line);
    }
    if (this.dropping || start === text.length) return;
    const rest = text.slice(start);
    if (this.buffer.length + rest.length > this.maxChars) {
      this.onOversize(this.buffer.length + rest.length);
      this.buffer = '';
      this.dropping = true;
      return;
    }
    this.buffer += rest;
  }

  /** A new stream begins (after a reconnect). */
  reset(): void {
    this.decoder = new StringDecoder('utf8');
    this.buffer = '';
    this.atStart = true;
    this.dropping = false;
  }
}

/** The wait before attempt `attempt` (0-based) after a failure: exponential, capped, with jitter (50–100 %). */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Connects to an RMonitor feed at `host:port` and calls `onLine` for every line received, until
 * `close()`. After a drop, a refused connect, a connect or a silence longer than `idleTimeoutMs`,
 * it dials again after `backoffDelay` (from `initialBackoffMs`, doubling up to `maxBackoffMs`,
 * with jitter); the wait starts over from `initialBackoffMs` once a connection has delivered a
 * line. A line cut by a drop is discarded; a line longer than `MAX_LINE_CHARS` is dropped and
 * logged. An exception thrown by `onLine` is logged and does not stop the feed.
 */
export function connectFeed({
  host,
  port,
  onLine,
  onState,
  log = (m) => console.error(`[feed] ${m}`),
  initialBackoffMs = 500,
  maxBackoffMs = 10_000,
  idleTimeoutMs = FEED_IDLE_TIMEOUT_MS,
}: FeedOptions): FeedConnection {
  let closed = false;
  let socket: net.Socket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closedSocket: Promise<void> = Promise.resolve();
  const splitter = new LineSplitter(
    (line) => {
      attempt = 0;
      try {
        onLine(line);
      } catch (err) {
        log(`line handler failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
    (chars) => log(`a line longer than ${MAX_LINE_CHARS} characters (${chars} so far) was dropped up to its end: not an RMonitor stream?`),
  );

  const state = (s: FeedState, detail?: string) => {
    try {
      onState?.(s, detail);
    } catch (err) {
      log(`state handler failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const dial = () => {
    timer = null;
    if (closed) return;
    state('connecting', `${host}:${port}`);
    splitter.reset();
    // The timeout runs from now: it covers the connect as well as silences once connected.
    const s = net.connect({ host, port, timeout: idleTimeoutMs });
    socket = s;
    let failure: string | undefined;
    let connected = false;
    let resolveClosed!: () => void;
    closedSocket = new Promise((resolve) => (resolveClosed = resolve));
    s.setKeepAlive(true, 10_000);
    s.on('connect', () => {
      connected = true;
      state('connected', `${host}:${port}`);
    });
    s.on('data', (chunk: Buffer) => splitter.push(chunk));
    s.on('timeout', () => {
      failure = connected ? `no data for ${idleTimeoutMs / 1000} s` : `connect timed out after ${idleTimeoutMs / 1000} s`;
      s.destroy();
    });
    s.on('error', (err) => (failure ??= err.message));
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
