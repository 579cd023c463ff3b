/**
 * The hub's registry of viewers (the header of ./index.ts): writing a frame to a viewer (one
 * whose stream throws is dropped), telling a viewer the hub is done with it, ending every viewer
 * of a race, and dropping a race once it has no viewer and no read under way — its rows and row
 * seqs kept for a while (`MAX_RETIRED`), so a lone viewer coming back gets only the clock — and
 * the heartbeat with the last viewer of the hub.
 */
import { MAX_RETIRED, releaseHeld, viewerTotal, type HubState, type RaceState, type Viewer } from './state';
import type { SseFrame } from './types';

/** Writes `f` to one viewer; a viewer whose stream throws is gone. */
export function write(state: RaceState, viewer: Viewer, f: SseFrame): void {
  try {
    viewer.send(f);
  } catch {
    state.viewers.delete(viewer);
    state.waiting.delete(viewer);
  }
}

/** The hub is done with the viewer: the route closes its stream. */
export function finish(viewer: Viewer): void {
  try {
    viewer.onEnd?.();
  } catch {
    // the stream is gone already
  }
}

/** Drops the race when it has no viewer and no read under way (remembering its rows a while); stops the heartbeat with the last viewer. */
export function forget(hub: HubState, raceId: number, state: RaceState): void {
  const { races, retired } = hub;
  if (races.get(raceId) === state && !state.reading && state.viewers.size === 0 && state.waiting.size === 0) {
    races.delete(raceId);
    releaseHeld(state);
    if (state.last?.state === 'live') {
      retired.delete(raceId);
      retired.set(raceId, { rows: state.last.rows, seqs: state.rowSeqs });
      if (retired.size > MAX_RETIRED) retired.delete(retired.keys().next().value!);
    }
  }
  if (hub.heartbeat && viewerTotal(hub) === 0) {
    clearInterval(hub.heartbeat);
    hub.heartbeat = null;
  }
}

/** Ends every viewer of a race (session over, or the race vanished) and drops the race. */
export function endAll(hub: HubState, raceId: number, state: RaceState, end: SseFrame, toWaiting: SseFrame): void {
  for (const viewer of state.viewers) write(state, viewer, end);
  for (const viewer of state.waiting) write(state, viewer, toWaiting);
  const everyone = [...state.viewers, ...state.waiting];
  state.viewers.clear();
  state.waiting.clear();
  releaseHeld(state);
  if (hub.races.get(raceId) === state) hub.races.delete(raceId);
  for (const viewer of everyone) finish(viewer);
  forget(hub, raceId, state);
}
