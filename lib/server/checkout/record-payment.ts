/**
 * Recording money received for an order (issue 26 "the order paid only from the verified webhook
 * or by staff", "a payment arriving after expiry is kept if the goods are still free, otherwise
 * refunded by itself and the buyer told"; DESIGN.md "Money is only ever added to"): what the
 * providers' webhooks (lib/server/payments) and staff marking an order paid call.
 *
 * In one transaction, with the order's row locked: a payment whose `provider_transaction_id` was
 * already recorded is not recorded again (the same answer is given: a webhook delivered three
 * times pays once); otherwise `paymentAction` decides whether it is kept (on time; late but its
 * goods still free: a membership always is) or to be sent back (late and its goods taken; the
 * order was already paid), the payment is recorded with that decision (money received is always
 * recorded, even money to send back), and an order paid in full by a kept payment is fulfilled
 * (`fulfilOrder`: its memberships and member numbers) in the same transaction. A payment to send
 * back is refunded by the caller through its provider, then recorded with `recordRefund`.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { revalidateTags } from '../cache';
import type { Tx } from '../db';
import { payments } from '../db/schema';
import { fulfilOrder, goodsStillFree, type FulfilledMembership } from './fulfil-order';
import { factsOf, inTransaction, lockOrder, orderRecords, type OrderRef, type OrderRow } from './order-record';
import { orderSummary, paymentAction, type OrderSummary } from './order-state';
import { assertCents } from './money';
import type { PaymentDisposition, PaymentProvider, PaymentReason } from './records';

/** A payment as the provider or staff reports it. */
export interface PaymentInput {
  /** The order (its id or public id). */
  order: OrderRef;
  provider: PaymentProvider;
  /** The money received, whole cents ≥ 1. */
  amountCents: number;
  /** The provider's id of the transaction (Stripe's payment intent); recorded once. Null for the office. */
  providerTransactionId?: string | null;
  /** The staff login that took the money at the office (`users.id`); null for a provider. */
  recordedBy?: string | null;
  /** When the money was received (default now): decides whether it came within the hold. */
  at?: Date;
}

/** What recording a payment did, and what the caller must do next. */
export interface PaymentResult {
  order: OrderRow;
  paymentId: number;
  /** True when this transaction id was already recorded: nothing was written this time. */
  duplicate: boolean;
  /** `keep`, or `refund`: send the money back through the provider, then `recordRefund`. */
  action: PaymentDisposition;
  reason: PaymentReason;
  /** The memberships this payment's fulfilment created (empty for a duplicate, a partial or a refused payment). */
  memberships: FulfilledMembership[];
  /** State and money after the payment, at its moment. */
  summary: OrderSummary;
  /** Cache tags to revalidate once the transaction committed (done already when `recordPayment` ran its own transaction). */
  tags: string[];
}

/**
 * Records a payment on an order whose row `tx` holds locked (see the module's docstring).
 * `refuse` is called before anything is written when the payment would have to be sent back
 * (staff marking an order paid refuse instead of taking money to return).
 */
export async function recordPaymentLocked(tx: Tx, order: OrderRow, input: Omit<PaymentInput, 'order'>, refuse?: (reason: PaymentReason) => never): Promise<PaymentResult> {
  const at = input.at ?? new Date();
  const amountCents = assertCents(input.amountCents, 'payment');
  if (amountCents < 1) throw new AppError('invalid_amount');
  const transactionId = input.providerTransactionId?.trim() || null;
  if (transactionId) {
    const [seen] = await tx.select().from(payments).where(eq(payments.providerTransactionId, transactionId));
    if (seen) {
      // The same transaction id on another order is not a retry: refuse it.
      if (seen.orderId !== order.id) throw new AppError('invalid_request', 'This transaction was recorded on another order');
      const records = await orderRecords(tx, order.id);
      return { order, paymentId: seen.id, duplicate: true, action: seen.disposition, reason: seen.reason, memberships: [], summary: orderSummary(factsOf(order, records), at), tags: [] };
    }
  }
  const before = factsOf(order, await orderRecords(tx, order.id));
  const decision = paymentAction(before, at, await goodsStillFree(tx, order.id, at));
  if (decision.action === 'refund' && refuse) refuse(decision.reason);
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: input.provider,
      amountCents,
      providerTransactionId: transactionId,
      recordedBy: input.recordedBy ?? null,
      disposition: decision.action,
      reason: decision.reason,
      createdAt: at,
    })
    .returning({ id: payments.id });
  const after = factsOf(order, await orderRecords(tx, order.id));
  const summary = orderSummary(after, at);
  const paidInFull = summary.paidCents - summary.refundedCents >= order.totalCents;
  const fulfilment = decision.action === 'keep' && paidInFull ? await fulfilOrder(tx, order.id, at) : { memberships: [], tags: [] };
  return { order, paymentId: payment!.id, duplicate: false, action: decision.action, reason: decision.reason, memberships: fulfilment.memberships, summary, tags: fulfilment.tags };
}

/**
 * Records a payment (see the module's docstring), in `tx` when given (a webhook's transaction,
 * which also records the provider's event; then revalidating `tags` after commit is the
 * caller's), else in a transaction of its own (then the tags are revalidated here).
 * @throws AppError `not_found` (no such order), `invalid_amount`, `invalid_request` (a
 *   transaction id already recorded on another order).
 */
export async function recordPayment(input: PaymentInput, tx?: Tx): Promise<PaymentResult> {
  const result = await inTransaction(tx, async (t) => recordPaymentLocked(t, await lockOrder(t, input.order), input));
  if (!tx && result.tags.length) await revalidateTags(result.tags);
  return result;
}
