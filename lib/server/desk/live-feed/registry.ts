/**
 * The live feeds this process runs (issue 24 "Live feed … start, stop, status"): at most one per
 * event, kept on `globalThis` because the site's server (scripts/serve-site.ts, loaded by Node)
 * stops them at shutdown while the API (bundled by Next) starts them, each with its own copy of
 * this module in one process. Also what the last start that failed said (`busy`, `error`), and a
 * turn per event so two calls for one event (two clicks, two tabs) run one after the other.
 *
 * No `server-only` marker: the site's server loads it under plain Node (./stop-feed.ts).
 */

/** What a feed's connection is doing (the desk's `LiveFeedState` of a running feed). */
export type RunningState = 'connecting' | 'connected' | 'reconnecting';

/** A feed this process runs. */
export interface RunningFeed {
  eventId: number;
  host: string;
  port: number;
  state: RunningState;
  /** Whether a connection ever came up (a drop after one is `reconnecting`). */
  everConnected: boolean;
  /** When the current connection came up; null when not connected. */
  connectedSince: Date | null;
  /** The last failure of the connection (`connect ECONNREFUSED …; retry in 500 ms`); null once connected. */
  error: string | null;
  /** Finishes the running session and releases the event (lib/server/timing/live/feed.ts `stop`), then closes the feed's database pool. */
  stop(): Promise<void>;
  /** Set once stopping began: resolves when stopped. */
  stopping: Promise<void> | null;
}

/** How the last start of an event ended when it did not run: another process held the event, or it failed. */
export interface FeedOutcome {
  state: 'busy' | 'error';
  error: string;
}

interface Registry {
  running: Map<number, RunningFeed>;
  outcomes: Map<number, FeedOutcome>;
  turns: Map<number, Promise<unknown>>;
}

const KEY = Symbol.for('ll.desk.liveFeeds');
const holder = globalThis as unknown as Record<symbol, Registry | undefined>;

/** This process's feeds (one registry per process). */
export function feeds(): Registry {
  return (holder[KEY] ??= { running: new Map(), outcomes: new Map(), turns: new Map() });
}

/** Runs `fn` once the calls for `eventId` before it are done (start, stop and save of one event never interleave). */
export function inTurn<T>(eventId: number, fn: () => Promise<T>): Promise<T> {
  const { turns } = feeds();
  const before = turns.get(eventId) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(fn);
  const settled = mine.catch(() => {});
  turns.set(eventId, settled);
  void settled.then(() => {
    if (turns.get(eventId) === settled) turns.delete(eventId);
  });
  return mine;
}
