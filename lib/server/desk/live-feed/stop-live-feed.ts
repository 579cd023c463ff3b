/**
 * Stopping an event's live feed from the desk (issue 24 "Live feed … stop"; POST
 * /ll/api/v1/desk/events/{id}/live/stop): the feed this process runs finishes its running session
 * as the CLI's Ctrl-C does (./stop-feed.ts), or the one another site instance runs does
 * (./stop-elsewhere.ts: behind a proxy the Stop may reach either instance), recorded in the audit
 * log when one ran (./audit.ts).
 */
import 'server-only';
import type { DeskLiveStatus } from '../../../contracts/desk-live';
import { databaseUrl } from '../../config/env';
import { getDb } from '../../db';
import type { Viewer } from '../../policy';
import { processBus } from '../../timing/live/bus';
import { auditFeed, feedRecord } from './audit';
import { feedEvent } from './event-access';
import { feedStatus } from './feed-status';
import { eventLockHeld } from './lock-holder';
import { stopElsewhere } from './stop-elsewhere';
import { stopFeed } from './stop-feed';

/**
 * Stops the feed of event `eventId` — the one this process runs, else the one another site
 * instance runs (asked on the bus, ./stop-elsewhere.ts) — and returns the status: `stopped`, or
 * `busy` when another process still feeds the event (one that does not listen: `npm run live`).
 * A stop is recorded once, by the instance whose Stop it was.
 * @throws AppError `unauthenticated`, `not_found` (unknown event, or another promoter's).
 */
export async function stopLiveFeed(viewer: Viewer, eventId: number): Promise<DeskLiveStatus> {
  const event = await feedEvent(viewer, eventId);
  const before = await feedRecord(eventId);
  if (await stopFeed(eventId)) await auditFeed(event, before, { ...before, running: false });
  else if ((await eventLockHeld(getDb(), eventId)) && (await stopElsewhere(getDb(), processBus(databaseUrl()), eventId))) {
    await auditFeed(event, { ...before, running: true }, { ...before, running: false });
  }
  return feedStatus(eventId);
}
