/**
 * Regression tests of the issue-11 server review (participant accounts, spec §4, §5, §8; issue 11
 * "Privacy and security"), against a real PostgreSQL database through the API app: password
 * guessing through a repeated registration, limits counted before the slow check (so parallel
 * guesses cannot pass them), the CSRF check of `Origin: null`, and client input that reached
 * the database as a 500 (a NUL byte, an id past the integer range).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

// New accounts get a verification mail (a `send-email` job): never in the repository's .data/outbox.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-review-outbox-'));
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

/** A call as the site's own pages make it (same Origin) unless `headers` say otherwise. */
async function call(
  method: string,
  route: string,
  init: { body?: unknown; raw?: string; cookie?: string; ip?: string; headers?: Record<string, string | null> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? `192.0.2.${++ipCounter % 250}`, host: 'localhost', origin: 'http://localhost' };
  if (init.body !== undefined || init.raw !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  for (const [k, v] of Object.entries(init.headers ?? {})) {
    if (v === null) delete headers[k];
    else headers[k] = v;
  }
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const sessionSet = (reply: Reply) => reply.headers.getSetCookie().find((c) => c.startsWith('ll.session_token=') && !/Max-Age=0/i.test(c));

const PASSWORD = 'Secret123';
let n = 0;
const letters = (k: number) => [...String(k)].map((d) => 'abcdefghij'[Number(d)]).join('');

function registration(email: string, over: Record<string, unknown> = {}) {
  const k = ++n;
  return {
    submissionId: randomUUID(),
    locale: 'en',
    information: { firstName: 'Rev', lastName: `Iewer-${letters(k)}`, gender: 'female', birthday: { year: 1985, month: 1 + (k % 12), day: 1 + (k % 28) }, phone: '514-555-0101' },
    login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
    address: { address: '12 Rue Sud', country: 'CA', state: 'QC', city: 'Laval', zip: 'H7N 1A1' },
    emergencyContact: { firstName: 'Jo', lastName: 'Roy', phone: '5145550102' },
    children: [],
    ...over,
  };
}

async function register(email: string) {
  const body = registration(email);
  const reply = await call('POST', '/registration/participant', { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { body, cookie: sessionSet(reply)!.split(';')[0]!, id: reply.body!.id as number };
}

describe('a repeated registration is not a login without limits', () => {
  it('never logs into another account, and counts the guesses like logins', async () => {
    await resetLimits();
    const victim = await register(`victim.${randomUUID().slice(0, 8)}@example.com`);
    const attacker = await register(`attacker.${randomUUID().slice(0, 8)}@example.com`);
    // The attacker replays their own submission id with the victim's email and the victim's password.
    const replay = registration(victim.body.login.email, { submissionId: attacker.body.submissionId });
    const reply = await call('POST', '/registration/participant', { body: replay });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: attacker.id, minors: 0 });
    expect(sessionSet(reply), 'no session for the victim’s account').toBeUndefined();
  });

  it('logs the holder back in on a repeated submit of their own, through the login limit', async () => {
    await resetLimits();
    const email = `again.${randomUUID().slice(0, 8)}@example.com`;
    const first = await register(email);
    const again = await call('POST', '/registration/participant', { body: { ...first.body } });
    expect(again.status).toBe(200);
    expect(sessionSet(again)).toBeDefined();
    // Wrong passwords on a repeated submit count as failed logins of that account.
    const ip = '192.0.2.251';
    for (let i = 0; i < 5; i++) {
      const wrong = `Wrong${i}pass`;
      const r = await call('POST', '/registration/participant', { ip, body: { ...first.body, login: { ...first.body.login, password: wrong, passwordConfirmation: wrong } } });
      expect(r.status).toBe(200);
      expect(sessionSet(r)).toBeUndefined();
    }
    const login = await call('POST', '/auth/login', { ip, body: { email, password: PASSWORD } });
    expect(login.status).toBe(429);
  });
});

describe('limits counted before the slow check', () => {
  it('wrong passwords sent at once to close an account still stop at 5', async () => {
    await resetLimits();
    const { cookie } = await register(`parallel.${randomUUID().slice(0, 8)}@example.com`);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('DELETE', '/users/current', { cookie, body: { password: `Wrong${i}pass` } })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    await resetLimits();
  });

  it('a right password does not use up the limit', async () => {
    await resetLimits();
    const { cookie } = await register(`right.${randomUUID().slice(0, 8)}@example.com`);
    const { verifyHolderPassword } = await import('../../lib/server/accounts');
    const { counted } = await import('../../lib/server/rate-limit');
    const [{ user_id: userId, email }] = await sql('select p.user_id, u.email from participant_profiles p join users u on u.id = p.user_id where p.id = (select max(id) from participant_profiles where user_id is not null)');
    for (let i = 0; i < 8; i++) await verifyHolderPassword(userId as string, PASSWORD);
    expect(await counted({ policy: 'password_check', subject: { account: email as string } })).toBe(0);
    expect(cookie).toBeTruthy();
    await resetLimits();
  });
});

describe('CSRF: Origin null', () => {
  it('refuses an unsafe call whose Origin is "null" unless the browser says same-origin', async () => {
    const email = `null.${randomUUID().slice(0, 8)}@example.com`;
    await register(email);
    // A sandboxed frame or data: page of another site, in a browser without Sec-Fetch-Site, with no cookie yet.
    const forged = await call('POST', '/auth/login', { body: { email, password: PASSWORD }, headers: { origin: 'null' } });
    expect(forged.status).toBe(403);
    expect(forged.body!.error).toBe('invalid_origin');
    const crossSite = await call('POST', '/auth/login', { body: { email, password: PASSWORD }, headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    // The site's own page with a no-referrer policy: Origin null, Sec-Fetch-Site same-origin.
    const own = await call('POST', '/auth/login', { body: { email, password: PASSWORD }, headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
    // Scripts without Origin and cookies still pass.
    const script = await call('POST', '/auth/login', { body: { email, password: PASSWORD }, headers: { origin: null } });
    expect(script.status).toBe(200);
  });
});

describe('no 500 for client input', () => {
  it('a NUL byte in the login email answers 401 (or 400), not 500', async () => {
    const reply = await call('POST', '/auth/login', { body: { email: 'ann\u0000@example.com', password: PASSWORD } });
    expect([400, 401]).toContain(reply.status);
  });

  it('a NUL byte in the password to close an account answers 401, not 500', async () => {
    await resetLimits();
    const { cookie } = await register(`nul.${randomUUID().slice(0, 8)}@example.com`);
    const reply = await call('DELETE', '/users/current', { cookie, body: { password: 'Wrong\u00001pass' } });
    expect(reply.status).toBe(401);
    await resetLimits();
  });

  it('a claim of a participant id past the integer range answers 400 or 404, not 500', async () => {
    const { cookie } = await register(`claim.${randomUUID().slice(0, 8)}@example.com`);
    const reply = await call('POST', '/users/current/claims', { cookie, body: { participantId: 3_000_000_000, licence: 'AB12' } });
    expect([400, 404]).toContain(reply.status);
  });

  it('junk bodies answer 4xx on every account call', async () => {
    const { cookie } = await register(`junk.${randomUUID().slice(0, 8)}@example.com`);
    const junk: unknown[] = [null, [], 'text', 42, true, {}, { email: [] }, { password: {} }, { information: null, login: 5, children: 'x' }, { children: Array(2000).fill({}) }];
    const routes: [string, string][] = [
      ['POST', '/auth/login'],
      ['POST', '/auth/forgot-password'],
      ['POST', '/auth/reset-password'],
      ['POST', '/registration/participant'],
      ['POST', '/registration/participant/check'],
      ['PUT', '/users/current/profile'],
      ['POST', '/users/current/minors'],
      ['PUT', '/users/current/minors/1'],
      ['DELETE', '/users/current/minors/1'],
      ['POST', '/users/current/claims'],
    ];
    for (const [method, route] of routes) {
      for (const body of junk) {
        const reply = await call(method, route, { cookie, body });
        expect(reply.status, `${method} ${route} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${method} ${route} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
      }
      const malformed = await call(method, route, { cookie, raw: '{"email":' });
      expect(malformed.status, `${method} ${route} malformed`).toBe(400);
    }
  });
});

describe('logs carry no personal data', () => {
  it('a failed account creation logs the kind of failure, not the rows it was writing', async () => {
    await sql(`create or replace function refuse_kaboom() returns trigger language plpgsql as $$ begin if new.first_name = 'Kaboom' then raise exception 'forced failure'; end if; return new; end $$`);
    await sql('create trigger refuse_kaboom before insert on participant_profiles for each row execute function refuse_kaboom()');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const email = `logged.${randomUUID().slice(0, 8)}@example.com`;
      const body = registration(email, {
        information: { firstName: 'Kaboom', lastName: 'Secretname', gender: 'female', birthday: { year: 1979, month: 7, day: 23 }, phone: '438-555-0199' },
      });
      const reply = await call('POST', '/registration/participant', { body });
      expect(reply.status).toBe(500);
      expect(reply.body!.error).toBe('registration_failed');
      const logged = errors.mock.calls.map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack} ${JSON.stringify(a)}` : String(a))).join(' ')).join('\n');
      expect(logged).toMatch(/account creation failed/);
      for (const secret of [email, 'Secretname', '1979-07-23', '438-555-0199', '12 Rue Sud', 'Failed query']) expect(logged).not.toContain(secret);
    } finally {
      errors.mockRestore();
      await sql('drop trigger refuse_kaboom on participant_profiles');
      await sql('drop function refuse_kaboom()');
    }
  });
});

