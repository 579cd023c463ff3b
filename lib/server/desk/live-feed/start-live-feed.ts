/**
 * Starting an event's live feed from the desk (issue 24 "Live feed … start"; POST
 * /ll/api/v1/desk/events/{id}/live/start): on the address saved for the event, in this site
 * process (./start-feed.ts), recorded in the audit log when it started (./audit.ts).
 *
 * With several site instances, a feed runs in the instance whose start it was; another instance
 * reports it `busy` (it holds the event's lock) and a Stop there asks the running one on the bus
 * (./stop-elsewhere.ts). An instance that dies takes its feed with it (its lock goes with its
 * connection): the desk then shows `stopped` and a Start on any instance resumes the event.
 */
import 'server-only';
import type { DeskLiveStatus } from '../../../contracts/desk-live';
import { AppError } from '../../../errors';
import { getDb } from '../../db';
import type { Viewer } from '../../policy';
import { savedAddress } from './address';
import { auditFeed, feedRecord } from './audit';
import { feedEvent } from './event-access';
import { startFeed } from './start-feed';

/**
 * Starts the feed of event `eventId` on its saved address and returns the status:
 * `connecting`/`connected`, or `busy` (another process feeds the event) or `error` (it could not
 * start), which change nothing.
 * @throws AppError `null_host` (no address saved yet), `unauthenticated`, `not_found`.
 */
export async function startLiveFeed(viewer: Viewer, eventId: number): Promise<DeskLiveStatus> {
  const event = await feedEvent(viewer, eventId);
  const saved = await savedAddress(getDb(), eventId);
  if (!saved) throw new AppError('null_host', 'Save the host and port of the timing system first');
  const before = await feedRecord(eventId);
  const status = await startFeed(eventId, saved.host, saved.port);
  await auditFeed(event, before, await feedRecord(eventId));
  return status;
}
