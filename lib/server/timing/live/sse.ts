/**
 * The Server-Sent Events hub of the live pages (spec §1 live laps, §2 the live race page; issue
 * 10 "from a passing received on the TCP socket to the row changed in a browser: under 250 ms at
 * the 95th percentile with 1,000 connected viewers on one instance"). One hub per site process:
 * it listens to the live bus once, and for a race that has viewers turns each `live` message into
 * ONE board read and ONE serialized frame written to every viewer of that race.
 *
 * The stream (text/event-stream, lib/server/api/routes/live.ts; contract lib/contracts/live.ts):
 *   retry: 2000                                 on connect: the browser reconnects after 2 s
 *   id: <seq>  event: standings  data: <LiveBoard JSON>   the whole board (~6 KB at 30 cars): on
 *                                                connect, and after each change of the rows
 *   id: <seq>  event: clock      data: {"raceId","seq","clock"}   only the clock changed (~150 B)
 *   id: <seq>  event: end        data: {"raceId":…}        the session ended (then the stream closes)
 *   : ping                                       a comment every 15 s, so proxies keep it open
 * A reconnecting browser sends `Last-Event-ID`; when it equals the current seq the board is not
 * sent again (a `clock` event is sent only while the rows are those of the last `standings`, so a
 * viewer at seq N has the board of seq N); when it names a seq this hub sent with the current rows
 * (a phone whose page was hidden for a while as the clock ran), only a `clock` event goes out;
 * any other, the whole board. Reads for one race never overlap: messages arriving
 * during a read cause one more read after it, so the last change always goes out and a burst of
 * passings costs two reads.
 *
 * A change of the clock only (a `$F` heartbeat, once a second at a real track, ten times a second
 * in a replay at 10×) goes out as a `clock` event, at most once per `clockIntervalMs` (1 s): it
 * is held and sent when the interval is over, unless a board with changed rows (a passing)
 * replaces it first, which goes out at once. The last change always goes out.
 *
 * Robustness:
 *  - A read that fails or takes longer than `readTimeoutMs` (5 s) is given up (a late answer is
 *    ignored); the viewers waiting for a first board keep waiting, and the read is tried again
 *    on the next bus message or heartbeat.
 *  - A race whose feed died (no write for `LIVE_STALE_MS`: lib/server/timing/live/ingest.ts) is
 *    over: the board reader reports it finished (lib/server/live/get-live-board.ts) and so does
 *    the hub for a board it holds; each heartbeat reads the board of a race whose last board is
 *    stale, so its viewers get `end` within one heartbeat of it going stale.
 *  - A `resync` bus message (the LISTEN connection came back: messages may have been lost)
 *    reads the board of every race that has viewers again and sends what changed.
 */
import 'server-only';
import { performance } from 'node:perf_hooks';
import type { LiveBoard, LiveClock, LiveState } from '../../../contracts/live';
import { databaseUrl } from '../../config/env';
import { getLiveBoard } from '../../live/get-live-board';
import { processBus, type Bus, type BusMessage } from './bus';
import { isLiveStale } from './ingest';

/** The browser's reconnection delay sent on connect (ms). */
export const SSE_RETRY_MS = 2000;
/** Interval of the keep-alive comment, and of the checks for stale races and failed reads (ms). */
export const SSE_HEARTBEAT_MS = 15_000;
/** Changes of the clock only go out at most this often per race (ms). */
export const SSE_CLOCK_INTERVAL_MS = 1000;
/** A board read taking longer is given up, and tried again on the next message or heartbeat (ms). */
export const SSE_READ_TIMEOUT_MS = 5000;

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
  /** See SSE_CLOCK_INTERVAL_MS; 0 sends every change at once. */
  clockIntervalMs?: number;
  /** See SSE_READ_TIMEOUT_MS. */
  readTimeoutMs?: number;
  /** Clock for the staleness of a live board (tests); default Date.now. */
  now?: () => number;
}

const encoder = new TextEncoder();
const frame = (text: string): SseFrame => ({ text, bytes: encoder.encode(text) });

/** `id: <seq>\nevent: standings\ndata: <json>\n\n` (the JSON has no newline). */
export function standingsFrame(board: LiveBoard): string {
  return `id: ${board.seq}\nevent: standings\ndata: ${JSON.stringify(board)}\n\n`;
}

/** `id: <seq>\nevent: clock\ndata: {"raceId":…,"seq":…,"clock":…}\n\n` (contract `LiveClock`). */
export function clockFrame(board: Pick<LiveBoard, 'raceId' | 'seq' | 'clock'>): string {
  const data: LiveClock = { raceId: board.raceId, seq: board.seq, clock: board.clock };
  return `id: ${board.seq}\nevent: clock\ndata: ${JSON.stringify(data)}\n\n`;
}

/** `id: <seq>\nevent: end\ndata: {"raceId":…}\n\n`. */
export function endFrame(raceId: number, seq: number | null): string {
  return `${seq === null ? '' : `id: ${seq}\n`}event: end\ndata: ${JSON.stringify({ raceId })}\n\n`;
}

const RETRY = frame(`retry: ${SSE_RETRY_MS}\n\n`);
const PING = frame(': ping\n\n');

class ReadTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

interface Viewer {
  send: SseSend;
  lastEventId: string | null;
  onEnd?: () => void;
}

/** A board read, with what tells a clock-only change from a change of the standings. */
interface Snapshot {
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

/** At most this many seqs are remembered per race as sent with the current rows (then: the whole board to a returning viewer). */
const MAX_ROW_SEQS = 4096;
/** Races whose last viewer left: their rows and row seqs are kept for this many of them, so a lone viewer coming back gets only the clock. */
const MAX_RETIRED = 64;

interface RaceState {
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

const fullFrame = (snapshot: Snapshot): SseFrame => (snapshot.full ??= frame(standingsFrame(snapshot.board)));
const clockOnlyFrame = (snapshot: Snapshot): SseFrame => (snapshot.clock ??= frame(clockFrame(snapshot.board)));

/**
 * A hub on `bus` (the site: `processBus(databaseUrl())`; tests: a memory or pg bus). Subscribes
 * to the bus once; a `live` message for a race without viewers costs nothing.
 */
export function createLiveHub(bus: Bus, options: LiveHubOptions = {}): LiveHub {
  const read = options.read ?? getLiveBoard;
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const clockIntervalMs = options.clockIntervalMs ?? SSE_CLOCK_INTERVAL_MS;
  const readTimeoutMs = options.readTimeoutMs ?? SSE_READ_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const races = new Map<number, RaceState>();
  /** raceId → the rows (JSON) and row seqs of a race dropped when its last viewer left. */
  const retired = new Map<number, { rows: string; seqs: Set<number> }>();
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
      if (state.last?.state === 'live') {
        retired.delete(raceId);
        retired.set(raceId, { rows: state.last.rows, seqs: state.rowSeqs });
        if (retired.size > MAX_RETIRED) retired.delete(retired.keys().next().value!);
      }
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

  /**
   * The first board of a viewer: nothing when it already has this seq, the clock only when it has
   * the current rows (a seq sent since the last standings), `end` when finished, else the board.
   */
  const greet = (raceId: number, state: RaceState, viewer: Viewer) => {
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
  };

  /** Sends `snapshot` to every viewer now: the whole board, or only its clock. */
  const broadcast = (state: RaceState, snapshot: Snapshot, kind: 'standings' | 'clock') => {
    release(state);
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
  };

  const apply = (raceId: number, state: RaceState, read: LiveBoard | null) => {
    if (!read) {
      const end = frame(endFrame(raceId, state.last?.seq ?? null));
      endAll(raceId, state, end, end);
      return;
    }
    // A live board not written for LIVE_STALE_MS: its feed died; the session is over.
    const board: LiveBoard = read.state === 'live' && isLiveStale(read.updatedAt, now()) ? { ...read, state: 'finished' } : read;
    const snapshot: Snapshot = { board, seq: board.seq, state: board.state, rows: JSON.stringify(board.rows) };
    if (board.state === 'finished') {
      // Running viewers get the final board and `end`; those just arriving only `end`.
      const end = endFrame(raceId, board.seq);
      const sentAlready = state.last?.seq === board.seq && state.last.state === board.state;
      release(state);
      state.last = { ...snapshot, at: performance.now() };
      endAll(raceId, state, frame(sentAlready ? end : fullFrame(snapshot).text + end), frame(end));
      return;
    }
    const previous = state.held ?? state.last;
    if (!previous || previous.seq !== snapshot.seq || previous.state !== snapshot.state) {
      const last = state.last;
      const clockOnly = last !== null && last.rows === snapshot.rows && last.state === snapshot.state;
      if (!clockOnly) broadcast(state, snapshot, 'standings');
      else {
        const wait = last.at + clockIntervalMs - performance.now();
        if (wait > 0 && state.viewers.size > 0) {
          state.held = snapshot;
          state.holdTimer ??= setTimeout(() => {
            state.holdTimer = null;
            if (state.held) broadcast(state, state.held, 'clock');
          }, wait);
        } else broadcast(state, snapshot, 'clock');
      }
    }
    const arriving = [...state.waiting];
    state.waiting.clear();
    for (const viewer of arriving) {
      state.viewers.add(viewer);
      greet(raceId, state, viewer);
    }
  };

  /** `read(raceId)`, given up after `readTimeoutMs` (a late answer is ignored). */
  const readInTime = (raceId: number): Promise<LiveBoard | null> => {
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
          board = await readInTime(raceId);
        } catch (err) {
          // Those waiting for a first board keep waiting: the next message or heartbeat reads again.
          console.error('[live] board read failed:', err instanceof Error ? err.message : err);
          continue;
        }
        if (closed) break;
        apply(raceId, state, board);
      } while (state.again && races.get(raceId) === state);
      state.reading = false;
      forget(raceId, state);
    })();
  };

  /** Whether the race's board must be read again without a message: a failed first read, or a live board gone stale. */
  const due = (state: RaceState) =>
    !state.reading && (state.waiting.size > 0 || (state.last?.state === 'live' && isLiveStale(state.last.board.updatedAt, now())));

  const onMessage = (message: BusMessage) => {
    if (message.type === 'resync') {
      // Messages may have been lost: read every board that has viewers again.
      for (const [raceId, state] of races) refresh(raceId, state);
      return;
    }
    if (message.type !== 'live') return;
    const state = races.get(message.raceId);
    if (!state) return;
    const last = state.held ?? state.last;
    // Already read (a duplicate, or a read that saw this change already), unless a read failed.
    if (last && message.seq <= last.seq && message.state === last.state && !due(state)) return;
    refresh(message.raceId, state);
  };
  const unsubscribeBus = bus.subscribe(onMessage);

  const beat = () => {
    for (const [raceId, state] of races) {
      for (const v of [...state.viewers, ...state.waiting]) write(state, v, PING);
      if (due(state)) refresh(raceId, state);
    }
  };

  return {
    subscribe(raceId, send, { lastEventId = null, onEnd } = {}) {
      const viewer: Viewer = { send, lastEventId: lastEventId?.trim() || null, onEnd };
      if (closed) {
        onEnd?.();
        return () => {};
      }
      let state = races.get(raceId);
      if (!state) {
        state = { viewers: new Set(), waiting: new Set(), last: null, held: null, holdTimer: null, rowSeqs: new Set(), reading: false, again: false };
        races.set(raceId, state);
      }
      const own = state;
      write(own, viewer, RETRY);
      // The race's last board serves the newcomer, unless a read is under way, failed, or is due (stale).
      if (own.last && !own.reading && !due(own)) {
        own.viewers.add(viewer);
        greet(raceId, own, viewer);
      } else {
        own.waiting.add(viewer);
        refresh(raceId, own);
      }
      if (!heartbeat && heartbeatMs > 0) {
        heartbeat = setInterval(beat, heartbeatMs);
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
