/**
 * Staff marking an order paid (issue 26 "pay at the office or gate (the default, no key: the
 * order is reserved and unpaid, and staff mark it paid)"; spec §3 Transaction): a federation admin
 * (any order) or staff of the event's promoter (an event's order, at the gate) — policy
 * `orders.mark_paid` — records an office payment of the amount still due, recorded by them.
 *
 * The order's row is locked `FOR UPDATE` for the transaction, so two staff clicking at once
 * record ONE payment: the second finds nothing due and records nothing. A payment that would have
 * to be sent back (the hold ended and its goods went to someone else) is refused with
 * `order_expired` instead of being taken. The membership and member number of a paid membership
 * line are created in the same transaction (`recordPaymentLocked`).
 */
import 'server-only';
import { AppError } from '../../errors';
import { revalidateTags } from '../cache';
import { getDb } from '../db';
import { assertAllowed, type Viewer } from '../policy';
import { factsOf, findOrder, lockOrder, orderRecords, type OrderRef } from './order-record';
import { orderSummary } from './order-state';
import { recordPaymentLocked, type PaymentResult } from './record-payment';

/** What marking paid did: the payment recorded (null when nothing was due any more: already paid, e.g. by the other click). */
export type MarkPaidResult = Omit<PaymentResult, 'paymentId' | 'duplicate' | 'action' | 'reason'> & { paymentId: number | null };

/**
 * Marks order `ref` paid by `viewer` at `now` (default now); see the module's docstring.
 * @throws AppError `unauthenticated`; `not_found` (no such order, or one the viewer may not mark
 *   paid); `order_expired`.
 */
export async function markPaidByStaff(viewer: Viewer, ref: OrderRef, options: { now?: Date } = {}): Promise<MarkPaidResult> {
  if (viewer === null) throw new AppError('unauthenticated');
  const now = options.now ?? new Date();
  const found = await findOrder(ref);
  if (!found) throw new AppError('not_found');
  assertAllowed(viewer, 'orders.mark_paid', { promoterId: found.promoterId });

  const result = await getDb().transaction(async (tx): Promise<MarkPaidResult> => {
    const order = await lockOrder(tx, found.id);
    const summary = orderSummary(factsOf(order, await orderRecords(tx, order.id)), now);
    if (summary.dueCents === 0) return { order, paymentId: null, memberships: [], summary, tags: [] };
    const paid = await recordPaymentLocked(tx, order, { provider: 'office', amountCents: summary.dueCents, recordedBy: viewer.userId, at: now }, () => {
      throw new AppError('order_expired');
    });
    return { order: paid.order, paymentId: paid.paymentId, memberships: paid.memberships, summary: paid.summary, tags: paid.tags };
  });
  if (result.tags.length) await revalidateTags(result.tags);
  return result;
}
