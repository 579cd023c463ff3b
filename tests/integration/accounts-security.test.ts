/**
 * Accounts fit for payments (issue 22) through the API app and the /verify-email use case,
 * against a real PostgreSQL database and a temporary OUTBOX_DIR: a new account gets a
 * verification mail (in the visitor's language) whose link verifies it; an expired link is
 * refused and a new one can be asked for; a used or tampered link changes nothing; changing
 * the password needs the current one and ends every other session; changing the email mails a
 * link to the new address and a notice to the old one, and the email changes only when the
 * link is followed; a minor of another family is refused (409 `minor_in_other_family`), in the
 * family section and in the registration, even when the duplicate is acknowledged.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-security-outbox-'));
process.env.OUTBOX_DIR = outbox;
process.env.SITE_URL = 'http://localhost';
process.env.MAIL_FROM = 'Federation <no-reply@federation.test>';
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
delete process.env.SMTP_URL;

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let pool: import('pg').Pool | undefined;
let sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let accounts: typeof import('../../lib/server/accounts');
let drainJobs: typeof import('../../lib/server/jobs').drainJobs;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const { createApiApp } = await import('../../lib/server/api/app');
  accounts = await import('../../lib/server/accounts');
  // Account mails are `send-email` jobs: `call` runs the queue before the outbox is read.
  ({ drainJobs } = await import('../../lib/server/jobs'));
  const pg = await import('pg');
  api = createApiApp();
  pool = new pg.default.Pool({ connectionString: database.url, max: 2 });
  sql = async (text, params = []) => (await pool!.query(text, params)).rows;
});
afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});
afterEach(async () => {
  vi.useRealTimers();
  await sql('delete from rate_limit_counters');
});

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

let ipCounter = 0;

/**
 * A call as the site's own pages make it (same Origin), each from its own client address; then
 * the job queue is run (drainJobs), so the mails the call queued are in the outbox.
 */
async function call(method: string, route: string, init: { body?: unknown; cookie?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${++ipCounter % 250}`, host: 'localhost', origin: 'http://localhost' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  await drainJobs();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The `name=value` of the session cookie a reply sets. */
function sessionCookie(reply: Reply): string {
  const set = reply.headers.getSetCookie().find((c) => c.startsWith('ll.session_token=') && !/Max-Age=0/i.test(c));
  expect(set, 'a session cookie is set').toBeDefined();
  return set!.split(';')[0]!;
}

const sessionOf = async (cookie: string) => (await call('GET', '/auth/session', { cookie })).body!.user as { email: string } | null;

const PASSWORD = 'Secret123';
const thisYear = new Date().getFullYear();
let n = 0;
/** A name-safe tag (letters only): 12 → 'bc'. */
const letters = (k: number) => [...String(k)].map((d) => 'abcdefghij'[Number(d)]).join('');

const minor = (firstName: string, lastName: string, over: Record<string, unknown> = {}) => ({
  firstName,
  lastName,
  gender: 'female',
  birthday: { year: thisYear - 9, month: 5, day: 20 },
  relationship: 'mother',
  ...over,
});

/** A registration body: a new person, `children` minors, in `locale`. */
function registration(over: Record<string, unknown> = {}) {
  const k = ++n;
  const email = `secure.${k}.${randomUUID().slice(0, 6)}@example.com`;
  return {
    submissionId: randomUUID(),
    locale: 'en',
    information: { firstName: 'Sophie', lastName: `Gagnon-${letters(k)}`, gender: 'female', birthday: { year: 1982, month: 1 + (k % 12), day: 1 + (k % 28) }, phone: '514-555-0101', isRegisterMinor: false },
    login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
    address: { address: '12 Rue des Érables', country: 'CA', state: 'QC', city: 'Québec', zip: 'g1r 2b5', area: '' },
    emergencyContact: { firstName: 'Luc', lastName: 'Roy', cell: '5145550102' },
    children: [] as unknown[],
    ...over,
  };
}

/** Creates an account through the API (its verification mail in the outbox); returns its email and session cookie. */
async function register(over: Record<string, unknown> = {}) {
  const body = registration(over);
  const reply = await call('POST', '/registration/participant', { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { body, email: body.login.email, cookie: sessionCookie(reply) };
}

const emlFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

const decodeWords = (text: string) =>
  text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

interface Mail {
  subject: string;
  to: string;
  body: string;
  link: string | null;
  token: string | null;
}

function readMail(file: string): Mail {
  const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => decodeWords(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '');
  const body = decodeQuotedPrintable(raw);
  const link = /http:\/\/localhost\/ll(?:\/fr|\/es)?\/verify-email\?token=([A-Za-z0-9_.%-]+)/.exec(body);
  return { subject: header('Subject'), to: header('To'), body, link: link?.[0] ?? null, token: link ? decodeURIComponent(link[1]!) : null };
}

/** The mails sent to `address` (newest last). */
function mailsTo(address: string): Mail[] {
  return emlFiles()
    .sort()
    .map(readMail)
    .filter((m) => m.to.includes(address));
}

describe('email verification', () => {
  it('mails a new account a link, in its language, that verifies it; a used link changes nothing', async () => {
    const { email, cookie } = await register({ locale: 'fr' });
    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Confirmez votre adresse courriel');
    expect(mail!.body).toContain('Ce lien est valide pendant 24 heures.');
    expect(mail!.link).toMatch(/^http:\/\/localhost\/ll\/fr\/verify-email\?token=/);

    // Unverified, the account is logged in and can use its page.
    expect(await sessionOf(cookie)).toMatchObject({ email });
    expect((await call('GET', '/users/current/security', { cookie })).body).toEqual({ email, emailVerified: false });

    expect(await accounts.verifyEmailToken(mail!.token)).toBe('verified');
    expect((await call('GET', '/users/current/security', { cookie })).body).toEqual({ email, emailVerified: true });
    // Followed again: already done, nothing changes; a resend is refused.
    expect(await accounts.verifyEmailToken(mail!.token)).toBe('already_verified');
    const resend = await call('POST', '/users/current/verification-email', { cookie, body: { locale: 'fr' } });
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ error: 'email_already_verified' });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('queues the mail as a send-email job: the worker writes it once the account is committed', async () => {
    const body = registration();
    const headers = { 'x-forwarded-for': '192.0.2.251', host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' };
    const res = await api.request('/api/v1/registration/participant', { method: 'POST', headers, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    // Replied before any mail is written: the job waits in the queue.
    expect(mailsTo(body.login.email)).toHaveLength(0);
    const [job] = await sql(`select state from pgboss.job where name = 'send-email' and data->'mail'->'to'->>'address' = $1`, [body.login.email]);
    expect(job).toMatchObject({ state: 'created' });
    await drainJobs();
    expect(mailsTo(body.login.email)).toHaveLength(1);
  });

  it('refuses a tampered or foreign link', async () => {
    const { email } = await register();
    const token = mailsTo(email)[0]!.token!;
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), email: 'someone@else.test' })).toString('base64url');
    expect(await accounts.verifyEmailToken(`${h}.${forged}.${s}`)).toBe('invalid_token');
    expect(await accounts.verifyEmailToken('not-a-token')).toBe('invalid_token');
    expect(await accounts.verifyEmailToken('')).toBe('invalid_token');
    expect((await sql('select email_verified from users where email = $1', [email]))[0]!.email_verified).toBe(false);
  });

  it('refuses a link older than 24 hours; a new one can be asked for from the account, and it works', async () => {
    const { email, cookie } = await register();
    const old = mailsTo(email)[0]!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 + 60_000 });
    expect(await accounts.verifyEmailToken(old.token)).toBe('expired_token');
    vi.useRealTimers();
    expect((await sql('select email_verified from users where email = $1', [email]))[0]!.email_verified).toBe(false);

    const resend = await call('POST', '/users/current/verification-email', { cookie, body: { locale: 'es' } });
    expect(resend.status, JSON.stringify(resend.body)).toBe(202);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    // (Issued within the same second as the first, its token may be the same JWT: found by its language.)
    const fresh = mails.find((m) => m.subject !== old.subject)!;
    expect(fresh.subject).toBe('Confirme su dirección de correo electrónico');
    expect(fresh.link).toMatch(/^http:\/\/localhost\/ll\/es\/verify-email\?token=/);
    expect(await accounts.verifyEmailToken(fresh.token)).toBe('verified');
  });

  it('limits asked-for links: 3 per account in 15 minutes, then 429 with Retry-After', async () => {
    const { cookie, email } = await register();
    for (let i = 0; i < 3; i++) expect((await call('POST', '/users/current/verification-email', { cookie, body: { locale: 'en' } })).status).toBe(202);
    const refused = await call('POST', '/users/current/verification-email', { cookie, body: { locale: 'en' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'too_many_attempts', statusCode: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The account's mail and the three asked for; the refused request sent nothing.
    expect(mailsTo(email)).toHaveLength(4);
    expect((await call('POST', '/users/current/verification-email', { body: { locale: 'en' } })).status).toBe(401);
  });
});

describe('change of password', () => {
  it('needs the current password, and ends every other session', async () => {
    const { email, cookie: first } = await register();
    const other = sessionCookie(await call('POST', '/auth/login', { body: { email, password: PASSWORD } }));
    expect(await sessionOf(other)).toMatchObject({ email });

    const wrong = await call('POST', '/users/current/password', { cookie: first, body: { currentPassword: 'Wrong1234', newPassword: 'Fresh2026ok', newPasswordConfirmation: 'Fresh2026ok' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'wrong_password', issues: [{ path: ['currentPassword'], code: 'wrong_password' }] });
    const same = await call('POST', '/users/current/password', { cookie: first, body: { currentPassword: PASSWORD, newPassword: PASSWORD, newPasswordConfirmation: PASSWORD } });
    expect(same.status).toBe(400);
    expect(same.body!.issues).toEqual([{ path: ['newPassword'], code: 'invalid_new_password' }]);
    const missing = await call('POST', '/users/current/password', { cookie: first, body: { newPassword: 'Fresh2026ok', newPasswordConfirmation: 'Fresh2026ok' } });
    expect(missing.body!.issues).toEqual([{ path: ['currentPassword'], code: 'null_current_password' }]);
    expect(await sessionOf(other)).toMatchObject({ email });

    const changed = await call('POST', '/users/current/password', { cookie: first, body: { currentPassword: PASSWORD, newPassword: 'Fresh2026ok', newPasswordConfirmation: 'Fresh2026ok' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = sessionCookie(changed);
    expect(fresh).not.toBe(first);
    // This browser keeps a session (its new cookie); every other one is ended.
    expect(await sessionOf(fresh)).toMatchObject({ email });
    expect(await sessionOf(other)).toBeNull();
    expect(await sessionOf(first)).toBeNull();
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password: 'Fresh2026ok' } })).status).toBe(200);
  });

  it('answers 401 when logged out', async () => {
    const reply = await call('POST', '/users/current/password', { body: { currentPassword: PASSWORD, newPassword: 'Fresh2026ok', newPasswordConfirmation: 'Fresh2026ok' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ error: 'unauthenticated' });
  });
});

describe('change of email', () => {
  it('mails a link to the new address and a notice to the old one; the email changes only when the link is followed', async () => {
    const { email, cookie } = await register();
    const newEmail = `moved.${randomUUID().slice(0, 8)}@example.net`;
    const reply = await call('POST', '/users/current/email', { cookie, body: { newEmail: newEmail.toUpperCase(), password: PASSWORD, locale: 'en' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    expect(reply.body).toEqual({ ok: true, pendingEmail: newEmail });

    const [link, ...moreLinks] = mailsTo(newEmail);
    expect(moreLinks).toHaveLength(0);
    expect(link!.subject).toBe('Confirm your new email address');
    expect(link!.link).toMatch(/^http:\/\/localhost\/ll\/verify-email\?token=/);
    const notice = mailsTo(email).find((m) => m.subject === 'A change of your email address was requested');
    expect(notice, 'the old address is told').toBeDefined();
    expect(notice!.body).toContain(newEmail);
    expect(notice!.link).toBeNull();

    // Not followed yet: nothing changed.
    expect((await call('GET', '/users/current/security', { cookie })).body).toEqual({ email, emailVerified: false });
    expect((await call('POST', '/auth/login', { body: { email: newEmail, password: PASSWORD } })).status).toBe(401);

    expect(await accounts.verifyEmailToken(link!.token)).toBe('email_changed');
    expect((await call('GET', '/users/current/security', { cookie })).body).toEqual({ email: newEmail, emailVerified: true });
    expect((await call('GET', '/users/current/profile', { cookie })).body!.email).toBe(newEmail);
    expect((await call('POST', '/auth/login', { body: { email: newEmail, password: PASSWORD } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    // The same link again (a reload) says it is done; the old address's verification link no longer works.
    expect(await accounts.verifyEmailToken(link!.token)).toBe('email_changed');
    expect(await accounts.verifyEmailToken(mailsTo(email)[0]!.token)).toBe('invalid_token');
  });

  it('refuses the same address, a wrong password and an address another account has', async () => {
    const { email, cookie } = await register();
    const taken = await register();
    const before = emlFiles().length;
    const same = await call('POST', '/users/current/email', { cookie, body: { newEmail: email, password: PASSWORD } });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ error: 'same_email', issues: [{ path: ['newEmail'], code: 'same_email' }] });
    const wrong = await call('POST', '/users/current/email', { cookie, body: { newEmail: 'other@example.net', password: 'Wrong1234' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'wrong_password', issues: [{ path: ['password'], code: 'wrong_password' }] });
    const conflict = await call('POST', '/users/current/email', { cookie, body: { newEmail: taken.email, password: PASSWORD } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: 'email_taken', issues: [{ path: ['newEmail'], code: 'email_taken' }] });
    expect(emlFiles().length).toBe(before);
  });

  it('does not change to an address another account took meanwhile', async () => {
    const { email, cookie } = await register();
    const wanted = `wanted.${randomUUID().slice(0, 8)}@example.net`;
    expect((await call('POST', '/users/current/email', { cookie, body: { newEmail: wanted, password: PASSWORD } })).status).toBe(202);
    const token = mailsTo(wanted)[0]!.token;
    const meanwhile = registration();
    meanwhile.login = { email: wanted, emailConfirmation: wanted, password: PASSWORD, passwordConfirmation: PASSWORD };
    expect((await call('POST', '/registration/participant', { body: meanwhile })).status).toBe(201);
    expect(await accounts.verifyEmailToken(token)).toBe('email_taken');
    expect((await sql('select count(*)::int as n from users where email = $1', [email]))[0]!.n).toBe(1);
  });
});

describe('one family per minor', () => {
  it('refuses another family’s minor (case and accents aside), in the family section and the registration', async () => {
    const a = await register({ children: [minor('Zoé', 'Lévesque-Tanguay')] });
    const b = await register();
    const theirs = minor('ZOE', 'levesque tanguay');
    const added = await call('POST', '/users/current/minors', { cookie: b.cookie, body: theirs });
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({ error: 'minor_in_other_family', statusCode: 409 });
    expect(String(added.body!.message)).toMatch(/contact the federation/i);
    expect((await call('GET', '/users/current/minors', { cookie: b.cookie })).body).toEqual({ minors: [] });

    // Renaming one's own minor into theirs is refused too; another date of birth is another child.
    const own = await call('POST', '/users/current/minors', { cookie: b.cookie, body: minor('Zoé', 'Lévesque-Tanguay', { birthday: { year: thisYear - 7, month: 5, day: 20 } }) });
    expect(own.status).toBe(201);
    const renamed = await call('PUT', `/users/current/minors/${own.body!.id}`, { cookie: b.cookie, body: theirs });
    expect(renamed.body).toMatchObject({ error: 'minor_in_other_family' });
    // The child's own family may edit them.
    const [aMinor] = (await call('GET', '/users/current/minors', { cookie: a.cookie })).body!.minors as { id: number }[];
    expect((await call('PUT', `/users/current/minors/${aMinor!.id}`, { cookie: a.cookie, body: minor('Zoé', 'Lévesque-Tanguay', { phone: '4505550199' }) })).status).toBe(200);

    // A registration with that child: refused even when the duplicate is acknowledged; nothing is written.
    const users = (await sql('select count(*)::int as n from users'))[0]!.n;
    const withChild = registration({ children: [theirs], acknowledgeDuplicate: true });
    const refused = await call('POST', '/registration/participant', { body: withChild });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'minor_in_other_family' });
    expect((await sql('select count(*)::int as n from users'))[0]!.n).toBe(users);
  });
});
