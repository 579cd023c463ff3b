/**
 * Starting an event's live feed in this process (issue 24 "Live feed … start"; issue 10 "The
 * feed"): what `npm run live -- --event ID --host H --port P` does, inside the site's server. The
 * address is saved for the event (`live_feeds`), then `runLiveFeed` (lib/server/timing/live/feed.ts)
 * takes the event's lock, finishes races an earlier feed left live, dials the timing system and
 * writes passings as they arrive, publishing each change on the process bus (LISTEN/NOTIFY: every
 * instance's live pages and caches follow), reconnecting by itself after a drop.
 *
 * - One feed per event in this process: starting the feed already running on the same address
 *   changes nothing; on another address, the running one is stopped first (its session finished)
 *   and the feed starts on the new one.
 * - One feed per event everywhere: when another process holds the event (`npm run live`, another
 *   site instance) the start is refused, nothing is connected or written, and the status says
 *   `busy` with the reason, until a start succeeds or the feed is stopped.
 * - While it runs, the feed listens on the bus for a Stop that reached another site instance
 *   (./stop-elsewhere.ts) and stops as its own Stop would.
 * - Each feed writes through a database pool of its own (`FEED_POOL_MAX` connections: one holds
 *   the event's lock for as long as the feed runs), never the one serving the site's requests.
 * - The call waits for the lock (at most `START_WAIT_MS`: while the database cannot be reached the
 *   feed keeps trying in the background, `connecting` meanwhile), not for the timing system.
 */
import 'server-only';
import type { DeskLiveStatus } from '../../../contracts/desk-live';
import { databaseUrl } from '../../config/env';
import { connectDb } from '../../db';
import type { Bus } from '../../timing/live/bus';
import { processBus } from '../../timing/live/bus';
import { runLiveFeed, type LiveFeedOptions } from '../../timing/live/feed';
import { LiveFeedBusyError } from '../../timing/live/ingest';
import { saveAddress } from './address';
import { listenForStop } from './stop-elsewhere';
import { feedStatus } from './feed-status';
import { feeds, inTurn, type RunningFeed } from './registry';
import { stopEntry } from './stop-feed';
import { trackState } from './track-state';

/** Connections of a feed's own pool: the event's lock and the writes. */
export const FEED_POOL_MAX = 2;

/** Longest wait of `startFeed` for the feed to hold its event (ms). */
export const START_WAIT_MS = 5000;

/** Options of `startFeed` (tests): the bus (default this process's), the log, the client's backoff and timeouts. */
export type StartFeedOptions = { bus?: Bus; log?: (message: string) => void } & Pick<LiveFeedOptions, 'initialBackoffMs' | 'maxBackoffMs' | 'idleTimeoutMs' | 'idleFinishMs' | 'finishFlagIdleMs'>;

/** The text of a failure to start. */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Starts the feed of event `eventId` from the RMonitor server at `host:port` (see the file's
 * docstring) and returns its status: `connecting` or `connected` when it runs, `busy` when
 * another process holds the event, `error` when it could not start. Never throws for a feed that
 * cannot start; throws only when the address cannot be saved (the database is away).
 */
export function startFeed(eventId: number, host: string, port: number, options: StartFeedOptions = {}): Promise<DeskLiveStatus> {
  return inTurn(eventId, async () => {
    const { running, outcomes } = feeds();
    const current = running.get(eventId);
    if (current && !current.stopping && current.host === host && current.port === port) return feedStatus(eventId);
    if (current) await stopEntry(current);

    const pool = connectDb(databaseUrl(), FEED_POOL_MAX);
    await saveAddress(pool.db, eventId, { host, port }).catch(async (err: unknown) => {
      await pool.close().catch(() => {});
      throw err;
    });
    outcomes.delete(eventId);

    const log = options.log ?? ((m: string) => console.log(`[live] event ${eventId}: ${m}`));
    const entry: RunningFeed = { eventId, host, port, state: 'connecting', everConnected: false, connectedSince: null, error: null, stopping: null, stop: async () => {} };
    const bus = options.bus ?? processBus(databaseUrl());
    // The desk's Stop may reach another instance: it asks on the bus (./stop-elsewhere.ts).
    const unlisten = listenForStop(bus, eventId, () => void stopEntry(entry));
    const feed = runLiveFeed({
      db: pool.db,
      eventId,
      host,
      port,
      bus,
      log,
      initialBackoffMs: options.initialBackoffMs,
      maxBackoffMs: options.maxBackoffMs,
      idleTimeoutMs: options.idleTimeoutMs,
      idleFinishMs: options.idleFinishMs,
      finishFlagIdleMs: options.finishFlagIdleMs,
      onState: (state, detail) => trackState(entry, state, detail),
    });
    entry.stop = async () => {
      unlisten();
      try {
        await feed.stop();
      } finally {
        await pool.close().catch(() => {});
      }
    };
    running.set(eventId, entry);

    // A feed that cannot hold its event stops at once, and the status says why.
    const refused = feed.ready.then(
      () => false,
      async (err: unknown) => {
        if (entry.stopping) return true; // stopped while it started: not a failure
        outcomes.set(eventId, err instanceof LiveFeedBusyError ? { state: 'busy', error: err.message } : { state: 'error', error: reason(err) });
        await stopEntry(entry);
        return true;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([refused, new Promise((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
    clearTimeout(timer);
    return feedStatus(eventId);
  });
}
