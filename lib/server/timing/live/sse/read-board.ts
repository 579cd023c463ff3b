/**
 * Reading a race's board (the header of ./index.ts, "Reads for one race never overlap" and
 * "Robustness"): ONE read per race at a time — messages arriving during a read cause one more
 * read after it, so the last change always goes out and a burst of passings costs two reads; a
 * read that fails or takes longer than `readTimeoutMs` (`SSE_READ_TIMEOUT_MS`, 5 s) is given up
 * (a late answer is ignored), the viewers waiting for a first board keep waiting, and the read is
 * tried again on the next bus message or heartbeat (`due`).
 */
import type { LiveBoard } from '../../../../contracts/live';
import { isLiveStale } from '../ingest';
import { applyBoard } from './apply-board';
import type { HubState, RaceState } from './state';
import { forget } from './viewers';

/** A board read taking longer is given up, and tried again on the next message or heartbeat (ms). */
export const SSE_READ_TIMEOUT_MS = 5000;

class ReadTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** `read(raceId)`, given up after `readTimeoutMs` (a late answer is ignored). */
function readInTime({ read, readTimeoutMs }: HubState, raceId: number): Promise<LiveBoard | null> {
  if (!(readTimeoutMs > 0)) return read(raceId);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ReadTimeout(readTimeoutMs)), readTimeoutMs);
    read(raceId).then(
      (board) => {
        clearTimeout(timer);
        resolve(board);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** Reads the board of `raceId` unless a read is under way (then once more after it). */
export function refresh(hub: HubState, raceId: number, state: RaceState): void {
  if (state.reading) {
    state.again = true;
    return;
  }
  state.reading = true;
  void (async () => {
    do {
      state.again = false;
      let board: LiveBoard | null;
      try {
        board = await readInTime(hub, raceId);
      } catch (err) {
        // Those waiting for a first board keep waiting: the next message or heartbeat reads again.
        console.error('[live] board read failed:', err instanceof Error ? err.message : err);
        continue;
      }
      if (hub.closed) break;
      applyBoard(hub, raceId, state, board);
    } while (state.again && hub.races.get(raceId) === state);
    state.reading = false;
    forget(hub, raceId, state);
  })();
}

/** Whether the race's board must be read again without a message: a failed first read, or a live board gone stale. */
export function due(hub: HubState, state: RaceState): boolean {
  return !state.reading && (state.waiting.size > 0 || (state.last?.state === 'live' && isLiveStale(state.last.board.updatedAt, hub.now())));
}
