/**
 * Live timing as visitors see it (spec §1 live laps, §2 /liveonlivelaps): the sessions running
 * now, a live race's board, and the Server-Sent Events that keep it current. Shared by the API
 * (lib/server/api/routes/live.ts), the SSE hub (lib/server/timing/live/sse.ts) and the client
 * leaf (components/live/LiveBoard.tsx). Times are ms.
 */
import { z } from 'zod';
import { raceClock } from './results';

/** A race's live state: `live` while its timing feed runs, `finished` once the session ended. */
export const LIVE_STATES = ['live', 'finished'] as const;
export const liveState = z.enum(LIVE_STATES);
export type LiveState = z.infer<typeof liveState>;

const ms = (what: string) => z.number().int().nullable().describe(`${what}, in milliseconds`);

/** One row of the live board (one car / rider), in position order. */
export const liveRow = z.object({
  entryId: z.number().int(),
  position: z.number().int().nullable(),
  number: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  laps: z.number().int().nullable(),
  lastLapMs: ms('Last lap time'),
  bestLapMs: ms('Best lap time'),
  /** Gap to the leader: ms when on the leader's lap, else null with `gapLaps`. */
  gapMs: ms('Gap to the leader'),
  /** Laps behind the leader (0 or null when on the lead lap). */
  gapLaps: z.number().int().nullable(),
  /** Difference to the car ahead, ms (null for the leader or when laps differ). */
  diffMs: ms('Difference to the car ahead'),
  /** Positions gained (+) or lost (−) on this car's last lap; 0 when unchanged. */
  change: z.number().int(),
});
export type LiveRow = z.infer<typeof liveRow>;

/** A live race's whole board: what the SSE `standings` event carries, and the snapshot. */
export const liveBoard = z.object({
  raceId: z.number().int(),
  eventId: z.number().int(),
  raceName: z.string(),
  eventName: z.string(),
  state: liveState,
  /** Grows by one with every change written; the SSE event id. */
  seq: z.number().int(),
  /** Flag, laps or time to go, as the timing system's last `$F` sent it. */
  clock: raceClock.nullable(),
  rows: z.array(liveRow),
  /** ISO time of the last change. */
  updatedAt: z.string(),
});
export type LiveBoard = z.infer<typeof liveBoard>;

/** A session running now, as `/liveonlivelaps` lists it. */
export const liveSession = z.object({
  raceId: z.number().int(),
  raceName: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  location: z.string().nullable(),
  clock: raceClock.nullable(),
  /** Cars on the board. */
  entries: z.number().int(),
  leader: z.object({ number: z.string(), name: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type LiveSession = z.infer<typeof liveSession>;

/**
 * What an SSE `clock` event carries: a change of the clock only (a `$F` heartbeat: flag, time or
 * laps to go), the rows being those of the last `standings` event. `seq` is the board's new seq.
 */
export const liveClock = z.object({
  raceId: z.number().int(),
  seq: z.number().int(),
  clock: raceClock.nullable(),
});
export type LiveClock = z.infer<typeof liveClock>;

/**
 * SSE event names: `standings` (data: LiveBoard, id: seq) when the rows changed or on connect,
 * `clock` (data: LiveClock, id: seq) when only the clock changed, `end` (data: { raceId }).
 */
export const LIVE_EVENTS = ['standings', 'clock', 'end'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

/** API paths (relative to /ll/api/v1). */
export { livePaths } from './live-paths';
