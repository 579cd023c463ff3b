/**
 * The live feed of one event (issue 10 "The feed"): the RMonitor TCP client (`client.ts`) feeding
 * the writer (`ingest.ts`), until stopped. `npm run live` runs it; the bench and the tests too.
 *
 * Reconnects: a server that replays its history to a client that connects again (the replay
 * tool, and timing systems that resend their session) would make the session see the same lines
 * twice. Repeated `$J` passings count once anyway, but a repeated `$I` reset would start the
 * roster over and the runs after it would be new runs. So after a reconnect, the lines that
 * repeat, in order, what this feed already received are dropped (`CatchUpFilter`); at the first
 * line that differs (a server that sends its current picture rather than its history), everything
 * goes through again.
 */
import type { Db } from '../../db';
import type { Bus } from './bus';
import { connectFeed, type FeedState } from './client';
import { createLiveIngest, type LiveIngest } from './ingest';

/**
 * Drops, after each reconnect, the lines that repeat from the start what was received before.
 * `reconnected()` when a new connection starts; `accept(line)` says whether to pass it on.
 */
export class CatchUpFilter {
  private readonly history: string[] = [];
  private matched = 0;
  private matching = false;

  /** A new connection starts: its first lines may repeat the history. */
  reconnected(): void {
    this.matched = 0;
    this.matching = this.history.length > 0;
  }

  /** Whether `line` is new (pass it on) rather than a repeat of the history. */
  accept(line: string): boolean {
    if (this.matching) {
      if (this.matched < this.history.length && this.history[this.matched] === line) {
        this.matched++;
        return false;
      }
      this.matching = false;
    }
    this.history.push(line);
    return true;
  }

  /** Whether the lines received now are still a repeat of the history. */
  get matchingNow(): boolean {
    return this.matching;
  }

  /** Lines dropped as repeats since the last reconnect. */
  get repeated(): number {
    return this.matched;
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
  /** See `connectFeed` (defaults 500 ms and 10 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Each connection state change (after it is logged). */
  onState?(state: FeedState, detail?: string): void;
}

export interface LiveFeed {
  /** Closes the connection and finishes the running session (its last write); resolves when written. */
  stop(): Promise<void>;
  ingest: LiveIngest;
}

/** Runs the live feed of event `eventId` from the RMonitor server at `host:port`; see the file's docstring. */
export function runLiveFeed({ db, eventId, host, port, bus, log = (m) => console.log(`[live] ${m}`), idleFinishMs, initialBackoffMs, maxBackoffMs, onState }: LiveFeedOptions): LiveFeed {
  const ingest = createLiveIngest({ db, eventId, bus, idleFinishMs, log });
  const filter = new CatchUpFilter();
  let connections = 0;
  const client = connectFeed({
    host,
    port,
    initialBackoffMs,
    maxBackoffMs,
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
  let stopping: Promise<void> | null = null;
  return {
    ingest,
    stop() {
      stopping ??= (async () => {
        await client.close();
        await ingest.finish();
      })();
      return stopping;
    },
  };
}
