/**
 * How long a live read stays true (spec §1 live laps, §2 the live race page; issue 10 "when the
 * session ends the page becomes the ordinary results page"). A race whose feed died (killed,
 * machine rebooted) stays `live` in the database, and no write will ever drop its cached pages:
 * readers therefore treat a `live` race not written for `LIVE_STALE_MS`
 * (lib/server/timing/live/ingest.ts: a running feed writes every second) as finished, and a page
 * render that shows a live race is kept by the page cache only if it expires before the race can
 * read stale.
 */
import 'server-only';
import type { LiveState } from '../../contracts/live';
import { PAGE_CACHE_DEFAULTS, pageCacheOptionsFromEnv } from '../cache/page-cache';
import { markUncacheable } from '../cache/tags';
import { isLiveStale, LIVE_STALE_MS } from '../timing/live/ingest';

/** Time between a render and its page being stored (the slowest render), ms. */
const STORE_SLACK_MS = 30_000;

/** `state` as readers see it at `now`: a `live` race not written for LIVE_STALE_MS (or never) is `finished`. */
export function liveStateAt(state: LiveState, updatedAt: Date | string | null, now: number = Date.now()): LiveState {
  return state === 'live' && isLiveStale(updatedAt, now) ? 'finished' : state;
}

/** The page cache's TTL (ms), as the site reads it from PAGE_CACHE_TTL_S. */
function pageTtlMs(): number {
  try {
    return pageCacheOptionsFromEnv().ttlMs ?? PAGE_CACHE_DEFAULTS.ttlS * 1000;
  } catch {
    return PAGE_CACHE_DEFAULTS.ttlS * 1000;
  }
}

/**
 * For a render showing a live race last written at `updatedAt`: marks it uncacheable
 * (`markUncacheable`, lib/server/cache/tags.ts) when a page stored now would outlive the moment
 * the race reads stale (`updatedAt + LIVE_STALE_MS`), given the page cache's TTL. While its feed
 * runs a race is written every second (and each write drops its pages), so only a race whose
 * feed went quiet for LIVE_STALE_MS − TTL (5 min by default) is rendered for every visitor.
 * Returns whether it marked it. A no-op outside a page render.
 */
export function keepUntilStale(updatedAt: Date | string | null, now: number = Date.now()): boolean {
  const at = updatedAt === null ? NaN : new Date(updatedAt).getTime();
  const quiet = now - at;
  if (quiet <= LIVE_STALE_MS - pageTtlMs() - STORE_SLACK_MS) return false;
  markUncacheable();
  return true;
}
