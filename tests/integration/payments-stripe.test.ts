/**
 * Stripe Checkout behind the payment interface (issue 26): the real `stripe` client against the
 * HTTP stand-in of tests/stubs/stripe-server.ts (Stripe cannot be reached from these machines):
 * sessions with the order's amounts, reference and metadata, idempotent refunds and retries, the
 * session expired at the hold's end; and webhook deliveries signed with the library's test-header
 * helper: accepted when genuine, refused (`invalid_signature`) when forged, tampered or replayed,
 * and reduced to the facts the order code acts on.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { priceOrder } from '@/lib/server/checkout/pricing';
import { checkoutAmounts } from '@/lib/server/payments/checkout-amounts';
import { refundIdempotencyKey } from '@/lib/server/payments/idempotency-keys';
import { paymentProvider, type PaymentProvider, type StartCheckoutInput } from '@/lib/server/payments/provider';
import { STRIPE_API_VERSION } from '@/lib/server/payments/stripe';
import { parseStripeEvent, verifyStripeEvent } from '@/lib/server/payments/stripe-webhook';
import { signedDelivery, startStripeStub, stripeEvent, type StripeStub } from '../stubs/stripe-server';

const SECRET = 'whsec_test_secret_for_the_stub';
let stub: StripeStub;
let stripe: PaymentProvider;

beforeAll(async () => {
  stub = await startStripeStub();
  stripe = paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_API_BASE: stub.url });
});
afterAll(async () => {
  await stub?.close();
});
beforeEach(() => stub.reset());

const order = (over: Partial<StartCheckoutInput> = {}): StartCheckoutInput => ({
  orderPublicId: 'ord_7Kq2',
  lines: [{ description: 'Licence 2027 – adulte', amountCents: 10_000 }],
  taxes: [
    { label: 'TPS 5 %', cents: 500 },
    { label: 'TVQ 9,975 %', cents: 998 },
  ],
  totalCents: 11_498,
  email: 'rider@example.org',
  locale: 'fr',
  successUrl: 'http://localhost:3000/ll/fr/account/orders/ord_7Kq2?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/ll/fr/membership/type',
  holdExpiresAt: new Date(Date.now() + 15 * 60_000),
  ...over,
});

/** A session of a new order (`orderPublicId`) that the buyer paid. */
async function paidSession(orderPublicId = 'ord_7Kq2') {
  const started = await stripe.startCheckout(order({ orderPublicId }));
  if (started.kind !== 'redirect') throw new Error('expected a redirect');
  const session = stub.completeSession(started.sessionId);
  return { started, session, paymentIntentId: session.payment_intent as string };
}

const failure = async (work: Promise<unknown>): Promise<AppError> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('Stripe Checkout through the real client', () => {
  it('creates one session with the order’s amounts, reference, metadata and language, and sends the buyer to its page', async () => {
    const before = Math.floor(Date.now() / 1000);
    const started = await stripe.startCheckout(order());
    expect(started.kind).toBe('redirect');
    if (started.kind !== 'redirect') return;
    expect(started.sessionId).toMatch(/^cs_test_/);
    expect(started.url).toBe(`https://checkout.stripe.com/c/pay/${started.sessionId}`);

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request.idempotencyKey).toBe('order:ord_7Kq2:checkout:1');
    expect(request.body).toMatchObject({
      mode: 'payment',
      client_reference_id: 'ord_7Kq2',
      metadata: { orderPublicId: 'ord_7Kq2' },
      payment_intent_data: { metadata: { orderPublicId: 'ord_7Kq2' } },
      customer_email: 'rider@example.org',
      locale: 'fr-CA',
      line_items: [
        { quantity: '1', price_data: { currency: 'cad', unit_amount: '10000', product_data: { name: 'Licence 2027 – adulte' } } },
        { quantity: '1', price_data: { currency: 'cad', unit_amount: '500', product_data: { name: 'TPS 5 %' } } },
        { quantity: '1', price_data: { currency: 'cad', unit_amount: '998', product_data: { name: 'TVQ 9,975 %' } } },
      ],
    });

    const session = stub.sessions.get(started.sessionId)!;
    expect(session).toMatchObject({ object: 'checkout.session', amount_total: 11_498, currency: 'cad', status: 'open', payment_status: 'unpaid' });
    // The 15-minute hold is shorter than Stripe's 30-minute minimum: the session runs 31 minutes and our sweeper expires it at the hold's end.
    const expiresAt = session.expires_at as number;
    expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(31 * 60 + 5);
    expect(started.expiresAt.getTime()).toBe(expiresAt * 1000);
  });

  it('charges exactly what priceOrder computed for a discounted Quebec order, taxes as their own lines', async () => {
    const priced = priceOrder({
      lines: [
        { kind: 'membership', description: 'Licence 2027 – adulte', unitCents: 12_500, quantity: 1 },
        { kind: 'membership', description: 'Licence 2027 – junior', unitCents: 7_500, quantity: 2 },
      ],
      province: 'QC',
      date: '2027-01-10',
      promo: { code: 'HIVER15', kind: 'percent', value: 1_500, appliesTo: ['membership'] },
    });
    const started = await stripe.startCheckout(order({ ...checkoutAmounts(priced, (tax) => `${tax.code === 'GST' ? 'TPS' : 'TVQ'} ${tax.rate / 1000} %`) }));
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    const session = stub.sessions.get(started.sessionId)!;
    expect(session.amount_total).toBe(priced.totalCents);
    const items = stub.requests[0].body.line_items as { quantity: string; price_data: { unit_amount: string; product_data: { name: string } } }[];
    expect(items.map((i) => [i.price_data.product_data.name, Number(i.price_data.unit_amount) * Number(i.quantity)])).toEqual([
      ['Licence 2027 – adulte', priced.lines[0].subtotalCents - priced.lines[0].discountCents],
      ['Licence 2027 – junior', priced.lines[1].subtotalCents - priced.lines[1].discountCents],
      ['TPS 5 %', priced.taxes[0].cents],
      ['TVQ 9.975 %', priced.taxes[1].cents],
    ]);
  });

  it('sends nothing when the lines do not add up to the total, or the total is below Stripe’s smallest charge', async () => {
    const error = await failure(stripe.startCheckout(order({ totalCents: 11_499 })));
    expect(error.code).toBe('invalid_amount');
    // Below Stripe's smallest charge (50 cents in CAD).
    const tiny = await failure(stripe.startCheckout(order({ lines: [{ description: 'Licence', amountCents: 49 }], taxes: [], totalCents: 49 })));
    expect(tiny.code).toBe('invalid_amount');
    expect(stub.requests).toHaveLength(0);
  });

  it('answers the same session when the payment of one order is started twice (a second click, a retried request)', async () => {
    const input = order();
    const first = await stripe.startCheckout(input);
    const second = await stripe.startCheckout(input);
    expect(second).toEqual(first);
    expect(stub.sessions.size).toBe(1);
    expect(stub.requests.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      ['order:ord_7Kq2:checkout:1', false],
      ['order:ord_7Kq2:checkout:1', true],
    ]);
  });

  it('expires the session at the hold’s end, twice without harm, and says when the buyer paid first', async () => {
    const started = await stripe.startCheckout(order());
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    expect(await stripe.expireCheckout(started.sessionId)).toEqual({ status: 'expired' });
    expect(stub.sessions.get(started.sessionId)?.status).toBe('expired');
    expect(await stripe.expireCheckout(started.sessionId)).toEqual({ status: 'expired' });
    expect(stub.requests.filter((r) => r.path.endsWith('/expire')).map((r) => r.idempotencyKey)).toEqual([
      `session:${started.sessionId}:expire`,
      `session:${started.sessionId}:expire`,
    ]);

    const { started: paid } = await paidSession('ord_paid_first');
    if (paid.kind !== 'redirect') throw new Error('expected a redirect');
    expect(await stripe.expireCheckout(paid.sessionId)).toEqual({ status: 'complete' });
  });

  it('refunds once when the same refund is sent twice with its idempotency key', async () => {
    const { paymentIntentId } = await paidSession();
    const refund = { paymentTransactionId: paymentIntentId, amountCents: 4_000, idempotencyKey: refundIdempotencyKey('rf_1'), reason: 'Licence bought twice' };
    const first = await stripe.refund(refund);
    const second = await stripe.refund(refund);
    expect(first.providerRefundId).toMatch(/^re_/);
    expect(second).toEqual(first);
    expect(stub.refunds.size).toBe(1);
    expect(stub.paymentIntents.get(paymentIntentId)?.amount_refunded).toBe(4_000);
    const calls = stub.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      ['refund:rf_1', false],
      ['refund:rf_1', true],
    ]);
    expect(calls[0].body).toMatchObject({ payment_intent: paymentIntentId, amount: '4000', metadata: { reason: 'Licence bought twice' } });

    // Another refund (another key) of what is left goes through; more than is left is refused.
    await stripe.refund({ ...refund, amountCents: 7_498, idempotencyKey: refundIdempotencyKey('rf_2') });
    const tooMuch = await failure(stripe.refund({ ...refund, amountCents: 1, idempotencyKey: refundIdempotencyKey('rf_3') }));
    expect(tooMuch.code).toBe('invalid_request');
    expect(tooMuch.message).toMatch(/amount_too_large/);
    expect(stub.refunds.size).toBe(2);
  });

  it('retries a failure on Stripe’s side with the same key, and refunds once', async () => {
    const { paymentIntentId } = await paidSession();
    stub.failNext(/^POST \/v1\/refunds$/, { status: 500 });
    const result = await stripe.refund({ paymentTransactionId: paymentIntentId, amountCents: 11_498, idempotencyKey: refundIdempotencyKey('rf_9'), reason: 'Event cancelled' });
    expect(result.providerRefundId).toMatch(/^re_/);
    const calls = stub.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, 'refund:rf_9'],
      [200, 'refund:rf_9'],
    ]);
    expect(stub.refunds.size).toBe(1);
  });

  it('answers service_unavailable when Stripe keeps failing, and a refusal (a declined card) at once without retrying', async () => {
    stub.failNext(/^POST \/v1\/checkout\/sessions$/, { status: 503 }, 3);
    const down = await failure(stripe.startCheckout(order()));
    expect(down.code).toBe('service_unavailable');
    expect(stub.requests).toHaveLength(3);
    expect(new Set(stub.requests.map((r) => r.idempotencyKey))).toEqual(new Set(['order:ord_7Kq2:checkout:1']));

    stub.reset();
    stub.failNext(/^POST \/v1\/checkout\/sessions$/, { status: 402 });
    const declined = await failure(stripe.startCheckout(order()));
    expect(declined.code).toBe('invalid_request');
    expect(declined.message).toMatch(/card_declined/);
    expect(stub.requests).toHaveLength(1);
  });
});

describe('Stripe webhook deliveries', () => {
  it('accepts a delivery signed with the endpoint’s secret, as text or bytes', async () => {
    const { session } = await paidSession();
    const event = stripeEvent('checkout.session.completed', session);
    const { body, signature } = signedDelivery(event, SECRET);
    expect(verifyStripeEvent(body, signature, SECRET).id).toBe(event.id);
    expect(verifyStripeEvent(Buffer.from(body), signature, SECRET).id).toBe(event.id);
  });

  it('refuses a forged signature, a tampered body, a replayed old delivery and a missing header with invalid_signature', async () => {
    const { session } = await paidSession();
    const event = stripeEvent('checkout.session.completed', session);
    const code = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error instanceof AppError ? [error.code, error.status] : String(error);
      }
      return 'accepted';
    };
    const forged = signedDelivery(event, 'whsec_someone_else');
    expect(code(() => verifyStripeEvent(forged.body, forged.signature, SECRET))).toEqual(['invalid_signature', 400]);

    const genuine = signedDelivery(event, SECRET);
    const tampered = genuine.body.replace('"amount_total":11498', '"amount_total":1');
    expect(tampered).not.toBe(genuine.body);
    expect(code(() => verifyStripeEvent(tampered, genuine.signature, SECRET))).toEqual(['invalid_signature', 400]);

    const old = signedDelivery(event, SECRET, Math.floor(Date.now() / 1000) - 10 * 60);
    expect(code(() => verifyStripeEvent(old.body, old.signature, SECRET))).toEqual(['invalid_signature', 400]);

    expect(code(() => verifyStripeEvent(genuine.body, '', SECRET))).toEqual(['invalid_signature', 400]);
    expect(code(() => verifyStripeEvent(genuine.body, 'garbage', SECRET))).toEqual(['invalid_signature', 400]);
    expect(code(() => verifyStripeEvent(genuine.body, genuine.signature, SECRET))).toBe('accepted');
  });

  it('reduces each event the order code acts on to its facts, and ignores the rest', async () => {
    const { started, session, paymentIntentId } = await paidSession();
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    const facts = { orderPublicId: 'ord_7Kq2', sessionId: started.sessionId, paymentIntentId, amountCents: 11_498, currency: 'cad', livemode: false };

    const completed = stripeEvent('checkout.session.completed', session);
    expect(parseStripeEvent(verifyStripeEvent(...delivered(completed)))).toEqual({
      ...facts,
      kind: 'checkout_completed',
      eventId: completed.id,
      type: 'checkout.session.completed',
      paid: true,
      paymentStatus: 'paid',
    });

    // A delayed method (a bank debit): completed unpaid, then succeeded or failed.
    const pending = { ...session, payment_status: 'unpaid' };
    expect(parseStripeEvent(verifyStripeEvent(...delivered(stripeEvent('checkout.session.completed', pending))))).toMatchObject({ kind: 'checkout_completed', paid: false, paymentStatus: 'unpaid' });
    expect(parseStripeEvent(verifyStripeEvent(...delivered(stripeEvent('checkout.session.async_payment_succeeded', session))))).toMatchObject({ ...facts, kind: 'async_payment_succeeded' });
    expect(parseStripeEvent(verifyStripeEvent(...delivered(stripeEvent('checkout.session.async_payment_failed', pending))))).toMatchObject({ ...facts, kind: 'async_payment_failed' });

    const open = await stripe.startCheckout(order({ orderPublicId: 'ord_other' }));
    if (open.kind !== 'redirect') throw new Error('expected a redirect');
    await stripe.expireCheckout(open.sessionId);
    expect(parseStripeEvent(verifyStripeEvent(...delivered(stripeEvent('checkout.session.expired', stub.sessions.get(open.sessionId)!))))).toMatchObject({
      kind: 'checkout_expired',
      orderPublicId: 'ord_other',
      sessionId: open.sessionId,
      paymentIntentId: null,
    });

    await stripe.refund({ paymentTransactionId: paymentIntentId, amountCents: 1_000, idempotencyKey: 'refund:rf_w', reason: 'Partial' });
    const charge = stub.charges.get(stub.paymentIntents.get(paymentIntentId)!.latest_charge as string)!;
    expect(parseStripeEvent(verifyStripeEvent(...delivered(stripeEvent('charge.refunded', charge))))).toMatchObject({
      kind: 'charge_refunded',
      orderPublicId: 'ord_7Kq2',
      chargeId: charge.id,
      paymentIntentId,
      amountCents: 11_498,
      refundedCents: 1_000,
    });

    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(parseStripeEvent(verifyStripeEvent(...delivered(other)))).toEqual({ kind: 'ignored', eventId: other.id, type: 'customer.created', livemode: false });
    // A session this site did not make (no order id) is not ours to act on.
    const foreign = { ...session, metadata: {}, client_reference_id: null };
    expect(parseStripeEvent(verifyStripeEvent(...delivered(stripeEvent('checkout.session.completed', foreign))))).toMatchObject({ kind: 'ignored' });
  });
});

function delivered(event: Record<string, unknown>): [string, string, string] {
  const { body, signature } = signedDelivery(event, SECRET);
  return [body, signature, SECRET];
}
