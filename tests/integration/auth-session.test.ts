import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase('empty');
  process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
});
afterAll(() => db.drop());

test('better-auth signs in a user the site created and reads the session back', async () => {
  const { getAuth } = await import('../../lib/server/accounts/auth');
  const { getDb } = await import('../../lib/server/db');
  const { users, authAccounts } = await import('../../lib/server/db/schema');
  const { getSessionUser } = await import('../../lib/server/accounts/current-user');
  const auth = getAuth();
  const ctx = await auth.$context;
  const hash = await ctx.password.hash('secret123');
  await getDb().insert(users).values({ id: 'u1', name: 'A B', email: 'a@example.com' });
  await getDb().insert(authAccounts).values({ id: 'a1', accountId: 'u1', providerId: 'credential', userId: 'u1', password: hash });
  const res = await auth.api.signInEmail({ body: { email: 'a@example.com', password: 'secret123' }, returnHeaders: true });
  const cookies = res.headers.getSetCookie();
  expect(cookies[0]).toMatch(/^ll\.session_token=/);
  const cookie = cookies[0].split(';')[0];
  const who = await getSessionUser(new Headers({ cookie }));
  expect(who.user?.email).toBe('a@example.com');
  expect(who.user?.role).toBe('participant');
  await expect(auth.api.signInEmail({ body: { email: 'a@example.com', password: 'wrong1234' } })).rejects.toThrow();
});
