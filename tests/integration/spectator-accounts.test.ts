/**
 * A visitor buying tickets opens a spectator account (issue 28 "buying without an account creates a
 * spectator account after email verification"; spec §4 Spectator registration step 1, §5, §6) on
 * the real database, through the API app as the page calls it:
 * - one call opens the login (role spectator), its registration with the buyer, and logs them in;
 *   the verification link mailed leads back to step 2; signing waits for it;
 * - the same form twice opens one account; an email already a login is refused at its field; a
 *   minor, a password typed twice differently: nothing is written; two forms with one email at
 *   once: one account;
 * - ticket sales (the §6 lookup of /spectator/{id}) stay open on the event's day, after the riders'
 *   online registration closed, and end after the last day.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, signaturePng } from '../../lib/server/waivers/test-png';
import { deskCall, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

withCmsOutOfReach();

const db = setUpDeskDatabase('spectator-accounts');

let api: Api;
let sql: Sql;
let eventId: number;
let version: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const DAY = inDays(30);
const SETTINGS = { enabled: true, bands: [{ minAge: 0, priceCents: 2000 }], freeUnderAge: 6, dailyCapacity: null, selfie: false, payAtGate: true };
const PASSWORD = 'Gradins2026';
let ipCounter = 0;

type Reply = { status: number; headers: Headers; body: Record<string, unknown> | null };

/** A call from the site's own page (same Origin), each from its own address. */
async function call(method: string, route: string, init: { body?: unknown; cookie?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { host: 'localhost', origin: 'http://localhost', 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const sessionCookie = (reply: Reply) => reply.headers.getSetCookie().find((c) => c.startsWith('ll.session_token=') && !/Max-Age=0/i.test(c))?.split(';')[0] ?? null;

/** Step 1's form of a visitor: `email`, an adult unless `birthday` says otherwise. */
const form = (email: string, over: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  eventId,
  day: DAY,
  locale: 'fr',
  buyer: { firstName: 'Rosalie', lastName: 'Tremblay', gender: 'female', birthday: '1984-06-02', email },
  password: PASSWORD,
  passwordConfirmation: PASSWORD,
  ...over,
});

const count = async (table: string, where: string, params: unknown[]) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);

/** The text of the verification mails queued for `email`. */
async function verificationMails(email: string): Promise<string[]> {
  const rows = await sql(`select data->'mail'->>'text' as text from pgboss.job where name = 'send-email' and data->'mail'->>'text' like '%verify-email%' and data::text ilike $1 order by created_on`, [`%${email}%`]);
  return rows.map((r) => String(r.text));
}

const signature = () => ({ textVersion: version, locale: 'fr', consentElectronic: true, agreed: true, certified: true, signaturePng: dataUrl('image/png', signaturePng()) });

beforeAll(async () => {
  ({ api, sql } = db);
  const [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Tribunes Federation') returning id`)) as { id: number }[];
  const [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (981001, $1, 'Tribunes Club') returning id`, [organizationId])) as { id: number }[];
  [{ id: eventId }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, state, spectator_settings) values ($1, $2, 'Tribunes MX', $3, 'QC', $4) returning id`, [
    promoterId,
    organizationId,
    DAY,
    JSON.stringify(SETTINGS),
  ])) as { id: number }[];
  const text = await deskCall(api, 'GET', '/waivers/text?kind=spectator&locale=fr');
  version = text.body!.version as string;
});

describe('a visitor opens a spectator account by buying', () => {
  it('opens the login, its registration with the buyer, logs them in, and mails a link back to step 2; signing waits for it', async () => {
    const email = 'rosalie.tribunes@example.org';
    const reply = await call('POST', '/registration/spectator', { body: form(email) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const registrationId = reply.body!.registrationId as string;
    const cookie = sessionCookie(reply);
    expect(cookie).not.toBeNull();

    const [user] = await sql(`select id, role, email_verified, name from users where email = $1`, [email]);
    expect(user).toMatchObject({ role: 'spectator', email_verified: false, name: 'Rosalie Tremblay' });
    const view = await call('GET', `/spectators/registrations/${registrationId}`, { cookie: cookie! });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ state: 'open', eventId, day: DAY });
    const buyer = (view.body!.spectators as { id: string; isBuyer: boolean; firstName: string }[])[0]!;
    expect(buyer).toMatchObject({ isBuyer: true, firstName: 'Rosalie' });

    // The link, in the buyer's language, leads back to step 2 of this registration.
    const [mail] = await verificationMails(email);
    const link = /http:\/\/localhost\/ll\/fr\/verify-email\?token=([A-Za-z0-9_.%-]+)&next=([^\s]+)/.exec(mail ?? '');
    expect(link, mail).not.toBeNull();
    expect(decodeURIComponent(link![2]!)).toBe(`/spectator/${eventId}?r=${registrationId}&step=2`);

    const waiver = `/spectators/registrations/${registrationId}/spectators/${buyer.id}/waiver`;
    expect(await call('POST', waiver, { cookie: cookie!, body: signature() })).toMatchObject({ status: 403, body: { error: 'email_not_verified' } });
    const { verifyEmailToken } = await import('../../lib/server/accounts');
    expect(await verifyEmailToken(decodeURIComponent(link![1]!))).toBe('verified');
    expect((await call('POST', waiver, { cookie: cookie!, body: signature() })).status).toBe(201);
  });

  it('opens one account for the same form sent twice, logging the repeat back in', async () => {
    const body = form('double.tap@example.org', { buyer: { firstName: 'Jules', lastName: 'Côté', gender: 'male', birthday: '1979-02-11', email: 'Double.Tap@example.org' } });
    const first = await call('POST', '/registration/spectator', { body });
    const again = await call('POST', '/registration/spectator', { body });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 200, body: { registrationId: first.body!.registrationId } });
    expect(sessionCookie(again)).not.toBeNull();
    expect(await count('users', 'email = $1', ['double.tap@example.org'])).toBe(1);
    expect(await count('spectator_registrations', 'submission_id = $1', [body.submissionId])).toBe(1);
  });

  it('refuses an email that is already a login at its field, a minor, and passwords that differ: nothing written', async () => {
    const taken = await call('POST', '/registration/spectator', { body: form('rosalie.tribunes@example.org', { buyer: { firstName: 'Autre', lastName: 'Personne', gender: 'male', birthday: '1990-01-01', email: 'rosalie.tribunes@example.org' } }) });
    expect(taken).toMatchObject({ status: 409, body: { error: 'email_taken', issues: [{ path: ['buyer', 'email'], code: 'email_taken' }] } });

    const teen = form('teen.tribunes@example.org', { buyer: { firstName: 'Léa', lastName: 'Jeune', gender: 'female', birthday: `${Number(DAY.slice(0, 4)) - 16}-01-01`, email: 'teen.tribunes@example.org' } });
    expect(await call('POST', '/registration/spectator', { body: teen })).toMatchObject({ status: 409, body: { error: 'adults_only', message: 'Only valid for Adults' } });
    const mismatch = await call('POST', '/registration/spectator', { body: form('typo.tribunes@example.org', { passwordConfirmation: 'Gradins2027' }) });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.body)).toContain('invalid_password_confirmation');
    for (const email of ['teen.tribunes@example.org', 'typo.tribunes@example.org']) expect(await count('users', 'email = $1', [email])).toBe(0);
    expect(await count('spectators', 'last_name = $1', ['Personne'])).toBe(0);
  });

  it('opens one account when two forms with one email arrive at once', async () => {
    const email = 'twice.at.once@example.org';
    const replies = await Promise.all([
      call('POST', '/registration/spectator', { body: form(email, { buyer: { firstName: 'Ana', lastName: 'Uno', gender: 'female', birthday: '1988-03-03', email } }) }),
      call('POST', '/registration/spectator', { body: form(email, { buyer: { firstName: 'Ana', lastName: 'Dos', gender: 'female', birthday: '1988-03-04', email } }) }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count('users', 'email = $1', [email])).toBe(1);
    expect(await count('spectator_registrations r join users u on u.id = r.buyer_user_id', 'u.email = $1', [email])).toBe(1);
  });
});

describe('ticket sales as /spectator/{id} checks them (spec §6 Online registration)', () => {
  it('stay open on the event’s day after the riders’ registration closed, and end after its last day or when tickets are off', async () => {
    const { canBuyTickets, canRegisterOnline } = await import('../../lib/server/permissions');
    const today = inDays(0);
    const yesterday = inDays(-1);
    const [promoter] = await sql(`select promoter_id, organization_id from events where id = $1`, [eventId]);
    const make = async (start: string, end: string | null, settings: object) =>
      Number(
        (
          await sql(`insert into events (promoter_id, organization_id, name, start_date, end_date, registration_closes_on, state, spectator_settings) values ($1, $2, 'Gate Day', $3, $4, $5, 'QC', $6) returning id`, [
            promoter!.promoter_id,
            promoter!.organization_id,
            start,
            end,
            yesterday,
            JSON.stringify(settings),
          ])
        )[0]!.id,
      );
    const gateDay = await make(today, null, SETTINGS);
    const weekendEndingToday = await make(yesterday, today, SETTINGS);
    const over = await make(inDays(-3), yesterday, SETTINGS);
    const off = await make(today, null, { ...SETTINGS, enabled: false });
    expect(await canRegisterOnline(gateDay, 1, today)).toBe(0);
    expect(await canBuyTickets(gateDay, 1, today)).toBe(1);
    expect(await canBuyTickets(weekendEndingToday, 1, today)).toBe(1);
    expect(await canBuyTickets(over, 1, today)).toBe(0);
    expect(await canBuyTickets(off, 1, today)).toBe(0);
    expect(await canBuyTickets(999_999, 1, today)).toBe(0);
  });
});
