/**
 * Stopping feeds (issue 24 "Live feed … stop"): `stopFeed` finishes the running session of an
 * event as the CLI's Ctrl-C does (`npm run live`: the connection closed, the running race written
 * `finished` — an ordinary results page —, the event's lock released); `stopAllFeeds` stops every
 * feed of this process (the site's server calls it when it shuts down: scripts/serve-site.ts).
 *
 * No `server-only` marker: the site's server loads it under plain Node. It reaches the feeds only
 * through ./registry.ts.
 */
import { feeds, inTurn, type RunningFeed } from './registry';

/** Stops `entry` once (a second call waits for the first) and forgets it; never throws (a failure is logged). */
export function stopEntry(entry: RunningFeed): Promise<void> {
  entry.stopping ??= entry.stop().then(
    () => {
      if (feeds().running.get(entry.eventId) === entry) feeds().running.delete(entry.eventId);
    },
    (err: unknown) => {
      if (feeds().running.get(entry.eventId) === entry) feeds().running.delete(entry.eventId);
      console.error(`[live] event ${entry.eventId}: stopping the feed failed: ${err instanceof Error ? err.message : String(err)}`);
    },
  );
  return entry.stopping;
}

/**
 * Stops the feed of event `eventId` this process runs, if any, and forgets how its last start
 * ended (a `busy` or `error` status is cleared). Resolves once the session is finished and the
 * event released. Returns whether a feed was running here.
 */
export function stopFeed(eventId: number): Promise<boolean> {
  return inTurn(eventId, async () => {
    feeds().outcomes.delete(eventId);
    const entry = feeds().running.get(eventId);
    if (!entry) return false;
    await stopEntry(entry);
    return true;
  });
}

/**
 * Stops every feed of this process (shutdown), all at once; resolves when all are stopped, or
 * after `timeoutMs` (a last write waiting for a database that went away would hold the shutdown;
 * the process then exits and its locks go with its connections).
 */
export async function stopAllFeeds(timeoutMs = 2500): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  await Promise.race([Promise.all([...feeds().running.values()].map(stopEntry)), late]);
  clearTimeout(timer);
}
