/**
 * Stopping a feed that runs in another site instance (issue 24 "Live feed … stop"; issue 29 "Two
 * instances … behind a reverse proxy"). A feed runs in the instance whose start it was, and the
 * proxy sends the desk's next call to either instance: a Stop that lands on the other one finds
 * nothing to stop here. It then asks on the process bus (`{ type: 'feed-stop', eventId }`,
 * PostgreSQL NOTIFY reaches every instance) and waits until the event's lock is free: the
 * instance running the feed hears the request (`listenForStop`, set up by ./start-feed.ts for as
 * long as its feed runs) and finishes the session as its own Stop would.
 *
 * A feed of a process that does not listen (`npm run live`, started by hand) is not stopped:
 * after `STOP_ELSEWHERE_WAIT_MS` the answer is that it still runs (`busy`).
 */
import 'server-only';
import type { Db } from '../../db';
import type { Bus } from '../../timing/live/bus';
import { eventLockHeld } from './lock-holder';

/** How long a Stop waits for the instance running the feed to release the event (ms). */
export const STOP_ELSEWHERE_WAIT_MS = 5000;

/** Calls `stop` when any instance asks, on `bus`, to stop the feed of `eventId`; returns the unsubscribe function. */
export function listenForStop(bus: Bus, eventId: number, stop: () => void): () => void {
  return bus.subscribe((message) => {
    if (message.type === 'feed-stop' && message.eventId === eventId) stop();
  });
}

/**
 * Asks, on `bus`, whichever instance runs the feed of `eventId` to stop it, and waits (at most
 * `waitMs`) until no session of the database holds the event's lock.
 * @returns true when the event is free (the feed stopped), false when it is still held.
 */
export async function stopElsewhere(db: Db, bus: Bus, eventId: number, waitMs: number = STOP_ELSEWHERE_WAIT_MS): Promise<boolean> {
  await bus.publish({ type: 'feed-stop', eventId });
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!(await eventLockHeld(db, eventId))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
