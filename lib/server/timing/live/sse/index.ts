/**
 * The Server-Sent Events hub of the live pages (spec §1 live laps, §2 the live race page; issue
 * 10 "from a passing received on the TCP socket to the row changed in a browser: under 250 ms at
 * the 95th percentile with 1,000 connected viewers on one instance"). One hub per site process:
 * it listens to the live bus once (./bus-messages.ts), and for a race that has viewers turns each
 * `live` message into ONE board read (./read-board.ts) and ONE serialized frame written to every
 * viewer of that race (./broadcast.ts). `createLiveHub` composes the steps below, one file each,
 * sharing ONE state object (./state.ts).
 *
 * The stream (text/event-stream, lib/server/api/routes/live.ts; contract lib/contracts/live.ts;
 * frames ./frames.ts, a viewer's stream ./subscribe.ts):
 *   retry: 2000                                 on connect: the browser reconnects after 2 s
 *   id: <seq>  event: standings  data: <LiveBoard JSON>   the whole board (~6 KB at 30 cars): on
 *                                                connect, and after each change of the rows
 *   id: <seq>  event: clock      data: {"raceId","seq","clock"}   only the clock changed (~150 B)
 *   id: <seq>  event: end        data: {"raceId":…}        the session ended (then the stream closes)
 *   : ping                                       a comment every 15 s, so proxies keep it open
 *                                                (./heartbeat.ts)
 * A reconnecting browser sends `Last-Event-ID` (./last-event-id.ts); when it equals the current
 * seq the board is not sent again (a `clock` event is sent only while the rows are those of the
 * last `standings`, so a viewer at seq N has the board of seq N); when it names a seq this hub
 * sent with the current rows (a phone whose page was hidden for a while as the clock ran), only a
 * `clock` event goes out; any other, the whole board. Reads for one race never overlap
 * (./read-board.ts): messages arriving during a read cause one more read after it, so the last
 * change always goes out and a burst of passings costs two reads.
 *
 * A change of the clock only (a `$F` heartbeat, once a second at a real track, ten times a second
 * in a replay at 10×) goes out as a `clock` event, at most once per `clockIntervalMs` (1 s;
 * ./clock-interval.ts): it is held and sent when the interval is over, unless a board with
 * changed rows (a passing) replaces it first, which goes out at once (./apply-board.ts). The last
 * change always goes out.
 *
 * Robustness:
 *  - A read that fails or takes longer than `readTimeoutMs` (5 s) is given up (a late answer is
 *    ignored); the viewers waiting for a first board keep waiting, and the read is tried again
 *    on the next bus message or heartbeat (./read-board.ts).
 *  - A race whose feed died (no write for `LIVE_STALE_MS`: lib/server/timing/live/ingest.ts) is
 *    over: the board reader reports it finished (lib/server/live/get-live-board.ts) and so does
 *    the hub for a board it holds (./apply-board.ts); each heartbeat reads the board of a race
 *    whose last board is stale, so its viewers get `end` within one heartbeat of it going stale.
 *  - A `resync` bus message (the LISTEN connection came back: messages may have been lost)
 *    reads the board of every race that has viewers again (./bus-messages.ts).
 */
import 'server-only';
import { databaseUrl } from '../../../config/env';
import { getLiveBoard } from '../../../live/get-live-board';
import { processBus, type Bus } from '../bus';
import { onBusMessage } from './bus-messages';
import { SSE_CLOCK_INTERVAL_MS } from './clock-interval';
import { SSE_HEARTBEAT_MS } from './heartbeat';
import { SSE_READ_TIMEOUT_MS } from './read-board';
import { createHubState, releaseHeld, viewerTotal } from './state';
import { subscribe } from './subscribe';
import type { LiveHub, LiveHubOptions } from './types';
import { finish } from './viewers';

export { SSE_CLOCK_INTERVAL_MS } from './clock-interval';
export { clockFrame, endFrame, SSE_RETRY_MS, standingsFrame } from './frames';
export { SSE_HEARTBEAT_MS } from './heartbeat';
export { SSE_READ_TIMEOUT_MS } from './read-board';
export type { LiveHub, LiveHubOptions, SseFrame, SseSend, SubscribeOptions } from './types';

/**
 * A hub on `bus` (the site: `processBus(databaseUrl())`; tests: a memory or pg bus). Subscribes
 * to the bus once; a `live` message for a race without viewers costs nothing.
 */
export function createLiveHub(bus: Bus, options: LiveHubOptions = {}): LiveHub {
  const hub = createHubState({
    read: options.read ?? getLiveBoard,
    heartbeatMs: options.heartbeatMs ?? SSE_HEARTBEAT_MS,
    clockIntervalMs: options.clockIntervalMs ?? SSE_CLOCK_INTERVAL_MS,
    readTimeoutMs: options.readTimeoutMs ?? SSE_READ_TIMEOUT_MS,
    now: options.now ?? Date.now,
  });
  const unsubscribeBus = bus.subscribe((message) => onBusMessage(hub, message));

  return {
    subscribe: (raceId, send, subscribeOptions) => subscribe(hub, raceId, send, subscribeOptions),
    viewerCount(raceId) {
      if (raceId === undefined) return viewerTotal(hub);
      const state = hub.races.get(raceId);
      return state ? state.viewers.size + state.waiting.size : 0;
    },
    close() {
      hub.closed = true;
      unsubscribeBus();
      if (hub.heartbeat) clearInterval(hub.heartbeat);
      hub.heartbeat = null;
      const all = [...hub.races.values()];
      hub.races.clear();
      for (const state of all) {
        releaseHeld(state);
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
