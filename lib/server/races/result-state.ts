/**
 * The state a result shows (spec §3 Race results columns "state"; issue 25 "Results trusted at
 * a glance"): only a race a live feed is writing now (`live_state = 'live'`, not gone quiet:
 * lib/server/live/freshness.ts) can show a rider as running. Anywhere else — an imported race
 * (`import_id` set, `live_state` null), a live session that ended (`finished`), or a feed that
 * died — a `running` result reads `finished`; an explicit DNF, DNS or DSQ stays as it is.
 *
 * Decided at read time, so results stored before this rule (an RMonitor capture without a
 * checkered flag, a live session stopped mid-race) read true without a data migration, and
 * every page, the API, print sheets and PDFs agree.
 */
import 'server-only';
import type { LiveState } from '../../contracts/live';
import type { ResultState } from '../../contracts/results';
import { liveStateAt } from '../live/freshness';

/** Whether a live feed is writing the race at `now` (its `live_state` and `live_updated_at`). */
export function isRaceLive(liveState: LiveState | null, liveUpdatedAt: Date | string | null, now: number = Date.now()): boolean {
  return liveState !== null && liveStateAt(liveState, liveUpdatedAt, now) === 'live';
}

/** The state shown for a stored result `state` in a race that is (`raceLive`) or is not being written live. */
export function shownResultState(state: ResultState, raceLive: boolean): ResultState {
  return state === 'running' && !raceLive ? 'finished' : state;
}

/** `rows` with their shown `resultState` (the same array when nothing changes; changed rows are copies). */
export function withShownStates<T extends { resultState: ResultState }>(rows: readonly T[], raceLive: boolean): T[] {
  if (raceLive || !rows.some((r) => r.resultState === 'running')) return rows as T[];
  return rows.map((r) => (r.resultState === 'running' ? { ...r, resultState: shownResultState(r.resultState, raceLive) } : r));
}
