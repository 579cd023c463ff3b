/**
 * Releasing one order's hold (issue 26 "Holds that expire: what an order reserves is held 15
 * minutes; a session not paid by then is expired at Stripe and released"): what a provider calls
 * when its session expired or its delayed payment failed, or staff when the buyer gives up. A
 * release is a fact (`order_releases`, one per order), never an edit of the order; an order paid
 * in full is not released. A payment arriving after the release is judged by `paymentAction` as
 * late (kept if its goods are still free). In the same transaction, the order's event
 * registrations are cancelled and their waiting lists move (issue 27,
 * lib/server/registrations/cancel-released-entries.ts).
 */
import 'server-only';
import type { Tx } from '../db';
import { orderReleases } from '../db/schema';
import { cancelReleasedEntries } from '../registrations/cancel-released-entries';
import { factsOf, inTransaction, lockOrder, orderRecords, type OrderRef } from './order-record';
import { paidCents } from './order-state';
import type { ReleaseReason } from './records';

/**
 * Releases the hold of order `ref` at `at` (default now) for `reason`, in `tx` when given.
 * @returns true when released now; false when it was released already or is paid in full.
 * @throws AppError `not_found` when there is no such order.
 */
export async function releaseHold(ref: OrderRef, reason: ReleaseReason, options: { at?: Date; tx?: Tx } = {}): Promise<boolean> {
  const at = options.at ?? new Date();
  return inTransaction(options.tx, async (tx) => {
    const order = await lockOrder(tx, ref);
    const records = await orderRecords(tx, order.id);
    if (records.release || paidCents(factsOf(order, records)) >= order.totalCents) return false;
    await tx.insert(orderReleases).values({ orderId: order.id, at, reason });
    if (order.eventId !== null) await cancelReleasedEntries(tx, [order.id], at);
    return true;
  });
}
