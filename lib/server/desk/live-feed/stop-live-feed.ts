/**
 * Stopping an event's live feed from the desk (issue 24 "Live feed … stop"; POST
 * /ll/api/v1/desk/events/{id}/live/stop): the feed this process runs finishes its running session
 * as the CLI's Ctrl-C does (./stop-feed.ts), recorded in the audit log when one ran (./audit.ts).
 */
import 'server-only';
import type { DeskLiveStatus } from '../../../contracts/desk-live';
import type { Viewer } from '../../policy';
import { auditFeed, feedRecord } from './audit';
import { feedEvent } from './event-access';
import { feedStatus } from './feed-status';
import { stopFeed } from './stop-feed';

/**
 * Stops the feed of event `eventId` this process runs and returns the status (`stopped`, or
 * `busy` when another process feeds the event: it is not stopped from here).
 * @throws AppError `unauthenticated`, `not_found` (unknown event, or another promoter's).
 */
export async function stopLiveFeed(viewer: Viewer, eventId: number): Promise<DeskLiveStatus> {
  const event = await feedEvent(viewer, eventId);
  const before = await feedRecord(eventId);
  if (await stopFeed(eventId)) await auditFeed(event, before, { ...before, running: false });
  return feedStatus(eventId);
}
