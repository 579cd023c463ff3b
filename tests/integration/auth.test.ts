/**
 * Login, logout, session and password reset through the API app (/ll/api/v1/auth; spec §2
 * /login, /forgotPassword, /resetPassword; §4 Password reset; §8 Login and reset), against a
 * real PostgreSQL database and a temporary OUTBOX_DIR: the session cookie, the same refusal for
 * an unknown email and a wrong password, the rate limits per account and per address, the reset
 * mail (in English and French) and its link, expiry after one hour with a controlled clock,
 * single use, the token errors, the new-password rule, and that a reset ends every session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-auth-outbox-'));
process.env.OUTBOX_DIR = outbox;
process.env.SITE_URL = 'http://site.test';
process.env.MAIL_FROM = 'Federation <no-reply@federation.test>';
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
delete process.env.SMTP_URL;

const HOUR = 60 * 60_000;

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let accounts: {
  login: typeof import('../../lib/server/accounts/login').login;
  requestPasswordReset: typeof import('../../lib/server/accounts/password-reset').requestPasswordReset;
  checkResetToken: typeof import('../../lib/server/accounts/password-reset').checkResetToken;
  resetPassword: typeof import('../../lib/server/accounts/password-reset').resetPassword;
  settled: typeof import('../../lib/server/accounts/password-reset').settledPasswordResetRequests;
};
let sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let pool: import('pg').Pool | undefined;
let createUser: (email: string, password: string, name?: string) => Promise<string>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const { createApiApp } = await import('../../lib/server/api/app');
  const { getDb } = await import('../../lib/server/db');
  const { getAuth } = await import('../../lib/server/accounts/auth');
  const { users, authAccounts } = await import('../../lib/server/db/schema');
  const { login } = await import('../../lib/server/accounts/login');
  const reset = await import('../../lib/server/accounts/password-reset');
  // The reset mail is a `send-email` job: run the queue before reading the outbox.
  const { drainJobs } = await import('../../lib/server/jobs');
  const pg = await import('pg');
  api = createApiApp();
  accounts = {
    login,
    requestPasswordReset: async (...args) => {
      const outcome = await reset.requestPasswordReset(...args);
      await drainJobs();
      return outcome;
    },
    checkResetToken: reset.checkResetToken,
    resetPassword: reset.resetPassword,
    settled: async () => {
      await reset.settledPasswordResetRequests();
      await drainJobs();
    },
  };
  pool = new pg.default.Pool({ connectionString: database.url, max: 2 });
  sql = async (text, params = []) => (await pool!.query(text, params)).rows;
  let n = 0;
  createUser = async (email, password, name = 'Ann Rider') => {
    const id = `user-${++n}`;
    const hash = await (await getAuth().$context).password.hash(password);
    await getDb().insert(users).values({ id, name, email });
    await getDb().insert(authAccounts).values({ id: `cred-${n}`, accountId: id, providerId: 'credential', userId: id, password: hash });
    return id;
  };
});
afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

let ipCounter = 0;
/** A fresh client address per test, so only the test's own attempts count against the address limit. */
const freshIp = () => `203.0.113.${++ipCounter}`;
let ip = freshIp();
beforeEach(() => {
  ip = freshIp();
});

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

/** A call as the site's own pages make it (same Origin), from the current test's address. */
async function call(method: string, route: string, init: { body?: unknown; cookie?: string; from?: string; origin?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.from ?? ip, host: 'localhost', origin: init.origin ?? 'http://localhost' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await api.request(`/api/v1/auth${route}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The `name=value` of the session cookie a reply sets. */
function sessionCookie(reply: Reply): string {
  const set = reply.headers.getSetCookie().find((c) => c.startsWith('ll.session_token='));
  expect(set, 'a session cookie is set').toBeDefined();
  return set!.split(';')[0]!;
}

const emlFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort() : []);

/** Undoes quoted-printable soft breaks and escapes, as UTF-8. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** MIME encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
const decodeWords = (text: string) =>
  text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

/** The mail written since `before`, with its decoded subject, recipients and text, and its link's token. */
function newMail(before: string[]) {
  const added = emlFiles().filter((f) => !before.includes(f));
  expect(added).toHaveLength(1);
  const raw = fs.readFileSync(path.join(outbox, added[0]!), 'utf8');
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => decodeWords(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '');
  const body = decodeQuotedPrintable(raw);
  const link = /http:\/\/site\.test\/ll(\/fr|\/es)?\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(body);
  return { subject: header('Subject'), to: header('To'), body, link: link?.[0] ?? null, token: link?.[2] ?? null };
}

describe('login and session', () => {
  it('logs in: sets the session cookie, and /session answers the user', async () => {
    await createUser('ann@example.com', 'Secret123', 'Ann Rider');
    const res = await call('POST', '/login', { body: { email: '  Ann@Example.COM ', password: 'Secret123' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { id: expect.any(String), email: 'ann@example.com', name: 'Ann Rider', role: 'participant', firstName: null, profileId: null, participantId: null } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const set = res.headers.getSetCookie().find((c) => c.startsWith('ll.session_token='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\/ll(;|$)/);
    expect(set).toMatch(/Max-Age=2592000/);

    const session = await call('GET', '/session', { cookie: sessionCookie(res) });
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('private, no-store');
    expect(session.body).toEqual({ user: res.body!.user });

    const anonymous = await call('GET', '/session');
    expect(anonymous.body).toEqual({ user: null });
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    await createUser('bob@example.com', 'Secret123');
    const wrong = await call('POST', '/login', { body: { email: 'bob@example.com', password: 'Wrong1234' } });
    const unknown = await call('POST', '/login', { body: { email: 'nobody@example.com', password: 'Wrong1234' } });
    const malformed = await call('POST', '/login', { body: { email: 'not-an-email', password: 'Wrong1234' } });
    for (const res of [wrong, unknown, malformed]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'invalid_credentials', message: 'The password or email is wrong', statusCode: 401 });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses empty fields with their codes, a body that is not JSON, and a post from another site', async () => {
    const empty = await call('POST', '/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'null_email', issues: [{ path: ['email'], code: 'null_email' }, { path: ['password'], code: 'null_password' }] });
    const text = await api.request('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=a&password=b' });
    expect(text.status).toBe(415);
    const forged = await call('POST', '/login', { body: { email: 'ann@example.com', password: 'Secret123' }, origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ error: 'invalid_origin' });
    // The same host under another scheme or port is another site (issue 29: the scheme was ignored).
    for (const origin of ['https://localhost', 'http://localhost:8080', 'http://localhost.evil.example']) {
      const other = await call('POST', '/login', { body: { email: 'ann@example.com', password: 'Secret123' }, origin });
      expect(other.status, origin).toBe(403);
      expect(other.body, origin).toMatchObject({ error: 'invalid_origin' });
    }
  });

  it('refuses the 6th failure for one account from one address with 429 and Retry-After, even with the right password; the racer elsewhere still logs in', async () => {
    await createUser('carl@example.com', 'Secret123');
    await createUser('dana@example.com', 'Secret123');
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/login', { body: { email: 'carl@example.com', password: `Wrong${i}abc` } });
      expect(res.status).toBe(401);
    }
    const locked = await call('POST', '/login', { body: { email: 'carl@example.com', password: 'Secret123' } });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: 'too_many_attempts', statusCode: 429 });
    const retry = Number(locked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(880);
    expect(retry).toBeLessThanOrEqual(900);
    expect(locked.headers.getSetCookie()).toEqual([]);
    // The stranger's failures hold back their own address only: Carl logs in from elsewhere.
    expect((await call('POST', '/login', { body: { email: 'carl@example.com', password: 'Secret123' }, from: freshIp() })).status).toBe(200);
    // Another account, from the same address as the failures, is not affected.
    expect((await call('POST', '/login', { body: { email: 'dana@example.com', password: 'Secret123' } })).status).toBe(200);
    // An unknown email is limited the same way (the limit does not tell which emails exist).
    const from = freshIp();
    for (let i = 0; i < 5; i++) await call('POST', '/login', { body: { email: 'ghost@example.com', password: 'Wrong1234' }, from });
    expect((await call('POST', '/login', { body: { email: 'ghost@example.com', password: 'Wrong1234' }, from })).status).toBe(429);
  });

  it('bounds the guesses against one account from many addresses (25 an hour) without locking out an address that logged in there', async () => {
    await createUser('bea@example.com', 'Secret123');
    const home = freshIp();
    expect((await call('POST', '/login', { body: { email: 'bea@example.com', password: 'Secret123' }, from: home })).status).toBe(200);
    const statuses: number[] = [];
    for (let a = 0; a < 5; a++) {
      const from = freshIp();
      for (let i = 0; i < 5; i++) statuses.push((await call('POST', '/login', { body: { email: 'bea@example.com', password: `Guess${a}${i}x` }, from })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(25);
    // The 26th guess, from yet another address, is not judged: even the right password waits.
    const bounded = await call('POST', '/login', { body: { email: 'bea@example.com', password: 'Secret123' }, from: freshIp() });
    expect(bounded.status).toBe(429);
    expect(Number(bounded.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Bea at home is not locked out by the strangers.
    expect((await call('POST', '/login', { body: { email: 'bea@example.com', password: 'Wrong1234' }, from: home })).status).toBe(401);
    expect((await call('POST', '/login', { body: { email: 'bea@example.com', password: 'Secret123' }, from: home })).status).toBe(200);
  });

  it('refuses an address after 30 failures, whatever the account', async () => {
    await createUser('erin@example.com', 'Secret123');
    for (let i = 0; i < 30; i++) {
      const res = await call('POST', '/login', { body: { email: `guess${i}@example.com`, password: 'Wrong1234' } });
      expect(res.status).toBe(401);
    }
    const locked = await call('POST', '/login', { body: { email: 'erin@example.com', password: 'Secret123' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account from another address.
    expect((await call('POST', '/login', { body: { email: 'erin@example.com', password: 'Secret123' }, from: freshIp() })).status).toBe(200);
  });

  it('forgets this address’s failures for the account on a success', async () => {
    await createUser('fay@example.com', 'Secret123');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await call('POST', '/login', { body: { email: 'fay@example.com', password: 'Wrong1234' } })).status).toBe(401);
      expect((await call('POST', '/login', { body: { email: 'fay@example.com', password: 'Secret123' } })).status).toBe(200);
    }
    // 8 failures in all from this address, none refused: each success wiped the slate.
    for (let i = 0; i < 4; i++) expect((await call('POST', '/login', { body: { email: 'fay@example.com', password: 'Wrong1234' } })).status).toBe(401);
  });

  it('counts failures within 15 minutes only (controlled clock)', async () => {
    await createUser('gus@example.com', 'Secret123');
    // Near the real time: old windows are pruned by the real clock.
    const t0 = new Date();
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const from = freshIp();
    for (let i = 0; i < 5; i++) {
      await expect(accounts.login({ email: 'gus@example.com', password: 'Wrong1234' }, { ip: from, now: at(i * 1000) })).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    // The window opened with the first failure (t0) and closes at t0 + 15 min: one second before, one second to wait.
    await expect(accounts.login({ email: 'gus@example.com', password: 'Secret123' }, { ip: from, now: at(15 * 60_000 - 1000) })).rejects.toMatchObject({
      code: 'too_many_attempts',
      retryAfterS: 1,
    });
    const ok = await accounts.login({ email: 'gus@example.com', password: 'Secret123' }, { ip: from, now: at(15 * 60_000 + 1000) });
    expect(ok.user.email).toBe('gus@example.com');
  });

  it('answers 400, never 500, for an email holding an unpaired surrogate', async () => {
    const res = await api.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, host: 'localhost', origin: 'http://localhost' },
      body: '{"email":"\\ud800@example.com","password":"Secret123"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', statusCode: 400 });
  });

  it('logs out: the session is deleted and the cookie cleared', async () => {
    const id = await createUser('hal@example.com', 'Secret123');
    const cookie = sessionCookie(await call('POST', '/login', { body: { email: 'hal@example.com', password: 'Secret123' } }));
    expect((await sql('select count(*)::int as n from sessions where user_id = $1', [id]))[0]!.n).toBe(1);
    const out = await call('POST', '/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('ll.session_token='));
    expect(cleared).toMatch(/Max-Age=0/);
    expect((await sql('select count(*)::int as n from sessions where user_id = $1', [id]))[0]!.n).toBe(0);
    expect((await call('GET', '/session', { cookie })).body).toEqual({ user: null });
    // Logging out again (no session) is fine.
    expect((await call('POST', '/logout')).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every auth call', async () => {
    const doc = (await (await api.request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/auth')).sort()).toEqual([
      '/api/v1/auth/forgot-password',
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/auth/reset-password',
      '/api/v1/auth/reset-password/{token}',
      '/api/v1/auth/session',
    ]);
    expect(Object.keys(doc.paths['/api/v1/auth/reset-password']!).sort()).toEqual(['get', 'post']);
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password; old sessions end, the old password fails, the new one works', async () => {
    const id = await createUser('ivy@example.com', 'Secret123', 'Ivy Racer');
    const oldCookie = sessionCookie(await call('POST', '/login', { body: { email: 'ivy@example.com', password: 'Secret123' } }));
    const before = emlFiles();
    const asked = await call('POST', '/forgot-password', { body: { email: 'IVY@example.com', locale: 'en' } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ ok: true });
    await accounts.settled();
    const mail = newMail(before);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.to).toBe('Ivy Racer <ivy@example.com>');
    expect(mail.body).toContain('Hello Ivy Racer,');
    expect(mail.body).toContain('This link is valid for one hour and can be used only once.');
    expect(mail.link).toMatch(/^http:\/\/site\.test\/ll\/resetPassword\?token=[A-Za-z0-9_-]{43}$/);
    const token = mail.token!;
    // Only the token's SHA-256 is stored.
    const stored = await sql('select token_hash, expires_at - created_at as ttl from password_resets where user_id = $1', [id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(token);

    expect(await call('GET', `/reset-password/${token}`)).toMatchObject({ status: 200, body: { state: 'valid' } });
    const done = await call('POST', '/reset-password', { body: { token, password: 'NewSecret456', passwordConfirmation: 'NewSecret456' } });
    expect(done).toMatchObject({ status: 200, body: { ok: true } });

    expect((await call('GET', '/session', { cookie: oldCookie })).body).toEqual({ user: null });
    expect((await sql('select count(*)::int as n from sessions where user_id = $1', [id]))[0]!.n).toBe(0);
    expect((await call('POST', '/login', { body: { email: 'ivy@example.com', password: 'Secret123' } })).status).toBe(401);
    expect((await call('POST', '/login', { body: { email: 'ivy@example.com', password: 'NewSecret456' } })).status).toBe(200);
  });

  it('is valid for one hour (controlled clock): 59 min 59 s valid, 60 min 1 s expired', async () => {
    await createUser('jay@example.com', 'Secret123');
    const t0 = new Date(Date.now() - 2 * HOUR);
    const before = emlFiles();
    expect(await accounts.requestPasswordReset('jay@example.com', 'en', { ip, now: t0 })).toMatchObject({ mailed: true });
    const token = newMail(before).token!;
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await accounts.checkResetToken(token, at(HOUR - 1000))).toBe('valid');
    expect(await accounts.checkResetToken(token, at(HOUR + 1000))).toBe('expired_token');
    await expect(accounts.resetPassword({ token, password: 'NewSecret456' }, at(HOUR + 1000))).rejects.toMatchObject({ code: 'expired_token', status: 410 });
    // Through the API, on the real clock (two hours later).
    expect(await call('GET', `/reset-password/${token}`)).toMatchObject({
      status: 410,
      body: { error: 'expired_token', message: 'Your opportunity to reset your password has expired. You have one hour' },
    });
    expect(await call('POST', '/reset-password', { body: { token, password: 'NewSecret456', passwordConfirmation: 'NewSecret456' } })).toMatchObject({
      status: 410,
      body: { error: 'expired_token' },
    });
    // Still usable one second before the hour.
    await accounts.resetPassword({ token, password: 'NewSecret456' }, at(HOUR - 1000));
  });

  it('is usable once; a reset uses up the account’s other links too', async () => {
    await createUser('kim@example.com', 'Secret123');
    const before = emlFiles();
    await accounts.requestPasswordReset('kim@example.com', 'en', { ip });
    const first = newMail(before).token!;
    const middle = emlFiles();
    await accounts.requestPasswordReset('kim@example.com', 'en', { ip });
    const second = newMail(middle).token!;
    expect(second).not.toBe(first);
    const body = { token: first, password: 'NewSecret456', passwordConfirmation: 'NewSecret456' };
    expect((await call('POST', '/reset-password', { body })).status).toBe(200);
    expect(await call('POST', '/reset-password', { body: { ...body, password: 'Other789x', passwordConfirmation: 'Other789x' } })).toMatchObject({
      status: 410,
      body: { error: 'used_token', message: 'This reset your password link has already been used' },
    });
    expect(await call('GET', `/reset-password/${first}`)).toMatchObject({ status: 410, body: { error: 'used_token' } });
    expect(await call('GET', `/reset-password/${second}`)).toMatchObject({ status: 410, body: { error: 'used_token' } });
  });

  it('tells an undecodable token from an unknown one and from none', async () => {
    expect(await call('GET', '/reset-password/abc')).toMatchObject({
      status: 400,
      body: { error: 'undecodable_token', message: 'The token provided could not be decoded' },
    });
    expect(await call('GET', `/reset-password/${'A'.repeat(42)}%3D`)).toMatchObject({ status: 400, body: { error: 'undecodable_token' } });
    expect(await call('GET', `/reset-password/${'A'.repeat(43)}`)).toMatchObject({
      status: 400,
      body: { error: 'invalid_token', message: 'Invalid access. You do not have a proper token!' },
    });
    expect(await call('GET', '/reset-password')).toMatchObject({ status: 400, body: { error: 'invalid_token' } });
    const password = { password: 'NewSecret456', passwordConfirmation: 'NewSecret456' };
    expect(await call('POST', '/reset-password', { body: { token: 'abc', ...password } })).toMatchObject({ status: 400, body: { error: 'undecodable_token' } });
    expect(await call('POST', '/reset-password', { body: { token: 'B'.repeat(43), ...password } })).toMatchObject({ status: 400, body: { error: 'invalid_token' } });
    expect(await call('POST', '/reset-password', { body: { ...password } })).toMatchObject({ status: 400, body: { error: 'null_token', issues: [{ path: ['token'], code: 'null_token' }] } });
    expect(await accounts.checkResetToken(undefined)).toBe('invalid_token');
    expect(await accounts.checkResetToken('')).toBe('invalid_token');
  });

  it('refuses the current password as the new one (issue on password), and keeps the link usable', async () => {
    await createUser('lea@example.com', 'Secret123');
    const before = emlFiles();
    await accounts.requestPasswordReset('lea@example.com', 'en', { ip });
    const token = newMail(before).token!;
    const same = await call('POST', '/reset-password', { body: { token, password: 'Secret123', passwordConfirmation: 'Secret123' } });
    expect(same).toMatchObject({
      status: 400,
      body: { error: 'invalid_new_password', message: 'Verify password not the same as new password', issues: [{ path: ['password'], code: 'invalid_new_password' }] },
    });
    expect(await accounts.checkResetToken(token)).toBe('valid');
    const weak = await call('POST', '/reset-password', { body: { token, password: 'short', passwordConfirmation: 'shorter' } });
    expect(weak).toMatchObject({
      status: 400,
      body: { error: 'invalid_password_length', issues: [{ path: ['password'], code: 'invalid_password_length' }] },
    });
    const mismatch = await call('POST', '/reset-password', { body: { token, password: 'Fresh2026', passwordConfirmation: 'Fresh2027' } });
    expect(mismatch).toMatchObject({ status: 400, body: { issues: [{ path: ['passwordConfirmation'], code: 'invalid_password_confirmation' }] } });
    expect((await call('POST', '/reset-password', { body: { token, password: 'Fresh2026', passwordConfirmation: 'Fresh2026' } })).status).toBe(200);
  });

  it('answers 202 for an unknown email and sends nothing; refuses a malformed email with its code', async () => {
    const before = emlFiles();
    const res = await call('POST', '/forgot-password', { body: { email: 'nobody@example.com', locale: 'fr' } });
    expect(res).toMatchObject({ status: 202, body: { ok: true } });
    await accounts.settled();
    expect(emlFiles()).toEqual(before);
    const bad = await call('POST', '/forgot-password', { body: { email: 'nobody@', locale: 'en' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_email', issues: [{ path: ['email'], code: 'invalid_email' }] } });
    const lang = await call('POST', '/forgot-password', { body: { email: 'a@example.com', locale: 'de' } });
    expect(lang).toMatchObject({ status: 400, body: { error: 'invalid_locale' } });
  });

  it('mails in French for locale fr, with the French link', async () => {
    await createUser('zoe@example.com', 'Secret123', 'Zoé Côté');
    const before = emlFiles();
    expect((await call('POST', '/forgot-password', { body: { email: 'zoe@example.com', locale: 'fr' } })).status).toBe(202);
    await accounts.settled();
    const mail = newMail(before);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.body).toContain('Bonjour Zoé Côté,');
    expect(mail.body).toContain('Ce lien est valide pendant une heure et ne peut servir qu’une seule fois.');
    expect(mail.link).toMatch(/^http:\/\/site\.test\/ll\/fr\/resetPassword\?token=[A-Za-z0-9_-]{43}$/);
    expect(await call('GET', `/reset-password/${mail.token}`)).toMatchObject({ status: 200 });
  });

  it('mails at most 3 links per account in 15 minutes, and serves 10 requests per address', async () => {
    await createUser('max@example.com', 'Secret123');
    const t0 = new Date();
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await accounts.requestPasswordReset('max@example.com', 'en', { ip: freshIp(), now: new Date(t0.getTime() + i * 1000) }));
    expect(outcomes.map((o) => o.mailed)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toMatchObject({ reason: 'account_limit' });
    expect(await accounts.requestPasswordReset('max@example.com', 'en', { ip: freshIp(), now: new Date(t0.getTime() + 15 * 60_000 + 1000) })).toMatchObject({ mailed: true });

    const from = freshIp();
    const byAddress = [];
    for (let i = 0; i < 11; i++) byAddress.push(await accounts.requestPasswordReset(`someone${i}@example.com`, 'en', { ip: from, now: t0 }));
    expect(byAddress.slice(0, 10).every((o) => o.reason === 'no_account')).toBe(true);
    expect(byAddress[10]).toMatchObject({ mailed: false, reason: 'address_limit' });
  });
});
