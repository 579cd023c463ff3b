/**
 * Participant accounts through the API app (/ll/api/v1/registration, /ll/api/v1/users/current;
 * spec §3 Participant account, §4 account creation, §5, §6 family section, §8 Registration;
 * issue 11) against a real PostgreSQL database: the one-transaction family creation (every row,
 * logged in; a failure at the second minor leaves nothing), one account per submission id
 * (sequential and concurrent), email_taken / duplicate_account / acknowledgeDuplicate, the
 * spec's error keys in `issues`, privacy (401 logged out, 404 for another holder's minor), the
 * profile and family calls, the export file, closing an account and a minor's, claims of
 * imported records (licence proof; never by name alone), and the CSRF origin check.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

// New accounts get a verification mail (a `send-email` job): never in the repository's .data/outbox.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-accounts-outbox-'));
process.env.OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
process.env.SITE_URL = 'http://localhost';
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let pool: import('pg').Pool | undefined;
let sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
/** Forgets every rate limit (the counters in the database). */
let resetLimits: () => Promise<void>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const { createApiApp } = await import('../../lib/server/api/app');
  const pg = await import('pg');
  api = createApiApp();
  pool = new pg.default.Pool({ connectionString: database.url, max: 3 });
  sql = async (text, params = []) => (await pool!.query(text, params)).rows;
  resetLimits = async () => {
    await pool!.query('delete from rate_limit_counters');
  };
});
afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

let ipCounter = 0;

/** A call as the site's own pages make it (same Origin), from its own client address unless `ip` is given. */
async function call(method: string, route: string, init: { body?: unknown; cookie?: string; origin?: string | null; ip?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? `198.51.100.${++ipCounter % 250}`, host: 'localhost' };
  if (init.origin !== null) headers.origin = init.origin ?? 'http://localhost';
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The `name=value` of the session cookie a reply sets. */
function sessionCookie(reply: Reply): string {
  const set = reply.headers.getSetCookie().find((c) => c.startsWith('ll.session_token='));
  expect(set, 'a session cookie is set').toBeDefined();
  return set!.split(';')[0]!;
}

const thisYear = new Date().getFullYear();
const PASSWORD = 'Secret123';

let emailCounter = 0;
const freshEmail = (name = 'holder') => `${name}.${++emailCounter}@example.com`;

const minor = (firstName: string, over: Record<string, unknown> = {}) => ({
  firstName,
  lastName: 'Tremblay',
  gender: 'male',
  birthday: { year: thisYear - 10, month: 3, day: 14 },
  relationship: 'father',
  ...over,
});

/** A name-safe tag of a number (names take letters only): 12 → 'bc'. */
const letters = (n: number) => [...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('');

/** A valid registration body (a father and, by default, two minors), each call a new person. */
let personCounter = 0;
function registration(over: Record<string, unknown> = {}, email = freshEmail()) {
  const n = ++personCounter;
  return {
    submissionId: randomUUID(),
    locale: 'fr',
    information: { firstName: 'Marc', lastName: `Tremblay-${letters(n)}`, gender: 'male', birthday: { year: 1980, month: 1 + (n % 12), day: 1 + (n % 28) }, phone: '514-555-0101', isRegisterMinor: false },
    login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
    address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Montréal', zip: 'h2x 1y4', area: '' },
    emergencyContact: { firstName: 'Julie', lastName: 'Roy', cell: '5145550102' },
    children: [minor(`Léo-${letters(n)}`), minor(`Emma-${letters(n)}`, { gender: 'female', relationship: 'father', email: `emma${n}@example.com`, phone: '4505550103' })],
    ...over,
  };
}

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const [row] = await sql(`select count(*)::int as n from ${table} where ${where}`, params);
  return row!.n as number;
}

/** Row counts of every table an account creation writes. */
async function accountRows() {
  return {
    users: await count('users'),
    authAccounts: await count('auth_accounts'),
    participants: await count('participants'),
    profiles: await count('participant_profiles'),
    submissions: await count('account_submissions'),
  };
}

/** Creates an account through the API; returns its reply and session cookie. */
async function register(over: Record<string, unknown> = {}, email = freshEmail()) {
  const body = registration(over, email);
  const reply = await call('POST', '/registration/participant', { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { body, reply, cookie: sessionCookie(reply), id: reply.body!.id as number, email };
}

describe('POST /registration/participant', () => {
  it('creates the holder and two minors in one go and logs the holder in', async () => {
    const before = await accountRows();
    const { reply, cookie, id, email } = await register();
    expect(reply.body).toEqual({ id, minors: 2 });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const after = await accountRows();
    expect(after).toEqual({
      users: before.users + 1,
      authAccounts: before.authAccounts + 1,
      participants: before.participants + 3,
      profiles: before.profiles + 3,
      submissions: before.submissions + 1,
    });
    const [user] = await sql('select u.id, u.name, u.email, u.role, a.provider_id, a.account_id, a.password from users u join auth_accounts a on a.user_id = u.id where u.email = $1', [email]);
    expect(user).toMatchObject({ email, role: 'participant', provider_id: 'credential' });
    expect(user!.account_id).toBe(user!.id);
    expect(user!.password).not.toContain(PASSWORD);
    const family = await sql(
      'select p.id, p.user_id, p.guardian_id, p.relationship, p.first_name, p.birthday::text, p.email, p.phone, p.zip, p.city, p.emergency_first_name, p.emergency_cell, r.city as record_city, r.state as record_state, r.country as record_country from participant_profiles p join participants r on r.id = p.participant_id where p.id = $1 or p.guardian_id = $1 order by p.id',
      [id],
    );
    expect(family).toHaveLength(3);
    expect(family[0]).toMatchObject({ user_id: user!.id, guardian_id: null, relationship: null, email, phone: '514-555-0101', zip: 'H2X 1Y4', record_city: 'Montréal', record_state: 'QC', record_country: 'CA' });
    expect(family[1]).toMatchObject({ user_id: null, guardian_id: id, relationship: 'father', email: null, phone: null, zip: 'H2X 1Y4', city: 'Montréal', emergency_first_name: 'Julie', emergency_cell: '514-555-0102' });
    expect(family[2]).toMatchObject({ guardian_id: id, phone: '450-555-0103' });
    // The session cookie is the new holder's.
    const session = await call('GET', '/users/current/profile', { cookie });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ id, email, firstName: 'Marc' });
  });

  it('with isRegisterMinor, the adult holds the login and the minor is the first of the minors', async () => {
    const email = freshEmail('parent');
    const body = registration(
      {
        information: { firstName: 'Zoé', lastName: 'Gagnon', gender: 'female', birthday: { year: thisYear - 12, month: 6, day: 1 }, isRegisterMinor: true, relationship: 'mother', email: 'zoe.gagnon@example.com' },
        adult: { firstName: 'Sophie', lastName: 'Gagnon', gender: 'female', birthday: { year: 1982, month: 2, day: 2 }, phone: '819-555-0104' },
        children: [minor('Noah', { lastName: 'Gagnon', relationship: 'mother' })],
      },
      email,
    );
    const reply = await call('POST', '/registration/participant', { body });
    expect(reply.status).toBe(201);
    expect(reply.body!.minors).toBe(2);
    const cookie = sessionCookie(reply);
    expect((await call('GET', '/users/current/profile', { cookie })).body).toMatchObject({ firstName: 'Sophie', lastName: 'Gagnon', birthday: '1982-02-02', phone: '819-555-0104', email });
    const minors = (await call('GET', '/users/current/minors', { cookie })).body!.minors as { firstName: string; relationship: string; email: string | null }[];
    expect(minors.map((m) => [m.firstName, m.relationship, m.email])).toEqual([
      ['Zoé', 'mother', 'zoe.gagnon@example.com'],
      ['Noah', 'mother', null],
    ]);
  });

  it('rolls everything back when the second minor fails (no half-written account)', async () => {
    await sql(`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.first_name = 'Boom' then raise exception 'forced failure'; end if; return new; end $$`);
    await sql('create trigger refuse_boom before insert on participant_profiles for each row execute function refuse_boom()');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const before = await accountRows();
      const body = registration({ children: [minor('Alpha'), minor('Boom')] });
      const reply = await call('POST', '/registration/participant', { body });
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ error: 'registration_failed', message: 'Failed to register. Please try again.', statusCode: 500 });
      expect(reply.headers.getSetCookie()).toEqual([]);
      expect(await accountRows()).toEqual(before);
      expect(await count('users', 'email = $1', [body.login.email])).toBe(0);
    } finally {
      errors.mockRestore();
      await sql('drop trigger refuse_boom on participant_profiles');
      await sql('drop function refuse_boom()');
    }
  });

  it('creates one account for a submission id sent twice, one after the other', async () => {
    const body = registration();
    const first = await call('POST', '/registration/participant', { body });
    const second = await call('POST', '/registration/participant', { body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // The repeated reply logs in too (the password matches).
    sessionCookie(second);
    expect(await count('users', 'email = $1', [body.login.email])).toBe(1);
  });

  it('creates one account for a submission id sent twice at once', async () => {
    const before = await accountRows();
    const body = registration();
    const replies = await Promise.all([call('POST', '/registration/participant', { body }), call('POST', '/registration/participant', { body })]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(replies[0]!.body).toEqual(replies[1]!.body);
    const after = await accountRows();
    expect(after.users - before.users).toBe(1);
    expect(after.profiles - before.profiles).toBe(3);
    expect(after.submissions - before.submissions).toBe(1);
  });

  it('answers 409 email_taken at login.email for an email that has an account (any case)', async () => {
    const { email } = await register({ children: [] });
    const upper = email.toUpperCase();
    const reply = await call('POST', '/registration/participant', { body: registration({ children: [] }, upper) });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ error: 'email_taken', message: 'Email is already registered', statusCode: 409, issues: [{ path: ['login', 'email'], code: 'email_taken' }] });
  });

  it('answers 409 email_taken to two different submissions of one email at once: one account', async () => {
    const email = freshEmail('race');
    const replies = await Promise.all([
      call('POST', '/registration/participant', { body: registration({ children: [] }, email) }),
      call('POST', '/registration/participant', { body: registration({ children: [] }, email) }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count('users', 'email = $1', [email])).toBe(1);
  });

  it('answers 409 duplicate_account for the same names and birthday, unless acknowledged', async () => {
    const { body } = await register({ children: [] });
    const again = registration({ information: { ...body.information, firstName: body.information.firstName.toUpperCase() }, children: [] });
    const refused = await call('POST', '/registration/participant', { body: again });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'duplicate_account', message: 'It looks like you may already have an account' });
    // A minor already known is a duplicate too.
    const known = (await sql('select first_name, last_name, birthday::text from participant_profiles where guardian_id is not null limit 1'))[0]!;
    const [y, m, d] = String(known.birthday).split('-').map(Number);
    const withMinor = registration({ children: [minor(String(known.first_name), { lastName: known.last_name, birthday: { year: y, month: m, day: d } })] });
    expect((await call('POST', '/registration/participant', { body: withMinor })).body).toMatchObject({ error: 'duplicate_account' });
    const acknowledged = await call('POST', '/registration/participant', { body: { ...again, acknowledgeDuplicate: true } });
    expect(acknowledged.status).toBe(201);
  });

  it('answers 400 with the spec’s keys in issues', async () => {
    const body = registration();
    const bad = {
      ...body,
      information: { ...body.information, firstName: '', phone: '514-555' },
      login: { ...body.login, emailConfirmation: 'other@example.com', password: 'short1', passwordConfirmation: 'short1' },
      address: { ...body.address, address: 'ab', zip: '1' },
      emergencyContact: { firstName: 'Julie', lastName: 'Roy' },
      children: [minor('Kid', { email: body.login.email })],
    };
    const reply = await call('POST', '/registration/participant', { body: bad });
    expect(reply.status).toBe(400);
    const issues = reply.body!.issues as { path: (string | number)[]; code: string }[];
    expect(reply.body!.error).toBe(issues[0]!.code);
    expect(reply.body!.statusCode).toBe(400);
    const byPath = Object.fromEntries(issues.map((i) => [i.path.join('.'), i.code]));
    expect(byPath).toMatchObject({
      'information.firstName': 'null_first_name',
      'information.phone': 'invalid_phone',
      'login.password': 'invalid_password_length',
      'address.address': 'invalid_address',
      'address.zip': 'invalid_zip',
      'emergencyContact.phone': 'null_emergency_phone',
    });
    for (const issue of issues) expect(issue.code).toMatch(/^(invalid|null)_[a-z_]+$/);
    expect(await count('users', 'email = $1', [body.login.email])).toBe(0);

    // The rules spanning fields: confirmations, and a minor's email equal to the guardian's.
    const crossed = await call('POST', '/registration/participant', {
      body: { ...body, login: { ...body.login, emailConfirmation: 'other@example.com', passwordConfirmation: 'Other1234' }, children: [minor('Kid', { email: body.login.email.toUpperCase() })] },
    });
    const crossedPaths = Object.fromEntries((crossed.body!.issues as { path: (string | number)[]; code: string }[]).map((i) => [i.path.join('.'), i.code]));
    expect(crossedPaths).toMatchObject({
      'login.emailConfirmation': 'invalid_email_confirmation',
      'login.passwordConfirmation': 'invalid_password_confirmation',
      'children.0.email': 'invalid_minor_email',
    });
  });

  it('answers 415 to a body that is not JSON and 400 invalid_json to malformed JSON', async () => {
    const text = await api.request('/api/v1/registration/participant', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    const broken = await api.request('/api/v1/registration/participant', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toBe('invalid_json');
  });
});

describe('POST /registration/participant/check', () => {
  it('tells whether the email is taken and whether the person already has a profile', async () => {
    const { body, email } = await register({ children: [] });
    const info = body.information;
    const ask = (over: Record<string, unknown>) => call('POST', '/registration/participant/check', { body: { firstName: info.firstName, lastName: info.lastName, birthday: info.birthday, email: freshEmail('other'), ...over } });
    expect((await ask({})).body).toEqual({ emailTaken: false, likelyDuplicate: true });
    expect((await ask({ email: email.toUpperCase(), firstName: 'Nobody' })).body).toEqual({ emailTaken: true, likelyDuplicate: false });
    expect((await ask({ lastName: info.lastName.toLowerCase() })).body).toEqual({ emailTaken: false, likelyDuplicate: true });
    expect((await ask({ birthday: { year: 1970, month: 1, day: 1 } })).body).toEqual({ emailTaken: false, likelyDuplicate: false });
    const bad = await ask({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual([{ path: ['email'], code: 'invalid_email' }]);
  });

  it('answers 429 too_many_attempts with Retry-After past 30 checks from one IP in 10 minutes', async () => {
    await resetLimits();
    const ip = '192.0.2.77';
    const body = { firstName: 'Some', lastName: 'One', birthday: { year: 1990, month: 1, day: 1 }, email: 'some.one@example.com' };
    for (let i = 0; i < 30; i++) expect((await call('POST', '/registration/participant/check', { body, ip })).status).toBe(200);
    const refused = await call('POST', '/registration/participant/check', { body, ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'too_many_attempts', statusCode: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await call('POST', '/registration/participant/check', { body, ip: '192.0.2.78' })).status).toBe(200);
    await resetLimits();
  });
});

describe('the holder’s own data (/users/current)', () => {
  it('answers 401 unauthenticated to every call when logged out', async () => {
    for (const [method, route] of [
      ['GET', '/users/current/profile'],
      ['GET', '/users/current/minors'],
      ['GET', '/users/current/minors/1'],
      ['GET', '/users/current/export'],
      ['GET', '/users/current/minors/1/export'],
      ['GET', '/users/current/claims'],
    ] as const) {
      const reply = await call(method, route);
      expect(reply.status, route).toBe(401);
      expect(reply.body!.error).toBe('unauthenticated');
    }
    expect((await call('DELETE', '/users/current', { body: { password: 'x' } })).status).toBe(401);
    expect((await call('POST', '/users/current/minors', { body: minor('Kid') })).status).toBe(401);
  });

  it('keeps a family to its guardian: another holder gets 404 for the first one’s minor', async () => {
    const a = await register();
    const b = await register({ children: [] });
    const minorsOfA = (await call('GET', '/users/current/minors', { cookie: a.cookie })).body!.minors as { id: number; birthday: string }[];
    expect(minorsOfA).toHaveLength(2);
    expect(minorsOfA[0]!.birthday).toMatch(/^\d{4}-03-14$/);
    const theirs = minorsOfA[0]!.id;
    expect((await call('GET', `/users/current/minors/${theirs}`, { cookie: a.cookie })).status).toBe(200);
    for (const route of [`/users/current/minors/${theirs}`, `/users/current/minors/${theirs}/export`]) {
      const reply = await call('GET', route, { cookie: b.cookie });
      expect(reply.status, route).toBe(404);
      expect(reply.body).toEqual({ error: 'not_found', message: 'Minor not found', statusCode: 404 });
    }
    expect((await call('PUT', `/users/current/minors/${theirs}`, { cookie: b.cookie, body: minor('Hacked') })).status).toBe(404);
    expect((await call('DELETE', `/users/current/minors/${theirs}`, { cookie: b.cookie, body: { password: PASSWORD } })).status).toBe(404);
    // An unknown id answers the same; a malformed one 400.
    expect((await call('GET', '/users/current/minors/999999', { cookie: b.cookie })).body).toEqual({ error: 'not_found', message: 'Minor not found', statusCode: 404 });
    expect((await call('GET', '/users/current/minors/abc', { cookie: b.cookie })).body!.error).toBe('invalid_id');
    // Each sees only their own profile and family.
    expect((await call('GET', '/users/current/profile', { cookie: b.cookie })).body!.id).toBe(b.id);
    expect((await call('GET', '/users/current/minors', { cookie: b.cookie })).body).toEqual({ minors: [] });
    expect((await sql('select first_name from participant_profiles where id = $1', [theirs]))[0]!.first_name).not.toBe('Hacked');
  });

  it('answers 404 to profile calls of a login without a participant profile (a promoter)', async () => {
    const { getAuth } = await import('../../lib/server/accounts/auth');
    const hash = await (await getAuth().$context).password.hash(PASSWORD);
    const id = randomUUID();
    const email = freshEmail('promoter');
    await sql(`insert into users (id, name, email, role) values ($1, 'Club Promoter', $2, 'promoter')`, [id, email]);
    await sql(`insert into auth_accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [randomUUID(), id, hash]);
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await call('GET', '/users/current/profile', { cookie })).status).toBe(404);
    expect((await call('GET', '/users/current/export', { cookie })).status).toBe(404);
    expect((await call('GET', '/users/current/minors', { cookie })).body).toEqual({ minors: [] });
    expect((await call('POST', '/users/current/minors', { cookie, body: minor('Kid') })).status).toBe(404);
  });

  it('edits the profile: the racer record follows the address, the minors share it, the licence is saved', async () => {
    const { cookie, id } = await register();
    const profile = (await call('GET', '/users/current/profile', { cookie })).body!;
    expect(profile.address).toMatchObject({ updateId: id, address: '123 Rue Principale', zip: 'H2X 1Y4', area: null });
    expect(profile.emergencyContact).toEqual({ firstName: 'Julie', lastName: 'Roy', phone: null, cell: '514-555-0102', email: null });
    const update = {
      phone: '4185550199',
      address: { updateId: id, address: '9 Chemin du Lac', country: 'CA', state: 'QC', city: 'Québec', zip: 'g1r 2b5', area: 'Vieux-Québec' },
      emergencyContact: { firstName: 'Paul', lastName: 'Roy', phone: '418-555-0100' },
      licence: 'QC 2024-77',
    };
    const saved = await call('PUT', '/users/current/profile', { cookie, body: update });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ phone: '418-555-0199', licence: 'QC 2024-77', address: { city: 'Québec', zip: 'G1R 2B5', area: 'Vieux-Québec' }, emergencyContact: { firstName: 'Paul', phone: '418-555-0100', cell: null } });
    const records = await sql('select r.city, r.licence, p.guardian_id, p.city as profile_city, p.emergency_first_name from participant_profiles p join participants r on r.id = p.participant_id where p.id = $1 or p.guardian_id = $1 order by p.id', [id]);
    expect(records.map((r) => [r.city, r.profile_city, r.emergency_first_name])).toEqual([
      ['Québec', 'Québec', 'Paul'],
      ['Québec', 'Québec', 'Paul'],
      ['Québec', 'Québec', 'Paul'],
    ]);
    expect(records[0]!.licence).toBe('QC 2024-77');
    // Issue 29: typed, it is not confirmed; once an official confirmed it, saving the same number
    // keeps the confirmation, and another number is unconfirmed again.
    const confirmation = async () => (await sql('select r.licence_confirmed_at as at from participant_profiles p join participants r on r.id = p.participant_id where p.id = $1', [id]))[0]!.at;
    expect(await confirmation()).toBeNull();
    await sql(`update participants set licence_confirmed_at = now(), licence_confirmed_by = 'federation' where id = (select participant_id from participant_profiles where id = $1)`, [id]);
    expect((await call('PUT', '/users/current/profile', { cookie, body: { ...update, licence: 'qc-2024-77' } })).status).toBe(200);
    expect(await confirmation()).not.toBeNull();
    expect((await call('PUT', '/users/current/profile', { cookie, body: { ...update, licence: 'QC 2024-78' } })).status).toBe(200);
    expect(await confirmation()).toBeNull();
    expect((await call('PUT', '/users/current/profile', { cookie, body: update })).status).toBe(200);
    // Another address's id.
    const wrong = await call('PUT', '/users/current/profile', { cookie, body: { ...update, address: { ...update.address, updateId: id + 1000 } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.error).toBe('invalid_request');
    // Field codes.
    const bad = await call('PUT', '/users/current/profile', { cookie, body: { ...update, phone: '123', address: { ...update.address, zip: '' } } });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual([
      { path: ['phone'], code: 'invalid_phone' },
      { path: ['address', 'zip'], code: 'null_zip' },
    ]);
    // A licence already on another account's record is refused.
    const other = await register({ children: [] });
    const taken = await call('PUT', '/users/current/profile', { cookie: other.cookie, body: { ...update, address: { ...update.address, updateId: other.id }, licence: 'qc-2024 77' } });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ error: 'invalid_licence', issues: [{ path: ['licence'], code: 'invalid_licence' }] });
  });

  it('adds, edits and closes minors', async () => {
    const { cookie, id, email } = await register({ children: [] });
    const added = await call('POST', '/users/current/minors', { cookie, body: minor('Félix', { lastName: 'Bouchard', email: 'felix@example.com', phone: '5145550111' }) });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ firstName: 'Félix', lastName: 'Bouchard', relationship: 'father', email: 'felix@example.com', phone: '514-555-0111' });
    const minorId = added.body!.id as number;
    const [row] = await sql('select guardian_id, address, zip, emergency_cell from participant_profiles where id = $1', [minorId]);
    expect(row).toEqual({ guardian_id: id, address: '123 Rue Principale', zip: 'H2X 1Y4', emergency_cell: '514-555-0102' });
    // The same minor again (a repeated submit): 409.
    expect((await call('POST', '/users/current/minors', { cookie, body: minor('félix', { lastName: 'BOUCHARD' }) })).body!.error).toBe('duplicate_account');
    // The guardian's email, an adult's birthday.
    const sameEmail = await call('POST', '/users/current/minors', { cookie, body: minor('Other', { email: email.toUpperCase() }) });
    expect(sameEmail.body).toMatchObject({ error: 'invalid_minor_email', issues: [{ path: ['email'], code: 'invalid_minor_email' }] });
    const adult = await call('POST', '/users/current/minors', { cookie, body: minor('Grown', { birthday: { year: 1990, month: 1, day: 1 } }) });
    expect(adult.body!.issues).toEqual([{ path: ['birthday'], code: 'invalid_minor_birthday' }]);
    // Edit.
    const edited = await call('PUT', `/users/current/minors/${minorId}`, { cookie, body: minor('Félix', { lastName: 'Bouchard-Roy', relationship: 'guardian' }) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ lastName: 'Bouchard-Roy', relationship: 'guardian', email: null, phone: null });
    expect((await sql('select r.last_name from participants r join participant_profiles p on p.participant_id = r.id where p.id = $1', [minorId]))[0]!.last_name).toBe('Bouchard-Roy');
    // Close: the password is asked again.
    const wrong = await call('DELETE', `/users/current/minors/${minorId}`, { cookie, body: { password: 'Wrong1234' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body!.error).toBe('wrong_password');
    const participantId = added.body!.participantId as number;
    const closed = await call('DELETE', `/users/current/minors/${minorId}`, { cookie, body: { password: PASSWORD } });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ ok: true });
    expect(await count('participant_profiles', 'id = $1', [minorId])).toBe(0);
    // Their racer record stays, as a former member's (issue 29).
    expect(await sql('select first_name, last_name, city, closed_at is not null as closed from participants where id = $1', [participantId])).toEqual([{ first_name: '', last_name: '', city: null, closed: true }]);
    expect((await call('GET', `/users/current/minors/${minorId}`, { cookie })).status).toBe(404);
  });

  it('refuses an 11th minor', async () => {
    const { cookie } = await register({ children: Array.from({ length: 10 }, (_, i) => minor(`Kid${String.fromCharCode(97 + i)}`)) });
    const reply = await call('POST', '/users/current/minors', { cookie, body: minor('Eleven') });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'invalid_children', issues: [{ path: ['children'], code: 'invalid_children' }] });
  });

  it('limits wrong passwords per login: 429 with Retry-After', async () => {
    await resetLimits();
    const { cookie } = await register({ children: [] });
    for (let i = 0; i < 5; i++) expect((await call('DELETE', '/users/current', { cookie, body: { password: `Wrong${i}abc` } })).status).toBe(401);
    const refused = await call('DELETE', '/users/current', { cookie, body: { password: PASSWORD } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await resetLimits();
  });

  it('refuses an unsafe call carrying the session cookie from another site: 403 invalid_origin', async () => {
    const { cookie } = await register({ children: [] });
    const foreign = await call('POST', '/users/current/minors', { cookie, body: minor('Kid'), origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body!.error).toBe('invalid_origin');
    const noOrigin = await call('DELETE', '/users/current', { cookie, body: { password: PASSWORD }, origin: null });
    expect(noOrigin.status).toBe(403);
    const foreignRegistration = await call('POST', '/registration/participant', { cookie, body: registration(), origin: 'https://evil.example' });
    expect(foreignRegistration.status).toBe(403);
    // Still there.
    expect((await call('GET', '/users/current/profile', { cookie })).status).toBe(200);
  });
});

describe('export and closing', () => {
  it('exports everything held about the holder, and about one minor, as a file', async () => {
    const { cookie, id, email } = await register();
    const reply = await call('GET', '/users/current/export', { cookie });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="fmqr-data-${id}.json"`);
    expect(reply.headers.get('cache-control')).toMatch(/no-store/);
    const data = reply.body as unknown as import('../../lib/server/accounts').AccountExport;
    expect(data.account).toMatchObject({ email, role: 'participant' });
    expect(data.person.profile).toMatchObject({ id, firstName: 'Marc', phone: '514-555-0101', address: { zip: 'H2X 1Y4', city: 'Montréal' }, emergencyContact: { firstName: 'Julie', cell: '514-555-0102' } });
    expect(data.person.profile.birthday).toMatch(/^1980-/);
    expect(data.person.racerRecords).toEqual([expect.objectContaining({ own: true, firstName: 'Marc', city: 'Montréal' })]);
    expect(data.person).toMatchObject({ claims: [], registrations: [], memberships: [], activity: { results: [], series: [], registrations: [] } });
    expect(data.minors).toHaveLength(2);
    expect(data.minors[1]!.profile).toMatchObject({ email: expect.stringMatching(/^emma/), relationship: 'father' });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]!).toMatchObject({ ipAddress: expect.any(String) });
    expect(JSON.stringify(data)).not.toMatch(/token|password"/i);
    const minorId = data.minors[0]!.profile.id;
    const one = await call('GET', `/users/current/minors/${minorId}/export`, { cookie });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-disposition')).toBe(`attachment; filename="fmqr-data-${minorId}.json"`);
    expect(one.body).toMatchObject({ guardian: { profileId: id, email }, person: { profile: { id: minorId } } });
  });

  it('closes the account: personal rows and its rate-limit counters gone, results stay, cookie cleared, no more login', async () => {
    const { cookie, id, email } = await register();
    const family = await sql('select id, participant_id from participant_profiles where id = $1 or guardian_id = $1', [id]);
    const records = family.map((f) => f.participant_id as number);
    // A result of the holder's record.
    const [event] = await sql(`insert into events (promoter_id, name, start_date) values ((select min(id) from promoters), 'Close Test MX', '2024-06-01') returning id`);
    const [race] = await sql(`insert into races (event_id, name, config) values ($1, 'Moto 1', '{}') returning id`, [event!.id]);
    const [entry] = await sql(`insert into entries (race_id, participant_id, source_key, race_number) values ($1, $2, 'k1', '12') returning id`, [race!.id, records[0]]);
    await sql(`insert into results (race_id, entry_id, position) values ($1, $2, 1)`, [race!.id, entry!.id]);
    const userId = (await sql('select id from users where email = $1', [email]))[0]!.id;

    expect((await call('DELETE', '/users/current', { cookie, body: { password: 'Wrong1234' } })).body!.error).toBe('wrong_password');
    expect(await count('users', 'id = $1', [userId])).toBe(1);
    // The wrong password is counted against the account (a digest of its email: lib/server/rate-limit).
    const digest = createHash('sha256').update(`account:${email}`, 'utf8').digest('hex');
    const limitRows = () => count('rate_limit_counters', `key = $1 or key like $1 || '|%'`, [digest]);
    expect(await limitRows()).toBeGreaterThan(0);
    const closed = await call('DELETE', '/users/current', { cookie, body: { password: PASSWORD } });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ ok: true });
    expect(closed.headers.getSetCookie().some((c) => /^ll\.session_token=;/.test(c) && /Max-Age=0/.test(c) && /Path=\/ll/.test(c))).toBe(true);

    expect(await count('users', 'id = $1', [userId])).toBe(0);
    expect(await count('sessions', 'user_id = $1', [userId])).toBe(0);
    expect(await count('auth_accounts', 'user_id = $1', [userId])).toBe(0);
    expect(await count('participant_profiles', 'id = any($1::int[])', [family.map((f) => f.id)])).toBe(0);
    expect(await count('account_submissions', 'profile_id = $1', [id])).toBe(0);
    expect(await limitRows()).toBe(0);
    // The public record of competition stays, as a former member's: no name (issue 29).
    const kept = await sql('select first_name, last_name, city, state, country, licence, closed_at is not null as closed from participants where id = any($1::int[]) order by id', [records]);
    expect(kept).toHaveLength(3);
    for (const r of kept) expect(r).toEqual({ first_name: '', last_name: '', city: null, state: null, country: null, licence: null, closed: true });
    expect(await count('results', 'entry_id = $1', [entry!.id])).toBe(1);
    // Logged out and cannot log in again.
    expect((await call('GET', '/users/current/profile', { cookie })).status).toBe(401);
    const { getAuth } = await import('../../lib/server/accounts/auth');
    await expect(getAuth().api.signInEmail({ body: { email, password: PASSWORD } })).rejects.toThrow();
    // The email may register again.
    expect((await call('POST', '/registration/participant', { body: registration({ children: [] }, email) })).status).toBe(201);
  });
});

describe('a closed minor’s racer records (issue 29)', () => {
  it('keep their results and their place in the series, under "former member", never their name', async () => {
    const { cookie } = await register({ children: [] });
    const added = await call('POST', '/users/current/minors', { cookie, body: minor('Félix', { lastName: 'Bouchard' }) });
    expect(added.status).toBe(201);
    const own = added.body!.participantId as number;
    const minorId = added.body!.id as number;
    // Two rounds of a series: the minor's own record (registered) at round 1, an imported record of theirs at round 2, claimed.
    const [cup] = await sql(`insert into series (promoter_id, name, start_date, end_date, is_public) values ((select min(id) from promoters where is_public), 'Former Cup', '2024-01-01', '2024-12-31', true) returning id`);
    const [klass] = await sql(`insert into classes (name) values ('Former 65cc') returning id`);
    const other = (await sql(`insert into participants (first_name, last_name) values ('Olivier', 'Roy') returning id`))[0]!.id as number;
    const imported = (await sql(`insert into participants (first_name, last_name) values ('Félix', 'Bouchard') returning id`))[0]!.id as number;
    const raceIds: number[] = [];
    for (const [round, rider] of [[1, own], [2, imported]] as const) {
      const [event] = await sql(`insert into events (promoter_id, name, start_date, is_public) values ((select min(id) from promoters where is_public), $1, $2, true) returning id`, [`Former MX ${round}`, `2024-0${round + 5}-01`]);
      await sql('insert into series_events (series_id, event_id) values ($1, $2)', [cup!.id, event!.id]);
      const config = { classes: ['Former 65cc'], clases_team: [], columns: ['position', 'number', 'name', 'class'], team_columns: [], sections: [] };
      const [race] = await sql(`insert into races (event_id, name, config, is_public) values ($1, '65cc', $2, true) returning id`, [event!.id, JSON.stringify(config)]);
      raceIds.push(race!.id as number);
      for (const [participant, number, position] of [[rider, '12', 1], [other, '7', 2]] as const) {
        const [entry] = await sql(`insert into entries (race_id, participant_id, source_key, race_number, class_id) values ($1, $2, $3, $4, $5) returning id`, [race!.id, participant, `fm-${participant}`, number, klass!.id]);
        await sql('insert into results (race_id, entry_id, position, class_position) values ($1, $2, $3, $3)', [race!.id, entry!.id, position]);
      }
    }
    // The claim joins both records into one rider (as POST /users/current/claims writes it).
    await sql(`insert into participant_claims (participant_id, profile_id, method) values ($1, $2, 'licence')`, [imported, minorId]);
    await sql(`insert into rider_links (participant_id, rider_key) values ($1, $3), ($2, $3)`, [own, imported, `rider:${Math.min(own, imported)}`]);
    const standings = async () => (await call('POST', `/livelaps/series/results/${cup!.id}`, { body: {} })).body!.message as { data: { firstName: string; lastName: string; eventsScored: number; overall: { position: number } }[] };
    const before = await standings();
    expect(before.data.map((r) => [r.firstName, r.eventsScored])).toEqual([['Félix', 2], ['Olivier', 2]]);

    const { setTagPublisher } = await import('../../lib/server/cache');
    const published: string[] = [];
    setTagPublisher(async (names) => {
      published.push(...names);
    });
    const closed = await call('DELETE', `/users/current/minors/${minorId}`, { cookie, body: { password: PASSWORD } });
    setTagPublisher(null);
    expect(closed.status).toBe(200);

    // Both records: no name, results kept.
    expect(await sql('select first_name, last_name, closed_at is not null as closed from participants where id = any($1::int[])', [[own, imported]])).toEqual([
      { first_name: '', last_name: '', closed: true },
      { first_name: '', last_name: '', closed: true },
    ]);
    expect(await count('results', 'entry_id in (select id from entries where participant_id = any($1::int[]))', [[own, imported]])).toBe(2);
    // The standings keep one rider with both rounds, first, and no name.
    const after = await standings();
    expect(after.data.map((r) => [r.firstName, r.lastName, r.eventsScored, r.overall.position])).toEqual([['', '', 2, 1], ['Olivier', 'Roy', 2, 2]]);
    expect(JSON.stringify(after)).not.toMatch(/Félix|Bouchard/);
    // The results table reads "Ancien membre" in French; the pages that showed the name are revalidated.
    const { buildResultsTable, getRace, getRaceResults, getRaceTeams, tableLabels, toRaceView } = await import('../../lib/server/races');
    const race = toRaceView((await getRace(raceIds[0]!))!);
    const [results, teams, labels] = await Promise.all([getRaceResults(race.id), getRaceTeams(race.id), tableLabels('fr')]);
    const table = buildResultsTable(race, results, teams, {}, labels);
    const nameAt = table.columns.findIndex((c) => c.key === 'name');
    expect(table.rows.map((r) => r.cells[nameAt])).toEqual(['Ancien membre', 'Olivier Roy']);
    expect(published).toEqual(expect.arrayContaining([`series:${cup!.id}`, ...raceIds.map((id) => `race:${id}`)]));
  });
});

describe('claims of imported results', () => {
  it('lists same-name records and claims one by its licence or member number, never by name alone', async () => {
    await resetLimits();
    const [event] = await sql(`insert into events (promoter_id, name, start_date) values ((select min(id) from promoters), 'Claim Test Enduro', '2023-08-12') returning id`);
    const [race] = await sql(`insert into races (event_id, name, config) values ($1, 'Pro', '{}') returning id`, [event!.id]);
    const [klass] = await sql(`insert into classes (name) values ('Claim Pro') returning id`);
    const imported = async (first: string, last: string, licence: string | null) => {
      // The licences on imported records are the federation's (confirmed: issue 29).
      const [p] = await sql(`insert into participants (first_name, last_name, licence, licence_confirmed_at, licence_confirmed_by) values ($1, $2, $3, case when $3::text is null then null else now() end, case when $3::text is null then null else 'federation' end) returning id`, [first, last, licence]);
      const [e] = await sql(`insert into entries (race_id, participant_id, source_key, race_number, class_id) values ($1, $2, $3, '7', $4) returning id`, [race!.id, p!.id, `src-${p!.id}`, klass!.id]);
      await sql('insert into results (race_id, entry_id, position, class_position) values ($1, $2, 3, 3)', [race!.id, e!.id]);
      return p!.id as number;
    };
    const withLicence = await imported('JEAN-FRANÇOIS', 'Côté', 'QC-555');
    const bare = await imported('Jean François', 'cote', null);
    const withMember = await imported('Jean-Francois', 'Côté', null);
    const [org] = await sql(`insert into organizations (name) values ('Claim Org') returning id`);
    const [type] = await sql(`insert into membership_types (organization_id, name, price_cents) values ($1, 'Annual', 5000) returning id`, [org!.id]);
    await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, 'M-9001', '2023-01-01', '2023-12-31')`, [org!.id, withMember, type!.id]);
    const otherName = await imported('Jean', 'Tremblay', 'QC-556');
    const [cup] = await sql(`insert into series (promoter_id, name, start_date, end_date) values ((select min(id) from promoters), 'Claim Cup', '2023-01-01', '2023-12-31') returning id`);
    await sql('insert into series_events (series_id, event_id) values ($1, $2)', [cup!.id, event!.id]);
    const { setTagPublisher } = await import('../../lib/server/cache');
    const published: string[] = [];
    setTagPublisher(async (names) => {
      published.push(...names);
    });

    const { cookie, id } = await register({
      information: { firstName: 'Jean-François', lastName: 'Côté', gender: 'male', birthday: { year: 1979, month: 5, day: 5 }, phone: '514-555-0101', isRegisterMinor: false },
      children: [],
    });
    const lists = await call('GET', '/users/current/claims', { cookie });
    expect(lists.status).toBe(200);
    const ids = (lists.body!.candidates as { participantId: number }[]).map((c) => c.participantId);
    expect(ids).toEqual(expect.arrayContaining([withLicence, bare, withMember]));
    expect(ids).not.toContain(otherName);
    const own = (await sql('select participant_id from participant_profiles where id = $1', [id]))[0]!.participant_id as number;
    expect(ids).not.toContain(own);
    expect((lists.body!.candidates as { participantId: number; events: number; lastEvent: unknown }[]).find((c) => c.participantId === withLicence)).toMatchObject({
      events: 1,
      lastEvent: { name: 'Claim Test Enduro', date: '2023-08-12' },
    });
    expect(lists.body!.claimed).toEqual([]);

    // Name alone never claims.
    const noProof = await call('POST', '/users/current/claims', { cookie, body: { participantId: bare, licence: 'anything' } });
    expect(noProof.status).toBe(400);
    expect(noProof.body).toMatchObject({ error: 'invalid_licence', issues: [{ path: ['licence'], code: 'invalid_licence' }] });
    expect(noProof.body!.message).toMatch(/contact the federation/);
    const missing = await call('POST', '/users/current/claims', { cookie, body: { participantId: withLicence } });
    expect(missing.body!.error).toBe('invalid_licence');
    const wrong = await call('POST', '/users/current/claims', { cookie, body: { participantId: withLicence, licence: 'QC-554' } });
    expect(wrong.body!.error).toBe('invalid_licence');
    // Another name is not a candidate.
    expect((await call('POST', '/users/current/claims', { cookie, body: { participantId: otherName, licence: 'QC-556' } })).status).toBe(404);
    expect(await count('participant_claims')).toBe(0);

    // The licence, spaces and case aside.
    const claimed = await call('POST', '/users/current/claims', { cookie, body: { participantId: withLicence, licence: ' qc 555 ' } });
    expect(claimed.status).toBe(201);
    expect(claimed.body).toEqual({ ok: true });
    // The standings of the series holding the claimed results are revalidated.
    expect(published).toContain(`series:${cup!.id}`);
    setTagPublisher(null);
    // The member number.
    expect((await call('POST', '/users/current/claims', { cookie, body: { participantId: withMember, licence: 'm9001' } })).status).toBe(201);
    expect(await sql('select participant_id, profile_id, method from participant_claims order by participant_id')).toEqual([
      { participant_id: withLicence, profile_id: id, method: 'licence' },
      { participant_id: withMember, profile_id: id, method: 'licence' },
    ]);
    // The standings count the records as one rider.
    const links = await sql('select participant_id, rider_key from rider_links where participant_id = any($1::int[])', [[own, withLicence, withMember]]);
    expect(new Set(links.map((l) => l.rider_key)).size).toBe(1);
    expect(links).toHaveLength(3);
    // Claimed once only.
    expect((await call('POST', '/users/current/claims', { cookie, body: { participantId: withLicence, licence: 'QC-555' } })).status).toBe(404);
    const after = await call('GET', '/users/current/claims', { cookie });
    expect((after.body!.claimed as { participantId: number }[]).map((c) => c.participantId).sort()).toEqual([withLicence, withMember].sort());
    expect((after.body!.candidates as { participantId: number }[]).map((c) => c.participantId)).toEqual([bare]);

    // The account's activity shows the claimed results.
    const { getAccountActivity } = await import('../../lib/server/accounts');
    const activity = await getAccountActivity(id);
    expect(activity.results).toHaveLength(2);
    expect(activity.results[0]).toMatchObject({ eventName: 'Claim Test Enduro', raceName: 'Pro', position: 3, number: '7', state: null, date: '2023-08-12' });
    expect(activity.series).toEqual([expect.objectContaining({ seriesId: cup!.id, seriesName: 'Claim Cup', className: 'Claim Pro' })]);
    expect(activity.series[0]!.points).toBeGreaterThan(0);
    await resetLimits();
  });
});

describe('the thank-you page', () => {
  it('greets only the holder of the profile', async () => {
    const { getThankYou } = await import('../../lib/server/accounts');
    const { getSessionUser } = await import('../../lib/server/accounts/current-user');
    const a = await register({ children: [] });
    const b = await register({ children: [] });
    const userA = (await getSessionUser(new Headers({ cookie: a.cookie }))).user;
    const userB = (await getSessionUser(new Headers({ cookie: b.cookie }))).user;
    expect(await getThankYou(a.id, userA)).toEqual({ firstName: 'Marc' });
    expect(await getThankYou(a.id, userB)).toBeNull();
    expect(await getThankYou(a.id, null)).toBeNull();
  });
});
