/**
 * A viewer's stream (the header of ./index.ts, "The stream"): `retry` at once, then the race's
 * last board (./last-event-id.ts) when the hub holds one that is current, else a read
 * (./read-board.ts) it waits for; then every change. Returns the function removing the viewer.
 */
import { RETRY } from './frames';
import { startHeartbeat } from './heartbeat';
import { greet } from './last-event-id';
import { due, refresh } from './read-board';
import { createRaceState, type HubState, type Viewer } from './state';
import type { SseSend, SubscribeOptions } from './types';
import { forget, write } from './viewers';

/** Adds a viewer of race `raceId` (see `LiveHub.subscribe`). */
export function subscribe(hub: HubState, raceId: number, send: SseSend, { lastEventId = null, onEnd }: SubscribeOptions = {}): () => void {
  const viewer: Viewer = { send, lastEventId: lastEventId?.trim() || null, onEnd };
  if (hub.closed) {
    onEnd?.();
    return () => {};
  }
  let state = hub.races.get(raceId);
  if (!state) {
    state = createRaceState();
    hub.races.set(raceId, state);
  }
  const own = state;
  write(own, viewer, RETRY);
  // The race's last board serves the newcomer, unless a read is under way, failed, or is due (stale).
  if (own.last && !own.reading && !due(hub, own)) {
    own.viewers.add(viewer);
    greet(raceId, own, viewer);
  } else {
    own.waiting.add(viewer);
    refresh(hub, raceId, own);
  }
  startHeartbeat(hub);
  return () => {
    own.viewers.delete(viewer);
    own.waiting.delete(viewer);
    forget(hub, raceId, own);
  };
}
