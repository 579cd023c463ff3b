/**
 * Spectator registration on the real database (issue 28 "The four steps"; spec §4 Spectator
 * registration, §5 Spectator, §6, §8 Spectator), through the API app with login cookies as a
 * browser would:
 * - the refusals with the spec's texts: a minor buyer, a promoter, another account type, an event
 *   that sells no tickets, a missing entry, a person already registered for the day, a duplicate
 *   email among adults (naming the existing spectator), no spectator, waivers missing;
 * - a buyer signs their own waiver and, as guardian, their minor's; a second adult signs by the
 *   emailed link without a login; the summary prices each by age band with the event's taxes;
 *   paying at the gate completes the registration once (the same submission makes one order);
 * - two buyers for the last ticket of a day: one gets it, the other `tickets_sold_out`;
 * - a card order's expired hold cancels its registration and gives its places back (the refused
 *   buyer then gets the last ticket).
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
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_spectators_stub');
  vi.stubEnv('STRIPE_API_BASE', stub.url);
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_test_spectators');
  vi.stubEnv('CMS_URL', 'http://127.0.0.1:9');
});
afterAll(async () => {
  await stub?.close();
  vi.unstubAllEnvs();
});

const db = setUpDeskDatabase('spectators');

let api: Api;
let sql: Sql;
const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);

/** YYYY-MM-DD `days` after today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A date of birth making someone `years` old on `day` (1 January of that year). */
const bornYearsBefore = (day: string, years: number) => `${Number(day.slice(0, 4)) - years}-01-01`;

const DAY1 = inDays(40);
const DAY2 = inDays(41);
const SETTINGS = { enabled: true, bands: [{ minAge: 0, priceCents: 1000 }, { minAge: 13, priceCents: 2500 }], freeUnderAge: 6, dailyCapacity: 50, selfie: false, payAtGate: true };

let promoterId: number;
let organizationId: number;
let eventId: number;
let lastTicketEvent: number;
let version: string;

type Login = Awaited<ReturnType<typeof deskLogin>>;
type Registration = { id: string; state: string; order: { publicId: string } | null; allSigned: boolean; spectators: { id: string; firstName: string; isBuyer: boolean; minor: boolean; age: number; priceCents: number; waiver: { state: string; signatoryName: string | null }; signedBy: string }[] };

const person = (firstName: string, birthday: string, email?: string) => ({ firstName, lastName: 'Gradins', gender: 'female', birthday, ...(email ? { email } : {}) });
const start = (login: Login, body: Record<string, unknown>) => deskCall(api, 'POST', '/spectators/registrations', { cookie: login.cookie, body: { eventId, day: DAY1, locale: 'en', ...body } });
const signature = () => ({ textVersion: version, locale: 'en', consentElectronic: true, agreed: true, certified: true, signaturePng: dataUrl('image/png', signaturePng()) });

/** Starts `login`'s registration as `first` (an adult) at `event` on `day`; the registration. */
async function started(login: Login, first: string, event = eventId, day = DAY1): Promise<Registration> {
  const reply = await deskCall(api, 'POST', '/spectators/registrations', { cookie: login.cookie, body: { eventId: event, day, locale: 'en', buyer: person(first, '1980-04-05', login.email) } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as unknown as Registration;
}

/** Signs spectator `spectatorId`'s waiver on the buyer's phone. */
async function signOnPhone(login: Login, registrationId: string, spectatorId: string) {
  const reply = await deskCall(api, 'POST', `/spectators/registrations/${registrationId}/spectators/${spectatorId}/waiver`, { cookie: login.cookie, body: signature() });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body!.id as string;
}

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Gradins Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (980001, $1, 'Gradins Club') returning id`, [organizationId])) as { id: number }[];
  [{ id: eventId }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, end_date, state, spectator_settings) values ($1, $2, 'Gradins MX', $3, $4, 'QC', $5) returning id`, [
    promoterId,
    organizationId,
    DAY1,
    DAY2,
    JSON.stringify(SETTINGS),
  ])) as { id: number }[];
  [{ id: lastTicketEvent }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, state, spectator_settings) values ($1, $2, 'Last Ticket Enduro', $3, 'QC', $4) returning id`, [
    promoterId,
    organizationId,
    DAY1,
    JSON.stringify({ ...SETTINGS, dailyCapacity: 3 }),
  ])) as { id: number }[];
  const text = await deskCall(api, 'GET', '/waivers/text?kind=spectator&locale=en');
  expect(text.status).toBe(200);
  version = text.body!.version as string;
});

describe('step 1 refusals, with the spec’s texts', () => {
  it('refuses a visitor without a login, a promoter, and another account type', async () => {
    const body = { eventId, day: DAY1, buyer: person('Anne', '1980-01-01', 'anne@example.org') };
    expect(await deskCall(api, 'POST', '/spectators/registrations', { body })).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    const promoter = await deskLogin(sql, 'promoter', 980001);
    expect(await start(promoter, { buyer: person('Pat', '1980-01-01', promoter.email) })).toMatchObject({ status: 403, body: { error: 'promoters_not_allowed', message: 'Not valid for Promoters' } });
    const official = await deskLogin(sql, 'official');
    expect(await start(official, { buyer: person('Olga', '1980-01-01', official.email) })).toMatchObject({
      status: 403,
      body: {
        error: 'account_type_not_allowed',
        message: 'You are logged in with an account that has a type other than Participant or Spectator. These account types cannot register users through this page.',
      },
    });
    expect(await count('spectator_registrations')).toBe(0);
  });

  it('refuses a buyer under 18 on the event’s day, a missing entry, and an event that sells no tickets', async () => {
    const teen = await deskLogin(sql, 'spectator');
    expect(await start(teen, { buyer: person('Théo', bornYearsBefore(DAY1, 17), teen.email) })).toMatchObject({ status: 409, body: { error: 'adults_only', message: 'Only valid for Adults' } });
    const missing = await start(teen, { buyer: { ...person('', '1980-01-01', teen.email) } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'null_entries', message: 'Please fill all entries' } });
    expect(missing.body!.issues).toContainEqual({ path: ['buyer', 'firstName'], code: 'null_first_name' });
    await sql(`update events set spectator_settings = '{"enabled": false}' where id = $1`, [lastTicketEvent]);
    expect(await start(teen, { eventId: lastTicketEvent, buyer: person('Tina', '1980-01-01', teen.email) })).toMatchObject({ status: 404, body: { error: 'event_not_found', message: 'Event not found' } });
    await sql(`update events set spectator_settings = $2 where id = $1`, [lastTicketEvent, JSON.stringify({ ...SETTINGS, dailyCapacity: 3 })]);
    expect(await start(teen, { day: inDays(60), buyer: person('Tina', '1980-01-01', teen.email) })).toMatchObject({ status: 400, body: { error: 'invalid_event_day' } });
    expect(await count('spectator_registrations')).toBe(0);
  });
});

describe('a buyer, a second adult by the emailed link, and a minor signed by the buyer, paying at the gate', () => {
  let ana: Login;
  let registration: Registration;
  const ids = { ana: '', bob: '', kid: '' };

  it('starts with the buyer as first spectator, and answers the same open registration when asked again', async () => {
    ana = await deskLogin(sql, 'participant');
    registration = await started(ana, 'Ana');
    expect(registration).toMatchObject({ state: 'open', order: null, allSigned: false, spectators: [{ firstName: 'Ana', isBuyer: true, minor: false, priceCents: 2500, signedBy: 'self', waiver: { state: 'not_signed' } }] });
    ids.ana = registration.spectators[0]!.id;
    const again = await started(ana, 'Ana');
    expect(again.id).toBe(registration.id);
    expect(await count('spectator_registrations', 'buyer_user_id = $1', [ana.id])).toBe(1);
  });

  it('adds an adult with an email and a minor without one; refuses an adult without email and a duplicate email among adults, naming the existing spectator', async () => {
    const add = (body: unknown) => deskCall(api, 'POST', `/spectators/registrations/${registration.id}/spectators`, { cookie: ana.cookie, body });
    expect(await add(person('Bob', '1975-02-03'))).toMatchObject({ status: 400, body: { error: 'null_spectator_email' } });
    const bob = await add(person('Bob', '1975-02-03', 'Bob.Gradins@example.org'));
    expect(bob.status, JSON.stringify(bob.body)).toBe(201);
    ids.bob = (bob.body as unknown as Registration).spectators[1]!.id;
    const kid = await add(person('Kim', bornYearsBefore(DAY1, 10), 'kim@example.org'));
    expect(kid.status, JSON.stringify(kid.body)).toBe(201);
    const kim = (kid.body as unknown as Registration).spectators[2]!;
    ids.kid = kim.id;
    expect(kim).toMatchObject({ minor: true, age: 10, priceCents: 1000, signedBy: 'guardian' });
    expect((await sql(`select email from spectators where id = $1`, [kim.id]))[0]!.email).toBeNull();

    const duplicate = await add(person('Bobby', '1990-02-03', 'bob.gradins@EXAMPLE.org'));
    expect(duplicate).toMatchObject({
      status: 409,
      body: { error: 'spectator_email_exists', message: 'This email already belongs to a spectator of this registration: register the existing person or change the email', spectatorId: ids.bob },
    });
    expect(await count('spectators', 'registration_id = $1', [registration.id])).toBe(3);
  });

  it('refuses another buyer the registration (as an unknown one), and a person already registered for that day', async () => {
    const other = await deskLogin(sql, 'spectator');
    expect(await deskCall(api, 'GET', `/spectators/registrations/${registration.id}`, { cookie: other.cookie })).toMatchObject({ status: 404, body: { error: 'spectator_not_found', message: 'The record was not found' } });
    const theirs = await started(other, 'Olivier');
    const same = await deskCall(api, 'POST', `/spectators/registrations/${theirs.id}/spectators`, { cookie: other.cookie, body: person('KIM', bornYearsBefore(DAY1, 10)) });
    expect(same).toMatchObject({ status: 409, body: { error: 'spectator_already_registered', message: 'Spectator already registered' } });
    // Another day of the event is another spot.
    const otherDay = await deskCall(api, 'POST', '/spectators/registrations', { cookie: other.cookie, body: { eventId, day: DAY2, buyer: person('Olivier', '1980-04-05', other.email) } });
    expect(otherDay.status).toBe(201);
  });

  it('refuses to pay until every waiver is signed', async () => {
    const reply = await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/submit`, { cookie: ana.cookie, body: { provider: 'office', submissionId: randomUUID() } });
    expect(reply).toMatchObject({ status: 409, body: { error: 'waivers_not_signed', message: 'You must send the waiver before you can continue' } });
    expect(await count('orders', 'event_id = $1', [eventId])).toBe(0);
  });

  it('has the buyer sign for themself and, as guardian, for the minor', async () => {
    await signOnPhone(ana, registration.id, ids.ana);
    await signOnPhone(ana, registration.id, ids.kid);
    const docs = await sql(`select spectator_id, participant_id, kind, signatory_user_id, signatory_role, covered_name from waiver_documents where spectator_id = any($1::uuid[]) order by signatory_role desc`, [[ids.ana, ids.kid]]);
    expect(docs).toEqual([
      { spectator_id: ids.ana, participant_id: null, kind: 'spectator', signatory_user_id: ana.id, signatory_role: 'self', covered_name: 'Ana Gradins' },
      { spectator_id: ids.kid, participant_id: null, kind: 'spectator', signatory_user_id: ana.id, signatory_role: 'guardian', covered_name: 'Kim Gradins' },
    ]);
  });

  it('emails the adult their link; they read and sign it without a login', async () => {
    const sent = await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/spectators/${ids.bob}/waiver-link`, { cookie: ana.cookie });
    expect(sent).toMatchObject({ status: 202, body: { sent: true } });
    const [{ signing_id: signingId }] = (await sql(`select signing_id from spectators where id = $1`, [ids.bob])) as { signing_id: string }[];
    const mails = (await sql(`select data from pgboss.job where name = 'send-email'`)).map((r) => (r.data as { mail: { to: unknown; text: string } }).mail);
    expect(mails.some((m) => JSON.stringify(m.to).includes('bob.gradins@example.org') && m.text.includes(`http://localhost/ll/waiver/${signingId}`))).toBe(true);
    // The buyer’s own spectator has no link (they sign on their phone).
    expect((await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/spectators/${ids.ana}/waiver-link`, { cookie: ana.cookie })).status).toBe(404);

    const page = await deskCall(api, 'GET', `/spectators/waivers/${signingId}?locale=en`);
    expect(page).toMatchObject({ status: 200, body: { eventId, coveredName: 'Bob Gradins', signatoryName: 'Bob Gradins', email: 'bob.gradins@example.org', state: 'not_signed', selfieRequired: false, canceled: false } });
    expect(await deskCall(api, 'GET', `/spectators/waivers/${randomUUID()}`)).toMatchObject({ status: 404, body: { error: 'spectator_not_found' } });
    expect((await deskCall(api, 'POST', `/spectators/waivers/${signingId}`, { body: { ...signature(), agreed: false } })).status).toBe(400);

    const signed = await deskCall(api, 'POST', `/spectators/waivers/${signingId}`, { body: signature() });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const [doc] = await sql(`select spectator_id, participant_id, signatory_user_id, signatory_name, signatory_role from waiver_documents where id = $1`, [signed.body!.id]);
    expect(doc).toEqual({ spectator_id: ids.bob, participant_id: null, signatory_user_id: null, signatory_name: 'Bob Gradins', signatory_role: 'self' });
    const [audit] = await sql(`select actor, detail from waiver_audit where document_id = $1 and action = 'signed'`, [signed.body!.id]);
    expect(audit).toMatchObject({ actor: null, detail: { place: 'link', spectatorId: ids.bob } });
    expect((await deskCall(api, 'GET', `/spectators/waivers/${signingId}`)).body).toMatchObject({ state: 'signed' });
  });

  it('prices the summary by age band with the event’s taxes', async () => {
    const quote = await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/quote`, { cookie: ana.cookie, body: {} });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // 25.00 + 25.00 + 10.00 $; GST 5 %; QST 9.975 % rounded per line (249.375, 249.375, 99.75 cents).
    expect(quote.body).toMatchObject({
      lines: [
        { spectatorId: ids.ana, unitCents: 2500 },
        { spectatorId: ids.bob, unitCents: 2500 },
        { spectatorId: ids.kid, unitCents: 1000 },
      ],
      subtotalCents: 6000,
      discountCents: 0,
      taxCents: 300 + 249 + 249 + 100,
      totalCents: 6898,
    });
    expect((quote.body!.lines as { description: string }[])[2]!.description).toContain('Kim Gradins');
  });

  it('pays at the gate: the registration is complete at once, and the same submission makes one order', async () => {
    const body = { provider: 'office', submissionId: randomUUID() };
    const paid = await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/submit`, { cookie: ana.cookie, body });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ duplicate: false, registration: { state: 'complete', allSigned: true }, order: { state: 'reserved', provider: 'office', totalCents: 6898, next: { kind: 'reserved' } } });
    const publicId = (paid.body!.order as { publicId: string }).publicId;
    const again = await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/submit`, { cookie: ana.cookie, body });
    expect(again).toMatchObject({ status: 201, body: { duplicate: true, order: { publicId } } });
    expect(await count('orders', 'event_id = $1', [eventId])).toBe(1);
    expect(await count('order_lines', `kind = 'ticket' and order_id = (select id from orders where public_id = $1)`, [publicId])).toBe(3);
    // Reserved unpaid at the gate: one ticket per spectator (lib/server/tickets).
    expect(await count('tickets', 'spectator_id = any($1::uuid[])', [[ids.ana, ids.bob, ids.kid]])).toBe(3);
    // A complete registration no longer changes.
    expect(await deskCall(api, 'POST', `/spectators/registrations/${registration.id}/spectators`, { cookie: ana.cookie, body: person('Zoé', '1980-01-01', 'zoe@example.org') })).toMatchObject({
      status: 409,
      body: { error: 'spectator_registration_closed' },
    });
  });

  it('refuses a registration whose spectators were all taken off', async () => {
    const cy = await deskLogin(sql, 'spectator');
    const theirs = await started(cy, 'Cyrille', eventId, DAY2);
    await sql(`update spectators set removed_at = now() where registration_id = $1`, [theirs.id]);
    expect(await deskCall(api, 'POST', `/spectators/registrations/${theirs.id}/submit`, { cookie: cy.cookie, body: { provider: 'office', submissionId: randomUUID() } })).toMatchObject({
      status: 409,
      body: { error: 'null_spectators' },
    });
  });
});

describe('a registration abandoned at step 3', () => {
  it('keeps its people for a day only; of two registrations with one person, the first to pay wins', async () => {
    const first = await deskLogin(sql, 'spectator');
    const second = await deskLogin(sql, 'spectator');
    const child = person('Maëlle', bornYearsBefore(DAY2, 8));
    const withChild = async (login: Login, buyer: string) => {
      const reg = await started(login, buyer, eventId, DAY2);
      const added = await deskCall(api, 'POST', `/spectators/registrations/${reg.id}/spectators`, { cookie: login.cookie, body: child });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      return added.body as unknown as Registration;
    };
    const abandoned = await withChild(first, 'Félix');
    // A day later it still waits at step 3: the child is no longer kept from others.
    const refused = await started(second, 'Gaëlle', eventId, DAY2);
    expect(await deskCall(api, 'POST', `/spectators/registrations/${refused.id}/spectators`, { cookie: second.cookie, body: child })).toMatchObject({ status: 409, body: { error: 'spectator_already_registered' } });
    await sql(`update spectator_registrations set created_at = now() - interval '25 hours' where id = $1`, [abandoned.id]);
    const added = await deskCall(api, 'POST', `/spectators/registrations/${refused.id}/spectators`, { cookie: second.cookie, body: child });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const secondReg = added.body as unknown as Registration;
    for (const s of secondReg.spectators) await signOnPhone(second, secondReg.id, s.id);
    for (const s of abandoned.spectators) await signOnPhone(first, abandoned.id, s.id);

    const paid = await deskCall(api, 'POST', `/spectators/registrations/${secondReg.id}/submit`, { cookie: second.cookie, body: { provider: 'office', submissionId: randomUUID() } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // The abandoned one comes back to pay: the child is someone else's spectator now.
    const late = await deskCall(api, 'POST', `/spectators/registrations/${abandoned.id}/submit`, { cookie: first.cookie, body: { provider: 'office', submissionId: randomUUID() } });
    expect(late).toMatchObject({ status: 409, body: { error: 'spectator_already_registered', message: 'Spectator already registered' } });
    expect(await count('spectator_registrations', 'id = $1 and order_id is null and state = $2', [abandoned.id, 'open'])).toBe(1);
  });
});

describe('the day’s capacity', () => {
  it('gives the last ticket to one of two buyers submitting at once; the other is told it is sold out', async () => {
    // Three places: one buyer holds two with a card checkout under way, two buyers want the last one.
    const holder = await deskLogin(sql, 'spectator');
    const held = await started(holder, 'Hélène', lastTicketEvent);
    const friend = await deskCall(api, 'POST', `/spectators/registrations/${held.id}/spectators`, { cookie: holder.cookie, body: person('Félix', bornYearsBefore(DAY1, 8)) });
    for (const s of (friend.body as unknown as Registration).spectators) await signOnPhone(holder, held.id, s.id);
    const card = await deskCall(api, 'POST', `/spectators/registrations/${held.id}/submit`, { cookie: holder.cookie, body: { provider: 'stripe', submissionId: randomUUID() } });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body).toMatchObject({ registration: { state: 'open' }, order: { state: 'reserved', provider: 'stripe', next: { kind: 'redirect' } } });
    // Stripe brings the buyer back to their tickets (the thank-you page waits there for the webhook), never to a page that pays.
    const session = [...stub.sessions.values()].find((x) => (x as { success_url?: string }).success_url?.includes(`/thank-you-page/spectator/${held.id}`));
    expect(session, 'a Stripe session returning to the thank-you page').toBeTruthy();

    const buyers = [await deskLogin(sql, 'spectator'), await deskLogin(sql, 'participant')];
    const regs = [await started(buyers[0]!, 'Uma', lastTicketEvent), await started(buyers[1]!, 'Victor', lastTicketEvent)];
    for (const [i, r] of regs.entries()) await signOnPhone(buyers[i]!, r.id, r.spectators[0]!.id);
    const replies = await Promise.all(regs.map((r, i) => deskCall(api, 'POST', `/spectators/registrations/${r.id}/submit`, { cookie: buyers[i]!.cookie, body: { provider: 'office', submissionId: randomUUID() } })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toMatchObject({ error: 'tickets_sold_out' });
    expect(await count('spectator_registrations', `event_id = $1 and state = 'complete'`, [lastTicketEvent])).toBe(1);

    // The card checkout's hold runs out: its registration is canceled and its two places come back.
    const { releaseExpiredHolds } = await import('../../lib/server/checkout/release-expired-holds');
    const later = new Date(Date.now() + 16 * 60_000);
    await releaseExpiredHolds({ now: later });
    const [after] = await sql(`select state, ended_at from spectator_registrations where id = $1`, [held.id]);
    expect(after).toEqual({ state: 'canceled', ended_at: later });
    // Then (at that later moment: the clock of the sweep) the buyer who was refused gets the place.
    const refused = replies.findIndex((r) => r.status === 409);
    const { submitSpectatorRegistration } = await import('../../lib/server/spectators');
    const { loadPrincipal } = await import('../../lib/server/policy');
    const retry = await submitSpectatorRegistration(await loadPrincipal(buyers[refused]!.id), regs[refused]!.id, { provider: 'office', submissionId: randomUUID() }, { now: new Date(later.getTime() + 60_000) });
    expect(retry).toMatchObject({ duplicate: false, registration: { state: 'complete' } });
  });
});

describe('a rejected waiver', () => {
  it('cannot be signed again by its link: ‘This waiver was rejected and cannot be signed’', async () => {
    const buyer = await deskLogin(sql, 'spectator');
    const reg = await started(buyer, 'Rita', eventId, DAY2);
    const added = await deskCall(api, 'POST', `/spectators/registrations/${reg.id}/spectators`, { cookie: buyer.cookie, body: person('Sam', '1970-06-07', 'sam.gradins@example.org') });
    const sam = (added.body as unknown as Registration).spectators[1]!;
    const [{ signing_id: signingId }] = (await sql(`select signing_id from spectators where id = $1`, [sam.id])) as { signing_id: string }[];
    const signed = await deskCall(api, 'POST', `/spectators/waivers/${signingId}`, { body: signature() });
    expect(signed.status).toBe(201);
    const staff = await deskLogin(sql, 'promoter', 980001);
    const rejected = await deskCall(api, 'POST', `/waivers/${signed.body!.id}/reject`, { cookie: staff.cookie, body: { reason: 'Not the person in the selfie' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(201);

    expect((await deskCall(api, 'GET', `/spectators/waivers/${signingId}`)).body).toMatchObject({ state: 'rejected' });
    expect(await deskCall(api, 'POST', `/spectators/waivers/${signingId}`, { body: signature() })).toMatchObject({ status: 409, body: { error: 'waiver_rejected', message: 'This waiver was rejected and cannot be signed' } });
    const view = await deskCall(api, 'GET', `/spectators/registrations/${reg.id}`, { cookie: buyer.cookie });
    expect((view.body as unknown as Registration).spectators[1]!.waiver).toMatchObject({ state: 'rejected', signatoryName: 'Sam Gradins' });
  });
});
