/**
 * The live feed on the promoter's desk (issue 24 "Live feed: host and port per event, start,
 * stop, status (last passing, connected)"): the feeds this site process runs, at most one per
 * event, and the desk's calls on them. One step per file; this index only re-exports.
 *
 * - ./registry.ts — the feeds of this process (on `globalThis`), one turn per event
 * - ./start-feed.ts, ./stop-feed.ts, ./feed-status.ts — `startFeed`, `stopFeed` / `stopAllFeeds`, `feedStatus`
 * - ./track-state.ts — connection states → the status
 * - ./address.ts, ./last-passing.ts, ./lock-holder.ts — the saved address, the newest passing, another process holding the event
 * - ./stop-elsewhere.ts — a Stop that reached the instance not running the feed, passed on over the bus
 * - ./event-access.ts, ./audit.ts — the login's right on the event, the audit log
 * - ./get-live-feed.ts, ./save-live-feed.ts, ./start-live-feed.ts, ./stop-live-feed.ts — the desk's calls
 *
 * Shutdown: scripts/serve-site.ts stops every feed (`stopAllFeeds`, imported from ./stop-feed.ts
 * directly: the server loads it under plain Node) before the process exits; under `next dev` a
 * feed ends with the process (its lock goes with its connection; the next start finishes the
 * races it left live).
 */
export { FEED_POOL_MAX, START_WAIT_MS, startFeed, type StartFeedOptions } from './start-feed';
export { stopAllFeeds, stopFeed } from './stop-feed';
export { feedStatus } from './feed-status';
export { getLiveFeed } from './get-live-feed';
export { saveLiveFeed } from './save-live-feed';
export { startLiveFeed } from './start-live-feed';
export { stopLiveFeed } from './stop-live-feed';
