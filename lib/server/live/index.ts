/**
 * Live timing as visitors read it (spec §1 live laps, §2 /liveonlivelaps and the live race page):
 * a live race's board and the sessions running now. One use case per file; the feed that writes
 * them is lib/server/timing/live, the SSE hub that pushes them lib/server/timing/live/sse.ts.
 */
export { getLiveBoard, getLiveRaceHead, toLiveRows, type LiveRaceHead, type LiveRowInput } from './get-live-board';
export { keepUntilStale, liveStateAt } from './freshness';
export { listLiveSessions } from './list-live-sessions';
export type { LiveBoard, LiveRow, LiveSession } from '../../contracts/live';
