/**
 * Stripe's webhook paying an order once (issue 26: "a webhook signed with the test secret pays the
 * order once even when delivered three times; a forged or replayed signature is 400 and changes
 * nothing; a late payment … is refunded"): the real route handler
 * (app/api/webhooks/stripe/route.ts) on the real database, with Stripe's HTTP API stubbed
 * (tests/stubs/stripe-server.ts) and deliveries signed with the library's test-header helper.
 *
 * Only memberships are sold for now, and a membership's goods are never taken (`goodsStillFree`),
 * so a late payment of a membership is kept: the payment that must go back is tested as the
 * code defines the other case, a Stripe payment arriving for an order staff already marked paid
 * at the office (`already_paid`).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/server/policy';
import { signedDelivery, startStripeStub, stripeEvent, type StripeStub } from '../stubs/stripe-server';
import { useTestDatabase, type TestDatabase } from './setup';

type Checkout = typeof import('../../lib/server/checkout/server');
type Route = typeof import('../../app/api/webhooks/stripe/route');
type Provider = import('../../lib/server/payments/provider').PaymentProvider;

const SECRET = 'whsec_test_secret_of_the_webhook';
const ENV_KEYS = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

let database: TestDatabase;
let pool: pg.Pool;
let stub: StripeStub;
let co: Checkout;
let route: Route;
let stripe: Provider;
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];
const countOf = async (text: string, params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${text}`, params))[0]!.n);

let organizationId: number;
let adultType: number;
const admin: Principal = { userId: 'admin-webhook', role: 'admin', emailVerified: true, promoterIds: [] };

/** An adult with a login: their racer record and their principal. */
async function person(first: string) {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, 'Webhook') returning id`, [first]);
  const userId = randomUUID();
  await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, 'participant', true)`, [userId, `${first} Webhook`, `${userId}@example.org`]);
  await sql(`insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday) values ($1, $2, $3, 'Webhook', 'female', '1990-03-04')`, [p!.id, userId, first]);
  return { participantId: p!.id as number, principal: { userId, role: 'participant', emailVerified: true, promoterIds: [] } as Principal };
}

/** A membership order for a new person, paid with Stripe, created at `now` (default now), and its session at the stub. */
async function stripeOrder(first: string, now = new Date()) {
  const buyer = await person(first);
  const view = await co.createOrder(buyer.principal, {
    organizationId,
    lines: [{ kind: 'membership', membershipTypeId: adultType, participantId: buyer.participantId }],
    province: 'QC',
    locale: 'en',
    provider: 'stripe',
    now,
  });
  const started = await stripe.startCheckout({
    orderPublicId: view.order.publicId,
    lines: [{ description: 'Adult licence', amountCents: view.order.totalCents }],
    taxes: [],
    totalCents: view.order.totalCents,
    email: `${first}@example.org`,
    locale: 'en',
    successUrl: 'http://localhost:3000/ll/account',
    cancelUrl: 'http://localhost:3000/ll/membership/type',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000),
  });
  if (started.kind !== 'redirect') throw new Error('expected a Stripe session');
  return { buyer, order: view.order, sessionId: started.sessionId };
}

/** Delivers `event` to the route as Stripe would: the raw body and its `Stripe-Signature` header. */
async function deliver(event: ReturnType<typeof stripeEvent>, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const { body, signature } = signedDelivery(event, options.secret ?? SECRET, options.timestamp);
  const response = await route.POST(new Request('http://localhost/ll/api/webhooks/stripe', { method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': options.signature ?? signature } }));
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Everything the webhook may write, counted. */
async function written() {
  return {
    events: await countOf('provider_events'),
    payments: await countOf('payments'),
    refunds: await countOf('refunds'),
    releases: await countOf('order_releases'),
    memberships: await countOf('memberships'),
    numbers: await countOf('member_numbers'),
  };
}

beforeAll(async () => {
  // The route reads its settings from the environment: set before anything reads (and caches) it.
  stub = await startStripeStub();
  Object.assign(process.env, { STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_API_BASE: stub.url });
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  co = await import('../../lib/server/checkout/server');
  route = await import('../../app/api/webhooks/stripe/route');
  const { paymentProvider } = await import('../../lib/server/payments/provider');
  stripe = paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_API_BASE: stub.url });
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Webhook Federation') returning id`)) as { id: number }[];
  [{ id: adultType }] = (await sql(
    `insert into membership_types (organization_id, name, names, price_cents, min_age, max_age, validity) values ($1, 'Adult licence', '{}', 16500, 18, null, 'season') returning id`,
    [organizationId],
  )) as { id: number }[];
});

afterAll(async () => {
  // Paying queues receipt mails: stop this process's queue before its database goes.
  await (await import('../../lib/server/jobs')).stopJobs();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await stub?.close();
  await pool?.end();
  await database?.drop();
});

beforeEach(() => stub.reset());

describe('the Stripe webhook', () => {
  it('pays an order once when the same completed session is delivered three times: one payment, one membership, one member number', async () => {
    const { buyer, order, sessionId } = await stripeOrder('Ana');
    const session = stub.completeSession(sessionId);
    const event = stripeEvent('checkout.session.completed', session);

    const answers = [await deliver(event), await deliver(event), await deliver(event)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.json).toEqual({ received: true, kind: 'checkout_completed' });
    expect(answers[1]!.json).toEqual({ received: true, duplicate: true });
    expect(answers[2]!.json).toEqual({ received: true, duplicate: true });

    const paid = await sql('select provider, amount_cents, provider_transaction_id, disposition from payments where order_id = $1', [order.id]);
    expect(paid).toEqual([{ provider: 'stripe', amount_cents: order.totalCents, provider_transaction_id: session.payment_intent, disposition: 'keep' }]);
    expect(await countOf('memberships where participant_id = $1', [buyer.participantId])).toBe(1);
    expect(await countOf('member_numbers where participant_id = $1', [buyer.participantId])).toBe(1);
    expect((await co.getOrder(order.id))!.summary.state).toBe('paid');
    // The same payment under another event id (Stripe's async success after completion) pays nothing more.
    const again = await deliver(stripeEvent('checkout.session.async_payment_succeeded', session));
    expect(again.status).toBe(200);
    expect(await countOf('payments where order_id = $1', [order.id])).toBe(1);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds')).toEqual([]);
  });

  it('refuses a forged signature and a replayed old delivery with 400, writing nothing', async () => {
    const { order, sessionId } = await stripeOrder('Bea');
    const event = stripeEvent('checkout.session.completed', stub.completeSession(sessionId));
    const before = await written();

    const forged = await deliver(event, { secret: 'whsec_not_the_endpoint_secret' });
    expect(forged).toMatchObject({ status: 400, json: { error: 'invalid_signature', statusCode: 400 } });
    const missing = await deliver(event, { signature: '' });
    expect(missing).toMatchObject({ status: 400, json: { error: 'invalid_signature' } });
    const replayed = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 60 * 60 });
    expect(replayed).toMatchObject({ status: 400, json: { error: 'invalid_signature' } });

    expect(await written()).toEqual(before);
    expect((await co.getOrder(order.id))!.summary.paidCents).toBe(0);
    // The genuine delivery still pays it afterwards: the refused ones claimed nothing.
    expect((await deliver(event)).status).toBe(200);
    expect((await co.getOrder(order.id))!.summary.state).toBe('paid');
  });

  it('releases an unpaid order’s hold when its session expires, once', async () => {
    const { order, sessionId } = await stripeOrder('Cleo');
    const session = stub.sessions.get(sessionId)!;
    const event = stripeEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect((await deliver(event)).status).toBe(200);
    expect(await deliver(event)).toMatchObject({ status: 200, json: { duplicate: true } });
    expect(await sql('select reason from order_releases where order_id = $1', [order.id])).toEqual([{ reason: 'provider_expired' }]);
    expect(await countOf('payments where order_id = $1', [order.id])).toBe(0);
  });

  it('releases the hold when a delayed payment fails, recording no payment and giving no membership', async () => {
    const { buyer, order, sessionId } = await stripeOrder('Dina');
    const session = stub.completeSession(sessionId, 'unpaid');
    // The buyer chose a delayed method: completed but not paid yet, nothing recorded.
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toMatchObject({ status: 200 });
    expect(await countOf('payments where order_id = $1', [order.id])).toBe(0);
    expect(await deliver(stripeEvent('checkout.session.async_payment_failed', session))).toMatchObject({ status: 200, json: { kind: 'async_payment_failed' } });
    expect(await sql('select reason from order_releases where order_id = $1', [order.id])).toEqual([{ reason: 'payment_failed' }]);
    expect(await countOf('payments where order_id = $1', [order.id])).toBe(0);
    expect(await countOf('memberships where participant_id = $1', [buyer.participantId])).toBe(0);
  });

  it('keeps a membership paid after its hold ended (a membership is never taken)', async () => {
    const { buyer, order, sessionId } = await stripeOrder('Eva', new Date(Date.now() - 40 * 60_000));
    expect(await deliver(stripeEvent('checkout.session.completed', stub.completeSession(sessionId)))).toMatchObject({ status: 200 });
    expect(await sql('select disposition, reason from payments where order_id = $1', [order.id])).toEqual([{ disposition: 'keep', reason: 'late_goods_free' }]);
    expect(await countOf('memberships where participant_id = $1', [buyer.participantId])).toBe(1);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds')).toEqual([]);
  });

  it('refunds through Stripe, once, a payment for an order already paid at the office, and records the refund beside it', async () => {
    const { buyer, order, sessionId } = await stripeOrder('Flo');
    await co.markPaidByStaff(admin, order.id);
    const session = stub.completeSession(sessionId);
    const event = stripeEvent('checkout.session.completed', session);

    expect(await deliver(event)).toMatchObject({ status: 200, json: { kind: 'checkout_completed' } });
    expect(await deliver(event)).toMatchObject({ status: 200, json: { duplicate: true } });

    const refundCalls = stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.body).toMatchObject({ payment_intent: session.payment_intent, amount: String(order.totalCents) });
    expect(refundCalls[0]!.idempotencyKey).toBe(`refund:checkout-${session.payment_intent}`);

    const [payment] = await sql(`select id, disposition, reason from payments where order_id = $1 and provider = 'stripe'`, [order.id]);
    expect(payment).toMatchObject({ disposition: 'refund', reason: 'already_paid' });
    const refunded = await sql('select payment_id, amount_cents, provider_refund_id, idempotency_key from refunds where order_id = $1', [order.id]);
    expect(refunded).toEqual([{ payment_id: payment!.id, amount_cents: order.totalCents, provider_refund_id: expect.stringMatching(/^re_/), idempotency_key: `refund:checkout-${session.payment_intent}` }]);
    // Stripe's own charge.refunded for that refund records nothing more; the buyer keeps the one membership paid at the office.
    const charge = [...stub.charges.values()].find((c) => c.payment_intent === session.payment_intent)!;
    expect(await deliver(stripeEvent('charge.refunded', charge))).toMatchObject({ status: 200 });
    expect(await countOf('refunds where order_id = $1', [order.id])).toBe(1);
    expect(await countOf('memberships where participant_id = $1', [buyer.participantId])).toBe(1);
    expect((await co.getOrder(order.id))!.summary.state).toBe('paid');
  });

  it('pays an order once when two browsers pay it at once (two sessions completed together): one payment kept, the other refunded', async () => {
    const { buyer, order, sessionId } = await stripeOrder('Gus');
    // A second tab opened its own payment page for the same order (a second attempt: a new session).
    const second = await stripe.startCheckout({
      orderPublicId: order.publicId,
      lines: [{ description: 'Adult licence', amountCents: order.totalCents }],
      taxes: [],
      totalCents: order.totalCents,
      email: 'Gus@example.org',
      locale: 'en',
      successUrl: 'http://localhost:3000/ll/account',
      cancelUrl: 'http://localhost:3000/ll/membership/type',
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
      attempt: 2,
    });
    if (second.kind !== 'redirect') throw new Error('expected a Stripe session');
    expect(second.sessionId).not.toBe(sessionId);
    const events = [stub.completeSession(sessionId), stub.completeSession(second.sessionId)].map((session) => stripeEvent('checkout.session.completed', session));

    const replies = await Promise.all(events.map((event) => deliver(event)));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);

    const paid = await sql(`select disposition from payments where order_id = $1 order by disposition`, [order.id]);
    expect(paid).toEqual([{ disposition: 'keep' }, { disposition: 'refund' }]);
    expect(stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')).toHaveLength(1);
    expect(await countOf('refunds where order_id = $1', [order.id])).toBe(1);
    expect(await countOf('memberships where participant_id = $1', [buyer.participantId])).toBe(1);
    const view = (await co.getOrder(order.id))!;
    expect(view.summary).toMatchObject({ state: 'paid', paidCents: order.totalCents * 2, refundedCents: order.totalCents });
  });

  it('records a refund made from Stripe’s dashboard, found by the payment intent, once', async () => {
    const { order, sessionId } = await stripeOrder('Gil');
    const session = stub.completeSession(sessionId);
    await deliver(stripeEvent('checkout.session.completed', session));
    await stripe.refund({ paymentTransactionId: session.payment_intent as string, amountCents: 1000, idempotencyKey: 'dashboard-1', reason: 'goodwill' });
    const charge = [...stub.charges.values()].find((c) => c.payment_intent === session.payment_intent)!;
    // Without the order's id: found by its payment intent.
    const event = stripeEvent('charge.refunded', { ...charge, metadata: {} });
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).json).toEqual({ received: true, duplicate: true });
    expect(await sql('select amount_cents, reason from refunds where order_id = $1', [order.id])).toEqual([{ amount_cents: 1000, reason: 'Refunded at Stripe' }]);
  });
});
