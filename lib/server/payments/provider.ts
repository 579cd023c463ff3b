/**
 * Payment providers behind one interface (issue 26 "Providers behind one interface"; spec §1
 * external card payment, §3 Transaction: provider transaction id; DESIGN.md row "payments").
 *
 * Two providers exist:
 * - `office` ("pay at the office or gate", the default when no key is set): nothing leaves the
 *   site; the order is reserved and unpaid until staff mark it paid (`office.ts`);
 * - `stripe` (Stripe Checkout, when `STRIPE_SECRET_KEY` is set): the buyer is sent to Stripe's
 *   hosted page; the order is paid only from the signature-checked webhook (`stripe-webhook.ts`),
 *   never from the return page (`stripe.ts`).
 *
 * A provider takes plain inputs (an order's public id, its lines in cents, the buyer's email and
 * language, the return addresses) and returns plain results, so the order code
 * (`lib/server/checkout`) records what it gets as new facts and never depends on a provider's types.
 *
 * No `server-only` marker: the job worker (hold sweeper, late-payment refunds) loads the
 * providers under plain Node.
 */
import type { Locale } from '@/lib/config';
import type { Cents } from '@/lib/server/checkout/money';
import { PAYMENT_PROVIDERS, type PaymentProvider as ProviderName } from '@/lib/server/checkout/records';
import { serverEnv, stripeSettings, type ServerEnv } from '@/lib/server/config/env';
import { officeProvider } from './office';
import { stripeProvider } from './stripe';

/** The providers the site knows: the one list (lib/server/checkout/records.ts) that also feeds the database enum and the zod enum. */
export { PAYMENT_PROVIDERS };
export type PaymentProviderName = ProviderName;

/** One line the buyer pays, as the hosted payment page shows it. */
export interface CheckoutLine {
  /** What is bought, already in the buyer's language ("Licence 2027 – Adult"). */
  description: string;
  /** What the line costs in whole cents, after its discount and before tax (the priced line's subtotal − discount); ≥ 0. */
  amountCents: Cents;
  /** How many (default 1). Sent as Stripe's quantity only when `amountCents` divides evenly by it. */
  quantity?: number;
}

/** One tax of the order, summed over its lines ("GST 5 %": 500 cents). */
export interface CheckoutTax {
  /** The tax's name and rate as the buyer reads it, in their language ("TPS 5 %"). */
  label: string;
  cents: Cents;
}

/** What starting a payment needs. */
export interface StartCheckoutInput {
  /** The order's public id (never its database key): Stripe's `client_reference_id` and `metadata.orderPublicId`. */
  orderPublicId: string;
  /** The goods, each net of its discount. */
  lines: readonly CheckoutLine[];
  /** The taxes, each its own line on the payment page. */
  taxes: readonly CheckoutTax[];
  /** The order's total in cents: must equal Σ lines + Σ taxes (checked; a mismatch is a bug, `invalid_amount`). */
  totalCents: Cents;
  /** The buyer's email, prefilled on the payment page and used by Stripe for its own receipt when enabled. */
  email: string;
  /** The buyer's site language: the payment page's language. */
  locale: Locale;
  /** Absolute URL the buyer comes back to after paying. It may contain `{CHECKOUT_SESSION_ID}`, which Stripe fills in. It never marks the order paid. */
  successUrl: string;
  /** Absolute URL the buyer comes back to when they give up on the payment page. */
  cancelUrl: string;
  /** The end of the order's hold (`holdExpiresAt`, 15 minutes after it was created). */
  holdExpiresAt: Date;
  /**
   * Which try at paying this order this is (default 1): part of the idempotency key, so a second
   * session for the same order (the first expired at Stripe before the hold ended) is a new one.
   */
  attempt?: number;
}

/** Where the buyer goes next. */
export type StartCheckoutResult =
  /** Send the buyer to `url` (Stripe's hosted page); `sessionId` (`cs_…`) names the session; the page stops taking payment at `expiresAt`. */
  | { kind: 'redirect'; url: string; sessionId: string; expiresAt: Date }
  /** Nothing to do online: the order stays reserved and unpaid until staff mark it paid. */
  | { kind: 'reserved' };

/** What became of a session asked to stop taking payment. */
export interface ExpireCheckoutResult {
  /**
   * `expired`: it takes no payment any more (it was expired now, or earlier); `complete`: the
   * buyer paid before it could be expired (the webhook will say so: the order code treats it as
   * a late payment); `none`: the provider has no sessions (office).
   */
  status: 'expired' | 'complete' | 'none';
}

/** A refund asked of the provider. */
export interface RefundInput {
  /** The provider's id of the payment refunded: a Stripe PaymentIntent (`pi_…`), or the office payment's reference. */
  paymentTransactionId: string;
  /** Whole cents > 0, at most what is left to refund (the order code checks with `assertRefund`). */
  amountCents: Cents;
  /**
   * The same key for every try of this one refund (derive it with `refundIdempotencyKey` from the
   * refund's own id): a retried call never refunds twice.
   */
  idempotencyKey: string;
  /** Why, as staff wrote it (kept with the refund at the provider, up to 500 characters). */
  reason: string;
}

/** The provider's id of the refund made (`re_…` at Stripe). */
export interface RefundResult {
  providerRefundId: string;
}

/**
 * A way to take money (issue 26). Every method that writes at an external provider sends an
 * idempotency key derived from our own ids, so retrying one never writes twice.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Starts paying an order: a hosted page to send the buyer to, or nothing to do (office).
   * @throws AppError `invalid_amount` when the lines and taxes do not add up to `totalCents`;
   *   `service_unavailable` when the provider cannot be reached (it was retried first).
   */
  startCheckout(input: StartCheckoutInput): Promise<StartCheckoutResult>;
  /**
   * Stops a session taking payment (the hold ended, or the buyer started again). Safe to call
   * twice. @throws AppError `service_unavailable` when the provider cannot be reached.
   */
  expireCheckout(sessionId: string): Promise<ExpireCheckoutResult>;
  /**
   * Sends money back. @throws AppError `service_unavailable` (provider unreachable: try again
   * with the same key) or `invalid_request` (the provider refused it: the message says why).
   */
  refund(input: RefundInput): Promise<RefundResult>;
}

/**
 * The payment provider this site uses: Stripe Checkout when `STRIPE_SECRET_KEY` is set, else
 * "pay at the office or gate". `env` defaults to the process's (tests pass their own).
 */
export function paymentProvider(env: Pick<ServerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'> = serverEnv()): PaymentProvider {
  const stripe = stripeSettings(env);
  return stripe ? stripeProvider(stripe) : officeProvider;
}
