/**
 * Recording money sent back (issue 26 "refunds by federation staff with a reason, through the
 * provider, recorded"; "a payment arriving after expiry … otherwise refunded by itself";
 * DESIGN.md "Money is only ever added to"): a refund is a new row beside its payment, never an
 * edit of it.
 *
 * Who: a federation admin (policy `orders.refund`), or the checkout itself (`'checkout'`: a late
 * or second payment sent back, `PaymentResult.action === 'refund'`). What: whole cents ≥ 1, never
 * more than the order's refundable amount (paid − refunded: `refund_too_large`) nor than what is
 * left of the payment it is taken from; with a reason (never empty) and an idempotency key: the
 * key the provider was called with, unique, so the same request recorded twice is one refund.
 * In one transaction with the order's row locked; a refusal writes nothing. The buyer is told
 * (receipts/notify-refund.ts: a mail in the order's language, how much and why) by a job enqueued
 * in the same transaction, once per refund row: a duplicate tells nothing.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { Tx } from '../db';
import { refunds } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { CheckoutError } from './errors';
import { factsOf, findOrder, inTransaction, lockOrder, orderRecords, type OrderRef, type OrderRow } from './order-record';
import { assertRefund, orderSummary, type OrderSummary } from './order-state';
import { leftToRefund, paymentToRefund } from './refund-source';
import { notifyRefund } from './receipts/notify-refund';

/** A refund to record. */
export interface RefundInput {
  /** The order (its id or public id). */
  order: OrderRef;
  /** Whole cents ≥ 1. */
  amountCents: number;
  /** Why (shown to staff and on the buyer's receipt); never empty. */
  reason: string;
  /** The key the provider's refund call was made with; the same key is one refund. */
  idempotencyKey: string;
  /** The payment it sends money back from (`payments.id`); absent: the latest payment with enough left. */
  paymentId?: number | null;
  /** The provider's refund id (Stripe's `re_…`), when the provider made one. */
  providerRefundId?: string | null;
  /** When (default now). */
  at?: Date;
}

/** What recording a refund did. */
export interface RefundResult {
  order: OrderRow;
  refundId: number;
  paymentId: number;
  /** True when this idempotency key was already recorded (with the same order and amount): nothing was written. */
  duplicate: boolean;
  /** State and money after the refund. */
  summary: OrderSummary;
}

/**
 * Records a refund (see the module's docstring), in `tx` when given (the provider's transaction).
 * @param actor the staff viewer asking, or `'checkout'` for a refund the checkout decided itself.
 * @throws AppError `unauthenticated`; `not_found` (no such order or payment, or not allowed);
 *   `null_reason`; `invalid_request` (no idempotency key); `idempotency_key_reused`;
 *   CheckoutError `refund_too_large`, `invalid_amount`.
 */
export async function recordRefund(actor: Viewer | 'checkout', input: RefundInput, tx?: Tx): Promise<RefundResult> {
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw new AppError('null_reason');
  const key = input.idempotencyKey?.trim() ?? '';
  if (!key) throw new AppError('invalid_request', 'A refund needs an idempotency key');
  if (actor !== 'checkout') {
    if (actor === null) throw new AppError('unauthenticated');
    const found = await findOrder(input.order, tx);
    if (!found) throw new AppError('not_found');
    assertAllowed(actor, 'orders.refund', { promoterId: found.promoterId });
  }
  const at = input.at ?? new Date();

  return inTransaction(tx, async (t) => {
    const order = await lockOrder(t, input.order);
    const [seen] = await t.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    if (seen) {
      if (seen.orderId !== order.id || seen.amountCents !== input.amountCents || (input.paymentId != null && seen.paymentId !== input.paymentId)) throw new AppError('idempotency_key_reused');
      return { order, refundId: seen.id, paymentId: seen.paymentId, duplicate: true, summary: orderSummary(factsOf(order, await orderRecords(t, order.id)), at) };
    }
    const records = await orderRecords(t, order.id);
    const cents = assertRefund(factsOf(order, records), input.amountCents);
    let payment;
    if (input.paymentId != null) {
      payment = records.payments.find((p) => p.id === input.paymentId);
      if (!payment) throw new AppError('not_found');
    } else {
      payment = paymentToRefund(records, cents);
    }
    if (!payment || leftToRefund(records.refunds, payment) < cents) throw new CheckoutError('refund_too_large');
    const [row] = await t
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment.id,
        amountCents: cents,
        reason,
        idempotencyKey: key,
        providerRefundId: input.providerRefundId?.trim() || null,
        requestedBy: actor === 'checkout' ? null : actor.userId,
        createdAt: at,
      })
      .returning({ id: refunds.id });
    await notifyRefund(t, row!.id, at);
    return { order, refundId: row!.id, paymentId: payment.id, duplicate: false, summary: orderSummary(factsOf(order, await orderRecords(t, order.id)), at) };
  });
}
