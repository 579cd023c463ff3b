/**
 * When the laps tab of a racer riding now is fetched again (components/trackside/LiveRefresh):
 * on the race's Server-Sent Events (lib/api/live.ts `liveStreamUrl`), only when the racer's own
 * lap count differs from the one on screen, or when the session ends; never more often than
 * `MIN_REFRESH_MS`. Without EventSource, every `FALLBACK_REFRESH_MS`. Plain functions (tests).
 */
import type { LiveBoard } from '@/lib/contracts/live';

/** Shortest time between two refreshes (ms): a burst of passings makes one. */
export const MIN_REFRESH_MS = 5000;
/** Refresh period when the browser has no EventSource (ms). */
export const FALLBACK_REFRESH_MS = 30_000;

/**
 * Whether a `standings` board calls for a fresh laps tab: the session ended, or the racer's row
 * (entry `entryId`) shows another lap count than `shownLaps` (the laps on screen). Another
 * rider's passing, or a board without the racer, changes nothing.
 */
export function lapsChanged(board: Pick<LiveBoard, 'state' | 'rows'>, entryId: number | null, shownLaps: number): boolean {
  if (board.state === 'finished') return true;
  if (entryId === null) return false;
  const row = board.rows.find((r) => r.entryId === entryId);
  return !!row && row.laps !== null && row.laps !== shownLaps;
}

/** Milliseconds to wait before refreshing, `now` and the last refresh given (0: at once). */
export function refreshDelay(now: number, lastRefresh: number | null): number {
  return lastRefresh === null ? 0 : Math.max(0, lastRefresh + MIN_REFRESH_MS - now);
}
