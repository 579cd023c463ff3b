/**
 * Sign-on at the event on the real database through the API app (issue 27 "Sign-on (in the
 * desk): one line per registered rider: membership ✓, waiver ✓, paid ✓, number, transponder; take
 * payment at the gate … mark present. It keeps working on a phone with no connection and sends what
 * it recorded when the connection comes back"):
 * - a visitor without a login gets 401; a participant and another promoter's staff 404, writing nothing;
 * - the list has one line per rider (a minor in two classes is one line), each with its membership,
 *   waiver and payment as the checkout and the waivers record them;
 * - a batch (present, a rented transponder, two gate payments) turns the riders green: paid, and the
 *   one-event licence paid with the entry is now a valid membership; the entry list for timing
 *   software shows the rented transponder's number;
 * - the same batch sent again (a reply lost offline) records nothing twice: one payment per order,
 *   one audit line per action;
 * - a transponder already handed to another rider is refused with `transponder_taken`, and the other
 *   actions of its batch still apply; an order of another event answers `not_found`.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, signaturePng } from '../../lib/server/waivers/test-png';
import { deskCall, deskLogin, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

// The CMS out of reach: the built-in waiver text.
withCmsOutOfReach();

const db = setUpDeskDatabase('sign-on');

let api: Api;
let sql: Sql;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);

let organizationId: number;
let eventId: number;
let otherEventId: number;
let staff: string;
let otherStaff: string;
let stranger: string;
const cls = { y85: 0, y65: 0, open: 0 };
let seasonType: number;

/** A verified adult login with its own racer record; a season membership when `member`. */
async function adult(first: string, member: boolean) {
  const login = await deskLogin(sql, 'participant');
  const [p] = await sql(`insert into participants (first_name, last_name, city, state) values ($1, 'Gate', 'Sherbrooke', 'QC') returning id`, [first]);
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday, email, phone) values ($1, $2, $3, 'Gate', 'female', '1985-03-04', $4, '4185550100') returning id`,
    [p!.id, login.id, first, login.email],
  );
  if (member) await membership(p!.id as number);
  return { ...login, participantId: p!.id as number, profileId: profile!.id as number };
}

async function membership(participantId: number) {
  await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, $4, $5, $6)`, [organizationId, participantId, seasonType, `G${participantId}`, inDays(-30), inDays(400)]);
}

/** Signs the event waiver for `participantId` through the API, as `cookie`'s login. */
async function sign(cookie: string, participantId: number, role: 'self' | 'guardian', event = eventId): Promise<string> {
  const text = (await deskCall(api, 'GET', '/waivers/text?kind=entry&locale=en')).body!;
  const signed = await deskCall(api, 'POST', '/waivers', {
    cookie,
    body: { eventId: event, kind: 'entry', participantId, signatoryRole: role, textVersion: text.version, locale: 'en', consentElectronic: true, agreed: true, certified: true, signaturePng: dataUrl('image/png', signaturePng()) },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  return signed.body!.id as string;
}

/** Registers through the API at the gate; @returns the order's public id. */
async function register(cookie: string, participantId: number, classIds: number[], waiverDocumentId: string, over: Record<string, unknown> = {}, event = eventId): Promise<string> {
  const reply = await deskCall(api, 'POST', '/registrations', {
    cookie,
    body: { eventId: event, participantId, classIds, raceNumber: null, transponder: { kind: 'own', number: 'TX-1' }, answers: {}, waiverDocumentId, provider: 'office', submissionId: randomUUID(), locale: 'en', ...over },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return (reply.body!.order as { publicId: string }).publicId;
}

type Row = { participantId: number; firstName: string; classes: { className: string }[]; raceNumber: string; transponder: string | null; transponderRental: boolean; membership: string; waiver: string; signOnline: boolean; paid: boolean; dueCents: number; dueOrder: string | null; presentAt: string | null };
const list = async (cookie = staff) => {
  const reply = await deskCall(api, 'GET', `/desk/events/${eventId}/sign-on`, { cookie });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body!.rows as Row[];
};
const rowOf = (rows: Row[], participantId: number) => rows.find((r) => r.participantId === participantId)!;

let leo: number;
let bea: Awaited<ReturnType<typeof adult>>;
let carl: number;
let leoOrder: string;
let beaOrder: string;
let otherOrder: string;

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Gate Federation') returning id`)) as { id: number }[];
  const [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (960001, $1, 'Gate Club') returning id`, [organizationId])) as { id: number }[];
  const [{ id: otherPromoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (960002, $1, 'Other Gate Club') returning id`, [organizationId])) as { id: number }[];
  const settings = JSON.stringify({ payAtGate: true, transponderRentalCents: 2000, transponderDepositCents: 5000 });
  const insertEvent = `insert into events (promoter_id, organization_id, name, start_date, end_date, state, registration_open, registration_settings) values ($1, $2, $3, $4, $5, 'QC', true, $6) returning id`;
  [{ id: eventId }] = (await sql(insertEvent, [promoterId, organizationId, 'Gate MX', inDays(20), inDays(21), settings])) as { id: number }[];
  [{ id: otherEventId }] = (await sql(insertEvent, [otherPromoterId, organizationId, 'Other Gate MX', inDays(25), inDays(25), settings])) as { id: number }[];
  [cls.y85, cls.y65, cls.open] = (await sql(`insert into classes (organization_id, name, min_age, max_age) values ($1, 'Gate 85cc', 8, 15), ($1, 'Gate 65cc', 7, 13), ($1, 'Gate Open', 16, null) returning id`, [organizationId])).map((r) => r.id as number);
  for (const event of [eventId, otherEventId]) {
    await sql(`insert into event_classes (event_id, class_id, fee_cents, sort_order) values ($1, $2, 3000, 1), ($1, $3, 2500, 2), ($1, $4, 5000, 3)`, [event, cls.y85, cls.y65, cls.open]);
  }
  [{ id: seasonType }] = (await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'Gate season', 16500, 'season') returning id`, [organizationId])) as { id: number }[];
  await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'Gate one-event licence', 1500, 'event')`, [organizationId]);
  staff = (await deskLogin(sql, 'promoter', 960001)).cookie;
  otherStaff = (await deskLogin(sql, 'promoter', 960002)).cookie;

  // Ana's minor Léo, a member, in two classes; Bea, an adult without a membership, renting a transponder.
  const ana = await adult('Ana', true);
  stranger = ana.cookie;
  const [p] = await sql(`insert into participants (first_name, last_name, city, state) values ('Léo', 'Gate', 'Rimouski', 'QC') returning id`);
  leo = p!.id as number;
  await sql(`insert into participant_profiles (participant_id, guardian_id, relationship, first_name, last_name, gender, birthday) values ($1, $2, 'mother', 'Léo', 'Gate', 'male', '2014-05-01')`, [leo, ana.profileId]);
  await membership(leo);
  leoOrder = await register(ana.cookie, leo, [cls.y85, cls.y65], await sign(ana.cookie, leo, 'guardian'), { raceNumber: '85' });
  bea = await adult('Bea', false);
  beaOrder = await register(bea.cookie, bea.participantId, [cls.open], await sign(bea.cookie, bea.participantId, 'self'), { raceNumber: '7', transponder: { kind: 'rental' } });
  otherOrder = await register(bea.cookie, bea.participantId, [cls.open], await sign(bea.cookie, bea.participantId, 'self', otherEventId), { raceNumber: '7', transponder: { kind: 'rental' } }, otherEventId);
  // Carl, entered by the promoter without a waiver or an order (a free entry), carrying transponder TX-9.
  const [c] = await sql(`insert into participants (first_name, last_name) values ('Carl', 'Gate') returning id`);
  carl = c!.id as number;
  await sql(`insert into registrations (event_id, participant_id, class_id, race_number, state, transponder) values ($1, $2, $3, '12', 'registered', 'TX-9')`, [eventId, carl, cls.open]);
});

const action = (over: Record<string, unknown>) => ({ id: randomUUID(), at: new Date().toISOString(), ...over });

describe('who may use sign-on', () => {
  it('refuses a visitor without a login (401), a participant and another promoter’s staff (404), writing nothing', async () => {
    const batch = { actions: [action({ type: 'present', participantId: leo })] };
    expect(await deskCall(api, 'GET', `/desk/events/${eventId}/sign-on`)).toMatchObject({ status: 401 });
    expect(await deskCall(api, 'POST', `/desk/events/${eventId}/sign-on`, { body: batch })).toMatchObject({ status: 401 });
    for (const cookie of [stranger, otherStaff]) {
      expect(await deskCall(api, 'GET', `/desk/events/${eventId}/sign-on`, { cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await deskCall(api, 'POST', `/desk/events/${eventId}/sign-on`, { cookie, body: batch })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    }
    expect(await count('registrations', 'event_id = $1 and present_at is not null', [eventId])).toBe(0);
  });

  it('refuses a malformed batch with 400 and records nothing', async () => {
    const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/sign-on`, { cookie: staff, body: { actions: [{ id: 'x', type: 'present' }] } });
    expect(reply).toMatchObject({ status: 400 });
    expect(await count('desk_audit', `event_id = $1 and entity = 'registration'`, [eventId])).toBe(0);
  });
});

describe('the sign-on list and the gate', () => {
  it('lists one line per rider with membership, waiver, payment, number and transponder', async () => {
    const rows = await list();
    expect(rows.map((r) => r.firstName)).toEqual(['Bea', 'Carl', 'Léo']);
    expect(rowOf(rows, leo)).toMatchObject({ classes: [{ className: 'Gate 85cc' }, { className: 'Gate 65cc' }], raceNumber: '85', transponder: 'TX-1', membership: 'valid', waiver: 'signed', paid: false, dueCents: expect.any(Number), dueOrder: leoOrder, presentAt: null });
    expect(rowOf(rows, leo).dueCents).toBeGreaterThan(5500);
    expect(rowOf(rows, bea.participantId)).toMatchObject({ transponder: null, transponderRental: true, membership: 'with_payment', waiver: 'signed', paid: false, dueOrder: beaOrder });
    expect(rowOf(rows, carl)).toMatchObject({ transponder: 'TX-9', membership: 'missing', waiver: 'not_signed', signOnline: false, paid: true, dueCents: 0, dueOrder: null });
    // Léo's waiver can be signed on the tablet through his guardian's account; Carl has no account to sign with (paper).
    expect(rowOf(rows, leo).signOnline).toBe(true);
  });

  it('records presence, a rented transponder and the gate payments: the riders turn ready', async () => {
    const batch = {
      actions: [
        action({ type: 'present', participantId: leo }),
        action({ type: 'paid', order: leoOrder }),
        action({ type: 'transponder', participantId: bea.participantId, number: 'r-12' }),
        action({ type: 'paid', order: beaOrder }),
      ],
    };
    const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/sign-on`, { cookie: staff, body: batch });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body!.outcomes).toEqual(batch.actions.map((a) => ({ id: a.id, ok: true, duplicate: false })));
    const rows = (reply.body!.list as { rows: Row[] }).rows;
    expect(rowOf(rows, leo)).toMatchObject({ paid: true, dueCents: 0, membership: 'valid', waiver: 'signed', presentAt: expect.any(String) });
    // The one-event licence paid with the entry is a membership valid on the event's day.
    expect(rowOf(rows, bea.participantId)).toMatchObject({ paid: true, membership: 'valid', transponder: 'R-12' });
    expect(await count('payments p join orders o on o.id = p.order_id', `o.public_id = any($1) and p.provider = 'office'`, [[leoOrder, beaOrder]])).toBe(2);

    // The entry list for timing software has the number handed out instead of RENTAL.
    const csv = await db.api.request(`/api/v1/desk/events/${eventId}/entries.csv`, { headers: { cookie: staff, host: 'localhost' } });
    const text = await csv.text();
    expect(text).toContain('R-12');
    expect(text).not.toContain('RENTAL');

    // Sent again (the reply was lost): nothing recorded twice.
    const audits = await count('desk_audit', `event_id = $1 and entity = 'registration'`, [eventId]);
    const again = await deskCall(api, 'POST', `/desk/events/${eventId}/sign-on`, { cookie: staff, body: batch });
    expect(again.body!.outcomes).toEqual(batch.actions.map((a) => ({ id: a.id, ok: true, duplicate: true })));
    expect(await count('payments p join orders o on o.id = p.order_id', `o.public_id = any($1)`, [[leoOrder, beaOrder]])).toBe(2);
    expect(await count('desk_audit', `event_id = $1 and entity = 'registration'`, [eventId])).toBe(audits);
  });

  it('refuses a transponder another rider carries and an order of another event; the rest of the batch applies', async () => {
    const taken = action({ type: 'transponder', participantId: carl, number: 'R-12' });
    const foreign = action({ type: 'paid', order: otherOrder });
    const present = action({ type: 'present', participantId: carl });
    const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/sign-on`, { cookie: staff, body: { actions: [taken, foreign, present] } });
    expect(reply.status).toBe(200);
    expect(reply.body!.outcomes).toEqual([
      { id: taken.id, ok: false, code: 'transponder_taken' },
      { id: foreign.id, ok: false, code: 'not_found' },
      { id: present.id, ok: true, duplicate: false },
    ]);
    const carlRow = rowOf((reply.body!.list as { rows: Row[] }).rows, carl);
    expect(carlRow).toMatchObject({ transponder: 'TX-9', presentAt: expect.any(String) });
    expect(await count('payments p join orders o on o.id = p.order_id', `o.public_id = $1`, [otherOrder])).toBe(0);
  });
});
