/**
 * Stripe's webhook, acted on once (issue 26: "a signature-checked webhook on the raw body", "each
 * webhook event processed once (a table of event ids)", "the order paid only from the verified
 * webhook or by staff", "the delayed-payment events handled", "a payment arriving after expiry is
 * kept if the goods are still free, otherwise refunded by itself"; DESIGN.md "fulfilment runs from
 * the verified webhook and is safe to run twice"). The route `app/api/webhooks/stripe` hands the
 * raw body and the `Stripe-Signature` header here.
 *
 * Order of operations, all for one event in ONE database transaction (every checkout use case
 * called here takes the caller's `tx`):
 *  1. the signature is checked (`verifyStripeEvent`): nothing is read or written before;
 *  2. the event id is claimed (`claimProviderEvent`): a redelivery, or the same event processed by
 *     another instance at the same moment (it waits on the primary key, then finds the row),
 *     answers `duplicate` and changes nothing;
 *  3. the event is acted on: a payment recorded (`recordPayment`, which fulfils the order in the
 *     same transaction), a hold released (`releaseHold`), a refund made at Stripe recorded
 *     (`recordRefund`);
 *  4. a payment that must go back (late with its goods taken, or the order already paid) is
 *     refunded through Stripe INSIDE the transaction, with the order's row still locked, then
 *     recorded with the same idempotency key; the transaction commits; cache tags are revalidated.
 * A crash or an error anywhere rolls everything back, the claim included, so Stripe's next
 * delivery does the whole work again. The only step outside the database is the refund call,
 * and it is keyed by the payment intent (`refund:checkout-<pi_…>`): if the transaction is lost
 * after Stripe refunded, the redelivery's call with the same key is answered with the first
 * refund and nothing is sent back twice. Holding the order's lock during that call also makes a
 * `charge.refunded` event for our own refund wait until the refund is recorded, so it is never
 * recorded a second time.
 */
import 'server-only';
import { and, eq, sum } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { revalidateTags } from '@/lib/server/cache';
import { claimProviderEvent, findOrder, lockOrder, recordPayment, recordRefund, releaseHold, type OrderRow } from '@/lib/server/checkout/server';
import { serverEnv, stripeSettings, type ServerEnv } from '@/lib/server/config/env';
import { getDb, type Tx } from '@/lib/server/db';
import { payments, refunds } from '@/lib/server/db/schema';
import { refundIdempotencyKey } from './idempotency-keys';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe';
import { parseStripeEvent, verifyStripeEvent, type StripeWebhookEvent } from './stripe-webhook';

/** The largest webhook body read, in bytes (Stripe's events are a few KB; a Checkout Session with many lines stays far below). */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The reason recorded with a payment the checkout sent back by itself (shown to staff and on the receipt). */
export const LATE_PAYMENT_REFUND_REASON = {
  late_goods_taken: 'Paid after the hold ended; what it reserved was taken: refunded automatically',
  already_paid: 'The order was already paid: refunded automatically',
} as const;

/** The reason recorded for a refund made at Stripe (its dashboard) that the site did not ask for. */
export const PROVIDER_REFUND_REASON = 'Refunded at Stripe';

/** What the webhook answers Stripe (200). */
export interface StripeWebhookAnswer {
  received: true;
  /** True when this event id was processed already: nothing was done this time. */
  duplicate?: true;
  /** The event's kind as acted on (`checkout_completed` …, `ignored`). */
  kind?: StripeWebhookEvent['kind'];
}

/** What the handler needs besides the delivery; each defaults to the process's settings. */
export interface StripeWebhookOptions {
  /** The endpoint's signing secret (default `STRIPE_WEBHOOK_SECRET`). */
  secret?: string;
  /** The provider refunds go through (default Stripe from `STRIPE_SECRET_KEY` / `STRIPE_API_BASE`). */
  provider?: PaymentProvider;
  env?: Pick<ServerEnv, 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>;
}

/**
 * Verifies and processes one Stripe webhook delivery (see the module's docstring).
 * @param rawBody the request's body exactly as received.
 * @param signatureHeader the `Stripe-Signature` header.
 * @returns the 200 answer: `{ received: true, duplicate: true }` for an event already processed.
 * @throws AppError `webhook_not_configured` (503, no `STRIPE_WEBHOOK_SECRET`); `invalid_signature`
 *   (400: missing, forged, other body, older than 5 minutes); `invalid_json` (400);
 *   `service_unavailable` (Stripe unreachable for a refund: nothing recorded, Stripe delivers again).
 */
export async function handleStripeEvent(rawBody: string, signatureHeader: string | null, options: StripeWebhookOptions = {}): Promise<StripeWebhookAnswer> {
  const env = options.env ?? serverEnv();
  const secret = options.secret ?? env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('webhook_not_configured', 'The Stripe webhook is not configured on this site');
  const event = parseStripeEvent(verifyStripeEvent(rawBody, signatureHeader, secret));

  const tags: string[] = [];
  const answer = await getDb().transaction(async (tx) => {
    const order = await orderOf(tx, event);
    const claimed = await claimProviderEvent(tx, { provider: 'stripe', eventId: event.eventId, type: event.type, orderId: order?.id ?? null });
    if (!claimed) return { received: true, duplicate: true } as const;
    // A session or charge this site did not make (another site on the same account): acknowledged, nothing to do.
    if (!order) return { received: true, kind: 'ignored' } as const;
    await act(tx, event, order, options, env, tags);
    return { received: true, kind: event.kind } as const;
  });
  if (tags.length) await revalidateTags([...new Set(tags)]);
  return answer;
}

/** The order an event is about (by its public id, else a charge's payment intent), or null. */
async function orderOf(tx: Tx, event: StripeWebhookEvent): Promise<OrderRow | null> {
  if (event.kind === 'ignored') return null;
  if (event.orderPublicId) {
    const order = await findOrder(event.orderPublicId, tx);
    if (order) return order;
  }
  if (event.kind === 'charge_refunded' && event.paymentIntentId) {
    const [paid] = await tx.select({ orderId: payments.orderId }).from(payments).where(and(eq(payments.provider, 'stripe'), eq(payments.providerTransactionId, event.paymentIntentId)));
    if (paid) return findOrder(paid.orderId, tx);
  }
  return null;
}

async function act(tx: Tx, event: StripeWebhookEvent, order: OrderRow, options: StripeWebhookOptions, env: NonNullable<StripeWebhookOptions['env']>, tags: string[]): Promise<void> {
  switch (event.kind) {
    case 'checkout_completed':
    case 'async_payment_succeeded': {
      if (event.kind === 'checkout_completed' && !event.paid) return; // a delayed method: its outcome comes later
      if (event.amountCents < 1) return; // nothing was charged: nothing to record
      const transactionId = event.paymentIntentId ?? event.sessionId;
      const result = await recordPayment({ order: order.id, provider: 'stripe', amountCents: event.amountCents, providerTransactionId: transactionId }, tx);
      tags.push(...result.tags);
      if (result.action !== 'refund') return;
      // Money that must go back: unless a refund is already recorded against this payment (a redelivery under another event id).
      const [already] = await tx.select({ cents: sum(refunds.amountCents) }).from(refunds).where(eq(refunds.paymentId, result.paymentId));
      const left = event.amountCents - Number(already?.cents ?? 0);
      if (left < 1) return;
      const reason = LATE_PAYMENT_REFUND_REASON[result.reason as keyof typeof LATE_PAYMENT_REFUND_REASON] ?? LATE_PAYMENT_REFUND_REASON.already_paid;
      const idempotencyKey = refundIdempotencyKey(`checkout-${transactionId}`);
      const provider = options.provider ?? providerFrom(env);
      const made = await provider.refund({ paymentTransactionId: transactionId, amountCents: left, idempotencyKey, reason });
      await recordRefund('checkout', { order: order.id, amountCents: left, reason, idempotencyKey, paymentId: result.paymentId, providerRefundId: made.providerRefundId }, tx);
      return;
    }
    case 'async_payment_failed':
      await releaseHold(order.id, 'payment_failed', { tx });
      return;
    case 'checkout_expired':
      await releaseHold(order.id, 'provider_expired', { tx });
      return;
    case 'charge_refunded': {
      if (!event.paymentIntentId) return;
      await lockOrder(tx, order.id);
      const [payment] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), eq(payments.providerTransactionId, event.paymentIntentId)));
      if (!payment) return; // a charge this order never recorded
      const [recorded] = await tx.select({ cents: sum(refunds.amountCents) }).from(refunds).where(eq(refunds.paymentId, payment.id));
      const missing = event.refundedCents - Number(recorded?.cents ?? 0);
      if (missing < 1) return; // every refund of this charge is recorded already (ours, or an earlier event)
      await recordRefund(
        'checkout',
        { order: order.id, amountCents: missing, reason: PROVIDER_REFUND_REASON, idempotencyKey: refundIdempotencyKey(`stripe-${event.chargeId}-${event.refundedCents}`), paymentId: payment.id },
        tx,
      );
      return;
    }
    case 'ignored':
      return;
  }
}

/** Stripe from the settings, for refunds. @throws AppError `service_unavailable` when no `STRIPE_SECRET_KEY` is set (a late payment cannot be sent back: rolled back, delivered again later). */
function providerFrom(env: NonNullable<StripeWebhookOptions['env']>): PaymentProvider {
  const settings = stripeSettings(env);
  if (!settings) throw new AppError('service_unavailable', 'STRIPE_SECRET_KEY is not set: a payment to send back cannot be refunded');
  return stripeProvider(settings);
}
