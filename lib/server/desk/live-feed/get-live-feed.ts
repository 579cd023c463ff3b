/**
 * The status of an event's live feed on the desk (issue 24 "Live feed … status (last passing,
 * connected)"; GET /ll/api/v1/desk/events/{id}/live).
 */
import 'server-only';
import type { DeskLiveStatus } from '../../../contracts/desk-live';
import type { Viewer } from '../../policy';
import { feedEvent } from './event-access';
import { feedStatus } from './feed-status';

/**
 * The status of event `eventId`'s feed (`DeskLiveStatus`, ./feed-status.ts).
 * @throws AppError `unauthenticated`, `not_found` (unknown event, or another promoter's).
 */
export async function getLiveFeed(viewer: Viewer, eventId: number): Promise<DeskLiveStatus> {
  await feedEvent(viewer, eventId);
  return feedStatus(eventId);
}
