/**
 * Stripe's webhook events (issue 26: "a signature-checked webhook on the raw body", "the
 * delayed-payment events handled", "the order paid only from the verified webhook or by staff";
 * DESIGN.md: a webhook route reads the raw body and hands it to `payments/<provider>-webhook.ts`).
 *
 * `verifyStripeEvent` checks the `Stripe-Signature` header against the raw body with the library's
 * `webhooks.constructEvent` (HMAC-SHA256 with the endpoint's secret, timestamp at most
 * `STRIPE_WEBHOOK_TOLERANCE_S` old so a captured delivery cannot be replayed later);
 * `parseStripeEvent` reduces a verified event to the few facts the order code acts on. Processing
 * each event once (a table of event ids) is the order code's part.
 */
import 'server-only';
import Stripe from 'stripe';
import { AppError } from '@/lib/errors';

/** How old a signed delivery may be, in seconds (Stripe's default: 5 minutes). Older: a replay, refused. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/**
 * The event Stripe sent, once its signature is checked. `rawBody` must be the request's body
 * exactly as received (text or bytes), never JSON parsed and serialised again.
 * @throws AppError `invalid_signature` (400) when the header is missing or malformed, the
 *   signature does not match the body and `secret`, or its timestamp is older than
 *   `STRIPE_WEBHOOK_TOLERANCE_S`; `invalid_json` (400) for a correctly signed body that is not JSON.
 */
export function verifyStripeEvent(rawBody: string | Buffer, signatureHeader: string | null | undefined, secret: string): Stripe.Event {
  if (!signatureHeader) throw new AppError('invalid_signature', 'The Stripe-Signature header is missing');
  if (!secret) throw new Error('verifyStripeEvent needs the webhook signing secret');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, STRIPE_WEBHOOK_TOLERANCE_S);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new AppError('invalid_signature', error.message, { cause: error });
    if (error instanceof SyntaxError) throw new AppError('invalid_json', undefined, { cause: error });
    throw error;
  }
}

/** What every event we act on carries. */
interface EventBase {
  /** Stripe's event id (`evt_…`): the key that makes processing it twice a no-op. */
  eventId: string;
  /** Stripe's event type (`checkout.session.completed` …). */
  type: string;
  /** Whether it comes from live mode (false: test mode). */
  livemode: boolean;
}

/** What a Checkout Session event says about an order. */
interface SessionFacts extends EventBase {
  /** The order's public id (`metadata.orderPublicId`, else `client_reference_id`). */
  orderPublicId: string;
  /** The session (`cs_…`). */
  sessionId: string;
  /** The PaymentIntent (`pi_…`): the payment's provider transaction id; null before the buyer paid. */
  paymentIntentId: string | null;
  /** What the session charges (`amount_total`), in cents. */
  amountCents: number;
  /** Lower case ISO code (`cad`). */
  currency: string;
}

/**
 * The events the order code acts on (issue 26), everything else `ignored`:
 * - `checkout_completed`: the buyer finished the payment page; `paid` is true when the money is
 *   there (`payment_status` `paid`, or `no_payment_required`), false for a delayed method whose
 *   outcome comes later in `async_payment_succeeded` / `async_payment_failed`;
 * - `checkout_expired`: the session stopped taking payment (released by us or by Stripe);
 * - `charge_refunded`: money sent back (by us or from Stripe's dashboard); `refundedCents` is
 *   the charge's total refunded so far, not this refund's amount.
 */
export type StripeWebhookEvent =
  | (SessionFacts & { kind: 'checkout_completed'; paid: boolean; paymentStatus: string })
  | (SessionFacts & { kind: 'async_payment_succeeded' })
  | (SessionFacts & { kind: 'async_payment_failed' })
  | (SessionFacts & { kind: 'checkout_expired' })
  | (EventBase & {
      kind: 'charge_refunded';
      /** The order's public id when the charge carries it (`metadata.orderPublicId`, copied from the PaymentIntent); else null: match by `paymentIntentId`. */
      orderPublicId: string | null;
      chargeId: string;
      paymentIntentId: string | null;
      /** What the charge took, in cents. */
      amountCents: number;
      /** What has been refunded of it so far (`amount_refunded`), in cents. */
      refundedCents: number;
      currency: string;
    })
  | (EventBase & { kind: 'ignored' });

const SESSION_EVENTS = {
  'checkout.session.completed': 'checkout_completed',
  'checkout.session.async_payment_succeeded': 'async_payment_succeeded',
  'checkout.session.async_payment_failed': 'async_payment_failed',
  'checkout.session.expired': 'checkout_expired',
} as const;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);
/** An id from a field that is an id or, when expanded, the object itself. */
const idOf = (value: unknown): string | null => str(value) ?? (isObj(value) ? str(value.id) : null);
const orderIdOf = (object: Obj): string | null => (isObj(object.metadata) ? str(object.metadata.orderPublicId) : null);

/**
 * The facts of a verified event that the order code acts on (see `StripeWebhookEvent`). A session
 * event without an order id (a session this site did not create, sharing the Stripe account) and
 * any other type are `ignored`. Pure: reads the event only.
 */
export function parseStripeEvent(event: Pick<Stripe.Event, 'id' | 'type' | 'livemode' | 'data'>): StripeWebhookEvent {
  const base: EventBase = { eventId: event.id, type: event.type, livemode: event.livemode };
  const object: Obj = isObj(event.data?.object) ? (event.data.object as unknown as Obj) : {};
  const sessionKind = SESSION_EVENTS[event.type as keyof typeof SESSION_EVENTS];
  if (sessionKind) {
    const orderPublicId = orderIdOf(object) ?? str(object.client_reference_id);
    const sessionId = str(object.id);
    if (!orderPublicId || !sessionId) return { ...base, kind: 'ignored' };
    const facts: SessionFacts = {
      ...base,
      orderPublicId,
      sessionId,
      paymentIntentId: idOf(object.payment_intent),
      amountCents: num(object.amount_total),
      currency: str(object.currency) ?? '',
    };
    if (sessionKind === 'checkout_completed') {
      const paymentStatus = str(object.payment_status) ?? 'unpaid';
      return { ...facts, kind: sessionKind, paymentStatus, paid: paymentStatus === 'paid' || paymentStatus === 'no_payment_required' };
    }
    return { ...facts, kind: sessionKind };
  }
  if (event.type === 'charge.refunded') {
    const chargeId = str(object.id);
    if (!chargeId) return { ...base, kind: 'ignored' };
    return {
      ...base,
      kind: 'charge_refunded',
      orderPublicId: orderIdOf(object),
      chargeId,
      paymentIntentId: idOf(object.payment_intent),
      amountCents: num(object.amount),
      refundedCents: num(object.amount_refunded),
      currency: str(object.currency) ?? '',
    };
  }
  return { ...base, kind: 'ignored' };
}
