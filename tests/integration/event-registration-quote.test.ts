/**
 * The review step's priced total and what a cancellation gives back, on the real database (issue
 * 27 "Registration"): `quoteRegistration` answers the very total of the order `registerForEvent`
 * then creates (entry at the fee of the day, rental and deposit, one-event licence, Quebec's
 * taxes) and writes nothing; a full class is quoted on the waiting list at no charge. Cancelling
 * a rider's last live registration of a paid order gives back the entry and the transponder
 * rental at the refund policy's percent and the deposit in full, each once under its own key;
 * the promoter's cancel gives back everything.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../lib/server/policy';
import { useTestDatabase, type TestDatabase } from './setup';

type Registrations = typeof import('../../lib/server/registrations');
type Checkout = typeof import('../../lib/server/checkout/server');

let database: TestDatabase;
let pool: pg.Pool;
let reg: Registrations;
let co: Checkout;
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];
const count = async (table: string) => Number((await sql(`select count(*)::int as n from ${table}`))[0]!.n);

/** 10:00 in Montreal on 2026-06-10; the event is on 2026-07-04 in Quebec; 50 % back until 2026-06-20. */
const NOW = new Date('2026-06-10T14:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const admin: Principal = { userId: 'admin-q', role: 'admin', emailVerified: true, promoterIds: [] };

let organizationId: number;
let promoterId: number;
let eventId: number;
const cls = { open: 0, pro: 0, vet: 0 };

async function person(first: string, last: string, birthday: string) {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, $2) returning id`, [first, last]);
  const userId = randomUUID();
  await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, 'participant', true)`, [userId, `${first} ${last}`, `${userId}@example.org`]);
  await sql(`insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday) values ($1, $2, $3, $4, 'male', $5)`, [p!.id, userId, first, last, birthday]);
  return { participantId: p!.id as number, principal: { userId, role: 'participant', emailVerified: true, promoterIds: [] } as Principal };
}

async function entry(rider: { participantId: number }, classIds: number[], over: Record<string, unknown> = {}) {
  const [w] = await sql(
    `insert into waiver_documents (kind, event_id, participant_id, covered_name, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, ip, user_agent, keep_until)
     values ('entry', $1, $2, 'Rider', 'Signatory', 'self', 'v1', 'Waiver', 'Text', 'en', 'signed', true, true, true, '127.0.0.1', 'test', '2040-01-01') returning id`,
    [eventId, rider.participantId],
  );
  return { eventId, participantId: rider.participantId, classIds, raceNumber: null, transponder: { kind: 'rental' as const }, answers: {}, waiverDocumentId: w!.id as string, provider: 'office' as const, submissionId: randomUUID(), locale: 'en' as const, ...over };
}

beforeAll(async () => {
  vi.stubEnv('SITE_URL', 'http://localhost');
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  reg = await import('../../lib/server/registrations');
  co = await import('../../lib/server/checkout/server');
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Quote Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (9101, $1, 'Quote Club') returning id`, [organizationId])) as { id: number }[];
  const settings = JSON.stringify({ payAtGate: true, offerHours: 12, refundPolicy: [{ until: '2026-06-20', percent: 50 }], transponderRentalCents: 2000, transponderDepositCents: 5000, earlyUntil: '2026-06-15' });
  [{ id: eventId }] = (await sql(
    `insert into events (promoter_id, organization_id, name, start_date, state, registration_open, registration_settings) values ($1, $2, 'Quote MX', '2026-07-04', 'QC', true, $3) returning id`,
    [promoterId, organizationId, settings],
  )) as { id: number }[];
  [cls.open, cls.pro, cls.vet] = (await sql(`insert into classes (organization_id, name) values ($1, 'Open'), ($1, 'Pro'), ($1, 'Vet') returning id`, [organizationId])).map((r) => r.id as number);
  // Open: 50 $, 40 $ early (before 2026-06-15); Pro: one place, already taken below; Vet: 30 $.
  await sql(`insert into event_classes (event_id, class_id, fee_cents, early_fee_cents, capacity, sort_order) values ($1, $2, 5000, 4000, null, 1), ($1, $3, 8000, null, 1, 2), ($1, $4, 3000, null, null, 3)`, [eventId, cls.open, cls.pro, cls.vet]);
  await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'One-event licence', 2500, 'event')`, [organizationId]);
});

afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
  vi.unstubAllEnvs();
});

describe('the review step’s priced total', () => {
  it('equals the total of the order the registration then creates, and writes nothing', async () => {
    const holder = await person('Pia', 'Pro', '1990-01-01');
    await reg.registerForEvent(holder.principal, await entry(holder, [cls.pro], { raceNumber: '1', transponder: null }), { now: NOW });
    const rider = await person('Quinn', 'Quote', '1991-02-02');
    const request = await entry(rider, [cls.open, cls.pro], { raceNumber: '22' });
    const before = [await count('orders'), await count('order_lines'), await count('registrations')];
    const quote = await reg.quoteRegistration(rider.principal, request, { now: NOW });
    expect([await count('orders'), await count('order_lines'), await count('registrations')]).toEqual(before);
    // Open at its early fee; Pro is full: the waiting list, no charge.
    expect(quote.classes).toEqual([
      { classId: cls.open, state: 'registered', feeCents: 4000 },
      { classId: cls.pro, state: 'waiting', feeCents: null },
    ]);
    // Entry 40 $, rental 20 $, deposit 50 $ (untaxed), one-event licence 25 $: GST 5 % and QST 9.975 % on 85 $.
    expect(quote.order!.lines.map((l) => l.subtotalCents)).toEqual([4000, 2000, 5000, 2500]);
    expect(quote.order!.subtotalCents).toBe(13500);
    expect(quote.order!.taxes.map((t) => [t.code, t.cents])).toEqual([
      ['GST', 200 + 100 + 125],
      ['QST', 399 + 200 + 249],
    ]);
    const result = await reg.registerForEvent(rider.principal, request, { now: NOW });
    expect(result.order!.totalCents).toBe(quote.order!.totalCents);
    expect(quote.order!.totalCents).toBe(13500 + 425 + 848);
    // Quoting the same submission again answers its order's own figures.
    expect(await reg.quoteRegistration(rider.principal, request, { now: NOW })).toMatchObject({ duplicate: true, order: { totalCents: result.order!.totalCents } });
  });

  it('quotes nothing to pay when every class chosen is full, and refuses what registering would refuse', async () => {
    const rider = await person('Wes', 'Wait', '1992-03-03');
    const quote = await reg.quoteRegistration(rider.principal, await entry(rider, [cls.pro], { raceNumber: '23' }), { now: NOW });
    expect(quote).toMatchObject({ classes: [{ classId: cls.pro, state: 'waiting', feeCents: null }], order: null });
    const code = await reg.quoteRegistration(rider.principal, await entry(rider, [cls.open], { raceNumber: '22' }), { now: NOW }).then(
      () => 'resolved',
      (err: { code?: string }) => err.code,
    );
    expect(code).toBe('race_number_taken');
  });
});

describe('cancelling gives back the transponder rental and deposit', () => {
  it('with the rider’s last live registration: the entry and rental at the policy’s percent, the deposit in full, each once', async () => {
    const rider = await person('Ron', 'Rental', '1993-04-04');
    const result = await reg.registerForEvent(rider.principal, await entry(rider, [cls.vet], { raceNumber: '31' }), { now: NOW });
    await co.markPaidByStaff(admin, result.order!.publicId, { now: minutes(1) });
    const lines = await sql(`select l.id, l.class_id, l.total_cents, l.membership_type_id from order_lines l join orders o on o.id = l.order_id where o.public_id = $1 order by l.id`, [result.order!.publicId]);
    const [entryLine, rental, deposit] = lines;
    expect([entryLine!.total_cents, rental!.total_cents, deposit!.total_cents]).toEqual([3000 + 150 + 299, 2000 + 100 + 200, 5000]);

    const cancelled = await reg.cancelRegistration(rider.principal, result.classes[0]!.registrationId, { now: minutes(60) });
    const half = (cents: number) => Math.round(cents / 2);
    expect(cancelled).toMatchObject({ percent: 50, duplicate: false, refundedCents: half(3449) + half(2300) + 5000 });
    const refunds = await sql(`select r.amount_cents, r.idempotency_key from refunds r join orders o on o.id = r.order_id where o.public_id = $1 order by r.id`, [result.order!.publicId]);
    expect(refunds.map((r) => r.amount_cents)).toEqual([half(3449), half(2300), 5000]);
    expect(new Set(refunds.map((r) => r.idempotency_key)).size).toBe(3);
    // Asking again gives nothing more.
    expect(await reg.cancelRegistration(rider.principal, result.classes[0]!.registrationId, { now: minutes(61) })).toMatchObject({ duplicate: true, refundedCents: 0 });
    expect(await sql(`select count(*)::int as n from refunds r join orders o on o.id = r.order_id where o.public_id = $1`, [result.order!.publicId])).toEqual([{ n: 3 }]);
  });

  it('keeps the rental while another class is still live; the promoter’s cancel of the last gives back everything', async () => {
    const rider = await person('Sal', 'Staff', '1994-05-05');
    const staff: Principal = { userId: 'staff-q', role: 'promoter', emailVerified: true, promoterIds: [promoterId] };
    const result = await reg.registerForEvent(rider.principal, await entry(rider, [cls.open, cls.vet], { raceNumber: '41' }), { now: minutes(2) });
    await co.markPaidByStaff(admin, result.order!.publicId, { now: minutes(3) });
    // Everything but the one-event licence (a membership, already in force once paid).
    const order = await sql(`select sum(l.total_cents) filter (where l.kind = 'entry')::int as total_cents from order_lines l join orders o on o.id = l.order_id where o.public_id = $1`, [result.order!.publicId]);
    const first = await reg.cancelRegistration(staff, result.classes[0]!.registrationId, { now: minutes(60) });
    // Only the Open entry (40 $ early + taxes), in full.
    expect(first).toMatchObject({ percent: 100, refundedCents: 4000 + 200 + 399 });
    const last = await reg.cancelRegistration(staff, result.classes[1]!.registrationId, { now: minutes(61) });
    // The Vet entry, the rental and the deposit: with the first refund, every entry line of the order.
    expect(first.refundedCents + last.refundedCents).toBe(order[0]!.total_cents);
    const [state] = await sql(`select coalesce(sum(r.amount_cents), 0)::int as refunded from refunds r join orders o on o.id = r.order_id where o.public_id = $1`, [result.order!.publicId]);
    expect(state!.refunded).toBe(order[0]!.total_cents);
  });
});
