/**
 * Registering for an event on the real database (issue 27 "Registration"; spec §1, §3
 * Registration, §6 Online registration): a registration at the gate writes its registration, its
 * order and its lines in one go; the same submission twice registers once; two riders taking the
 * last place at once: one registered, one on the waiting list; a rider without a valid membership
 * gets a one-event licence line, or `membership_required` where the organization sells none; a
 * guardian registers their minor, a stranger's minor is `not_found`; cancelling within the refund
 * policy refunds its percent and offers the place to the next on the list by email; an unpaid
 * card order whose hold ran out cancels its registration.
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
const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);

/** 10:00 in Montreal on 2026-06-10; the event is on 2026-07-04 and 05 in Quebec. */
const NOW = new Date('2026-06-10T14:00:00Z');
const minutes = (n: number, from = NOW) => new Date(from.getTime() + n * 60_000);
const admin: Principal = { userId: 'admin-1', role: 'admin', emailVerified: true, promoterIds: [] };

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code ?? String(err),
  );

let organizationId: number;
let promoterId: number;
let eventId: number;
let bareEventId: number;
const cls = { open: 0, youth: 0, pro: 0 };

async function person(first: string, last: string, birthday: string, guardian?: { profileId: number }) {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, $2) returning id`, [first, last]);
  let userId: string | null = null;
  if (!guardian) {
    userId = randomUUID();
    await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, 'participant', true)`, [userId, `${first} ${last}`, `${userId}@example.org`]);
  }
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, guardian_id, relationship, first_name, last_name, gender, birthday)
     values ($1, $2, $3, $4, $5, $6, 'male', $7) returning id`,
    [p!.id, userId, guardian?.profileId ?? null, guardian ? 'father' : null, first, last, birthday],
  );
  const principal = (userId ? { userId, role: 'participant', emailVerified: true, promoterIds: [] } : null) as Principal;
  return { participantId: p!.id as number, profileId: profile!.id as number, principal };
}

/** A signed waiver of `event` for `participantId` (what lib/server/waivers writes). */
async function waiver(participantId: number, event = eventId): Promise<string> {
  const [row] = await sql(
    `insert into waiver_documents (kind, event_id, participant_id, covered_name, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, ip, user_agent, keep_until)
     values ('entry', $1, $2, 'Rider', 'Signatory', 'self', 'v1', 'Waiver', 'Text', 'en', 'signed', true, true, true, '127.0.0.1', 'test', '2040-01-01') returning id`,
    [event, participantId],
  );
  return row!.id as string;
}

/** A registration request of `rider` (signed waiver made here) in `classIds`, at the gate unless told. */
async function entry(rider: { participantId: number }, classIds: number[], over: Record<string, unknown> = {}) {
  return {
    eventId,
    participantId: rider.participantId,
    classIds,
    raceNumber: null,
    transponder: { kind: 'own' as const, number: 'TX-1' },
    answers: { bike: 'KTM 250' },
    waiverDocumentId: await waiver(rider.participantId, (over.eventId as number | undefined) ?? eventId),
    provider: 'office' as const,
    submissionId: randomUUID(),
    locale: 'en' as const,
    ...over,
  };
}

async function warmPool() {
  const { getDb } = await import('../../lib/server/db');
  const { sql: q } = await import('drizzle-orm');
  await Promise.all([1, 2, 3, 4].map(() => getDb().execute(q`select pg_sleep(0.02)`)));
}

let ana: Awaited<ReturnType<typeof person>>;
let leo: Awaited<ReturnType<typeof person>>;
let bob: Awaited<ReturnType<typeof person>>;
let cam: Awaited<ReturnType<typeof person>>;
let stranger: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  vi.stubEnv('SITE_URL', 'http://localhost');
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  reg = await import('../../lib/server/registrations');
  co = await import('../../lib/server/checkout/server');
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Entry Federation') returning id`)) as { id: number }[];
  const [{ id: bareOrg }] = (await sql(`insert into organizations (name) values ('No Licence Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (9001, $1, 'Entry Club') returning id`, [organizationId])) as { id: number }[];
  const [{ id: barePromoter }] = (await sql(`insert into promoters (user_id, organization_id, name) values (9002, $1, 'Bare Club') returning id`, [bareOrg])) as { id: number }[];
  const settings = JSON.stringify({ payAtGate: true, offerHours: 12, refundPolicy: [{ until: '2026-06-20', percent: 50 }], transponderRentalCents: 2000, transponderDepositCents: 5000, questions: [{ id: 'bike', label: { en: 'Bike' }, required: true }] });
  [{ id: eventId }] = (await sql(
    `insert into events (promoter_id, organization_id, name, start_date, end_date, state, registration_open, registration_settings) values ($1, $2, 'Summer MX', '2026-07-04', '2026-07-05', 'QC', true, $3) returning id`,
    [promoterId, organizationId, settings],
  )) as { id: number }[];
  [{ id: bareEventId }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, state, registration_open) values ($1, $2, 'Bare MX', '2026-07-11', 'ON', true) returning id`, [barePromoter, bareOrg])) as { id: number }[];
  [cls.open, cls.youth, cls.pro] = (
    await sql(`insert into classes (organization_id, name, min_age, max_age) values ($1, 'Open', 16, null), ($1, 'Youth 85cc', 8, 15), ($1, 'Pro', 18, null) returning id`, [organizationId])
  ).map((r) => r.id as number);
  await sql(`insert into event_classes (event_id, class_id, fee_cents, capacity, sort_order) values ($1, $2, 5000, null, 1), ($1, $3, 3000, null, 2), ($1, $4, 8000, 1, 3)`, [eventId, cls.open, cls.youth, cls.pro]);
  await sql(`insert into event_classes (event_id, class_id, fee_cents) values ($1, $2, 4000)`, [bareEventId, cls.open]);
  const [{ id: season }] = (await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'Season licence', 16500, 'season') returning id`, [organizationId])) as { id: number }[];
  await sql(`insert into membership_types (organization_id, name, names, price_cents, validity) values ($1, 'One-event licence', '{"fr": "Licence d’un événement"}', 2500, 'event')`, [organizationId]);
  await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'Bare season', 10000, 'season')`, [bareOrg]);
  ana = await person('Ana', 'Tremblay', '1990-03-04');
  leo = await person('Léo', 'Tremblay', '2013-01-15', { profileId: ana.profileId });
  bob = await person('Bob', 'Gagnon', '1988-05-05');
  cam = await person('Cam', 'Roy', '1995-09-09');
  stranger = await person('Sam', 'Other', '1985-01-01');
  const kid = await person('Kid', 'Other', '2013-02-02', { profileId: stranger.profileId });
  Object.assign(stranger, { minor: kid });
  // Ana, Léo and Cam hold a season membership; Bob holds none. Ana has permanent number 7.
  for (const [who, n] of [[ana, '7'], [leo, '8'], [cam, '9']] as const) {
    await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, $4, '2026-01-01', '2026-12-31')`, [organizationId, who.participantId, season, n]);
  }
  await sql(`insert into member_numbers (participant_id, organization_id, number) values ($1, $2, 7)`, [ana.participantId, organizationId]);
});

afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
  vi.unstubAllEnvs();
});

describe('registering for an event', () => {
  it('at the gate writes the registrations, the order and its entry lines in one go, taxed in the event’s province', async () => {
    const result = await reg.registerForEvent(ana.principal, await entry(ana, [cls.open, cls.pro]), { now: NOW });
    expect(result.duplicate).toBe(false);
    expect(result.classes.map((c) => [c.classId, c.state, c.raceNumber, c.feeCents])).toEqual([
      [cls.open, 'registered', '7', 5000],
      [cls.pro, 'registered', '7', 8000],
    ]);
    // 130.00 $ + GST 6.50 $ + QST 12.97 $ (1296.75 rounded per line: 498.75 → 499, 798 → 798).
    expect(result.order).toMatchObject({ state: 'reserved', provider: 'office', totalCents: 13000 + 250 + 499 + 400 + 798 });
    const [order] = await sql(`select * from orders where public_id = $1`, [result.order!.publicId]);
    expect(order).toMatchObject({ event_id: eventId, promoter_id: promoterId, province: 'QC' });
    // Held until after the event at the gate (more than 30 days from now here).
    expect((order!.hold_expires_at as Date).getTime()).toBeGreaterThanOrEqual(minutes(30 * 24 * 60).getTime());
    const rows = await sql(`select r.state, r.class_id, r.race_number, r.transponder, r.answers, l.kind, l.event_id, l.unit_cents from registrations r join order_lines l on l.id = r.order_line_id where r.participant_id = $1 order by r.id`, [ana.participantId]);
    expect(rows).toEqual([
      { state: 'registered', class_id: cls.open, race_number: '7', transponder: 'TX-1', answers: { bike: 'KTM 250' }, kind: 'entry', event_id: eventId, unit_cents: 5000 },
      { state: 'registered', class_id: cls.pro, race_number: '7', transponder: 'TX-1', answers: { bike: 'KTM 250' }, kind: 'entry', event_id: eventId, unit_cents: 8000 },
    ]);
  });

  it('registers once when the same submission is sent twice, and refuses a second registration in the same class', async () => {
    const request = await entry(cam, [cls.open], { raceNumber: '12' });
    const [first, second] = [await reg.registerForEvent(cam.principal, request, { now: NOW }), await reg.registerForEvent(cam.principal, request, { now: NOW })];
    expect(second.duplicate).toBe(true);
    expect(second.order!.publicId).toBe(first.order!.publicId);
    expect(second.classes.map((c) => c.registrationId)).toEqual(first.classes.map((c) => c.registrationId));
    expect(await count('registrations', 'participant_id = $1', [cam.participantId])).toBe(1);
    expect(await count('orders', 'submission_id = $1', [request.submissionId])).toBe(1);
    expect(await codeOf(reg.registerForEvent(cam.principal, await entry(cam, [cls.open], { raceNumber: '13' }), { now: NOW }))).toBe('already_registered');
  });

  it('refuses a race number taken in the class, a missing answer, a closed registration and an unsigned waiver, writing nothing', async () => {
    const before = await count('registrations');
    expect(await codeOf(reg.registerForEvent(bob.principal, await entry(bob, [cls.open], { raceNumber: '12' }), { now: NOW }))).toBe('race_number_taken');
    expect(await codeOf(reg.registerForEvent(bob.principal, await entry(bob, [cls.open]), { now: NOW }))).toBe('null_race_number');
    expect(await codeOf(reg.registerForEvent(bob.principal, await entry(bob, [cls.open], { raceNumber: '20', answers: {} }), { now: NOW }))).toBe('null_answer');
    expect(await codeOf(reg.registerForEvent(bob.principal, await entry(bob, [cls.open], { raceNumber: '20' }), { now: new Date('2026-07-04T14:00:00Z') }))).toBe('registration_closed');
    expect(await codeOf(reg.registerForEvent(bob.principal, { ...(await entry(bob, [cls.open], { raceNumber: '20' })), waiverDocumentId: await waiver(cam.participantId) }, { now: NOW }))).toBe('waiver_not_signed');
    expect(await codeOf(reg.registerForEvent(bob.principal, await entry(bob, [cls.youth], { raceNumber: '20' }), { now: NOW }))).toBe('registration_age_mismatch');
    expect(await count('registrations')).toBe(before);
  });

  it('adds a one-event licence line, valid on the event’s days once paid, for a rider without a valid membership', async () => {
    const result = await reg.registerForEvent(bob.principal, await entry(bob, [cls.open], { raceNumber: '21', transponder: { kind: 'rental' } }), { now: NOW });
    const lines = await sql(`select l.kind, l.unit_cents, l.tax_cents, l.class_id, l.membership_type_id is not null as licence from order_lines l join orders o on o.id = l.order_id where o.public_id = $1 order by l.id`, [result.order!.publicId]);
    expect(lines).toEqual([
      { kind: 'entry', unit_cents: 5000, tax_cents: 250 + 499, class_id: cls.open, licence: false },
      { kind: 'entry', unit_cents: 2000, tax_cents: 100 + 200, class_id: null, licence: false },
      // The deposit is refundable: no tax on it.
      { kind: 'entry', unit_cents: 5000, tax_cents: 0, class_id: null, licence: false },
      { kind: 'membership', unit_cents: 2500, tax_cents: 125 + 249, class_id: null, licence: true },
    ]);
    await co.markPaidByStaff(admin, result.order!.publicId, { now: minutes(5) });
    expect(await sql(`select valid_from::text, valid_until::text from memberships where participant_id = $1`, [bob.participantId])).toEqual([{ valid_from: '2026-07-04', valid_until: '2026-07-05' }]);
  });

  it('refuses with membership_required where the organization sells no one-event licence', async () => {
    const request = await entry(bob, [cls.open], { eventId: bareEventId, raceNumber: '21', answers: {} });
    expect(await codeOf(reg.registerForEvent(bob.principal, request, { now: NOW }))).toBe('membership_required');
    expect(await count('registrations', 'event_id = $1', [bareEventId])).toBe(0);
  });

  it('lets a guardian register their minor; a stranger’s minor answers like an unknown one', async () => {
    const result = await reg.registerForEvent(ana.principal, await entry(leo, [cls.youth], { raceNumber: '85' }), { now: NOW });
    expect(result.classes).toEqual([expect.objectContaining({ state: 'registered', raceNumber: '85', feeCents: 3000 })]);
    expect((await sql(`select registered_by from registrations where participant_id = $1`, [leo.participantId]))[0]!.registered_by).toBe(ana.principal.userId);
    const kid = (stranger as unknown as { minor: { participantId: number } }).minor;
    expect(await codeOf(reg.registerForEvent(ana.principal, await entry(kid, [cls.youth], { raceNumber: '86' }), { now: NOW }))).toBe('not_found');
  });
});

describe('the last place and the waiting list', () => {
  let first: Awaited<ReturnType<typeof person>>;
  let second: Awaited<ReturnType<typeof person>>;
  let third: Awaited<ReturnType<typeof person>>;
  let proEvent: number;

  beforeAll(async () => {
    // A class of one place at an event of its own.
    [{ id: proEvent }] = (await sql(
      `insert into events (promoter_id, organization_id, name, start_date, state, registration_open, registration_settings) values ($1, $2, 'Pro Night', '2026-07-18', 'QC', true, $3) returning id`,
      [promoterId, organizationId, JSON.stringify({ offerHours: 12, refundPolicy: [{ until: '2026-06-20', percent: 50 }] })],
    )) as { id: number }[];
    await sql(`insert into event_classes (event_id, class_id, fee_cents, capacity) values ($1, $2, 10000, 1)`, [proEvent, cls.pro]);
    first = await person('Fay', 'One', '1991-01-01');
    second = await person('Gus', 'Two', '1992-02-02');
    third = await person('Hal', 'Three', '1993-03-03');
    for (const who of [first, second, third]) await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) select $1, $2, id, $3, '2026-01-01', '2026-12-31' from membership_types where organization_id = $1 and validity = 'season'`, [organizationId, who.participantId, `P${who.participantId}`]);
  });

  it('two riders taking the last place at once: one registered, one on the waiting list (no fee)', async () => {
    await warmPool();
    const a = await entry(first, [cls.pro], { eventId: proEvent, raceNumber: '1', answers: {} });
    const b = await entry(second, [cls.pro], { eventId: proEvent, raceNumber: '2', answers: {} });
    const results = await Promise.all([reg.registerForEvent(first.principal, a, { now: NOW }), reg.registerForEvent(second.principal, b, { now: NOW })]);
    expect(results.map((r) => r.classes[0]!.state).sort()).toEqual(['registered', 'waiting']);
    const waiting = results.find((r) => r.classes[0]!.state === 'waiting')!;
    expect(waiting.order).toBeNull();
    expect(waiting.classes[0]!.feeCents).toBeNull();
    expect(await sql(`select state, count(*)::int as n from registrations where event_id = $1 group by state order by state`, [proEvent])).toEqual([
      { state: 'registered', n: 1 },
      { state: 'waiting', n: 1 },
    ]);
  });

  it('cancelling within the refund policy refunds its percent, and the next on the list is offered the place by email', async () => {
    const [taken] = await sql(`select r.id, r.participant_id, l.order_id, l.total_cents from registrations r join order_lines l on l.id = r.order_line_id where r.event_id = $1 and r.state = 'registered'`, [proEvent]);
    const [next] = await sql(`select id, participant_id from registrations where event_id = $1 and state = 'waiting'`, [proEvent]);
    const holder = [first, second].find((p) => p.participantId === taken!.participant_id)!;
    await co.markPaidByStaff(admin, taken!.order_id as number, { now: minutes(1) });

    const cancelled = await reg.cancelRegistration(holder.principal, taken!.id as number, { now: minutes(60) });
    // 100.00 $ + taxes = 114.98 $; half of it back.
    expect(taken!.total_cents).toBe(11498);
    expect(cancelled).toMatchObject({ percent: 50, refundedCents: 5749, duplicate: false });
    expect(await sql(`select amount_cents from refunds where order_id = $1`, [taken!.order_id])).toEqual([{ amount_cents: 5749 }]);
    expect((await sql(`select state from registrations where id = $1`, [taken!.id]))[0]!.state).toBe('cancelled');
    const [offered] = await sql(`select state, offered_until from registrations where id = $1`, [next!.id]);
    expect(offered).toEqual({ state: 'waiting', offered_until: minutes(60 + 12 * 60) });
    const mails = (await sql(`select data from pgboss.job where name = 'send-email' order by created_on`)).map((r) => (r.data as { mail: { subject: string; text: string } }).mail);
    const offer = mails.find((m) => m.subject.startsWith('A place is free for you in Pro at Pro Night'));
    expect(offer?.text).toContain(`/ll/events/${proEvent}/register?offer=${next!.id}`);
    // Cancelling again does nothing.
    expect(await reg.cancelRegistration(holder.principal, taken!.id as number, { now: minutes(61) })).toMatchObject({ duplicate: true, refundedCents: 0 });

    // The offer holds the place: a third rider joins the waiting list.
    const late = await reg.registerForEvent(third.principal, await entry(third, [cls.pro], { eventId: proEvent, raceNumber: '3', answers: {} }), { now: minutes(70) });
    expect(late.classes[0]!.state).toBe('waiting');
    // The offered rider takes the place and gets an order.
    const offeredRider = [first, second].find((p) => p.participantId === next!.participant_id)!;
    const accepted = await reg.acceptOffer(offeredRider.principal, next!.id as number, { provider: 'office', submissionId: randomUUID(), locale: 'en' }, { now: minutes(90) });
    expect(accepted.classes[0]).toMatchObject({ state: 'registered', feeCents: 10000 });
    expect(accepted.order).toMatchObject({ state: 'reserved', totalCents: 11498 });
  });

  it('a lapsed offer is cancelled and the place passes to the next in line', async () => {
    const [taken] = await sql(`select r.id, r.participant_id from registrations r where r.event_id = $1 and r.state = 'registered'`, [proEvent]);
    // The promoter cancels (always allowed): the third rider is offered the place, and lets it lapse.
    const staff: Principal = { userId: 'staff-1', role: 'promoter', emailVerified: true, promoterIds: [promoterId] };
    expect(await reg.cancelRegistration(staff, taken!.id as number, { now: minutes(100) })).toMatchObject({ percent: 100, refundedCents: 0 });
    const [waiting] = await sql(`select id, offered_until from registrations where event_id = $1 and state = 'waiting'`, [proEvent]);
    expect(waiting!.offered_until).toEqual(minutes(100 + 12 * 60));
    const run = await reg.lapseOffers({ now: minutes(100 + 12 * 60).toISOString() });
    expect(run.lapsed).toEqual([waiting!.id]);
    expect((await sql(`select state from registrations where id = $1`, [waiting!.id]))[0]!.state).toBe('cancelled');
  });
});

describe('an unpaid card order', () => {
  it('whose hold ran out cancels its registration (the sweeper), freeing the place', async () => {
    const dan = await person('Dan', 'Card', '1994-04-04');
    await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) select $1, $2, id, 'D1', '2026-01-01', '2026-12-31' from membership_types where organization_id = $1 and validity = 'season'`, [organizationId, dan.participantId]);
    const result = await reg.registerForEvent(dan.principal, await entry(dan, [cls.open], { raceNumber: '44', provider: 'stripe' }), { now: NOW });
    expect(result.order).toMatchObject({ state: 'reserved', provider: 'stripe' });
    const { sweepHolds } = await import('../../lib/server/jobs/sweep-holds');
    await sweepHolds({ now: minutes(16).toISOString() });
    const [row] = await sql(`select state, cancelled_at from registrations where participant_id = $1`, [dan.participantId]);
    expect(row).toEqual({ state: 'cancelled', cancelled_at: minutes(16) });
    // A late card payment finds the place free (no limit in Open): it is kept and the place taken back.
    const paid = await co.recordPayment({ order: result.order!.publicId, provider: 'stripe', amountCents: result.order!.totalCents, providerTransactionId: 'pi_late_dan', at: minutes(20) });
    expect(paid).toMatchObject({ action: 'keep', reason: 'late_goods_free' });
    expect((await sql(`select state from registrations where participant_id = $1`, [dan.participantId]))[0]!.state).toBe('registered');
  });
});
