/**
 * Sessions (issue 11 "database sessions in an HttpOnly, Secure (outside localhost), SameSite
 * cookie; login, logout, session refresh"): better-auth signs in a user the site created and
 * reads the session back; a session used a day or more after its last refresh is extended to
 * 30 days again and its cookie re-sent (GET /ll/api/v1/auth/session forwards it); an expired
 * session is no session.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

const DAY = 24 * 3600_000;

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase('empty');
  process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
});
afterAll(() => db.drop());

/** A user with a password, created as the site does (users + credential row). */
async function createUser(id: string, email: string, password: string) {
  const { getAuth } = await import('../../lib/server/accounts/auth');
  const { getDb } = await import('../../lib/server/db');
  const { users, authAccounts } = await import('../../lib/server/db/schema');
  const hash = await (await getAuth().$context).password.hash(password);
  await getDb().insert(users).values({ id, name: 'A B', email });
  await getDb().insert(authAccounts).values({ id: `cred-${id}`, accountId: id, providerId: 'credential', userId: id, password: hash });
}

test('better-auth signs in a user the site created and reads the session back', async () => {
  const { getAuth } = await import('../../lib/server/accounts/auth');
  const { getSessionUser } = await import('../../lib/server/accounts/current-user');
  await createUser('u1', 'a@example.com', 'secret123');
  const auth = getAuth();
  const res = await auth.api.signInEmail({ body: { email: 'a@example.com', password: 'secret123' }, returnHeaders: true });
  const cookies = res.headers.getSetCookie();
  expect(cookies[0]).toMatch(/^ll\.session_token=/);
  const cookie = cookies[0]!.split(';')[0]!;
  const who = await getSessionUser(new Headers({ cookie }));
  expect(who.user?.email).toBe('a@example.com');
  expect(who.user?.role).toBe('participant');
  expect(who.setCookies).toEqual([]);
  await expect(auth.api.signInEmail({ body: { email: 'a@example.com', password: 'wrong1234' } })).rejects.toThrow();
});

test('a session used a day after its last refresh is extended and its cookie re-sent; an expired one is gone', async () => {
  const { login } = await import('../../lib/server/accounts/login');
  const { getDb } = await import('../../lib/server/db');
  const { sessions } = await import('../../lib/server/db/schema');
  const { eq } = await import('drizzle-orm');
  const { createApiApp } = await import('../../lib/server/api/app');
  await createUser('u2', 'b@example.com', 'secret123');
  const { setCookies } = await login({ email: 'b@example.com', password: 'secret123' }, { ip: '192.0.2.1' });
  const cookie = setCookies[0]!.split(';')[0]!;

  // As if the session was last refreshed two days ago: 28 days left.
  await getDb().update(sessions).set({ expiresAt: new Date(Date.now() + 28 * DAY) }).where(eq(sessions.userId, 'u2'));
  const res = await createApiApp().request('/api/v1/auth/session', { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { user: { email: string } }).user.email).toBe('b@example.com');
  const refreshed = res.headers.getSetCookie().find((c) => c.startsWith('ll.session_token='));
  expect(refreshed).toMatch(/Max-Age=2592000/);
  const [row] = await getDb().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, 'u2'));
  expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);

  // Expired: no user.
  await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, 'u2'));
  const gone = await createApiApp().request('/api/v1/auth/session', { headers: { cookie } });
  expect(await gone.json()).toEqual({ user: null });
});
