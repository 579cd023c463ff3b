/**
 * A refund asked by federation staff (issue 26 "refunds by federation staff with a reason, through
 * the provider, recorded"): the money goes back through the provider that took it (Stripe's refund
 * of its payment, or cash at the office), with an idempotency key made from the request id the
 * staff form was opened with, then the refund is recorded beside its payment (`recordRefund`, which
 * also tells the buyer). Pressing twice sends the same key: one refund at the provider, one row.
 */
import 'server-only';
import { AppError } from '../../errors';
import { refundIdempotencyKey } from '../payments';
import { assertAllowed, type Viewer } from '../policy';
import { CheckoutError } from './errors';
import { getOrder } from './get-order';
import { assertRefund } from './order-state';
import { factsOf } from './order-record';
import { recordRefund, type RefundResult } from './record-refund';
import { paymentToRefund, refundThroughProvider } from './refund-source';

/** What staff typed. */
export interface StaffRefundInput {
  /** Whole cents ≥ 1, at most what is left to refund. */
  amountCents: number;
  /** Why (required; kept with the refund, shown to the buyer). */
  reason: string;
  /** A UUID the form was opened with: the same request sent twice is one refund. */
  requestId: string;
}

/**
 * Refunds part or all of order `publicId` for `viewer` (see the module's docstring).
 * @throws AppError `unauthenticated`; `not_found` (no such order, or not allowed: only federation
 *   admins refund); `null_reason`; `idempotency_key_reused`; `service_unavailable` (Stripe
 *   unreachable: try again, the same request id refunds once); CheckoutError `refund_too_large`,
 *   `invalid_amount`.
 */
export async function refundByStaff(viewer: Viewer, publicId: string, input: StaffRefundInput): Promise<RefundResult> {
  if (viewer === null) throw new AppError('unauthenticated');
  const view = await getOrder(publicId);
  if (!view) throw new AppError('not_found');
  assertAllowed(viewer, 'orders.refund', { promoterId: view.order.promoterId });
  if (!input.reason.trim()) throw new AppError('null_reason');
  const cents = assertRefund(factsOf(view.order, view), input.amountCents);
  const payment = paymentToRefund(view, cents);
  if (!payment) throw new CheckoutError('refund_too_large');
  const idempotencyKey = refundIdempotencyKey(`staff-${input.requestId}`);
  const providerRefundId = await refundThroughProvider(payment, cents, idempotencyKey, input.reason);
  return recordRefund(viewer, { order: view.order.id, amountCents: cents, reason: input.reason, idempotencyKey, paymentId: payment.id, providerRefundId });
}
