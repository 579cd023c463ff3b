/**
 * The desk's audit log of the live feed (issue 24 "Audit log: every desk change recorded (who,
 * when, before, after)"): an address saved, a feed started or stopped is an `update` of the event
 * (`desk_audit`, entity `event`) whose before and after are `{ liveFeed: { host, port, running } }`.
 */
import 'server-only';
import { getDb } from '../../db';
import { deskAudit } from '../../db/schema';
import { savedAddress } from './address';
import type { FeedEvent } from './event-access';
import { feeds } from './registry';

/** The feed as the audit log records it: the address (null when none saved) and whether it runs. */
export interface FeedRecord {
  host: string | null;
  port: number | null;
  running: boolean;
}

/** The feed of event `eventId` as the audit log records it now: the saved address, and whether it runs in this process. */
export async function feedRecord(eventId: number): Promise<FeedRecord> {
  const saved = await savedAddress(getDb(), eventId);
  const entry = feeds().running.get(eventId);
  return { host: saved?.host ?? null, port: saved?.port ?? null, running: !!entry && !entry.stopping };
}

/** Records `before` → `after` of the feed of `event`, by its login; nothing when they are the same. */
export async function auditFeed({ eventId, promoterId, principal }: FeedEvent, before: FeedRecord, after: FeedRecord): Promise<void> {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await getDb()
    .insert(deskAudit)
    .values({ userId: principal.userId, promoterId, eventId, entity: 'event', entityId: eventId, action: 'update', before: { liveFeed: before }, after: { liveFeed: after } });
}
