/**
 * A live session of the drill's (or the load run's) own (issue 29: "live updates right across both
 * instances", "live streams" under load): an event of the demo promoter's created through the desk,
 * a real RMonitor capture replayed on a free loopback port as a timing system would stream it
 * (lib/server/timing/live/replay.ts), and the desk's live feed of that event started on one
 * instance. The feed writes passings and publishes each change on the bus; any instance's SSE
 * stream of the race follows. `close()` stops the feed (through whichever caller is given, the
 * desk passing the Stop on if the feed runs elsewhere), the replay, and hides the event.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startReplay, type Replay } from '../../../lib/server/timing/live/replay';
import { createEvent, deskPromoter, hideEvent, type Caller } from './client';

/** The capture replayed: a 2009 Sebring ALMS session (hours of passings; at speed 30 a few every second). */
export const LIVE_CAPTURE = 'data/real/rmonitor/2009-sebring-alms-session-4.txt';

/** The desk's status of a feed. */
export interface FeedStatus {
  state: string;
  error: string | null;
  lastPassingAt: string | null;
}

/** A running live session. */
export interface LiveEvent {
  eventId: number;
  /** The race the feed created (its SSE stream: /ll/api/v1/livelaps/live/race/{raceId}/stream). */
  raceId: number;
  replay: Replay;
  /** The desk's status of the feed, asked through `desk`. */
  status(desk: Caller): Promise<FeedStatus>;
  /** Stops the feed through `desk`, stops the replay, hides the event. Returns the last status. */
  close(desk: Caller): Promise<FeedStatus>;
}

/**
 * Creates the event (named `name`), saves the replay's address for it and starts its feed
 * through `desk` (a caller logged in as the promoter, on the instance that is to run the feed),
 * then waits until the feed's first race exists and is live.
 * @throws Error when the feed does not start or no race appears within 20 s.
 */
export async function startLiveEvent(desk: Caller, name: string, speed = 30): Promise<LiveEvent> {
  const promoterId = await deskPromoter(desk);
  const eventId = await createEvent(desk, promoterId, name);
  const replay = await startReplay({ text: fs.readFileSync(path.resolve(LIVE_CAPTURE), 'utf8'), speed, startOnConnect: true, idleHeartbeatMs: 1000 });
  const route = `/ll/api/v1/desk/events/${eventId}/live`;
  const status = (caller: Caller) => caller.json<FeedStatus>(route);
  try {
    await desk.json(route, { method: 'PUT', json: { host: '127.0.0.1', port: replay.port } });
    const started = await desk.json<FeedStatus>(`${route}/start`, { method: 'POST' });
    if (started.state !== 'connecting' && started.state !== 'connected') throw new Error(`the live feed did not start: ${started.state} ${started.error ?? ''}`);
    const until = Date.now() + 20_000;
    let raceId: number | null = null;
    while (raceId === null && Date.now() < until) {
      const { races } = await desk.json<{ races: { id: number }[] }>(`/ll/api/v1/desk/events/${eventId}`);
      if (races[0]) {
        const board = await desk.call(`/ll/api/v1/livelaps/live/race/${races[0].id}`);
        if (board.status === 200 && (JSON.parse(board.text) as { state?: string }).state === 'live') raceId = races[0].id;
      }
      if (raceId === null) await new Promise((r) => setTimeout(r, 250));
    }
    if (raceId === null) throw new Error('the live feed created no live race within 20 s');
    return {
      eventId,
      raceId,
      replay,
      status,
      async close(caller) {
        const last = await caller.json<FeedStatus>(`${route}/stop`, { method: 'POST' });
        await replay.close();
        await hideEvent(caller, eventId);
        return last;
      },
    };
  } catch (err) {
    await desk.call(`${route}/stop`, { method: 'POST' });
    await replay.close();
    await hideEvent(desk, eventId).catch(() => {});
    throw err;
  }
}
