/**
 * What the hub does with a bus message (the header of ./index.ts): a `live` message for a race
 * that has viewers reads its board (./read-board.ts) unless the change was read already; one for
 * a race without viewers costs nothing. A `resync` (the LISTEN connection came back: messages may
 * have been lost) reads the board of every race that has viewers again.
 */
import type { BusMessage } from '../bus';
import { due, refresh } from './read-board';
import type { HubState } from './state';

/** Handles one bus message; see the file's docstring. */
export function onBusMessage(hub: HubState, message: BusMessage): void {
  if (message.type === 'resync') {
    // Messages may have been lost: read every board that has viewers again.
    for (const [raceId, state] of hub.races) refresh(hub, raceId, state);
    return;
  }
  if (message.type !== 'live') return;
  const state = hub.races.get(message.raceId);
  if (!state) return;
  const last = state.held ?? state.last;
  // Already read (a duplicate, or a read that saw this change already), unless a read failed.
  if (last && message.seq <= last.seq && message.state === last.state && !due(hub, state)) return;
  refresh(hub, message.raceId, state);
}
