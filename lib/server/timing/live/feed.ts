/**
 * The live feed of one event (issue 10 "The feed"): the RMonitor TCP client (`client.ts`) feeding
 * the writer (`ingest.ts`), until stopped. `npm run live` runs it; the bench and the tests too.
 *
 * One feed per event: the ingest takes the event's lock first (`LiveFeedBusyError` when another
 * feed holds it: `ready` rejects and nothing connects).
 *
 * Reconnects: a server that replays its history to a client that connects again (the replay
 * tool, and timing systems that resend their session) would make the session see the same lines
 * twice. Repeated `$J` passings count once anyway, but a repeated `$I` reset would start the
 * roster over and the runs after it would be new runs. So after a reconnect, the lines that
 * repeat, in order, what this feed already received are dropped (`CatchUpFilter`); at the first
 * line that differs (a server that sends its current picture rather than its history, or starts
 * each connection with a `$I` of its own) everything goes through again, and the ingest continues
 * the races it holds (see ingest.ts).
 */
import type { Db } from '../../db';
import type { Bus } from './bus';
import { connectFeed, type FeedState } from './client';
import { createLiveIngest, type LiveIngest } from './ingest';

/** Lines the catch-up filter remembers (8 bytes each): a long race day. Beyond it, lines are not remembered (a replay past it goes through again). */
export const CATCH_UP_MAX_LINES = 2_000_000;

/** A 53-bit hash of a line (cyrb53): two lines with the same hash are taken as the same line. */
export function lineHash(line: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * Drops, after each reconnect, the lines that repeat from the start what was received before.
 * `reconnected()` when a new connection starts; `accept(line)` says whether to pass it on.
 * Remembers a hash per line (8 bytes, not the line), at most `maxLines` of them.
 */
export class CatchUpFilter {
  private hashes = new Float64Array(1024);
  private length = 0;
  private matched = 0;
  private matching = false;

  constructor(private readonly maxLines = CATCH_UP_MAX_LINES) {}

  /** A new connection starts: its first lines may repeat the history. */
  reconnected(): void {
    this.matched = 0;
    this.matching = this.length > 0;
  }

  /** Whether `line` is new (pass it on) rather than a repeat of the history. */
  accept(line: string): boolean {
    const hash = lineHash(line);
    if (this.matching) {
      if (this.matched < this.length && this.hashes[this.matched] === hash) {
        this.matched++;
        return false;
      }
      this.matching = false;
    }
    this.remember(hash);
    return true;
  }

  private remember(hash: number): void {
    if (this.length >= this.maxLines) return;
    if (this.length === this.hashes.length) {
      const grown = new Float64Array(Math.min(this.maxLines, this.hashes.length * 2));
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.length++] = hash;
  }

  /** Whether the lines received now are still a repeat of the history. */
  get matchingNow(): boolean {
    return this.matching;
  }

  /** Lines dropped as repeats since the last reconnect. */
  get repeated(): number {
    return this.matched;
  }

  /** Lines remembered. */
  get size(): number {
    return this.length;
  }
}

export interface LiveFeedOptions {
  db: Db;
  eventId: number;
  host: string;
  port: number;
  bus?: Bus;
  /** Connects, drops, runs started/finished, skipped lines; default console. */
  log?: (message: string) => void;
  /** See `createLiveIngest` (default 15 min). */
  idleFinishMs?: number;
  /** See `createLiveIngest` (default 2 min). */
  finishFlagIdleMs?: number;
  /** See `connectFeed` (defaults 500 ms and 10 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** See `connectFeed` (default 30 s). */
  idleTimeoutMs?: number;
  /** Each connection state change (after it is logged). */
  onState?(state: FeedState, detail?: string): void;
}

export interface LiveFeed {
  /**
   * Resolves once the feed holds the event (`LiveIngest.start`) and dials the timing system;
   * rejects with `LiveFeedBusyError` when another feed holds the event (nothing is connected or
   * written then). Awaiting it is optional: a rejection nobody awaits is not an unhandled one.
   */
  ready: Promise<void>;
  /** Closes the connection, finishes the running session (its last write), releases the event; resolves when done. */
  stop(): Promise<void>;
  ingest: LiveIngest;
}

/** Runs the live feed of event `eventId` from the RMonitor server at `host:port`; see the file's docstring. */
export function runLiveFeed({
  db,
  eventId,
  host,
  port,
  bus,
  log = (m) => console.log(`[live] ${m}`),
  idleFinishMs,
  finishFlagIdleMs,
  initialBackoffMs,
  maxBackoffMs,
  idleTimeoutMs,
  onState,
}: LiveFeedOptions): LiveFeed {
  const ingest = createLiveIngest({ db, eventId, bus, idleFinishMs, finishFlagIdleMs, log });
  const filter = new CatchUpFilter();
  let connections = 0;
  let client: ReturnType<typeof connectFeed> | null = null;
  let stopped = false;

  const ready = ingest.start().then(() => {
    if (stopped) return;
    client = connectFeed({
      host,
      port,
      initialBackoffMs,
      maxBackoffMs,
      idleTimeoutMs,
      log,
      onLine(line) {
        const wasMatching = filter.matchingNow;
        const fresh = filter.accept(line);
        if (wasMatching && !filter.matchingNow) log(`resumed: ${filter.repeated} line(s) already received were skipped`);
        if (fresh) ingest.push(line);
      },
      onState(state, detail) {
        if (state === 'connected') {
          connections++;
          filter.reconnected();
          log(`${connections > 1 ? 'reconnected' : 'connected'} to ${host}:${port}`);
        } else if (state === 'disconnected') {
          log(`disconnected from ${host}:${port}: ${detail ?? ''}`);
        }
        onState?.(state, detail);
      },
    });
  });
  ready.catch(() => {});

  let stopping: Promise<void> | null = null;
  return {
    ingest,
    ready,
    stop() {
      stopping ??= (async () => {
        stopped = true; // a start still under way connects nothing
        await client?.close();
        await ingest.finish();
        await ingest.close();
      })();
      return stopping;
    },
  };
}
