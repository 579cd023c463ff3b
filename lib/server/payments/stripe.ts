/**
 * Stripe Checkout as a payment provider (issue 26 "Providers behind one interface": Stripe
 * Checkout when `STRIPE_SECRET_KEY` is set; DESIGN.md row "payments", library `stripe`).
 *
 * The client: one per process (per key and API base), `apiVersion` pinned so Stripe's replies keep
 * the shape this code reads whatever the account's default version; `maxNetworkRetries` 2 with the
 * library's backoff (it retries connection errors, 409, 429 and 5xx, and honours
 * `Stripe-Should-Retry`); a timeout of 20 s per try; telemetry off. `STRIPE_API_BASE` points it at a
 * stand-in (tests: `tests/stubs/stripe-server.ts`); Stripe itself cannot be reached from the
 * development machines.
 *
 * Every call that writes at Stripe carries an idempotency key derived from our own ids
 * (`idempotency-keys.ts`): the library's retries and ours reuse it, so nothing is created twice.
 *
 * Line items: one `price_data` line per order line (CAD, `unit_amount` in cents, net of its
 * discount) and one per tax ("GST 5 %"), never Stripe's `tax_rates` nor Stripe Tax. The order was
 * priced once by `priceOrder` (taxes rounded per line, totals exact); Stripe computing the tax
 * again could round differently, and a promo as a Stripe coupon would need objects created ahead.
 * So Stripe charges exactly `totalCents`, which is checked before the call (`amount_total` of the
 * reply is checked again).
 *
 * Holds: an order holds its goods 15 minutes (`HOLD_MINUTES`), but Stripe takes an `expires_at`
 * only between 30 minutes and 24 hours after the session's creation. The session is therefore
 * created to expire 31 minutes after the order was made (`sessionExpiry`; or at the hold's end when
 * that is later), and the hold sweeper expires it explicitly with `expireCheckout` when the hold ends.
 * A payment that completes between the hold's end and that call is a late payment: the order code
 * keeps it if the goods are still free, else refunds it (`latePaymentAction`).
 *
 * No `server-only` marker: the job worker (hold sweeper, late-payment refunds) loads it under plain Node.
 */
import Stripe from 'stripe';
import type { Locale } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { CheckoutError } from '@/lib/server/checkout/errors';
import { HOLD_MINUTES } from '@/lib/server/checkout/order-state';
import { assertCents, assertQuantity, sumCents } from '@/lib/server/checkout/money';
import type { StripeSettings } from '@/lib/server/config/env';
import { checkoutIdempotencyKey, expireIdempotencyKey } from './idempotency-keys';
import type { CheckoutLine, ExpireCheckoutResult, PaymentProvider, RefundInput, RefundResult, StartCheckoutInput, StartCheckoutResult } from './provider';

/** The Stripe API version this code was written against and reads replies in (pinned: an account's default may move). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
/** Tries after the first for a call that failed in a way worth retrying (the library waits 0.5 s, 1 s … between them). */
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** How long one try may take before it counts as failed, in ms. */
export const STRIPE_TIMEOUT_MS = 20_000;
/** Stripe's shortest `expires_at`, in minutes after the session's creation. */
export const STRIPE_MIN_EXPIRY_MINUTES = 30;
/** Stripe's longest `expires_at`, in minutes after the session's creation. */
export const STRIPE_MAX_EXPIRY_MINUTES = 24 * 60;
/** The smallest amount Stripe charges in Canadian dollars, in cents (an order of 0 cents is paid at its creation and never comes here). */
export const STRIPE_MIN_CHARGE_CENTS = 50;
/** The currency of every amount the site charges. */
export const CURRENCY = 'cad';

/** The payment page's language for a site language (Stripe Checkout's `locale`: it has Canadian French). */
const CHECKOUT_LOCALES: Record<Locale, 'en' | 'fr-CA' | 'es'> = { en: 'en', fr: 'fr-CA', es: 'es' };

let cached: { id: string; client: Stripe } | undefined;

/**
 * The Stripe client of this process for `settings` (built once; built again only when the key or
 * the API base changes, which only tests do).
 */
export function stripeClient(settings: StripeSettings): Stripe {
  const id = `${settings.secretKey}|${settings.api ? `${settings.api.protocol}://${settings.api.host}:${settings.api.port}` : ''}`;
  if (cached?.id === id) return cached.client;
  const client = new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'll-federation-site' },
    ...(settings.api ? { protocol: settings.api.protocol, host: settings.api.host, port: settings.api.port } : {}),
  });
  cached = { id, client };
  return client;
}

/**
 * The moment a new session stops taking payment (Stripe's `expires_at`, whole seconds), the same
 * for every try at starting one order's payment, so a second try with the same idempotency key
 * sends the same parameters and Stripe answers the first session again (other parameters would be
 * an `idempotency_error`). Stripe takes 30 minutes at least: the hold's end when it is far enough
 * (a hold of more than 31 minutes), else 31 minutes after the order was made (a 15-minute hold
 * ends `HOLD_MINUTES` after it: + 16 minutes; one minute for the clocks' difference). Only when
 * that is already too close (a try long after the order was made) is it 31 minutes from `now`;
 * never more than 24 hours (less one minute) from `now`. The hold sweeper expires the session at
 * the hold's end (see the module's docstring).
 */
export function sessionExpiry(holdExpiresAt: Date, now: Date = new Date()): Date {
  const minute = 60_000;
  const soonest = now.getTime() + STRIPE_MIN_EXPIRY_MINUTES * minute + 30_000;
  let at = holdExpiresAt.getTime();
  if (at < soonest) at = holdExpiresAt.getTime() + (STRIPE_MIN_EXPIRY_MINUTES + 1 - HOLD_MINUTES) * minute;
  if (at < soonest) at = now.getTime() + (STRIPE_MIN_EXPIRY_MINUTES + 1) * minute;
  at = Math.min(at, now.getTime() + (STRIPE_MAX_EXPIRY_MINUTES - 1) * minute);
  return new Date(Math.ceil(at / 1000) * 1000);
}

function lineItem(line: CheckoutLine): Stripe.Checkout.SessionCreateParams.LineItem {
  const amount = assertCents(line.amountCents, 'line amount');
  const quantity = assertQuantity(line.quantity ?? 1);
  // A line whose amount does not split into whole cents per unit (a discount on 3) is sent as one.
  const whole = amount % quantity === 0;
  return {
    quantity: whole ? quantity : 1,
    price_data: {
      currency: CURRENCY,
      unit_amount: whole ? amount / quantity : amount,
      product_data: { name: whole || quantity === 1 ? line.description : `${line.description} × ${quantity}` },
    },
  };
}

/** The `line_items` of a session for `input`: its lines, then one per tax. @throws CheckoutError `invalid_amount` when they do not add up to `totalCents`. */
export function stripeLineItems(input: Pick<StartCheckoutInput, 'lines' | 'taxes' | 'totalCents'>): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const items = [
    ...input.lines.map(lineItem),
    ...input.taxes.filter((tax) => assertCents(tax.cents, 'tax') > 0).map((tax) => lineItem({ description: tax.label, amountCents: tax.cents })),
  ];
  const sum = sumCents(items.map((item) => (item.price_data?.unit_amount ?? 0) * (item.quantity ?? 1)));
  if (sum !== assertCents(input.totalCents, 'total')) {
    throw new CheckoutError('invalid_amount', `The lines and taxes add up to ${sum} cents, not the order's total of ${input.totalCents}`);
  }
  return items;
}

/**
 * A Stripe failure as an `AppError`: `service_unavailable` (503) when trying again may work
 * (Stripe unreachable, timed out, rate limited, or failing: the library already retried), else
 * `invalid_request` (Stripe refused the call: a declined card, an unknown payment, a refund too
 * large). The Stripe error is the `cause`; its message names Stripe's code.
 */
export function stripeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 500) >= 500;
    const what = `Stripe ${error.statusCode ?? 'unreachable'}${error.code ? ` ${error.code}` : ''}: ${error.message}`;
    return new AppError(retryable ? 'service_unavailable' : 'invalid_request', what, { cause: error });
  }
  return new AppError('service_unavailable', `Stripe: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** The Stripe Checkout provider for `settings` (see the module's docstring). */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = () => stripeClient(settings);
  const provider: PaymentProvider = {
    name: 'stripe',

    /**
     * Creates a Checkout Session (mode `payment`, CAD): `client_reference_id` and
     * `metadata.orderPublicId` = the order's public id (the PaymentIntent carries it too, so its
     * charge's refund events name the order); idempotency key `order:<publicId>:checkout:<attempt>`.
     */
    async startCheckout(input: StartCheckoutInput): Promise<StartCheckoutResult> {
      const lineItems = stripeLineItems(input);
      if (input.totalCents < STRIPE_MIN_CHARGE_CENTS) {
        throw new CheckoutError('invalid_amount', `Stripe charges at least ${STRIPE_MIN_CHARGE_CENTS} cents; order ${input.orderPublicId} totals ${input.totalCents}`);
      }
      const expiresAt = sessionExpiry(input.holdExpiresAt);
      const metadata = { orderPublicId: input.orderPublicId };
      const session = await call(() =>
        stripe().checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lineItems,
            client_reference_id: input.orderPublicId,
            metadata,
            payment_intent_data: { metadata },
            customer_email: input.email,
            locale: CHECKOUT_LOCALES[input.locale],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(expiresAt.getTime() / 1000),
          },
          { idempotencyKey: checkoutIdempotencyKey(input.orderPublicId, input.attempt ?? 1) },
        ),
      );
      if (!session.url) throw new AppError('service_unavailable', `Stripe answered session ${session.id} without a payment page`);
      if (session.amount_total !== input.totalCents) {
        // Our lines were checked against the total: a difference means Stripe added something (a setting of the account).
        await provider.expireCheckout(session.id).catch(() => undefined);
        throw new AppError('service_unavailable', `Stripe would charge ${session.amount_total} cents for order ${input.orderPublicId}, not ${input.totalCents}`);
      }
      return { kind: 'redirect', url: session.url, sessionId: session.id, expiresAt: new Date(session.expires_at * 1000) };
    },

    /**
     * Expires the session (idempotency key `session:<id>:expire`). A session that is no longer
     * open is not an error: it is read back and its status answered (`complete`: paid meanwhile).
     */
    async expireCheckout(sessionId: string): Promise<ExpireCheckoutResult> {
      try {
        const session = await stripe().checkout.sessions.expire(sessionId, {}, { idempotencyKey: expireIdempotencyKey(sessionId) });
        return { status: session.status === 'complete' ? 'complete' : 'expired' };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode === 404) throw stripeFailure(error);
        const session = await call(() => stripe().checkout.sessions.retrieve(sessionId));
        if (session.status === 'open') throw stripeFailure(error);
        return { status: session.status === 'complete' ? 'complete' : 'expired' };
      }
    },

    /**
     * Refunds `amountCents` of the PaymentIntent `paymentTransactionId` with the caller's
     * idempotency key (`refund:<refundPublicId>`); staff's words go in `metadata.reason` (Stripe's
     * own `reason` is left unset: none of its three values says "the federation decided").
     */
    async refund(input: RefundInput): Promise<RefundResult> {
      assertCents(input.amountCents, 'refund');
      if (input.amountCents === 0) throw new CheckoutError('invalid_amount', 'A refund of 0 cents');
      if (!input.idempotencyKey) throw new Error('A refund needs its idempotency key');
      const refund = await call(() =>
        stripe().refunds.create(
          {
            payment_intent: input.paymentTransactionId,
            amount: input.amountCents,
            metadata: { reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { providerRefundId: refund.id };
    },
  };
  return provider;
}
