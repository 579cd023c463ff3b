/**
 * What a board just read changes for a race's viewers (the header of ./index.ts): no board (the
 * race vanished or is hidden) ends every viewer; a live board not written for `LIVE_STALE_MS`
 * (its feed died: ../ingest/session-end.ts) is taken as finished; a finished board goes out once
 * with `end` to the running viewers, `end` alone to those just arriving, and the race is dropped;
 * a board with changed rows goes out at once (./broadcast.ts), a clock-only change at most once
 * per interval (./clock-interval.ts). Then the viewers waiting for a first board get theirs
 * (./last-event-id.ts).
 */
import { performance } from 'node:perf_hooks';
import type { LiveBoard } from '../../../../contracts/live';
import { isLiveStale } from '../ingest';
import { broadcast } from './broadcast';
import { sendClockChange } from './clock-interval';
import { endFrame, frame, fullFrame } from './frames';
import { greet } from './last-event-id';
import { releaseHeld, type HubState, type RaceState, type Snapshot } from './state';
import { endAll } from './viewers';

/** Applies the board `read` of `raceId` (null: gone) to its viewers; see the file's docstring. */
export function applyBoard(hub: HubState, raceId: number, state: RaceState, read: LiveBoard | null): void {
  if (!read) {
    const end = frame(endFrame(raceId, state.last?.seq ?? null));
    endAll(hub, raceId, state, end, end);
    return;
  }
  // A live board not written for LIVE_STALE_MS: its feed died; the session is over.
  const board: LiveBoard = read.state === 'live' && isLiveStale(read.updatedAt, hub.now()) ? { ...read, state: 'finished' } : read;
  const snapshot: Snapshot = { board, seq: board.seq, state: board.state, rows: JSON.stringify(board.rows) };
  if (board.state === 'finished') {
    // Running viewers get the final board and `end`; those just arriving only `end`.
    const end = endFrame(raceId, board.seq);
    const sentAlready = state.last?.seq === board.seq && state.last.state === board.state;
    releaseHeld(state);
    state.last = { ...snapshot, at: performance.now() };
    endAll(hub, raceId, state, frame(sentAlready ? end : fullFrame(snapshot).text + end), frame(end));
    return;
  }
  const previous = state.held ?? state.last;
  if (!previous || previous.seq !== snapshot.seq || previous.state !== snapshot.state) {
    const last = state.last;
    const clockOnly = last !== null && last.rows === snapshot.rows && last.state === snapshot.state;
    if (!clockOnly) broadcast(hub, state, snapshot, 'standings');
    else sendClockChange(hub, state, snapshot, last);
  }
  const arriving = [...state.waiting];
  state.waiting.clear();
  for (const viewer of arriving) {
    state.viewers.add(viewer);
    greet(raceId, state, viewer);
  }
}
