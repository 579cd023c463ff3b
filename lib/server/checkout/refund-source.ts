/**
 * Where a refund comes from (issue 26 "refunds … through the provider, recorded"; issue 27
 * cancelling a registration): what is left to refund of each payment, the payment a refund is
 * taken from (the latest with enough left), and sending the money back through the provider that
 * took it (Stripe's refund of its payment, or cash at the office). One rule for the staff's
 * refunds, a rider's cancellation and the recording of a refund.
 */
import 'server-only';
import { AppError } from '../../errors';
import { paymentProvider } from '../payments';
import { officeProvider } from '../payments/office';
import type { OrderRecords, PaymentRow } from './order-record';

/** Cents of `payment` not refunded yet, from its order's refunds. */
export function leftToRefund(refunds: OrderRecords['refunds'], payment: Pick<PaymentRow, 'id' | 'amountCents'>): number {
  return payment.amountCents - refunds.filter((r) => r.paymentId === payment.id).reduce((sum, r) => sum + r.amountCents, 0);
}

/**
 * The latest payment of the order with at least `cents` left to refund, or undefined when none
 * has; `keptOnly`: only payments the order kept (not those already decided to go back).
 */
export function paymentToRefund(records: Pick<OrderRecords, 'payments' | 'refunds'>, cents: number, options: { keptOnly?: boolean } = {}): PaymentRow | undefined {
  return [...records.payments].reverse().find((p) => (!options.keptOnly || p.disposition === 'keep') && leftToRefund(records.refunds, p) >= cents);
}

/**
 * Sends `cents` of `payment` back through the provider that took it, with `idempotencyKey` (the
 * same key refunds once), and answers the provider's refund id.
 * @throws AppError `service_unavailable` when that provider is not configured here or cannot be
 *   reached (try again with the same key).
 */
export async function refundThroughProvider(payment: PaymentRow, cents: number, idempotencyKey: string, reason: string): Promise<string> {
  const provider = payment.provider === 'office' ? officeProvider : paymentProvider();
  if (provider.name !== payment.provider) throw new AppError('service_unavailable', 'The provider of this payment is not configured on this site');
  const made = await provider.refund({ paymentTransactionId: payment.providerTransactionId ?? `office-${payment.id}`, amountCents: cents, idempotencyKey, reason: reason.trim().slice(0, 500) });
  return made.providerRefundId;
}
