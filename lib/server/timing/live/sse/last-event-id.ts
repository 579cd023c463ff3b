/**
 * A viewer's first board (the header of ./index.ts, `Last-Event-ID`): a reconnecting browser
 * sends the id of the last event it got; when it equals the current seq the board is not sent
 * again; when it names a seq this hub sent with the current rows (`rowSeqs`: a phone whose page
 * was hidden for a while as the clock ran), only a `clock` event goes out; any other, the whole
 * board. A session that is over gets `end`, and the viewer is done.
 */
import { clockOnlyFrame, endFrame, frame, fullFrame } from './frames';
import type { RaceState, Viewer } from './state';
import { finish, write } from './viewers';

/**
 * The first board of a viewer: nothing when it already has this seq, the clock only when it has
 * the current rows (a seq sent since the last standings), `end` when finished, else the board.
 */
export function greet(raceId: number, state: RaceState, viewer: Viewer): void {
  const last = state.last;
  if (!last) return;
  if (last.state === 'finished') {
    write(state, viewer, frame(endFrame(raceId, last.seq)));
    state.viewers.delete(viewer);
    finish(viewer);
    return;
  }
  if (viewer.lastEventId === String(last.seq)) return;
  const seen = viewer.lastEventId !== null && /^\d{1,15}$/.test(viewer.lastEventId) ? Number(viewer.lastEventId) : null;
  write(state, viewer, seen !== null && state.rowSeqs.has(seen) ? clockOnlyFrame(last) : fullFrame(last));
}
