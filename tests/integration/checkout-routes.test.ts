/**
 * The order API routes on the real database (issue 26; spec §1 register for memberships, external
 * card payment; §3 Transaction), called through the API app with login cookies as a browser would:
 * - the buyer's `POST /users/current/orders/quote` prices a Quebec membership (GST and QST per
 *   code, a promo code's discount) and writes nothing; a bad province, an unknown code, a class of
 *   another organization and someone else's minor are refused with their codes;
 * - `POST /users/current/orders` reserves an order to pay at the office, listed in the buyer's
 *   orders; an unverified login is refused (403), a visitor without a login too (401); a guardian
 *   buys for their minor, and the paid membership is the minor's;
 * - the federation office lists the reserved orders with the buyer's email, marks one paid (twice
 *   pays once) and the membership appears with its class and a member number; staff refund it
 *   with a reason and a request id (the same request id refunds once, too much is refused); a
 *   participant is refused everything and writes nothing;
 * - with Stripe configured (the stub of tests/stubs/stripe-server.ts), the buyer is sent to
 *   Stripe's page, paying again answers the same session, coming back from Stripe pays nothing,
 *   and only the signed `checkout.session.completed` webhook pays the order;
 * - a family type bought by a guardian of two minors is one line at the price and two at 0, and
 *   makes three members once paid.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedDelivery, startStripeStub, stripeEvent, type StripeStub } from '../stubs/stripe-server';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const WEBHOOK_SECRET = 'whsec_test_secret_of_the_routes';
let stub: StripeStub;

// Stripe is configured before anything reads (and keeps) the environment: this hook runs before
// setUpDeskDatabase's, which loads the API. Orders paid at the office work the same with a key set.
beforeAll(async () => {
  stub = await startStripeStub();
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_routes_stub');
  vi.stubEnv('STRIPE_API_BASE', stub.url);
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', WEBHOOK_SECRET);
});
afterAll(async () => {
  await stub?.close();
  vi.unstubAllEnvs();
});

// Its afterAll stops this process's job queue (paying queues receipt mails) before dropping the database.
const db = setUpDeskDatabase('checkout-routes');

let api: Api;
let sql: Sql;
const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);

let organizationId: number;
let otherOrganizationId: number;
const type = { adult: 0, youth: 0, family: 0 };
const klass = { own: 0, foreign: 0 };
let admin: string;

/** A login with its own racer record (an adult buyer, verified): its cookie, user id, email and participant id. */
async function buyer(first: string, birthday = '1990-03-04') {
  const login = await deskLogin(sql, 'participant');
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, 'Routes') returning id`, [first]);
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday) values ($1, $2, $3, 'Routes', 'female', $4) returning id`,
    [p!.id, login.id, first, birthday],
  );
  return { ...login, participantId: p!.id as number, profileId: profile!.id as number };
}

/** A minor managed by `guardian` (no login of their own): their participant id. */
async function minorOf(guardian: { profileId: number }, first: string, birthday = '2012-08-01') {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, 'Routes') returning id`, [first]);
  await sql(
    `insert into participant_profiles (participant_id, guardian_id, relationship, first_name, last_name, gender, birthday) values ($1, $2, 'mother', $3, 'Routes', 'male', $4)`,
    [p!.id, guardian.profileId, first, birthday],
  );
  return p!.id as number;
}

/** A purchase body: the adult type for `participantId` in Quebec, paid at the office, unless told. */
const purchase = (participantId: number, over: Record<string, unknown> = {}) => ({ membershipTypeId: type.adult, participantId, province: 'QC', provider: 'office', ...over });

type Summary = { state: string; totalCents: number; paidCents: number; refundedCents: number; refundableCents: number; dueCents: number };
type ListItem = { publicId: string; provider: string; lines: string[]; buyer: { name: string; email: string } | null; summary: Summary };

/** The buyer's orders as `GET /users/current/orders` answers them. */
async function myOrders(cookie: string): Promise<ListItem[]> {
  const listed = await deskCall(api, 'GET', '/users/current/orders', { cookie });
  expect(listed.status).toBe(200);
  return listed.body!.orders as ListItem[];
}

/** The memberships an order's payment gave: participant, class, number. */
const membershipsOf = (publicId: string) =>
  sql(
    `select m.participant_id, m.class_id, m.number, m.membership_type_id from memberships m join order_lines l on l.id = m.order_line_id join orders o on o.id = l.order_id where o.public_id = $1 order by l.id`,
    [publicId],
  );

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }, { id: otherOrganizationId }] = (await sql(`insert into organizations (name) values ('Routes Federation'), ('Routes Other Federation') returning id`)) as { id: number }[];
  const types = await sql(
    `insert into membership_types (organization_id, name, names, price_cents, min_age, max_age, validity, family) values
     ($1, 'Adult licence', '{"fr": "Licence adulte"}', 16500, 18, null, 'season', false),
     ($1, 'Youth licence', '{}', 11000, null, 17, 'season', false),
     ($1, 'Family licence', '{}', 20000, 18, null, 'season', true) returning id`,
    [organizationId],
  );
  [type.adult, type.youth, type.family] = types.map((t) => t.id as number);
  const classes = await sql(`insert into classes (name, organization_id) values ('Routes Pro', $1), ('Routes Elsewhere', $2) returning id`, [organizationId, otherOrganizationId]);
  [klass.own, klass.foreign] = classes.map((c) => c.id as number);
  await sql(`insert into promo_codes (code, kind, value, applies_to, organization_id) values ('ROUTES10', 'percent', 1000, '{membership}', $1)`, [organizationId]);
  admin = (await deskLogin(sql, 'admin')).cookie;
});

describe('the buyer’s quote', () => {
  let ana: Awaited<ReturnType<typeof buyer>>;
  let otherMinor: number;

  beforeAll(async () => {
    ana = await buyer('Ana');
    const other = await buyer('Oscar');
    otherMinor = await minorOf(other, 'Otto');
  });

  it('prices a Quebec membership with GST and QST per code, shows a promo code’s discount, and writes nothing', async () => {
    const before = { orders: await count('orders'), lines: await count('order_lines') };
    const quoted = await deskCall(api, 'POST', '/users/current/orders/quote', { cookie: ana.cookie, body: purchase(ana.participantId, { classId: klass.own }) });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // 165.00 $ + GST 8.25 $ + QST 16.46 $ (1645.875 cents, rounded) = 189.71 $.
    expect(quoted.body).toEqual({
      lines: [{ description: 'Adult licence – Ana Routes', unitCents: 16500, quantity: 1, discountCents: 0, totalCents: 18971 }],
      subtotalCents: 16500,
      discountCents: 0,
      taxes: [
        { code: 'GST', rate: 5000, cents: 825 },
        { code: 'QST', rate: 9975, cents: 1646 },
      ],
      taxCents: 2471,
      totalCents: 18971,
    });

    // In French, with 10 % off (typed in any case): taxes on what is left (148.50 $ + 7.43 $ + 14.81 $).
    const discounted = await deskCall(api, 'POST', '/users/current/orders/quote', { cookie: ana.cookie, body: purchase(ana.participantId, { promoCode: ' routes10 ', locale: 'fr' }) });
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(200);
    expect(discounted.body).toMatchObject({
      lines: [{ description: 'Licence adulte – Ana Routes', unitCents: 16500, discountCents: 1650, totalCents: 17074 }],
      subtotalCents: 16500,
      discountCents: 1650,
      taxes: [
        { code: 'GST', cents: 743 },
        { code: 'QST', cents: 1481 },
      ],
      totalCents: 17074,
    });

    // Ontario: one HST of 13 %.
    const ontario = await deskCall(api, 'POST', '/users/current/orders/quote', { cookie: ana.cookie, body: purchase(ana.participantId, { province: 'ON' }) });
    expect(ontario.body).toMatchObject({ taxes: [{ code: 'HST', rate: 13000, cents: 2145 }], totalCents: 18645 });

    expect({ orders: await count('orders'), lines: await count('order_lines') }).toEqual(before);
  });

  it('refuses an unknown promo code, a bad province, a class of another organization and someone else’s minor with their codes, writing nothing', async () => {
    const before = await count('orders');
    const quote = (body: unknown) => deskCall(api, 'POST', '/users/current/orders/quote', { cookie: ana.cookie, body });

    expect(await quote(purchase(ana.participantId, { promoCode: 'NOPE' }))).toMatchObject({ status: 404, body: { error: 'promo_unknown' } });
    const badProvince = await quote(purchase(ana.participantId, { province: 'XX' }));
    expect(badProvince.status).toBe(400);
    expect(badProvince.body!.issues).toEqual([{ path: ['province'], code: 'invalid_province' }]);
    expect(await quote(purchase(ana.participantId, { classId: klass.foreign }))).toMatchObject({ status: 400, body: { error: 'invalid_membership_class' } });
    expect(await quote(purchase(otherMinor, { membershipTypeId: type.youth }))).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await quote(purchase(ana.participantId, { membershipTypeId: type.youth }))).toMatchObject({ status: 409, body: { error: 'membership_age_mismatch' } });
    expect((await deskCall(api, 'POST', '/users/current/orders/quote', { body: purchase(ana.participantId) })).status).toBe(401);

    expect(await count('orders')).toBe(before);
  });
});

describe('buying at the office, and the federation office', () => {
  let bea: Awaited<ReturnType<typeof buyer>>;
  let minor: number;
  let own: string;
  let forMinor: string;

  beforeAll(async () => {
    bea = await buyer('Bea');
    minor = await minorOf(bea, 'Léo');
  });

  it('reserves the order to pay at the office and lists it in the buyer’s orders', async () => {
    const created = await deskCall(api, 'POST', '/users/current/orders', { cookie: bea.cookie, body: purchase(bea.participantId, { classId: klass.own }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ publicId: expect.any(String), state: 'reserved', totalCents: 18971, next: { kind: 'reserved' } });
    own = created.body!.publicId as string;
    // Nothing is given before payment.
    expect(await membershipsOf(own)).toEqual([]);

    const mine = await myOrders(bea.cookie);
    expect(mine).toEqual([expect.objectContaining({ publicId: own, provider: 'office', lines: ['Adult licence – Bea Routes'], buyer: null, summary: expect.objectContaining({ state: 'reserved', totalCents: 18971, dueCents: 18971, paidCents: 0 }) })]);
    // Another login sees none of it.
    const other = await buyer('Carl');
    expect(await myOrders(other.cookie)).toEqual([]);
  });

  it('makes one order for one purchase sent again or twice at once (its submission id), and refuses another login’s id (issue 29)', async () => {
    const dan = await buyer('Dan');
    const submissionId = randomUUID();
    const body = purchase(dan.participantId, { submissionId });
    // A retry after a lost reply (a proxy's 502): the first order again.
    const first = await deskCall(api, 'POST', '/users/current/orders', { cookie: dan.cookie, body });
    expect(first.status).toBe(201);
    const again = await deskCall(api, 'POST', '/users/current/orders', { cookie: dan.cookie, body });
    expect(again).toMatchObject({ status: 201, body: { publicId: first.body!.publicId, state: 'reserved' } });
    // Two sendings of a new purchase at once: one order, both told its id.
    const twin = purchase(dan.participantId, { submissionId: randomUUID() });
    const both = await Promise.all([0, 1].map(() => deskCall(api, 'POST', '/users/current/orders', { cookie: dan.cookie, body: twin })));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0]!.body!.publicId).toBe(both[1]!.body!.publicId);
    expect((await myOrders(dan.cookie)).map((o) => o.publicId).sort()).toEqual([first.body!.publicId, both[0]!.body!.publicId].sort());
    // Another login cannot read an order through its submission id.
    const eve = await buyer('Eve');
    expect(await deskCall(api, 'POST', '/users/current/orders', { cookie: eve.cookie, body: purchase(eve.participantId, { submissionId }) })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await myOrders(eve.cookie)).toEqual([]);
  });

  it('refuses an unverified login (403) and a visitor without a login (401), writing nothing', async () => {
    const unverified = await buyer('Dora');
    await sql('update users set email_verified = false where id = $1', [unverified.id]);
    const before = await count('orders');
    expect(await deskCall(api, 'POST', '/users/current/orders', { cookie: unverified.cookie, body: purchase(unverified.participantId) })).toMatchObject({ status: 403, body: { error: 'email_not_verified' } });
    expect(await deskCall(api, 'POST', '/users/current/orders', { body: purchase(bea.participantId) })).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect((await deskCall(api, 'GET', '/users/current/orders')).status).toBe(401);
    expect(await count('orders')).toBe(before);
  });

  it('lets a guardian buy for their minor: the line names the minor', async () => {
    const created = await deskCall(api, 'POST', '/users/current/orders', { cookie: bea.cookie, body: purchase(minor, { membershipTypeId: type.youth }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    forMinor = created.body!.publicId as string;
    const mine = await myOrders(bea.cookie);
    expect(mine.map((o) => o.publicId)).toEqual([forMinor, own]);
    expect(mine[0]!.lines).toEqual(['Youth licence – Léo Routes']);
  });

  it('lists the reserved orders for the office with the buyer’s email, and refuses a participant', async () => {
    const listed = await deskCall(api, 'GET', '/admin/orders?state=reserved', { cookie: admin });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const orders = listed.body!.orders as ListItem[];
    expect(orders.find((o) => o.publicId === own)).toMatchObject({ buyer: { email: bea.email }, lines: ['Adult licence – Bea Routes'], summary: { state: 'reserved', dueCents: 18971 } });
    expect(orders.every((o) => o.summary.state === 'reserved')).toBe(true);
    const found = await deskCall(api, 'GET', `/admin/orders?q=${encodeURIComponent(bea.email)}`, { cookie: admin });
    expect((found.body!.orders as ListItem[]).map((o) => o.publicId).sort()).toEqual([own, forMinor].sort());

    expect(await deskCall(api, 'GET', '/admin/orders?state=reserved', { cookie: bea.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await deskCall(api, 'GET', '/admin/orders')).status).toBe(401);
  });

  it('refuses a participant marking an order paid, writing nothing', async () => {
    expect(await deskCall(api, 'POST', `/admin/orders/${own}/mark-paid`, { cookie: bea.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await deskCall(api, 'POST', `/admin/orders/${own}/mark-paid`)).status).toBe(401);
    expect(await count('payments p join orders o on o.id = p.order_id', 'o.public_id = $1', [own])).toBe(0);
  });

  it('marks an order paid once however often it is pressed: the membership exists with the class chosen and a member number', async () => {
    const paid = await deskCall(api, 'POST', `/admin/orders/${own}/mark-paid`, { cookie: admin });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ state: 'paid', paidCents: 18971, dueCents: 0 });
    expect(await deskCall(api, 'POST', `/admin/orders/${own}/mark-paid`, { cookie: admin })).toMatchObject({ status: 200, body: { state: 'paid', paidCents: 18971 } });
    expect(await sql(`select p.provider, p.amount_cents from payments p join orders o on o.id = p.order_id where o.public_id = $1`, [own])).toEqual([{ provider: 'office', amount_cents: 18971 }]);

    const [number] = await sql('select number from member_numbers where participant_id = $1 and organization_id = $2', [bea.participantId, organizationId]);
    expect(await membershipsOf(own)).toEqual([{ participant_id: bea.participantId, class_id: klass.own, number: String(number!.number), membership_type_id: type.adult }]);
    expect((await myOrders(bea.cookie)).find((o) => o.publicId === own)!.summary.state).toBe('paid');
    // An order that does not exist.
    expect((await deskCall(api, 'POST', `/admin/orders/${randomUUID()}/mark-paid`, { cookie: admin })).status).toBe(404);
  });

  it('gives the minor, not the guardian, the membership their guardian bought once it is paid', async () => {
    expect(await deskCall(api, 'POST', `/admin/orders/${forMinor}/mark-paid`, { cookie: admin })).toMatchObject({ status: 200, body: { state: 'paid' } });
    const given = await membershipsOf(forMinor);
    expect(given).toEqual([expect.objectContaining({ participant_id: minor, membership_type_id: type.youth, class_id: null })]);
    expect(await count('member_numbers', 'participant_id = $1', [minor])).toBe(1);
  });

  it('refunds with a reason and a request id: partly, then fully; the same request id refunds once; too much is refused; a participant is refused', async () => {
    const refunds = () => sql(`select r.amount_cents, r.reason from refunds r join orders o on o.id = r.order_id where o.public_id = $1 order by r.id`, [own]);
    const requestId = randomUUID();
    const body = { amountCents: 5000, reason: 'Season cut short', requestId };

    expect(await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { cookie: bea.cookie, body })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { body })).status).toBe(401);
    expect(await refunds()).toEqual([]);

    const first = await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { cookie: admin, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ refundId: expect.any(Number), summary: { state: 'partially_refunded', refundedCents: 5000, refundableCents: 18971 - 5000 } });
    const again = await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { cookie: admin, body });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ refundId: first.body!.refundId, summary: { state: 'partially_refunded', refundedCents: 5000 } });
    expect(await refunds()).toEqual([{ amount_cents: 5000, reason: 'Season cut short' }]);

    expect(await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { cookie: admin, body: { amountCents: 18971, reason: 'All of it', requestId: randomUUID() } })).toMatchObject({ status: 409, body: { error: 'refund_too_large' } });
    const noReason = await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { cookie: admin, body: { amountCents: 100, reason: ' ', requestId: randomUUID() } });
    expect(noReason.status).toBe(400);
    expect(noReason.body!.issues).toEqual([{ path: ['reason'], code: 'null_reason' }]);
    expect(await refunds()).toHaveLength(1);

    const rest = await deskCall(api, 'POST', `/admin/orders/${own}/refunds`, { cookie: admin, body: { amountCents: 18971 - 5000, reason: 'The rest', requestId: randomUUID() } });
    expect(rest).toMatchObject({ status: 201, body: { summary: { state: 'refunded', refundedCents: 18971, refundableCents: 0 } } });
    expect(await refunds()).toEqual([
      { amount_cents: 5000, reason: 'Season cut short' },
      { amount_cents: 18971 - 5000, reason: 'The rest' },
    ]);
    expect((await myOrders(bea.cookie)).find((o) => o.publicId === own)!.summary).toMatchObject({ state: 'refunded', refundedCents: 18971 });
    // The payment stays as it was recorded.
    expect(await sql(`select p.amount_cents from payments p join orders o on o.id = p.order_id where o.public_id = $1`, [own])).toEqual([{ amount_cents: 18971 }]);
  });
});

describe('paying by card with Stripe', () => {
  /** Delivers `event` to the webhook route as Stripe would: the raw body and its signature. */
  async function deliver(event: ReturnType<typeof stripeEvent>) {
    const { POST } = await import('../../app/api/webhooks/stripe/route');
    const { body, signature } = signedDelivery(event, WEBHOOK_SECRET);
    const response = await POST(new Request('http://localhost/ll/api/webhooks/stripe', { method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('sends the buyer to Stripe, answers the same session when paying again, and pays the order only from the signed webhook', async () => {
    const eva = await buyer('Eva');
    const created = await deskCall(api, 'POST', '/users/current/orders', { cookie: eva.cookie, body: purchase(eva.participantId, { provider: 'stripe' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ state: 'reserved', totalCents: 18971, next: { kind: 'redirect', url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) } });
    const publicId = created.body!.publicId as string;
    const url = (created.body!.next as { url: string }).url;
    const stored = await sql(`select s.session_id from checkout_sessions s join orders o on o.id = s.order_id where o.public_id = $1`, [publicId]);
    expect(stored).toHaveLength(1);
    const sessionId = stored[0]!.session_id as string;
    expect(url).toContain(sessionId);

    // Stripe was asked for exactly the stored order: its amount, its buyer, the order's page to come back to.
    const creations = () => stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.idempotencyKey === `order:${publicId}:checkout:1`);
    expect(creations()).toHaveLength(1);
    expect(stub.sessions.get(sessionId)).toMatchObject({ amount_total: 18971, customer_email: eva.email, success_url: `http://localhost/ll/account/orders/${publicId}?session_id={CHECKOUT_SESSION_ID}` });

    // Pressing "pay" again: the same session (Stripe replays its first answer to the same key).
    const again = await deskCall(api, 'POST', `/users/current/orders/${publicId}/pay`, { cookie: eva.cookie });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ publicId, state: 'reserved', totalCents: 18971, next: { kind: 'redirect', url } });
    expect(creations().map((r) => r.replayed)).toEqual([false, true]);
    expect(stub.sessions.size).toBe(1);
    expect(await count('checkout_sessions s join orders o on o.id = s.order_id', 'o.public_id = $1', [publicId])).toBe(1);
    // Someone else's order cannot be paid (nor seen).
    const other = await buyer('Fred');
    expect(await deskCall(api, 'POST', `/users/current/orders/${publicId}/pay`, { cookie: other.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });

    // The buyer pays at Stripe and comes back to the order's page: nothing is paid by that.
    const session = stub.completeSession(sessionId);
    expect((await myOrders(eva.cookie))[0]).toMatchObject({ publicId, summary: { state: 'reserved', paidCents: 0 } });
    expect(await count('payments p join orders o on o.id = p.order_id', 'o.public_id = $1', [publicId])).toBe(0);
    expect(await membershipsOf(publicId)).toEqual([]);

    // Stripe's signed webhook pays it.
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toEqual({ status: 200, body: { received: true, kind: 'checkout_completed' } });
    expect((await myOrders(eva.cookie))[0]).toMatchObject({ publicId, summary: { state: 'paid', paidCents: 18971, dueCents: 0 } });
    expect(await sql(`select p.provider, p.amount_cents, p.provider_transaction_id from payments p join orders o on o.id = p.order_id where o.public_id = $1`, [publicId])).toEqual([
      { provider: 'stripe', amount_cents: 18971, provider_transaction_id: session.payment_intent },
    ]);
    expect(await membershipsOf(publicId)).toEqual([expect.objectContaining({ participant_id: eva.participantId })]);

    // Paid: nothing more to pay.
    expect(await deskCall(api, 'POST', `/users/current/orders/${publicId}/pay`, { cookie: eva.cookie })).toMatchObject({ status: 409, body: { error: 'order_not_payable' } });
    expect(creations()).toHaveLength(2);
  });
});

describe('a family membership', () => {
  it('is one line at the type’s price for the guardian and one at 0 for each minor, and makes three members once paid', async () => {
    const gina = await buyer('Gina', '1980-05-05');
    const minors = [await minorOf(gina, 'Hugo', '2011-01-01'), await minorOf(gina, 'Iris', '2014-02-02')];
    const body = purchase(gina.participantId, { membershipTypeId: type.family });

    const quoted = await deskCall(api, 'POST', '/users/current/orders/quote', { cookie: gina.cookie, body });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // 200.00 $ + GST 10.00 $ + QST 19.95 $.
    expect(quoted.body).toMatchObject({
      lines: [
        { description: 'Family licence – Gina Routes', unitCents: 20000, totalCents: 22995 },
        { description: 'Family licence – Hugo Routes', unitCents: 0, totalCents: 0 },
        { description: 'Family licence – Iris Routes', unitCents: 0, totalCents: 0 },
      ],
      subtotalCents: 20000,
      totalCents: 22995,
    });
    // Asked for a minor rather than the guardian: refused, a family membership is bought in the guardian's own name.
    const forMinor = await deskCall(api, 'POST', '/users/current/orders/quote', { cookie: gina.cookie, body: { ...body, participantId: minors[0] } });
    expect(forMinor.body!.error).toBe('family_needs_guardian');

    const created = await deskCall(api, 'POST', '/users/current/orders', { cookie: gina.cookie, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ state: 'reserved', totalCents: 22995, next: { kind: 'reserved' } });
    const publicId = created.body!.publicId as string;
    expect((await myOrders(gina.cookie))[0]!.lines).toEqual(['Family licence – Gina Routes', 'Family licence – Hugo Routes', 'Family licence – Iris Routes']);

    expect(await deskCall(api, 'POST', `/admin/orders/${publicId}/mark-paid`, { cookie: admin })).toMatchObject({ status: 200, body: { state: 'paid', paidCents: 22995 } });
    const given = await membershipsOf(publicId);
    expect(given.map((m) => m.participant_id)).toEqual([gina.participantId, ...minors]);
    expect(given.every((m) => m.membership_type_id === type.family && /^\d+$/.test(String(m.number)))).toBe(true);
    expect(new Set(given.map((m) => m.number)).size).toBe(3);
  });
});
