/**
 * Clock-only changes (the header of ./index.ts): a change of the clock only (a `$F` heartbeat,
 * once a second at a real track, ten times a second in a replay at 10×) goes out as a `clock`
 * event at most once per `clockIntervalMs` (`SSE_CLOCK_INTERVAL_MS`, 1 s) per race: it is held
 * and sent when the interval is over, unless a board with changed rows (a passing) replaces it
 * first (./apply-board.ts sends that at once). The last change always goes out.
 */
import { performance } from 'node:perf_hooks';
import { broadcast } from './broadcast';
import type { HubState, RaceState, Snapshot } from './state';

/** Changes of the clock only go out at most this often per race (ms). */
export const SSE_CLOCK_INTERVAL_MS = 1000;

/** Sends a clock-only change now when the interval since the last frame is over (or nobody watches), else holds it until then. */
export function sendClockChange(hub: HubState, state: RaceState, snapshot: Snapshot, last: { at: number }): void {
  const wait = last.at + hub.clockIntervalMs - performance.now();
  if (wait > 0 && state.viewers.size > 0) {
    state.held = snapshot;
    state.holdTimer ??= setTimeout(() => {
      state.holdTimer = null;
      if (state.held) broadcast(hub, state, state.held, 'clock');
    }, wait);
  } else broadcast(hub, state, snapshot, 'clock');
}
