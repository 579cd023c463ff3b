/**
 * The rate limits counted in PostgreSQL (lib/server/rate-limit; issue 22) against a real
 * database: two site instances (two connection pools on one database) count together, and a
 * restart (the module loaded anew) forgets nothing; every 429 carries `Retry-After` set by the
 * API's one onError; account creation is limited per address (successes counted, checked
 * before any password is hashed); an unpaired surrogate in any JSON field answers 400, never 500.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

// New accounts get a verification mail (a `send-email` job): never in the repository's .data/outbox.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-rate-limit-outbox-'));
process.env.OUTBOX_DIR = outbox;
process.env.SITE_URL = 'http://localhost';
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let instances: { db: import('../../lib/server/db').Db; close: () => Promise<void> }[] = [];
let sql: (text: string) => Promise<Record<string, unknown>[]>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const { createApiApp } = await import('../../lib/server/api/app');
  const { connectDb } = await import('../../lib/server/db');
  const { sql: sqlText } = await import('drizzle-orm');
  api = createApiApp();
  instances = [connectDb(database.url, 4), connectDb(database.url, 4)];
  sql = async (text) => (await instances[0]!.db.execute(sqlText.raw(text))).rows as Record<string, unknown>[];
});
afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await Promise.all(instances.map((i) => i.close()));
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

/** A call as the site's own pages make it, from `ip`. */
async function call(method: string, route: string, init: { body?: unknown; raw?: string; ip: string }): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip, host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' };
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.raw ?? JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

describe('counters shared by every instance', () => {
  it('counts concurrent attempts from two instances together: 3 of 10 pass a limit of 3', async () => {
    const limits = await import('../../lib/server/rate-limit');
    const check = { policy: 'contact_address' as const, subject: { address: '192.0.2.10' } };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => limits.consume([check], { db: instances[i % 2]!.db })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'rate_limited', status: 429, policy: 'contact_address' });
      expect(r.reason.retryAfterS).toBeGreaterThan(590);
    }
    expect(await limits.counted(check, { db: instances[1]!.db })).toBe(3);
  });

  it('remembers the counts across a restart (the module loaded anew)', async () => {
    const before = await import('../../lib/server/rate-limit');
    const check = { policy: 'account_create_address' as const, subject: { address: '192.0.2.11' } };
    const { RATE_LIMITS } = await import('../../lib/server/rate-limit/policies');
    for (let i = 0; i < RATE_LIMITS.account_create_address.limit; i++) await before.consume([check], { db: instances[0]!.db });
    vi.resetModules();
    const after = await import('../../lib/server/rate-limit');
    expect(after).not.toBe(before);
    await expect(after.consume([check], { db: instances[1]!.db })).rejects.toMatchObject({ code: 'too_many_attempts', policy: 'account_create_address' });
    expect(await after.wait(check, { db: instances[1]!.db })).toBeGreaterThan(3500);
  });

  it('stores digests, never the email or address in clear', async () => {
    const limits = await import('../../lib/server/rate-limit');
    await limits.consume([{ policy: 'login_pair', subject: { account: 'Clear@Example.com', address: '192.0.2.12' } }], { db: instances[0]!.db });
    const rows = await sql(`select key from rate_limit_counters where policy = 'login_pair'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(String(row.key)).not.toMatch(/example|192\.0\.2/i);
  });
});

let n = 0;
/** A valid registration body: a new person and a new email each call. */
function registration() {
  const k = ++n;
  const tag = [...String(k)].map((d) => 'abcdefghij'[Number(d)]).join('');
  const email = `limit.${k}@example.com`;
  return {
    submissionId: randomUUID(),
    locale: 'en',
    information: { firstName: 'Rate', lastName: `Limit-${tag}`, gender: 'female', birthday: { year: 1985, month: 1 + (k % 12), day: 1 + (k % 28) }, phone: '514-555-0101', isRegisterMinor: false },
    login: { email, emailConfirmation: email, password: 'Secret123', passwordConfirmation: 'Secret123' },
    address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Montréal', zip: 'h2x 1y4', area: '' },
    emergencyContact: { firstName: 'Julie', lastName: 'Roy', cell: '5145550102' },
    children: [],
  };
}

describe('account creation per address', () => {
  it('creates the policy’s accounts an hour from one address (20), then answers 429 with Retry-After and hashes nothing; refusals do not count', async () => {
    const { RATE_LIMITS } = await import('../../lib/server/rate-limit/policies');
    const limit = RATE_LIMITS.account_create_address.limit;
    expect(limit).toBe(20);
    const ip = '198.51.100.20';
    const first = registration();
    expect((await call('POST', '/registration/participant', { body: first, ip })).status).toBe(201);
    // A refused creation (the email is taken) is not a success: it does not count.
    const taken = { ...registration(), login: first.login };
    expect((await call('POST', '/registration/participant', { body: taken, ip })).status).toBe(409);
    for (let i = 1; i < limit; i++) expect((await call('POST', '/registration/participant', { body: registration(), ip })).status).toBe(201);
    const users = Number((await sql('select count(*)::int as n from users'))[0]!.n);
    const refused = await call('POST', '/registration/participant', { body: registration(), ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'too_many_attempts', statusCode: 429 });
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(Number((await sql('select count(*)::int as n from users'))[0]!.n)).toBe(users);
    // Another address is not held back.
    expect((await call('POST', '/registration/participant', { body: registration(), ip: '198.51.100.21' })).status).toBe(201);
  });

  it('lets at most the limit of concurrent creations from one address through (20 of 24)', async () => {
    const ip = '198.51.100.22';
    const replies = await Promise.all(Array.from({ length: 24 }, () => call('POST', '/registration/participant', { body: registration(), ip })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    for (const r of replies.filter((r) => r.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('unpaired surrogates', () => {
  const lone = (field: string) => `{"email":"a@example.com","password":"Secret123","${field}":"x"}`;

  it('answers 400 invalid_request for one in any JSON field, naming it, and never reaches the route', async () => {
    const login = await call('POST', '/auth/login', { raw: '{"email":"\\udc00x@example.com","password":"Secret123"}', ip: '203.0.113.30' });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(String(login.body!.message)).toContain('email');
    const nested = await call('POST', '/registration/participant', { raw: JSON.stringify({ ...registration(), information: { firstName: 'x' } }).replace('"firstName":"x"', '"firstName":"Ann\\ud83d"'), ip: '203.0.113.30' });
    expect(nested.status).toBe(400);
    expect(String(nested.body!.message)).toContain('information.firstName');
    const contact = await call('POST', '/contact', { raw: '{"name":"Ann","email":"ann@example.com","message":"Hello \\ud800 there, a long enough message"}', ip: '203.0.113.30' });
    expect(contact.status).toBe(400);
    expect(contact.body).toMatchObject({ error: 'invalid_request' });
    // A key is text too.
    expect((await call('POST', '/auth/login', { raw: lone('\\ud800'), ip: '203.0.113.30' })).status).toBe(400);
  });

  it('lets a well-formed pair (an emoji) through to the route', async () => {
    const res = await call('POST', '/auth/login', { raw: '{"email":"\\ud83d\\ude00@example.com","password":"Secret123"}', ip: '203.0.113.31' });
    expect(res.status).not.toBe(500);
    expect(res.body).not.toMatchObject({ error: 'invalid_request' });
  });
});
