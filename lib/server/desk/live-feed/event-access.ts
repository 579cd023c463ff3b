/**
 * Who may run an event's live feed from the desk (issue 24; lib/server/policy `event.edit`): the
 * staff of the event's promoter, or a federation admin. Another promoter's event answers like an
 * unknown one.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../errors';
import { getDb } from '../../db';
import { events } from '../../db/schema';
import { assertAllowed, type Principal, type Viewer } from '../../policy';

/** The event as the feed's use cases need it, and the login allowed on it. */
export interface FeedEvent {
  eventId: number;
  promoterId: number;
  principal: Principal;
}

/**
 * Event `eventId` when `viewer` may edit it.
 * @throws AppError `unauthenticated` (not logged in), `not_found` (unknown event, or one of a
 *   promoter the login does not manage).
 */
export async function feedEvent(viewer: Viewer, eventId: number): Promise<FeedEvent> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [row] = await getDb().select({ promoterId: events.promoterId }).from(events).where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found');
  assertAllowed(viewer, 'event.edit', { promoterId: row.promoterId });
  return { eventId, promoterId: row.promoterId, principal: viewer };
}
