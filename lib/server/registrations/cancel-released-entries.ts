/**
 * A released hold cancels its entries (issue 27 "Payment state": "an unpaid card order whose hold
 * is released (sweeper or webhook) cancels its registrations … and moves the waiting list"): in
 * the release's transaction, every `registered` row linked to a line of a released order becomes
 * `cancelled`, stamped with the release's moment (`cancelled_at = order_releases.at`: what tells a
 * later late payment which places it may take back, lib/server/registrations/retake-entries.ts),
 * and the freed places of each class are offered to its waiting list (`offerFreedPlaces`). The
 * order's spectator registration, if any, is canceled (issue 28, lib/server/spectators/cancel-released.ts).
 *
 * No `server-only` marker: the hold sweeper (lib/server/jobs/sweep-holds.ts) runs it under plain Node.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { orderLines, orderReleases, registrations } from '../db/schema';
import { cancelReleasedSpectatorRegistrations } from '../spectators/cancel-released';
import { offerFreedPlaces } from './offer-places';

/**
 * Cancels the registrations of released orders `orderIds` and moves the waiting lists (see the
 * module's docstring), at `now` (the offers' start).
 * @returns the events whose registrations changed (their `event:{id}` tags to revalidate once `tx` committed).
 */
export async function cancelReleasedEntries(tx: Tx, orderIds: readonly number[], now: Date): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const cancelled = await tx
    .update(registrations)
    .set({ state: 'cancelled', cancelledAt: sql`(select ${orderReleases.at} from ${orderReleases} join ${orderLines} on ${orderLines.orderId} = ${orderReleases.orderId} where ${orderLines.id} = ${registrations.orderLineId})` })
    .where(
      and(
        eq(registrations.state, 'registered'),
        inArray(registrations.orderLineId, tx.select({ id: orderLines.id }).from(orderLines).innerJoin(orderReleases, eq(orderReleases.orderId, orderLines.orderId)).where(inArray(orderLines.orderId, [...orderIds]))),
      ),
    )
    .returning({ eventId: registrations.eventId, classId: registrations.classId });
  const classes = [...new Map(cancelled.map((r) => [`${r.eventId}:${r.classId}`, r])).values()].sort((a, b) => a.eventId - b.eventId || a.classId - b.classId);
  for (const { eventId, classId } of classes) await offerFreedPlaces(tx, eventId, classId, now);
  // Issue 28: a released hold also cancels its spectator registration (its tickets' places go back to the day).
  const spectatorEvents = await cancelReleasedSpectatorRegistrations(tx, orderIds);
  return [...new Set([...cancelled.map((r) => r.eventId), ...spectatorEvents])];
}
