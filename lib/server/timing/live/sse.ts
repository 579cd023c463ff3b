/**
 * The Server-Sent Events hub of the live pages (spec §1 live laps, §2 the live race page; issue
 * 10 "from a passing received on the TCP socket to the row changed in a browser: under 250 ms at
 * the 95th percentile with 1,000 connected viewers on one instance"). One hub per site process:
 * it listens to the live bus once, and for a race that has viewers turns each `live` message into
 * ONE board read and ONE serialized frame written to every viewer of that race.
 *
 * The stream (text/event-stream, lib/server/api/routes/live.ts):
 *   retry: 2000                                 on connect: the browser reconnects after 2 s
 *   id: <seq>  event: standings  data: <LiveBoard JSON>   the board, at once and after each change
 *   id: <seq>  event: end        data: {"raceId":…}        the session ended (then the stream closes)
 *   : ping                                       a comment every 15 s, so proxies keep it open
 * A reconnecting browser sends `Last-Event-ID`; when it equals the current seq the board is not
 * sent again. Reads for one race never overlap: messages arriving during a read cause one more
 * read after it, so the last change always goes out and a burst of passings costs two reads.
 *
 * A board whose rows did not change (only the clock moved: a `$F` heartbeat, once a second at a
 * real track, ten times a second in a replay at 10×) goes out at most once per `clockIntervalMs`
 * (1 s): it is held and sent when the interval is over, unless a board with changed rows (a
 * passing) replaces it first, which goes out at once. The last board always goes out.
 */
import 'server-only';
import { performance } from 'node:perf_hooks';
import type { LiveBoard, LiveState } from '../../../contracts/live';
import { databaseUrl } from '../../config/env';
import { getLiveBoard } from '../../live/get-live-board';
import { processBus, type Bus, type BusMessage } from './bus';

/** The browser's reconnection delay sent on connect (ms). */
export const SSE_RETRY_MS = 2000;
/** Interval of the keep-alive comment (ms). */
export const SSE_HEARTBEAT_MS = 15_000;
/** Boards whose rows did not change go out at most this often per race (ms). */
export const SSE_CLOCK_INTERVAL_MS = 1000;

/** One serialized piece of the stream: written as is to every viewer (encoded once). */
export interface SseFrame {
  text: string;
  bytes: Uint8Array;
}

/** Writes a frame to one viewer's stream. */
export type SseSend = (frame: SseFrame) => void;

export interface SubscribeOptions {
  /** The `Last-Event-ID` request header of a reconnecting browser. */
  lastEventId?: string | null;
  /** Called once the hub is done with this viewer (after `end`): the route then closes the stream. */
  onEnd?: () => void;
}

export interface LiveHub {
  /**
   * Adds a viewer of race `raceId`: sends `retry` at once, then the current board (or `end` when
   * the session is over), then every change. Returns the function removing the viewer (call it
   * when the connection closes).
   */
  subscribe(raceId: number, send: SseSend, options?: SubscribeOptions): () => void;
  /** Viewers connected to `raceId`, or to every race. */
  viewerCount(raceId?: number): number;
  /** Stops listening to the bus and ends every viewer. */
  close(): void;
}

export interface LiveHubOptions {
  /** Reads a race's board (default `getLiveBoard`); null: unknown, hidden or never live. */
  read?: (raceId: number) => Promise<LiveBoard | null>;
  heartbeatMs?: number;
  /** See SSE_CLOCK_INTERVAL_MS; 0 sends every board at once. */
  clockIntervalMs?: number;
}

const encoder = new TextEncoder();
const frame = (text: string): SseFrame => ({ text, bytes: encoder.encode(text) });

/** `id: <seq>\nevent: standings\ndata: <json>\n\n` (the JSON has no newline). */
export function standingsFrame(board: LiveBoard): string {
  return `id: ${board.seq}\nevent: standings\ndata: ${JSON.stringify(board)}\n\n`;
}

/** `id: <seq>\nevent: end\ndata: {"raceId":…}\n\n`. */
export function endFrame(raceId: number, seq: number | null): string {
  return `${seq === null ? '' : `id: ${seq}\n`}event: end\ndata: ${JSON.stringify({ raceId })}\n\n`;
}

const RETRY = frame(`retry: ${SSE_RETRY_MS}\n\n`);
const PING = frame(': ping\n\n');

interface Viewer {
  send: SseSend;
  lastEventId: string | null;
  onEnd?: () => void;
}

interface SentBoard {
  seq: number;
  state: LiveState;
  frame: SseFrame;
  /** The rows as JSON: tells a clock-only change from a change of the standings. */
  rows: string;
}

interface RaceState {
  viewers: Set<Viewer>;
  /** Connected viewers still waiting for their first board (a read is under way). */
  waiting: Set<Viewer>;
  /** The last board sent: its seq, state and frame, and when it went out. */
  last: (SentBoard & { at: number }) | null;
  /** A clock-only board read but not sent yet (it goes out when the clock interval is over). */
  held: SentBoard | null;
  holdTimer: NodeJS.Timeout | null;
  reading: boolean;
  /** A change arrived during the read: read once more after it. */
  again: boolean;
}

/**
 * A hub on `bus` (the site: `processBus(databaseUrl())`; tests: a memory or pg bus). Subscribes
 * to the bus once; a `live` message for a race without viewers costs nothing.
 */
export function createLiveHub(bus: Bus, options: LiveHubOptions = {}): LiveHub {
  const read = options.read ?? getLiveBoard;
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const clockIntervalMs = options.clockIntervalMs ?? SSE_CLOCK_INTERVAL_MS;
  const races = new Map<number, RaceState>();
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  const total = () => {
    let n = 0;
    for (const state of races.values()) n += state.viewers.size + state.waiting.size;
    return n;
  };

  const write = (state: RaceState, viewer: Viewer, f: SseFrame) => {
    try {
      viewer.send(f);
    } catch {
      state.viewers.delete(viewer);
      state.waiting.delete(viewer);
    }
  };

  const finish = (viewer: Viewer) => {
    try {
      viewer.onEnd?.();
    } catch {
      // the stream is gone already
    }
  };

  const release = (state: RaceState) => {
    if (state.holdTimer) clearTimeout(state.holdTimer);
    state.holdTimer = null;
    state.held = null;
  };

  const forget = (raceId: number, state: RaceState) => {
    if (races.get(raceId) === state && !state.reading && state.viewers.size === 0 && state.waiting.size === 0) {
      races.delete(raceId);
      release(state);
    }
    if (heartbeat && total() === 0) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  /** Ends every viewer of a race (session over, or the race vanished) and drops the race. */
  const endAll = (raceId: number, state: RaceState, end: SseFrame, toWaiting: SseFrame) => {
    for (const viewer of state.viewers) write(state, viewer, end);
    for (const viewer of state.waiting) write(state, viewer, toWaiting);
    const everyone = [...state.viewers, ...state.waiting];
    state.viewers.clear();
    state.waiting.clear();
    release(state);
    if (races.get(raceId) === state) races.delete(raceId);
    for (const viewer of everyone) finish(viewer);
    forget(raceId, state);
  };

  /** The first board of a viewer: nothing when it already has this seq, `end` when finished. */
  const greet = (raceId: number, state: RaceState, viewer: Viewer) => {
    const last = state.last;
    if (!last) return;
    if (last.state === 'finished') {
      write(state, viewer, frame(endFrame(raceId, last.seq)));
      state.viewers.delete(viewer);
      finish(viewer);
      return;
    }
    if (viewer.lastEventId !== String(last.seq)) write(state, viewer, last.frame);
  };

  /** Sends `board` to every viewer now. */
  const broadcast = (state: RaceState, board: SentBoard) => {
    release(state);
    state.last = { ...board, at: performance.now() };
    for (const viewer of state.viewers) write(state, viewer, board.frame);
  };

  const apply = (raceId: number, state: RaceState, board: LiveBoard | null) => {
    if (!board) {
      const end = frame(endFrame(raceId, state.last?.seq ?? null));
      endAll(raceId, state, end, end);
      return;
    }
    const previous = state.held ?? state.last;
    const changed = !previous || previous.seq !== board.seq || previous.state !== board.state;
    const read: SentBoard = { seq: board.seq, state: board.state, frame: frame(standingsFrame(board)), rows: JSON.stringify(board.rows) };
    if (board.state === 'finished') {
      // Running viewers get the final board and `end`; those just arriving only `end`.
      const end = endFrame(raceId, board.seq);
      const sentAlready = state.last?.seq === board.seq && state.last.state === board.state;
      release(state);
      state.last = { ...read, at: performance.now() };
      endAll(raceId, state, frame(sentAlready ? end : read.frame.text + end), frame(end));
      return;
    }
    if (changed) {
      const last = state.last;
      const clockOnly = last !== null && last.rows === read.rows && last.state === read.state;
      const wait = last ? last.at + clockIntervalMs - performance.now() : 0;
      if (clockOnly && wait > 0 && state.viewers.size > 0) {
        state.held = read;
        state.holdTimer ??= setTimeout(() => {
          state.holdTimer = null;
          if (state.held) broadcast(state, state.held);
        }, wait);
      } else {
        broadcast(state, read);
      }
    }
    const arriving = [...state.waiting];
    state.waiting.clear();
    for (const viewer of arriving) {
      state.viewers.add(viewer);
      greet(raceId, state, viewer);
    }
  };

  /** Reads the board of `raceId` unless a read is under way (then once more after it). */
  const refresh = (raceId: number, state: RaceState) => {
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
          board = await read(raceId);
        } catch (err) {
          console.error('[live] board read failed:', err instanceof Error ? err.message : err);
          // Those waiting for a first board reconnect by themselves (retry); the others keep theirs.
          const waiting = [...state.waiting];
          state.waiting.clear();
          for (const viewer of waiting) finish(viewer);
          continue;
        }
        if (closed) break;
        apply(raceId, state, board);
      } while (state.again && races.get(raceId) === state);
      state.reading = false;
      forget(raceId, state);
    })();
  };

  const onMessage = (message: BusMessage) => {
    if (message.type !== 'live') return;
    const state = races.get(message.raceId);
    if (!state) return;
    const last = state.held ?? state.last;
    // Already read (a duplicate, or a read that saw this change already).
    if (last && message.seq <= last.seq && message.state === last.state) return;
    refresh(message.raceId, state);
  };
  const unsubscribeBus = bus.subscribe(onMessage);

  return {
    subscribe(raceId, send, { lastEventId = null, onEnd } = {}) {
      const viewer: Viewer = { send, lastEventId: lastEventId?.trim() || null, onEnd };
      if (closed) {
        onEnd?.();
        return () => {};
      }
      let state = races.get(raceId);
      if (!state) {
        state = { viewers: new Set(), waiting: new Set(), last: null, held: null, holdTimer: null, reading: false, again: false };
        races.set(raceId, state);
      }
      const own = state;
      write(own, viewer, RETRY);
      if (own.last && !own.reading) {
        own.viewers.add(viewer);
        greet(raceId, own, viewer);
      } else {
        own.waiting.add(viewer);
        refresh(raceId, own);
      }
      if (!heartbeat && heartbeatMs > 0) {
        heartbeat = setInterval(() => {
          for (const state of races.values()) for (const v of [...state.viewers, ...state.waiting]) write(state, v, PING);
        }, heartbeatMs);
        heartbeat.unref();
      }
      return () => {
        own.viewers.delete(viewer);
        own.waiting.delete(viewer);
        forget(raceId, own);
      };
    },
    viewerCount(raceId) {
      if (raceId === undefined) return total();
      const state = races.get(raceId);
      return state ? state.viewers.size + state.waiting.size : 0;
    },
    close() {
      closed = true;
      unsubscribeBus();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      const all = [...races.values()];
      races.clear();
      for (const state of all) {
        release(state);
        for (const viewer of [...state.viewers, ...state.waiting]) finish(viewer);
      }
    },
  };
}

const globalForHub = globalThis as unknown as { __llLiveHub?: LiveHub };

/** This process's hub, on the process bus (`processBus(databaseUrl())`), created on first use. */
export function liveHub(): LiveHub {
  globalForHub.__llLiveHub ??= createLiveHub(processBus(databaseUrl()));
  return globalForHub.__llLiveHub;
}

/** Replaces (or, with undefined, forgets) the process hub (tests). */
export function setLiveHub(hub: LiveHub | undefined): void {
  globalForHub.__llLiveHub = hub;
}
