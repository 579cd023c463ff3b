/**
 * Saving the timing system's address of an event from the desk (issue 24 "Live feed: host and
 * port per event"; PUT /ll/api/v1/desk/events/{id}/live): into `live_feeds` (./address.ts, what
 * `npm run live` reads), recorded in the audit log when it changed (./audit.ts).
 */
import 'server-only';
import type { DeskLiveInput, DeskLiveStatus } from '../../../contracts/desk-live';
import { getDb } from '../../db';
import type { Viewer } from '../../policy';
import { saveAddress } from './address';
import { auditFeed, feedRecord } from './audit';
import { feedEvent } from './event-access';
import { feedStatus } from './feed-status';
import { inTurn } from './registry';

/**
 * Saves `input` (already parsed with `deskLiveInput`) as event `eventId`'s address and returns
 * the status. A running feed keeps its address until it is started again (a start on a new
 * address restarts it: ./start-feed.ts).
 * @throws AppError `unauthenticated`, `not_found` (unknown event, or another promoter's).
 */
export async function saveLiveFeed(viewer: Viewer, eventId: number, input: DeskLiveInput): Promise<DeskLiveStatus> {
  const event = await feedEvent(viewer, eventId);
  await inTurn(eventId, async () => {
    const before = await feedRecord(eventId);
    await saveAddress(getDb(), eventId, input);
    await auditFeed(event, before, { ...before, host: input.host, port: input.port });
  });
  return feedStatus(eventId);
}
