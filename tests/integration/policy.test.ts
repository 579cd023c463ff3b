/**
 * The policy against a real database (issue 22): every API route that changes data, tried as
 * a stranger, as another participant and as another promoter, is refused; the
 * `requirePermission` middleware (401 / 403 `email_not_verified` / 404 / allowed); promoter
 * staff and admins granted as `npm run users` does; the principal read fresh; the demo
 * promoter login of the first start.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

// New accounts get a verification mail (a `send-email` job): never in the repository's .data/outbox.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-policy-outbox-'));
process.env.OUTBOX_DIR = outbox;
process.env.SITE_URL = 'http://localhost';
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

type Api = { request: (path: string, init?: RequestInit) => Response | Promise<Response>; routes: { method: string; path: string }[] };

let database: TestDatabase | undefined;
let api: Api;
let pool: import('pg').Pool | undefined;
let sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let policy: typeof import('../../lib/server/policy');

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const { createApiApp } = await import('../../lib/server/api/app');
  const pg = await import('pg');
  policy = await import('../../lib/server/policy');
  api = createApiApp() as unknown as Api;
  pool = new pg.default.Pool({ connectionString: database.url, max: 3 });
  sql = async (text, params = []) => (await pool!.query(text, params)).rows;
});
afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

interface Reply {
  status: number;
  body: Record<string, unknown> | null;
}

let ip = 0;
async function call(method: string, route: string, init: { body?: unknown; cookie?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { host: 'localhost', origin: 'http://localhost', 'x-forwarded-for': `203.0.113.${++ip % 250}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const PASSWORD = 'Secret123';
let n = 0;
const letters = (k: number) => [...String(k)].map((d) => 'abcdefghij'[Number(d)]).join('');

/** A participant account with one minor, created through the API (logged in). */
async function participant() {
  const k = ++n;
  const email = `policy.${k}@example.com`;
  const body = {
    submissionId: randomUUID(),
    locale: 'en',
    information: { firstName: 'Ann', lastName: `Rider-${letters(k)}`, gender: 'female', birthday: { year: 1985, month: 1 + (k % 12), day: 1 + (k % 28) }, phone: '514-555-0101', isRegisterMinor: false },
    login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
    address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Montréal', zip: 'h2x 1y4', area: '' },
    emergencyContact: { firstName: 'Julie', lastName: 'Roy', cell: '5145550102' },
    children: [{ firstName: `Leo-${letters(k)}`, lastName: 'Rider', gender: 'male', birthday: { year: new Date().getFullYear() - 10, month: 3, day: 14 }, relationship: 'mother' }],
  };
  const res = await api.request('/api/v1/registration/participant', {
    method: 'POST',
    headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json', 'x-forwarded-for': `198.18.0.${k}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ll.session_token='))!.split(';')[0]!;
  const [user] = await sql('select id from users where email = $1', [email]);
  const minors = (await call('GET', '/users/current/minors', { cookie })).body!.minors as { id: number }[];
  const profileId = (await res.json()).id as number;
  return { email, cookie, userId: user!.id as string, profileId, minorId: minors[0]!.id };
}

/** A login without a participant profile (promoter staff, an admin …), logged in. */
async function login(role: string, { verified = true } = {}) {
  const { getAuth } = await import('../../lib/server/accounts/auth');
  const hash = await (await getAuth().$context).password.hash(PASSWORD);
  const id = randomUUID();
  const email = `${role}.${++n}@example.org`;
  await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, $4, $5)`, [id, `A ${role}`, email, role, verified]);
  await sql(`insert into auth_accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [randomUUID(), id, hash]);
  const signedIn = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  return { id, email, cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]! };
}

/** promoters.id and the public user id of two promoters. */
async function twoPromoters() {
  const rows = await sql('select id, user_id from promoters order by id limit 2');
  return rows.map((r) => ({ id: r.id as number, userId: r.user_id as number }));
}

/**
 * Unsafe routes that act on no one's data but the caller's own request (logging in, creating
 * an account, the contact form), or only read (POST for their body): refused or not, they
 * cannot change another person's data, so they are not tried below.
 */
const OPEN_BY_DESIGN = new Set([
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/registration/participant/check',
  'POST /api/v1/registration/participant',
  'POST /api/v1/registration/spectator',
  'POST /api/v1/contact',
  // reads asked with POST (their parameters in the body)
  'POST /api/v1/users/current/hasPermissionForPromoterId/:id',
  'POST /api/v1/livelaps/promoter/event/accordionClasses',
  'POST /api/v1/livelaps/promoter/event/getParticipantsDT',
  'POST /api/v1/livelaps/registration/getRegistrationCount',
  'POST /api/v1/livelaps/registration/getRegistrants',
  'POST /api/v1/livelaps/registration/loadClasses',
  'POST /api/v1/livelaps/registration/loadRows',
  'POST /api/v1/livelaps/event/getEventsForCalendar',
  'POST /api/v1/livelaps/series/results',
  'POST /api/v1/livelaps/series/results/:id',
  'POST /api/v1/livelaps/promoter/race/getSeriesScores',
  'POST /api/v1/livelaps/series/search/participant',
  'POST /api/v1/livelaps/user/searchUsers',
]);

/** The routes that change a holder's data, and how each is tried. */
const GUARDED = [
  'PUT /api/v1/users/current/profile',
  'POST /api/v1/users/current/minors',
  'PUT /api/v1/users/current/minors/:id',
  'DELETE /api/v1/users/current/minors/:id',
  'DELETE /api/v1/users/current',
  'POST /api/v1/users/current/claims',
];

/** The desk's writes (issue 24): tried as a stranger, a participant and another promoter's staff in tests/integration/desk.test.ts and desk-series.test.ts. */
const DESK = [
  'POST /api/v1/desk/events',
  'PUT /api/v1/desk/events/:id',
  'PUT /api/v1/desk/races/:id',
  'POST /api/v1/desk/events/:id/results',
  'POST /api/v1/desk/series',
  'POST /api/v1/desk/series/preview',
  'PUT /api/v1/desk/series/:id',
  'POST /api/v1/desk/series/:id/preview',
  'PUT /api/v1/desk/events/:id/live',
  'POST /api/v1/desk/events/:id/live/start',
  'POST /api/v1/desk/events/:id/live/stop',
  'POST /api/v1/desk/series/:id/riders/preview',
  'POST /api/v1/desk/series/:id/riders/merge',
  'POST /api/v1/desk/series/:id/riders/split',
  'POST /api/v1/desk/organizations/:id/classes',
  'PUT /api/v1/desk/classes/:id',
  'PUT /api/v1/desk/events/:id/classes',
  'PUT /api/v1/desk/texts/clubs/:id',
  'PUT /api/v1/desk/texts/organizations/:id',
  'PUT /api/v1/desk/texts/membership-types/:id',
  // The event's online-registration settings (issue 27): tried as another promoter and a stranger in tests/integration/desk-registration.test.ts.
  'PUT /api/v1/desk/events/:id/registration-settings',
  // The event's spectator-ticket settings (issue 28): tried as another promoter and a stranger in tests/integration/desk-spectators.test.ts.
  'PUT /api/v1/desk/events/:id/spectator-settings',
  // The start grid's draw (issue 27): tried as another promoter's staff in tests/integration/start-grid.test.ts.
  'POST /api/v1/desk/events/:id/classes/:classId/start-grid/draw',
  'POST /api/v1/desk/events/:id/classes/:classId/start-grid/clear',
  // Sign-on (issue 27): tried as a stranger, a participant and another promoter's staff in tests/integration/sign-on.test.ts.
  'POST /api/v1/desk/events/:id/sign-on',
  // The gate (issue 28): scans and gate payments tried as a stranger, a participant and another promoter's staff in tests/integration/tickets.test.ts.
  'POST /api/v1/desk/events/:id/gate/scans',
  'POST /api/v1/desk/events/:id/gate/pay',
  // Confirming a typed licence (issue 29): tried as a stranger, a participant and a promoter's staff in tests/integration/licences.test.ts.
  'POST /api/v1/desk/licences/:participantId/confirmation',
  // A spectator's missing waiver signed at the gate on the official's tablet (issue 28): tried as a stranger, a participant and another promoter's staff in tests/integration/spectator-waiver-pages.test.ts.
  'POST /api/v1/desk/events/:id/gate/spectators/:spectatorId/waivers',
  // The federation admin's membership types and promo codes (issue 26): tried as a stranger, a participant and a promoter's staff in tests/integration/membership-admin.test.ts.
  'POST /api/v1/admin/organizations/:id/membership-types',
  'PUT /api/v1/admin/membership-types/:id',
  'DELETE /api/v1/admin/membership-types/:id',
  'POST /api/v1/admin/promo-codes',
  'PUT /api/v1/admin/promo-codes/:id',
  // The federation office's orders (issue 26): tried as a stranger, a participant and an admin in tests/integration/checkout-routes.test.ts.
  'POST /api/v1/admin/orders/:publicId/mark-paid',
  'POST /api/v1/admin/orders/:publicId/refunds',
  // Waivers (issue 27): signing is the login's own (for themself or their minor), rejecting is the event's promoter staff's; tried as a stranger, another family and another promoter's staff in tests/integration/waivers.test.ts.
  'POST /api/v1/waivers',
  'POST /api/v1/waivers/:id/reject',
  // Cancelling a registration (issue 27): the rider's or guardian's own, or the event's promoter staff's; tried as a stranger, another family and another promoter's staff in tests/integration/event-registration-routes.test.ts.
  'POST /api/v1/registrations/:id/cancel',
];

/** The holder's own login (email verification, password, email change): only ever the caller's; a stranger is refused. */
const OWN_LOGIN = [
  'POST /api/v1/users/current/verification-email',
  'POST /api/v1/users/current/password',
  'POST /api/v1/users/current/email',
  // The buyer's orders (issue 26): always the login's own (tests/integration/checkout-routes.test.ts buys through them).
  'POST /api/v1/users/current/orders/quote',
  'POST /api/v1/users/current/orders',
  'POST /api/v1/users/current/orders/:publicId/pay',
  // Registering for an event (issue 27): always for the login's own record or their minor's (tests/integration/event-registration-routes.test.ts).
  'POST /api/v1/registrations',
  'POST /api/v1/registrations/:id/accept',
  // Spectator registration (issue 28): always the buyer's own registration (another buyer's answers 404 like an unknown one: tests/integration/spectators.test.ts).
  'POST /api/v1/spectators/registrations',
  'POST /api/v1/spectators/registrations/:id/spectators',
  'DELETE /api/v1/spectators/registrations/:id/spectators/:spectatorId',
  'POST /api/v1/spectators/registrations/:id/spectators/:spectatorId/waiver',
  'POST /api/v1/spectators/registrations/:id/spectators/:spectatorId/waiver-link',
  'POST /api/v1/spectators/registrations/:id/quote',
  'POST /api/v1/spectators/registrations/:id/submit',
  // Giving a ticket to someone else (issue 28): the buyer's own registration only (another buyer's answers 404: tests/integration/ticket-transfers.test.ts).
  'POST /api/v1/spectators/registrations/:id/tickets/:ticketId/transfer',
  // A spectator's waiver by the emailed link (issue 28): no login, the link's unguessable signing id is the capability; it signs only that spectator's own waiver (tests/integration/spectators.test.ts).
  'POST /api/v1/spectators/waivers/:signingId',
];

describe('every API route that changes data', () => {
  it('is either tried below or open by design (a new unsafe route must be added to one list)', () => {
    const unsafe = [...new Set(api.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)).map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`))];
    const unknown = unsafe.filter((r) => !OPEN_BY_DESIGN.has(r) && !GUARDED.includes(r) && !OWN_LOGIN.includes(r) && !DESK.includes(r));
    expect(unknown, 'unsafe routes the policy test does not know').toEqual([]);
  });

  it('refuses a stranger the calls on a login of their own', async () => {
    const present = new Set(api.routes.map((r) => `${r.method} ${r.path}`));
    for (const route of OWN_LOGIN.filter((r) => present.has(r))) {
      const [method, full] = route.split(' ') as [string, string];
      const body = { password: PASSWORD, currentPassword: PASSWORD, newPassword: 'Another123', email: 'someone@example.org' };
      const reply = await call(method, full.replace('/api/v1', ''), { body });
      expect([400, 401], `stranger ${route}: ${JSON.stringify(reply.body)}`).toContain(reply.status);
    }
  });

  it('refuses a stranger, another participant and a promoter', async () => {
    const owner = await participant();
    const other = await participant();
    const [p1] = await twoPromoters();
    const staff = await login('promoter');
    await policy.grantPromoter(staff.email, p1!.userId);
    const before = await sql('select first_name, last_name, phone from participant_profiles where id in ($1, $2) order by id', [owner.profileId, owner.minorId]);

    const minor = { firstName: 'Hacked', lastName: 'Rider', gender: 'male', birthday: { year: new Date().getFullYear() - 9, month: 1, day: 2 }, relationship: 'father' };
    const profile = {
      phone: '4185550199',
      address: { updateId: owner.profileId, address: '9 Chemin du Lac', country: 'CA', state: 'QC', city: 'Québec', zip: 'g1r 2b5', area: '' },
      emergencyContact: { firstName: 'Paul', lastName: 'Roy', phone: '418-555-0100' },
    };
    const tries: [string, string, unknown][] = [
      ['PUT', '/users/current/profile', profile],
      ['POST', '/users/current/minors', minor],
      ['PUT', `/users/current/minors/${owner.minorId}`, minor],
      ['DELETE', `/users/current/minors/${owner.minorId}`, { password: PASSWORD }],
      ['DELETE', '/users/current', { password: PASSWORD }],
      ['POST', '/users/current/claims', { participantId: 1, licence: 'X1' }],
    ];
    expect(tries.map(([m, r]) => `${m} /api/v1${r.replace(/\/\d+$/, '/:id')}`.replace(/\/$/, '')).sort()).toEqual([...GUARDED].sort());

    for (const [method, route, body] of tries) {
      // A stranger: 401 before anything is read.
      expect((await call(method, route, { body })).status, `stranger ${method} ${route}`).toBe(401);
      // A promoter: no participant data to act on (404), never the owner's.
      expect((await call(method, route, { body, cookie: staff.cookie })).status, `promoter ${method} ${route}`).toBe(404);
    }
    // Another participant: the owner's minor answers like an unknown one, the owner's profile id is refused.
    expect((await call('PUT', `/users/current/minors/${owner.minorId}`, { body: minor, cookie: other.cookie })).status).toBe(404);
    expect((await call('DELETE', `/users/current/minors/${owner.minorId}`, { body: { password: PASSWORD }, cookie: other.cookie })).status).toBe(404);
    expect((await call('PUT', '/users/current/profile', { body: profile, cookie: other.cookie })).status).toBe(400);

    const after = await sql('select first_name, last_name, phone from participant_profiles where id in ($1, $2) order by id', [owner.profileId, owner.minorId]);
    expect(after).toEqual(before);
    expect((await call('GET', '/users/current/minors', { cookie: owner.cookie })).body!.minors).toHaveLength(1);
    expect((await call('GET', '/users/current/profile', { cookie: owner.cookie })).status).toBe(200);
  });
});

describe('requirePermission', () => {
  async function guardedApp() {
    const { Hono } = await import('hono');
    const { AppError } = await import('../../lib/errors');
    const { sessionUser } = await import('../../lib/server/api/session');
    const app = new Hono<{ Variables: import('../../lib/server/policy').PolicyVariables }>();
    app.use(sessionUser);
    app.post('/promoters/:id/events', policy.requirePermission('event.edit', (c) => ({ promoterId: Number(c.req.param('id')) })), (c) => c.json({ ok: true, by: c.get('principal')?.userId }));
    app.post('/pay', policy.requirePermission('account.pay', (c) => ({ userId: c.get('user')!.id })), (c) => c.json({ ok: true }));
    app.onError((err, c) => (err instanceof AppError ? c.json(err.toJSON(), err.status) : c.json({ error: String(err) }, 500)));
    return app;
  }
  const post = async (app: Awaited<ReturnType<typeof guardedApp>>, route: string, cookie?: string) => {
    const res = await app.request(route, { method: 'POST', headers: cookie ? { cookie } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers 401 to a stranger, 404 to another promoter and a participant, and lets staff and admins through', async () => {
    const app = await guardedApp();
    const [p1, p2] = await twoPromoters();
    const staff = await login('promoter');
    const otherStaff = await login('promoter');
    const admin = await login('participant');
    const someone = await participant();
    await policy.grantPromoter(staff.email, p1!.userId);
    await policy.grantPromoter(otherStaff.email, p2!.userId);
    await policy.grantAdmin(admin.email);

    const route = `/promoters/${p1!.id}/events`;
    expect(await post(app, route)).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect(await post(app, route, someone.cookie)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await post(app, route, otherStaff.cookie)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await post(app, route, staff.cookie)).toMatchObject({ status: 200, body: { ok: true, by: staff.id } });
    expect(await post(app, route, admin.cookie)).toMatchObject({ status: 200, body: { ok: true, by: admin.id } });
    expect((await post(app, `/promoters/${p2!.id}/events`, otherStaff.cookie)).status).toBe(200);

    // Demoted (role changed back): the link alone grants nothing, at the next request.
    await sql(`update users set role = 'participant' where id = $1`, [staff.id]);
    expect((await post(app, route, staff.cookie)).status).toBe(404);
  });

  it('lets an unverified account browse but not pay, until its email is verified', async () => {
    const app = await guardedApp();
    const holder = await participant();
    expect((await sql('select email_verified from users where id = $1', [holder.userId]))[0]!.email_verified).toBe(false);
    expect((await call('GET', '/users/current/profile', { cookie: holder.cookie })).status).toBe(200);
    expect(await post(app, '/pay', holder.cookie)).toMatchObject({ status: 403, body: { error: 'email_not_verified' } });
    await sql('update users set email_verified = true where id = $1', [holder.userId]);
    expect((await post(app, '/pay', holder.cookie)).status).toBe(200);
    expect((await post(app, '/pay')).status).toBe(401);
  });
});

describe('granting roles (npm run users)', () => {
  it('links a login to promoters, makes admins, lists them, and refuses unknown logins and promoters', async () => {
    const [p1, p2] = await twoPromoters();
    const staff = await login('participant');
    expect(await policy.grantPromoter(staff.email.toUpperCase(), p1!.userId)).toMatchObject({ created: true });
    expect(await policy.grantPromoter(staff.email, p1!.userId)).toMatchObject({ created: false });
    await policy.grantPromoter(staff.email, p2!.userId);
    expect(await policy.loadPrincipal(staff.id)).toEqual({ userId: staff.id, role: 'promoter', emailVerified: true, promoterIds: [p1!.id, p2!.id].sort((a, b) => a - b) });

    const admin = await login('official');
    expect(await policy.grantAdmin(admin.email)).toEqual({ changed: true });
    expect(await policy.grantAdmin(admin.email)).toEqual({ changed: false });
    // An admin granted a promoter stays admin.
    await policy.grantPromoter(admin.email, p1!.userId);
    expect((await policy.loadPrincipal(admin.id))!.role).toBe('admin');

    const { logins, total } = await policy.listLogins({ q: staff.email });
    expect(total).toBe(1);
    expect(logins[0]).toMatchObject({ email: staff.email, role: 'promoter', emailVerified: true });
    expect(logins[0]!.promoters.map((p) => p.id).sort()).toEqual([p1!.id, p2!.id].sort());

    await expect(policy.grantAdmin('nobody@example.org')).rejects.toMatchObject({ code: 'not_found' });
    await expect(policy.grantPromoter(staff.email, 999_999)).rejects.toMatchObject({ code: 'not_found' });
    expect(await policy.loadPrincipal(randomUUID())).toBeNull();
    expect(await policy.loadPrincipal(null)).toBeNull();
  });
});

describe('the demo promoter login', () => {
  it('is created once for the default promoter, its password kept in a 0600 file and printed once', async () => {
    const { ensureDemoPromoter, DEMO_PROMOTER_EMAIL } = await import('../../lib/server/seed/demo-promoter');
    const { getDb } = await import('../../lib/server/db');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-promoter-'));
    const file = path.join(dir, 'demo-promoter.txt');
    const lines: string[] = [];
    const created = await ensureDemoPromoter(getDb(), 1, file, (l) => lines.push(l));
    expect(created?.email).toBe(DEMO_PROMOTER_EMAIL);
    expect(lines.join('\n')).toContain(created!.password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain(`password=${created!.password}`);
    expect(await ensureDemoPromoter(getDb(), 1, file, (l) => lines.push(l))).toBeNull();
    expect(lines).toHaveLength(2);

    const { getAuth } = await import('../../lib/server/accounts/auth');
    const signedIn = await getAuth().api.signInEmail({ body: { email: DEMO_PROMOTER_EMAIL, password: created!.password } });
    const principal = await policy.loadPrincipal(signedIn.user.id);
    const [own] = await sql('select id from promoters where user_id = 1');
    expect(principal).toMatchObject({ role: 'promoter', emailVerified: true, promoterIds: [own!.id] });
    expect(policy.can(principal, 'event.edit', { promoterId: own!.id as number })).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
