/**
 * The heartbeat (the header of ./index.ts, "The stream" and "Robustness"): every `heartbeatMs`
 * (`SSE_HEARTBEAT_MS`, 15 s) while the hub has viewers, a `: ping` comment to each (so proxies
 * keep the stream open), and a read of each race whose board is due (./read-board.ts `due`: a
 * failed first read, or a live board gone stale — its viewers get `end` within one heartbeat of
 * it going stale). Started by the first viewer (./subscribe.ts), stopped with the last
 * (./viewers.ts `forget`) and by `close()`.
 */
import { PING } from './frames';
import { due, refresh } from './read-board';
import type { HubState } from './state';
import { write } from './viewers';

/** Interval of the keep-alive comment, and of the checks for stale races and failed reads (ms). */
export const SSE_HEARTBEAT_MS = 15_000;

/** One beat: a ping to every viewer, a read of every race that is due. */
function beat(hub: HubState): void {
  for (const [raceId, state] of hub.races) {
    for (const v of [...state.viewers, ...state.waiting]) write(state, v, PING);
    if (due(hub, state)) refresh(hub, raceId, state);
  }
}

/** Starts the heartbeat unless it runs (or is off: `heartbeatMs` 0). */
export function startHeartbeat(hub: HubState): void {
  if (!hub.heartbeat && hub.heartbeatMs > 0) {
    hub.heartbeat = setInterval(() => beat(hub), hub.heartbeatMs);
    hub.heartbeat.unref();
  }
}
