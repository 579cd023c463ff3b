/**
 * The event registration API on the real database (issue 27 "Registration"; spec §1 register for
 * events, §3 Registration, §6 Online registration), called through the API app with login cookies
 * as a browser would:
 * - a visitor without a login is refused every route (401); another family's minor answers like an
 *   unknown one (404);
 * - a guardian signs the event waiver for their minor and registers them for two classes, paying at
 *   the gate: two `registered` classes and an order reserved (`next.kind = 'reserved'`); the same
 *   submission again registers once; the public `registration/getRegistrants` lists the minor with
 *   name, number, class, city and state only;
 * - no signed waiver is refused with `waiver_not_signed`, a bad race number with its issue, writing
 *   nothing; paying by card sends the rider to Stripe's page (the stub of tests/stubs/stripe-server.ts);
 * - the guardian cancels a paid class within the refund policy and gets its percent back once;
 * - a full class's waiting list: the promoter's staff cancel the place (another promoter's staff
 *   cannot), the next in line is offered it by email for the promoter's hours and takes it through
 *   `/accept` (once per submission); nobody else can take it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataUrl, signaturePng } from '../../lib/server/waivers/test-png';
import { startStripeStub, type StripeStub } from '../stubs/stripe-server';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

let stub: StripeStub;

// Stripe is configured (and the CMS out of reach: the built-in waiver text) before anything reads
// and keeps the environment: this hook runs before setUpDeskDatabase's, which loads the API.
beforeAll(async () => {
  stub = await startStripeStub();
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_registration_stub');
  vi.stubEnv('STRIPE_API_BASE', stub.url);
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_test_registration_routes');
  vi.stubEnv('CMS_URL', 'http://127.0.0.1:9');
});
afterAll(async () => {
  await stub?.close();
  vi.unstubAllEnvs();
});

// Its afterAll stops this process's job queue (mails are queued) before dropping the database.
const db = setUpDeskDatabase('event-registration-routes');

let api: Api;
let sql: Sql;
const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);

/** YYYY-MM-DD `days` after today (UTC; far enough from the edges of the federation's day for the checks here). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let organizationId: number;
let promoterUserId: number;
let eventId: number;
const cls = { y85: 0, y65: 0, open: 0, pro: 0 };
let seasonType: number;
let admin: string;

type Login = Awaited<ReturnType<typeof buyer>>;

/** A verified login with its own racer record (an adult), a season membership of the event's federation unless told. */
async function buyer(first: string, member = true) {
  const login = await deskLogin(sql, 'participant');
  const [p] = await sql(`insert into participants (first_name, last_name, city, state) values ($1, 'Entries', 'Sherbrooke', 'QC') returning id`, [first]);
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday, email, phone) values ($1, $2, $3, 'Entries', 'female', '1985-03-04', $4, '4185550100') returning id`,
    [p!.id, login.id, first, login.email],
  );
  const who = { ...login, participantId: p!.id as number, profileId: profile!.id as number };
  if (member) await membership(who.participantId);
  return who;
}

/** A minor managed by `guardian` (no login of their own), living in Rimouski, with a season membership. */
async function minorOf(guardian: { profileId: number }, first: string, birthday = '2014-05-01') {
  const [p] = await sql(`insert into participants (first_name, last_name, city, state) values ($1, 'Entries', 'Rimouski', 'QC') returning id`, [first]);
  await sql(`insert into participant_profiles (participant_id, guardian_id, relationship, first_name, last_name, gender, birthday) values ($1, $2, 'mother', $3, 'Entries', 'male', $4)`, [
    p!.id,
    guardian.profileId,
    first,
    birthday,
  ]);
  await membership(p!.id as number);
  return p!.id as number;
}

async function membership(participantId: number) {
  await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, $4, $5, $6)`, [
    organizationId,
    participantId,
    seasonType,
    `E${participantId}`,
    inDays(-30),
    inDays(400),
  ]);
}

/** A signed event waiver for `participantId` as lib/server/waivers writes it (the guardian's one is signed through the API below). */
async function signedWaiver(participantId: number): Promise<string> {
  const [row] = await sql(
    `insert into waiver_documents (kind, event_id, participant_id, covered_name, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, ip, user_agent, keep_until)
     values ('entry', $1, $2, 'Rider', 'Signatory', 'self', 'v1', 'Waiver', 'Text', 'en', 'signed', true, true, true, '127.0.0.1', 'test', '2040-01-01') returning id`,
    [eventId, participantId],
  );
  return row!.id as string;
}

/** A registration body for `participantId` in `classIds`, at the gate, unless told. */
const entry = (participantId: number, classIds: number[], waiverDocumentId: string, over: Record<string, unknown> = {}) => ({
  eventId,
  participantId,
  classIds,
  raceNumber: null,
  transponder: { kind: 'own', number: 'TX-77' },
  answers: {},
  waiverDocumentId,
  provider: 'office',
  submissionId: randomUUID(),
  locale: 'en',
  ...over,
});

type Result = { classes: { registrationId: number; classId: number; state: string; raceNumber: string | null; feeCents: number | null }[]; order: { publicId: string; state: string; totalCents: number; provider: string; next?: { kind: string; url?: string } } | null; duplicate: boolean };

/** The event's registrants as the public `registration/getRegistrants` lists them. */
async function registrants() {
  const reply = await deskCall(api, 'POST', '/livelaps/registration/getRegistrants', { body: { eventId } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body!.message as Record<string, unknown>[];
}

let ana: Login;
let leo: number;
let oscar: Login;
let ottoFromOscar: number;
let leoOrder: string;
const leoRegistration = { y85: 0, y65: 0 };

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Entries Federation') returning id`)) as { id: number }[];
  promoterUserId = 970_001;
  const [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values ($1, $2, 'Entries Club') returning id`, [promoterUserId, organizationId])) as { id: number }[];
  await sql(`insert into promoters (user_id, organization_id, name) values (970002, $1, 'Other Club')`, [organizationId]);
  const settings = { payAtGate: true, offerHours: 12, refundPolicy: [{ until: inDays(10), percent: 50 }] };
  [{ id: eventId }] = (await sql(
    `insert into events (promoter_id, organization_id, name, start_date, end_date, state, registration_open, registration_settings) values ($1, $2, 'Winter Entries MX', $3, $4, 'QC', true, $5) returning id`,
    [promoterId, organizationId, inDays(40), inDays(41), JSON.stringify(settings)],
  )) as { id: number }[];
  [cls.y85, cls.y65, cls.open, cls.pro] = (
    await sql(`insert into classes (organization_id, name, min_age, max_age) values ($1, 'Entries 85cc', 8, 15), ($1, 'Entries 65cc', 7, 13), ($1, 'Entries Open', 16, null), ($1, 'Entries Pro', 16, null) returning id`, [organizationId])
  ).map((r) => r.id as number);
  await sql(`insert into event_classes (event_id, class_id, fee_cents, capacity, sort_order) values ($1, $2, 3000, null, 1), ($1, $3, 2500, null, 2), ($1, $4, 5000, null, 3), ($1, $5, 8000, 1, 4)`, [
    eventId,
    cls.y85,
    cls.y65,
    cls.open,
    cls.pro,
  ]);
  [{ id: seasonType }] = (await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'Entries season', 16500, 'season') returning id`, [organizationId])) as { id: number }[];
  admin = (await deskLogin(sql, 'admin')).cookie;
  ana = await buyer('Ana');
  leo = await minorOf(ana, 'Léo');
  oscar = await buyer('Oscar');
  ottoFromOscar = await minorOf(oscar, 'Otto');
});

describe('who may call the registration routes', () => {
  it('refuses a visitor without a login on every route (401), writing nothing', async () => {
    const body = entry(leo, [cls.y85], randomUUID());
    expect(await deskCall(api, 'POST', '/registrations', { body })).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect(await deskCall(api, 'POST', '/registrations/1/cancel')).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect(await deskCall(api, 'POST', '/registrations/1/accept', { body: { provider: 'office', submissionId: randomUUID() } })).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect(await count('registrations', 'event_id = $1', [eventId])).toBe(0);
  });

  it('answers another family’s minor like an unknown one (404), writing nothing', async () => {
    const reply = await deskCall(api, 'POST', '/registrations', { cookie: ana.cookie, body: entry(ottoFromOscar, [cls.y85], await signedWaiver(ottoFromOscar), { raceNumber: '40' }) });
    expect(reply).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await count('registrations', 'event_id = $1', [eventId])).toBe(0);
    expect(await count('orders', 'event_id = $1', [eventId])).toBe(0);
  });
});

describe('a guardian registering their minor at the gate', () => {
  let body: ReturnType<typeof entry>;

  it('signs the waiver for the minor, then registers them for two classes: both registered, one order reserved to pay at the gate', async () => {
    const text = (await deskCall(api, 'GET', '/waivers/text?kind=entry&locale=en')).body!;
    const signed = await deskCall(api, 'POST', '/waivers', {
      cookie: ana.cookie,
      body: { eventId, kind: 'entry', participantId: leo, signatoryRole: 'guardian', textVersion: text.version, locale: 'en', consentElectronic: true, agreed: true, certified: true, signaturePng: dataUrl('image/png', signaturePng()) },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);

    body = entry(leo, [cls.y85, cls.y65], signed.body!.id as string, { raceNumber: ' 85b ' });
    const reply = await deskCall(api, 'POST', '/registrations', { cookie: ana.cookie, body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const result = reply.body as unknown as Result;
    expect(result.duplicate).toBe(false);
    expect(result.classes.map((c) => [c.classId, c.state, c.raceNumber, c.feeCents])).toEqual([
      [cls.y85, 'registered', '85B', 3000],
      [cls.y65, 'registered', '85B', 2500],
    ]);
    // 55.00 $ + GST 2.75 $ + QST 5.49 $ (299.25 + 249.375 cents, rounded per line), at the event's province.
    expect(result.order).toEqual({ publicId: expect.any(String), state: 'reserved', provider: 'office', totalCents: 5500 + 275 + 299 + 249, next: { kind: 'reserved' } });
    leoOrder = result.order!.publicId;
    [leoRegistration.y85, leoRegistration.y65] = result.classes.map((c) => c.registrationId) as [number, number];

    const rows = await sql(`select r.state, r.class_id, r.registered_by, o.public_id, o.province from registrations r join order_lines l on l.id = r.order_line_id join orders o on o.id = l.order_id where r.participant_id = $1 order by r.id`, [leo]);
    expect(rows).toEqual([
      { state: 'registered', class_id: cls.y85, registered_by: ana.id, public_id: leoOrder, province: 'QC' },
      { state: 'registered', class_id: cls.y65, registered_by: ana.id, public_id: leoOrder, province: 'QC' },
    ]);
  });

  it('registers once when the same submission is sent again', async () => {
    const before = { registrations: await count('registrations'), orders: await count('orders') };
    const again = await deskCall(api, 'POST', '/registrations', { cookie: ana.cookie, body });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ duplicate: true, order: { publicId: leoOrder, state: 'reserved', next: { kind: 'reserved' } } });
    expect((again.body as unknown as Result).classes.map((c) => c.registrationId)).toEqual([leoRegistration.y85, leoRegistration.y65]);
    expect({ registrations: await count('registrations'), orders: await count('orders') }).toEqual(before);
  });

  it('shows the minor in the public registrants with name, number, class, city and state only', async () => {
    const listed = await registrants();
    expect(listed).toEqual([
      { number: '85B', firstName: 'Léo', lastName: 'Entries', className: 'Entries 85cc', city: 'Rimouski', state: 'QC' },
      { number: '85B', firstName: 'Léo', lastName: 'Entries', className: 'Entries 65cc', city: 'Rimouski', state: 'QC' },
    ]);
    expect(JSON.stringify(listed)).not.toContain(ana.email);
  });

  it('lists the minor in the entry list for timing software (CSV) for the event’s staff only', async () => {
    const csv = async (cookie?: string) => {
      const res = await api.request(`/api/v1/desk/events/${eventId}/entries.csv`, { headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });
      return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
    };
    const staff = (await deskLogin(sql, 'promoter', promoterUserId)).cookie;
    const file = await csv(staff);
    expect(file).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8' });
    expect(file.disposition).toMatch(/^attachment; filename="entries-[a-z0-9-]+\.csv"$/);
    const lines = file.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Number,First name,Last name,Class,Transponder');
    expect(lines.filter((l) => l.includes('Léo,Entries'))).toHaveLength(2);
    expect(lines.find((l) => l.includes('Entries 85cc'))).toMatch(/^85B,Léo,Entries,Entries 85cc,/);
    expect((await csv((await deskLogin(sql, 'promoter', 970_002)).cookie)).status).toBe(404);
    expect((await csv()).status).toBe(401);
    expect((await csv(ana.cookie)).status).toBe(404);
  });
});

describe('refusals', () => {
  let bea: Login;

  beforeAll(async () => {
    bea = await buyer('Bea');
  });

  it('refuses a registration without a signed waiver with `waiver_not_signed`, writing nothing', async () => {
    const before = { registrations: await count('registrations'), orders: await count('orders') };
    const none = await deskCall(api, 'POST', '/registrations', { cookie: bea.cookie, body: entry(bea.participantId, [cls.open], randomUUID(), { raceNumber: '31' }) });
    expect(none).toMatchObject({ status: 409, body: { error: 'waiver_not_signed' } });
    // Someone else's signed waiver is not hers.
    const others = await deskCall(api, 'POST', '/registrations', { cookie: bea.cookie, body: entry(bea.participantId, [cls.open], await signedWaiver(oscar.participantId), { raceNumber: '31' }) });
    expect(others).toMatchObject({ status: 409, body: { error: 'waiver_not_signed' } });
    expect({ registrations: await count('registrations'), orders: await count('orders') }).toEqual(before);
  });

  it('refuses a race number that is not 1 to 4 digits or letters with its issue (400), writing nothing', async () => {
    const before = await count('registrations');
    const reply = await deskCall(api, 'POST', '/registrations', { cookie: bea.cookie, body: entry(bea.participantId, [cls.open], await signedWaiver(bea.participantId), { raceNumber: '12345' }) });
    expect(reply.status).toBe(400);
    expect(reply.body!.issues).toEqual([{ path: ['raceNumber'], code: 'invalid_race_number' }]);
    expect(await count('registrations')).toBe(before);
  });

  it('sends a rider paying by card to Stripe’s page, the order reserved meanwhile', async () => {
    const reply = await deskCall(api, 'POST', '/registrations', { cookie: bea.cookie, body: entry(bea.participantId, [cls.open], await signedWaiver(bea.participantId), { raceNumber: '31', provider: 'stripe' }) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ classes: [{ classId: cls.open, state: 'registered', feeCents: 5000 }], order: { state: 'reserved', provider: 'stripe', next: { kind: 'redirect', url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) } } });
    const publicId = (reply.body as unknown as Result).order!.publicId;
    const [session] = await sql(`select s.session_id from checkout_sessions s join orders o on o.id = s.order_id where o.public_id = $1`, [publicId]);
    expect(stub.sessions.get(session!.session_id as string)).toMatchObject({ amount_total: (reply.body as unknown as Result).order!.totalCents, customer_email: bea.email });
  });
});

describe('cancelling', () => {
  it('by the guardian within the refund policy gives back its percent of the paid class, once; another family cannot', async () => {
    expect(await deskCall(api, 'POST', `/admin/orders/${leoOrder}/mark-paid`, { cookie: admin })).toMatchObject({ status: 200, body: { state: 'paid' } });
    const refunds = () => sql(`select r.amount_cents from refunds r join orders o on o.id = r.order_id where o.public_id = $1`, [leoOrder]);

    expect(await deskCall(api, 'POST', `/registrations/${leoRegistration.y65}/cancel`, { cookie: oscar.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await sql(`select state from registrations where id = $1`, [leoRegistration.y65]))[0]!.state).toBe('registered');

    const cancelled = await deskCall(api, 'POST', `/registrations/${leoRegistration.y65}/cancel`, { cookie: ana.cookie });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Half of 25.00 $ + GST 1.25 $ + QST 2.49 $ = 28.74 $.
    expect(cancelled.body).toEqual({ registrationId: leoRegistration.y65, state: 'cancelled', percent: 50, refundedCents: 1437, duplicate: false });
    expect(await refunds()).toEqual([{ amount_cents: 1437 }]);
    expect((await sql(`select state from registrations where id = $1`, [leoRegistration.y65]))[0]!.state).toBe('cancelled');

    const again = await deskCall(api, 'POST', `/registrations/${leoRegistration.y65}/cancel`, { cookie: ana.cookie });
    expect(again).toMatchObject({ status: 200, body: { state: 'cancelled', refundedCents: 0, duplicate: true } });
    expect(await refunds()).toHaveLength(1);
    // The public list follows at once: the other class stays.
    expect((await registrants()).filter((r) => r.firstName === 'Léo').map((r) => r.className)).toEqual(['Entries 85cc']);
  });

  it('answers an id that is not one with 400 and an unknown registration with 404', async () => {
    expect((await deskCall(api, 'POST', '/registrations/abc/cancel', { cookie: ana.cookie })).status).toBe(400);
    expect(await deskCall(api, 'POST', '/registrations/999999/cancel', { cookie: ana.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });
});

describe('a full class’s waiting list', () => {
  let bob: Login;
  let cam: Login;
  let bobRegistration: number;
  let camRegistration: number;

  beforeAll(async () => {
    bob = await buyer('Bob');
    cam = await buyer('Cam');
  });

  it('puts the second rider of a one-place class on the list, with nothing to pay and no offer to take yet', async () => {
    const first = await deskCall(api, 'POST', '/registrations', { cookie: bob.cookie, body: entry(bob.participantId, [cls.pro], await signedWaiver(bob.participantId), { raceNumber: '1' }) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ classes: [{ state: 'registered', feeCents: 8000 }] });
    bobRegistration = (first.body as unknown as Result).classes[0]!.registrationId;

    const second = await deskCall(api, 'POST', '/registrations', { cookie: cam.cookie, body: entry(cam.participantId, [cls.pro], await signedWaiver(cam.participantId), { raceNumber: '2' }) });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ classes: [{ classId: cls.pro, state: 'waiting', feeCents: null }], order: null, duplicate: false });
    camRegistration = (second.body as unknown as Result).classes[0]!.registrationId;

    expect(await deskCall(api, 'POST', `/registrations/${camRegistration}/accept`, { cookie: cam.cookie, body: { provider: 'office', submissionId: randomUUID() } })).toMatchObject({ status: 409, body: { error: 'offer_not_open' } });
  });

  it('when the promoter’s staff cancel the place (another promoter’s cannot), offers it to the next in line by email for the promoter’s hours', async () => {
    const otherStaff = (await deskLogin(sql, 'promoter', 970_002)).cookie;
    expect(await deskCall(api, 'POST', `/registrations/${bobRegistration}/cancel`, { cookie: otherStaff })).toMatchObject({ status: 404, body: { error: 'not_found' } });

    const staff = (await deskLogin(sql, 'promoter', promoterUserId)).cookie;
    const before = Date.now();
    const cancelled = await deskCall(api, 'POST', `/registrations/${bobRegistration}/cancel`, { cookie: staff });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Always allowed to staff, in full; nothing had been paid.
    expect(cancelled.body).toEqual({ registrationId: bobRegistration, state: 'cancelled', percent: 100, refundedCents: 0, duplicate: false });

    const [offered] = await sql(`select state, offered_until from registrations where id = $1`, [camRegistration]);
    expect(offered!.state).toBe('waiting');
    const until = (offered!.offered_until as Date).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 12 * 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000 + 1000);
    const mails = (await sql(`select data from pgboss.job where name = 'send-email'`)).map((r) => (r.data as { mail: { to: unknown; text: string } }).mail);
    expect(mails.some((m) => JSON.stringify(m.to).includes(cam.email) && m.text.includes(`/ll/events/${eventId}/register?offer=${camRegistration}`))).toBe(true);
  });

  it('lets the rider offered the place take it through /accept, once per submission; nobody else can', async () => {
    const body = { provider: 'office', submissionId: randomUUID(), locale: 'en' };
    expect(await deskCall(api, 'POST', `/registrations/${camRegistration}/accept`, { cookie: ana.cookie, body })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const bad = await deskCall(api, 'POST', `/registrations/${camRegistration}/accept`, { cookie: cam.cookie, body: { ...body, provider: 'cash' } });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual([{ path: ['provider'], code: 'invalid_provider' }]);

    const accepted = await deskCall(api, 'POST', `/registrations/${camRegistration}/accept`, { cookie: cam.cookie, body });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // 80.00 $ + GST 4.00 $ + QST 7.98 $.
    expect(accepted.body).toEqual({
      classes: [{ registrationId: camRegistration, classId: cls.pro, state: 'registered', raceNumber: '2', feeCents: 8000, orderLineId: expect.any(Number) }],
      order: { publicId: expect.any(String), state: 'reserved', provider: 'office', totalCents: 9198, next: { kind: 'reserved' } },
      duplicate: false,
    });
    const orders = await count('orders');
    const again = await deskCall(api, 'POST', `/registrations/${camRegistration}/accept`, { cookie: cam.cookie, body });
    expect(again).toMatchObject({ status: 200, body: { duplicate: true, order: { publicId: (accepted.body as unknown as Result).order!.publicId } } });
    expect(await count('orders')).toBe(orders);
    // Taken: a new submission finds no offer open.
    expect(await deskCall(api, 'POST', `/registrations/${camRegistration}/accept`, { cookie: cam.cookie, body: { ...body, submissionId: randomUUID() } })).toMatchObject({ status: 409, body: { error: 'offer_not_open' } });
    expect((await registrants()).filter((r) => r.className === 'Entries Pro')).toEqual([{ number: '2', firstName: 'Cam', lastName: 'Entries', className: 'Entries Pro', city: 'Sherbrooke', state: 'QC' }]);
  });
});
