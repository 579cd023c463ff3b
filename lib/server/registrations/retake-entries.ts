/**
 * A late payment for an entry whose hold was released (issue 26's late-payment rule, issue 27
 * "Payment state"): the release cancelled the order's registrations (`cancelReleasedEntries`),
 * stamping them with the release's moment. When the money arrives later, `entriesStillFree` says
 * whether each of those places is still free (its class locked: room left once the riders
 * registered and the offers still open are counted, and the rider not registered again in that
 * class meanwhile); when the payment is kept, `retakeEntries` (run by the checkout's fulfilment,
 * in the same transaction) gives those registrations their places back. A registration the rider
 * cancelled (a release for reason `cancelled`) is never taken back.
 *
 * No `server-only` marker: loaded by the checkout's fulfilment, which the webhook and staff run.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { orderLines, orderReleases, registrations } from '../db/schema';
import { classPlaces, lockClasses } from './class-places';
import { hasRoom } from './rules';

/** The registrations of order `orderId` that its hold's release cancelled (not those the rider cancelled). */
async function releasedEntries(tx: Tx, orderId: number) {
  return tx
    .select({ id: registrations.id, eventId: registrations.eventId, classId: registrations.classId, participantId: registrations.participantId })
    .from(registrations)
    .innerJoin(orderLines, eq(orderLines.id, registrations.orderLineId))
    .innerJoin(orderReleases, eq(orderReleases.orderId, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), eq(registrations.state, 'cancelled'), ne(orderReleases.reason, 'cancelled'), sql`${registrations.cancelledAt} = ${orderReleases.at}`))
    .orderBy(registrations.id);
}

/**
 * Whether every registration of order `orderId` that the release cancelled can have its place
 * back at `at`; true when there is none. Locks their classes until `tx` ends.
 */
export async function entriesStillFree(tx: Tx, orderId: number, at: Date): Promise<boolean> {
  const rows = await releasedEntries(tx, orderId);
  if (rows.length === 0) return true;
  for (const eventId of [...new Set(rows.map((r) => r.eventId))]) {
    const mine = rows.filter((r) => r.eventId === eventId);
    const locked = await lockClasses(tx, eventId, mine.map((r) => r.classId));
    for (const [classId, cls] of locked) {
      const wanted = mine.filter((r) => r.classId === classId);
      const places = await classPlaces(tx, eventId, classId, at);
      if (!hasRoom(cls.capacity === null ? null : cls.capacity - wanted.length + 1, places.registered, places.offersOpen)) return false;
      const again = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.classId, classId), ne(registrations.state, 'cancelled'), inArray(registrations.participantId, wanted.map((r) => r.participantId))));
      if (again.length) return false;
    }
    if (locked.size < new Set(mine.map((r) => r.classId)).size) return false; // a class no longer offered
  }
  return true;
}

/**
 * Gives back their places to the registrations of order `orderId` that the release cancelled
 * (call after `entriesStillFree` answered true in the same transaction).
 * @returns the events whose registrations changed (their `event:{id}` tags to revalidate).
 */
export async function retakeEntries(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await releasedEntries(tx, orderId);
  if (rows.length === 0) return [];
  await tx.update(registrations).set({ state: 'registered', cancelledAt: null }).where(inArray(registrations.id, rows.map((r) => r.id)));
  return [...new Set(rows.map((r) => r.eventId))];
}
