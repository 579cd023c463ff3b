/**
 * The `expire-checkout` job (issue 26 "a session not paid by then is expired at Stripe and
 * released"): enqueued by the hold sweeper (./sweep-holds.ts) for each Stripe Checkout Session of
 * an order whose hold it released; asks Stripe to expire it (`expireCheckout`, idempotency key
 * `session:<id>:expire`), so the buyer's payment page stops taking money. A session Stripe says is
 * already `complete` (paid just before) is left to the webhook, which applies the late-payment
 * rule (kept if the goods are still free, else refunded). Stripe unreachable: the job throws and
 * the queue retries it with backoff; Stripe refusing the call (an unknown session) ends it with
 * `refused` (trying again would not help). Without `STRIPE_SECRET_KEY` nothing is called.
 *
 * No `server-only` marker: the worker runs it in the site's server under plain Node.
 */
import { AppError } from '../../errors';
import { serverEnv, stripeSettings } from '../config/env';
import type { PaymentProvider } from '../payments/provider';
import { stripeProvider } from '../payments/stripe';

/** The session to expire and its order (`orders.id`, for the log). */
export interface ExpireCheckoutPayload {
  sessionId: string;
  orderId: number;
}

/** What became of the session. */
export interface ExpireCheckoutJobResult {
  sessionId: string;
  status: 'expired' | 'complete' | 'none' | 'refused' | 'not_configured';
}

/**
 * Expires one session (see the module's docstring); `provider` defaults to Stripe from the settings.
 * @throws AppError `service_unavailable` when Stripe cannot be reached (the queue retries).
 */
export async function expireCheckoutSession(payload: ExpireCheckoutPayload, provider?: PaymentProvider): Promise<ExpireCheckoutJobResult> {
  const settings = provider ? null : stripeSettings(serverEnv());
  const chosen = provider ?? (settings ? stripeProvider(settings) : null);
  if (!chosen) return { sessionId: payload.sessionId, status: 'not_configured' };
  try {
    const { status } = await chosen.expireCheckout(payload.sessionId);
    if (status === 'complete') console.info(`[jobs] checkout session ${payload.sessionId} of order ${payload.orderId} was paid before it could be expired: the webhook records it as a late payment`);
    return { sessionId: payload.sessionId, status };
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_request') {
      console.error(`[jobs] Stripe refused to expire checkout session ${payload.sessionId} of order ${payload.orderId}: ${err.message}`);
      return { sessionId: payload.sessionId, status: 'refused' };
    }
    throw err;
  }
}
