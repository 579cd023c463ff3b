/**
 * The fan-out (the header of ./index.ts): ONE serialized frame — the whole board, or its clock
 * only — written to every viewer of a race, and remembered as what they have now, with the seqs
 * sent with the current rows (at most `MAX_ROW_SEQS`; the first board after the last viewer had
 * left takes over the seqs remembered then if its rows are the same).
 */
import { performance } from 'node:perf_hooks';
import { clockOnlyFrame, fullFrame } from './frames';
import { MAX_ROW_SEQS, releaseHeld, type HubState, type RaceState, type Snapshot } from './state';
import { write } from './viewers';

/** Sends `snapshot` to every viewer now: the whole board, or only its clock. */
export function broadcast({ retired }: HubState, state: RaceState, snapshot: Snapshot, kind: 'standings' | 'clock'): void {
  releaseHeld(state);
  if (kind === 'standings') {
    // The first board after the last viewer had left: the seqs sent then still hold if the rows are the same.
    const before = state.last === null ? retired.get(snapshot.board.raceId) : undefined;
    retired.delete(snapshot.board.raceId);
    state.rowSeqs = before?.rows === snapshot.rows ? before.seqs : new Set();
  }
  if (state.rowSeqs.size >= MAX_ROW_SEQS) state.rowSeqs = new Set();
  state.rowSeqs.add(snapshot.seq);
  state.last = { ...snapshot, at: performance.now() };
  if (state.viewers.size === 0) return;
  const f = kind === 'standings' ? fullFrame(snapshot) : clockOnlyFrame(snapshot);
  for (const viewer of state.viewers) write(state, viewer, f);
}
