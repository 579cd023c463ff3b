/**
 * The checkout's orders on the real database (issue 26; spec §3 Transaction; DESIGN.md "Money is
 * only ever added to"): an order is priced with Quebec taxes and held 15 minutes; a bad promo
 * answers its code and writes nothing; two staff marking an order paid at once record one
 * payment, one membership, one member number; the same provider transaction recorded three times
 * is one payment; a payment after the hold expired keeps the membership; a refund larger than
 * what is left is refused, a refund is recorded beside its payment and the state follows; two
 * members paid at once get different permanent numbers, and a member renewing keeps theirs.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/server/policy';
import { useTestDatabase, type TestDatabase } from './setup';

type Checkout = typeof import('../../lib/server/checkout/server');

let database: TestDatabase;
let pool: pg.Pool;
let co: Checkout;
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];
const count = async (table: string) => Number((await sql(`select count(*)::int as n from ${table}`))[0]!.n);

/** 10:00 in Montreal on 2026-06-10: Quebec's GST 5 % + QST 9.975 % apply. */
const NOW = new Date('2026-06-10T14:00:00Z');
const minutes = (n: number, from = NOW) => new Date(from.getTime() + n * 60_000);

let organizationId: number;
let otherOrganizationId: number;
const type = { adult: 0, youth: 0, foreign: 0 };
const admin: Principal = { userId: 'admin-1', role: 'admin', emailVerified: true, promoterIds: [] };
const admin2: Principal = { userId: 'admin-2', role: 'admin', emailVerified: true, promoterIds: [] };

/** A person with a login (an adult buyer), or a minor managed by `guardian`: their racer record and their principal. */
async function person(first: string, last: string, birthday: string, guardian?: { profileId: number }) {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, $2) returning id`, [first, last]);
  let userId: string | null = null;
  if (!guardian) {
    userId = randomUUID();
    await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, 'participant', true)`, [userId, `${first} ${last}`, `${userId}@example.org`]);
  }
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, guardian_id, relationship, first_name, last_name, gender, birthday)
     values ($1, $2, $3, $4, $5, $6, 'female', $7) returning id`,
    [p!.id, userId, guardian?.profileId ?? null, guardian ? 'mother' : null, first, last, birthday],
  );
  const principal: Principal | null = userId ? { userId, role: 'participant', emailVerified: true, promoterIds: [] } : null;
  return { participantId: p!.id as number, profileId: profile!.id as number, principal: principal! };
}

const membership = (membershipTypeId: number, participantId: number) => ({ kind: 'membership' as const, membershipTypeId, participantId });

/** A membership order of `buyer` for `participantId` (adult type unless told), in Quebec, at `now`. */
function order(buyer: Principal, participantId: number, over: Partial<Parameters<Checkout['createOrder']>[1]> = {}) {
  return co.createOrder(buyer, {
    organizationId,
    lines: [membership(type.adult, participantId)],
    province: 'QC',
    locale: 'en',
    provider: 'office',
    now: NOW,
    ...over,
  });
}

/** Opens several connections of the site's pool at once (they stay open for the next queries). */
async function warmPool() {
  const { getDb } = await import('../../lib/server/db');
  const { sql: q } = await import('drizzle-orm');
  await Promise.all([1, 2, 3, 4].map(() => getDb().execute(q`select pg_sleep(0.02)`)));
}

/** The error code `promise` rejects with. */
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code ?? String(err),
  );

let ana: Awaited<ReturnType<typeof person>>;
let minor: Awaited<ReturnType<typeof person>>;
let stranger: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  co = await import('../../lib/server/checkout/server');
  [{ id: organizationId }, { id: otherOrganizationId }] = (await sql(`insert into organizations (name) values ('Checkout Federation'), ('Other Federation') returning id`)) as { id: number }[];
  const types = await sql(
    `insert into membership_types (organization_id, name, names, price_cents, min_age, max_age, validity) values
     ($1, 'Adult licence', '{"fr": "Licence adulte"}', 16500, 18, null, 'season'),
     ($1, 'Youth licence', '{}', 11000, null, 17, 'season'),
     ($2, 'Other licence', '{}', 5000, null, null, 'season') returning id`,
    [organizationId, otherOrganizationId],
  );
  [type.adult, type.youth, type.foreign] = types.map((t) => t.id as number);
  ana = await person('Ana', 'Tremblay', '1990-03-04');
  minor = await person('Léo', 'Tremblay', '2012-08-01', { profileId: ana.profileId });
  stranger = await person('Sam', 'Other', '1985-01-01');
});

afterAll(async () => {
  // Paying queues receipt mails: stop this process's queue before its database goes.
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
});

describe('an order', () => {
  it('is priced with Quebec taxes per line and held 15 minutes by card (30 days at the office), the membership not given before payment', async () => {
    const atOffice = await order(ana.principal, ana.participantId, { locale: 'fr' });
    expect(atOffice.order.holdExpiresAt.toISOString()).toBe(minutes(30 * 24 * 60).toISOString());
    const view = await order(ana.principal, ana.participantId, { locale: 'fr', provider: 'stripe' });
    // 165.00 $ + GST 8.25 $ + QST 16.46 $ (1645.875 cents, rounded) = 189.71 $.
    expect(view.order).toMatchObject({ subtotalCents: 16500, discountCents: 0, taxCents: 825 + 1646, totalCents: 18971, province: 'QC', currency: 'CAD', locale: 'fr', provider: 'stripe' });
    expect(view.order.taxes).toEqual([
      { code: 'GST', rate: 5000, cents: 825 },
      { code: 'QST', rate: 9975, cents: 1646 },
    ]);
    expect(view.lines).toEqual([expect.objectContaining({ kind: 'membership', description: 'Licence adulte – Ana Tremblay', unitCents: 16500, quantity: 1, taxCents: 2471, totalCents: 18971, participantId: ana.participantId })]);
    expect(view.order.holdExpiresAt.toISOString()).toBe(minutes(15).toISOString());
    expect(view.summary).toMatchObject({ state: 'reserved', dueCents: 18971, paidCents: 0 });
    expect((await co.getOrder(view.order.publicId, { at: minutes(14) }))!.summary.state).toBe('reserved');
    expect((await co.getOrder(view.order.id, { at: minutes(15) }))!.summary.state).toBe('expired');
    expect(await sql('select 1 from memberships where participant_id = $1', [ana.participantId])).toEqual([]);
    // The database itself refuses to change it.
    await expect(sql('update orders set total_cents = 0, subtotal_cents = 0, tax_cents = 0 where id = $1', [view.order.id])).rejects.toThrow(/only ever added to/);
  });

  it('refuses a promo code that does not exist, has expired or is used up with its code, writing nothing', async () => {
    await sql(
      `insert into promo_codes (code, kind, value, valid_to, max_uses, applies_to, organization_id) values
       ('SPRING10', 'percent', 1000, null, null, '{membership}', $1),
       ('OLD', 'amount', 500, '2026-01-01T00:00:00Z', null, '{membership}', null),
       ('ONCE', 'amount', 2000, null, 1, '{membership}', null),
       ('TICKETS', 'percent', 5000, null, null, '{ticket}', null)`,
      [organizationId],
    );
    const before = { orders: await count('orders'), lines: await count('order_lines') };
    expect(await codeOf(order(ana.principal, ana.participantId, { promoCode: 'NOPE' }))).toBe('promo_unknown');
    expect(await codeOf(order(ana.principal, ana.participantId, { promoCode: 'old' }))).toBe('promo_expired');
    expect(await codeOf(order(ana.principal, ana.participantId, { promoCode: 'tickets' }))).toBe('promo_not_applicable');
    expect({ orders: await count('orders'), lines: await count('order_lines') }).toEqual(before);

    // Typed in any case: 10 % off the line, taxes on what is left (148.50 $ + 7.43 $ + 14.81 $).
    const discounted = await order(ana.principal, ana.participantId, { promoCode: ' spring10 ' });
    expect(discounted.order).toMatchObject({ promoCode: 'SPRING10', subtotalCents: 16500, discountCents: 1650, taxCents: 743 + 1481, totalCents: 17074 });

    // One use in all: a held order takes it; its release gives it back.
    const held = await order(ana.principal, ana.participantId, { promoCode: 'ONCE' });
    expect(await codeOf(order(stranger.principal, stranger.participantId, { promoCode: 'ONCE' }))).toBe('promo_used_up');
    expect(await co.releaseHold(held.order.id, 'cancelled', { at: minutes(1) })).toBe(true);
    expect(await co.releaseHold(held.order.id, 'cancelled', { at: minutes(2) })).toBe(false);
    expect((await order(stranger.principal, stranger.participantId, { promoCode: 'ONCE', now: minutes(3) })).order.discountCents).toBe(2000);
  });

  it('refuses a type of another organization, an age outside the type, and someone else’s person, writing nothing', async () => {
    const before = await count('orders');
    expect(await codeOf(order(ana.principal, ana.participantId, { lines: [membership(type.foreign, ana.participantId)] }))).toBe('invalid_membership_type');
    expect(await codeOf(order(ana.principal, ana.participantId, { lines: [membership(type.youth, ana.participantId)] }))).toBe('membership_age_mismatch');
    expect(await codeOf(order(ana.principal, minor.participantId))).toBe('membership_age_mismatch');
    expect(await codeOf(order(stranger.principal, minor.participantId, { lines: [membership(type.youth, minor.participantId)] }))).toBe('not_found');
    expect(await codeOf(order(ana.principal, ana.participantId, { lines: [] }))).toBe('null_lines');
    expect(await codeOf(order({ ...ana.principal, emailVerified: false }, ana.participantId))).toBe('email_not_verified');
    expect(await count('orders')).toBe(before);
  });
});

describe('staff marking an order paid', () => {
  it('records ONE payment, one membership and one member number when two staff click at once', async () => {
    const view = await order(ana.principal, minor.participantId, { lines: [membership(type.youth, minor.participantId)] });
    expect(await codeOf(co.markPaidByStaff(ana.principal, view.order.id))).toBe('not_found');
    // Connections open beforehand, so the clicks truly run side by side.
    await warmPool();
    // Two staff, each double-clicking.
    const clicks = await Promise.all([admin, admin2, admin, admin2].map((who, i) => co.markPaidByStaff(who, i % 2 ? view.order.publicId : view.order.id, { now: minutes(5) })));
    expect(clicks.map((c) => c.paymentId).filter((id) => id !== null)).toHaveLength(1);
    expect(clicks.map((c) => c.summary.state)).toEqual(['paid', 'paid', 'paid', 'paid']);
    const payments = await sql('select provider, amount_cents, recorded_by, disposition from payments where order_id = $1', [view.order.id]);
    expect(payments).toEqual([{ provider: 'office', amount_cents: view.order.totalCents, recorded_by: expect.stringMatching(/^admin-/), disposition: 'keep' }]);
    const given = await sql('select m.number, m.valid_from::text as valid_from, m.valid_until::text as valid_until from memberships m join order_lines l on l.id = m.order_line_id where l.order_id = $1', [view.order.id]);
    const numbers = await sql('select number from member_numbers where participant_id = $1', [minor.participantId]);
    expect(numbers).toHaveLength(1);
    expect(given).toEqual([{ number: String(numbers[0]!.number), valid_from: '2026-06-10', valid_until: '2026-12-31' }]);
    const read = await co.getOrder(view.order.id, { at: minutes(6) });
    expect(read!.memberships).toEqual([expect.objectContaining({ participantId: minor.participantId, number: String(numbers[0]!.number) })]);
  });
});

describe('a provider’s payment', () => {
  it('is recorded once when the same transaction arrives three times', async () => {
    const view = await order(ana.principal, ana.participantId, { provider: 'stripe' });
    await warmPool();
    const pay = () => co.recordPayment({ order: view.order.publicId, provider: 'stripe', amountCents: view.order.totalCents, providerTransactionId: 'pi_three_times', at: minutes(2) });
    const results = await Promise.all([pay(), pay(), pay()]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(results.every((r) => r.action === 'keep' && r.summary.state === 'paid')).toBe(true);
    expect(await sql('select count(*)::int as n from payments where order_id = $1', [view.order.id])).toEqual([{ n: 1 }]);
    expect(await sql('select count(*)::int as n from memberships m join order_lines l on l.id = m.order_line_id where l.order_id = $1', [view.order.id])).toEqual([{ n: 1 }]);
  });

  it('arriving after the hold expired and was swept keeps the membership (a membership is never taken) and is recorded', async () => {
    const view = await order(stranger.principal, stranger.participantId, { provider: 'stripe' });
    const swept = await co.releaseExpiredHolds({ now: minutes(16) });
    expect(swept).toEqual(expect.arrayContaining([{ orderId: view.order.id, publicId: view.order.publicId, provider: 'stripe' }]));
    expect(await co.releaseExpiredHolds({ now: minutes(17) })).toEqual([]);
    expect((await co.getOrder(view.order.id, { at: minutes(17) }))!.summary.state).toBe('expired');
    const late = await co.recordPayment({ order: view.order.id, provider: 'stripe', amountCents: view.order.totalCents, providerTransactionId: 'pi_late', at: minutes(20) });
    expect(late).toMatchObject({ duplicate: false, action: 'keep', reason: 'late_goods_free' });
    expect(late.summary.state).toBe('paid');
    expect(late.memberships).toEqual([expect.objectContaining({ participantId: stranger.participantId, validFrom: '2026-06-10', validUntil: '2026-12-31' })]);
  });
});

describe('a refund', () => {
  let paid: Awaited<ReturnType<Checkout['createOrder']>>;
  let paymentId: number;

  beforeAll(async () => {
    paid = await order(ana.principal, ana.participantId, { provider: 'stripe' });
    paymentId = (await co.recordPayment({ order: paid.order.id, provider: 'stripe', amountCents: paid.order.totalCents, providerTransactionId: 'pi_to_refund', at: minutes(1) })).paymentId;
  });

  it('larger than what is left is refused with refund_too_large, writing nothing; so is one without a reason or by someone not staff', async () => {
    const ask = (who: Principal, amountCents: number, reason = 'Injured') => co.recordRefund(who, { order: paid.order.id, amountCents, reason, idempotencyKey: randomUUID(), at: minutes(30) });
    expect(await codeOf(ask(admin, paid.order.totalCents + 1))).toBe('refund_too_large');
    expect(await codeOf(ask(admin, 100, '  '))).toBe('null_reason');
    expect(await codeOf(ask(ana.principal, 100))).toBe('not_found');
    expect(await sql('select 1 from refunds where order_id = $1', [paid.order.id])).toEqual([]);
  });

  it('is recorded beside its payment, once per idempotency key, and the state becomes partially refunded, then refunded', async () => {
    const first = await co.recordRefund(admin, { order: paid.order.publicId, amountCents: 5000, reason: 'Season cut short', idempotencyKey: 'refund-1', at: minutes(30) });
    expect(first).toMatchObject({ paymentId, duplicate: false });
    expect(first.summary).toMatchObject({ state: 'partially_refunded', refundedCents: 5000, refundableCents: paid.order.totalCents - 5000 });
    const again = await co.recordRefund(admin, { order: paid.order.publicId, amountCents: 5000, reason: 'Season cut short', idempotencyKey: 'refund-1', at: minutes(31) });
    expect(again).toMatchObject({ refundId: first.refundId, duplicate: true });
    expect(await codeOf(co.recordRefund(admin, { order: paid.order.id, amountCents: 4000, reason: 'Other', idempotencyKey: 'refund-1' }))).toBe('idempotency_key_reused');
    expect(await sql('select payment_id, amount_cents, reason, requested_by from refunds where order_id = $1', [paid.order.id])).toEqual([
      { payment_id: paymentId, amount_cents: 5000, reason: 'Season cut short', requested_by: admin.userId },
    ]);

    const rest = await co.recordRefund(admin, { order: paid.order.id, amountCents: paid.order.totalCents - 5000, reason: 'Rest of it', idempotencyKey: 'refund-2', at: minutes(32) });
    expect(rest.summary).toMatchObject({ state: 'refunded', refundableCents: 0 });
    expect(await codeOf(co.recordRefund(admin, { order: paid.order.id, amountCents: 1, reason: 'More', idempotencyKey: 'refund-3' }))).toBe('refund_too_large');
    // The payment stays as it was recorded.
    expect(await sql('select amount_cents from payments where id = $1', [paymentId])).toEqual([{ amount_cents: paid.order.totalCents }]);
  });
});

describe('permanent member numbers', () => {
  it('gives two members paid at once different numbers, and a member renewing next season keeps theirs', async () => {
    const one = await person('Zoé', 'Gagnon', '1995-05-05');
    const two = await person('Marc', 'Roy', '1980-02-02');
    const [o1, o2] = await Promise.all([order(one.principal, one.participantId), order(two.principal, two.participantId)]);
    await warmPool();
    const [p1, p2] = await Promise.all([co.markPaidByStaff(admin, o1.order.id, { now: minutes(3) }), co.markPaidByStaff(admin2, o2.order.id, { now: minutes(3) })]);
    const n1 = Number(p1.memberships[0]!.number);
    const n2 = Number(p2.memberships[0]!.number);
    expect(n1).not.toBe(n2);
    expect(Math.abs(n1 - n2)).toBe(1);

    // Renewing early, in December: the next season, same number.
    const december = new Date('2026-12-01T15:00:00Z');
    const early = await order(one.principal, one.participantId, { now: december });
    const renewed = await co.markPaidByStaff(admin, early.order.id, { now: december });
    expect(renewed.memberships).toEqual([expect.objectContaining({ number: String(n1), validFrom: '2027-01-01', validUntil: '2027-12-31' })]);
    // Next season, after the last one ended: from that day, same number.
    const march = new Date('2027-03-01T15:00:00Z');
    const late = await order(two.principal, two.participantId, { now: march });
    const back = await co.markPaidByStaff(admin, late.order.id, { now: march });
    expect(back.memberships).toEqual([expect.objectContaining({ number: String(n2), validFrom: '2027-03-01', validUntil: '2027-12-31' })]);
    expect(await sql('select count(*)::int as n from member_numbers where participant_id in ($1, $2)', [one.participantId, two.participantId])).toEqual([{ n: 2 }]);
  });
});
