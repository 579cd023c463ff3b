/**
 * The state of one live hub, shared by its steps: ONE object (`HubState`), created by
 * `createHubState` for each `createLiveHub` (./index.ts) — its options, the races that have
 * viewers (`RaceState`: viewers, the last board sent, a held clock change, the read under way),
 * the row seqs of races whose last viewer left, the heartbeat timer. Also the limits on what a
 * race remembers (`MAX_ROW_SEQS`, `MAX_RETIRED`).
 */
import type { LiveBoard, LiveState } from '../../../../contracts/live';
import type { SseFrame, SseSend } from './types';

/** At most this many seqs are remembered per race as sent with the current rows (then: the whole board to a returning viewer). */
export const MAX_ROW_SEQS = 4096;
/** Races whose last viewer left: their rows and row seqs are kept for this many of them, so a lone viewer coming back gets only the clock. */
export const MAX_RETIRED = 64;

/** One connected browser. */
export interface Viewer {
  send: SseSend;
  lastEventId: string | null;
  onEnd?: () => void;
}

/** A board read, with what tells a clock-only change from a change of the standings. */
export interface Snapshot {
  board: LiveBoard;
  seq: number;
  state: LiveState;
  /** The rows as JSON. */
  rows: string;
  /** Its `standings` frame, serialized on first use (a clock-only change may never need it). */
  full?: SseFrame;
  /** Its `clock` frame, serialized on first use. */
  clock?: SseFrame;
}

/** A race that has viewers. */
export interface RaceState {
  viewers: Set<Viewer>;
  /** Connected viewers still waiting for their first board (a read is under way, or failed). */
  waiting: Set<Viewer>;
  /** What the viewers have now (the last board sent, as `standings` or as `clock`), and when it went out. */
  last: (Snapshot & { at: number }) | null;
  /** A clock-only change read but not sent yet (it goes out when the clock interval is over). */
  held: Snapshot | null;
  /** The seqs this hub sent whose rows are the current ones (the last `standings` and the `clock` events since). */
  rowSeqs: Set<number>;
  holdTimer: NodeJS.Timeout | null;
  reading: boolean;
  /** A change arrived during the read: read once more after it. */
  again: boolean;
}

/** The options of `createLiveHub`, defaults applied. */
export interface HubSettings {
  read: (raceId: number) => Promise<LiveBoard | null>;
  heartbeatMs: number;
  clockIntervalMs: number;
  readTimeoutMs: number;
  now: () => number;
}

/** Everything one hub holds; see the file's docstring. */
export interface HubState extends Readonly<HubSettings> {
  /** raceId → the race, while it has viewers (or a read under way). */
  readonly races: Map<number, RaceState>;
  /** raceId → the rows (JSON) and row seqs of a race dropped when its last viewer left. */
  readonly retired: Map<number, { rows: string; seqs: Set<number> }>;
  /** Pings the viewers while there are any (./heartbeat.ts). */
  heartbeat: NodeJS.Timeout | null;
  closed: boolean;
}

export function createHubState(settings: HubSettings): HubState {
  return { ...settings, races: new Map(), retired: new Map(), heartbeat: null, closed: false };
}

/** A race that has no viewer and no board yet. */
export function createRaceState(): RaceState {
  return { viewers: new Set(), waiting: new Set(), last: null, held: null, holdTimer: null, rowSeqs: new Set(), reading: false, again: false };
}

/** Viewers connected to every race. */
export function viewerTotal(hub: HubState): number {
  let n = 0;
  for (const state of hub.races.values()) n += state.viewers.size + state.waiting.size;
  return n;
}

/** Drops the race's held clock change and its timer. */
export function releaseHeld(state: RaceState): void {
  if (state.holdTimer) clearTimeout(state.holdTimer);
  state.holdTimer = null;
  state.held = null;
}
