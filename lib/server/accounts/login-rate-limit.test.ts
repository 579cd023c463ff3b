/**
 * The failed-login counters (login-rate-limit.ts) on a real database: concurrent attempts are
 * counted one after the other, the wait is the time until the oldest counted failure leaves the
 * window, a success or an unjudged attempt removes what it should, old rows are pruned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';

let database: TestDatabase | undefined;
let limit: typeof import('./login-rate-limit');
let rows: (key: string) => Promise<{ id: number; at: Date }[]>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  limit = await import('./login-rate-limit');
  const { getDb, schema } = await import('../db');
  const { eq } = await import('drizzle-orm');
  rows = (key) => getDb().select({ id: schema.loginFailures.id, at: schema.loginFailures.at }).from(schema.loginFailures).where(eq(schema.loginFailures.key, key));
});
afterAll(async () => {
  await database?.drop();
});

const t0 = new Date('2026-05-01T10:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

describe('reserveLoginAttempt', () => {
  it('lets exactly 5 of 12 concurrent attempts on one account through', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => limit.reserveLoginAttempt('race@example.com', `192.0.2.${i}`, at(0))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as InstanceType<typeof limit.LoginRateLimitedError>);
    expect(refused).toHaveLength(7);
    for (const err of refused) expect(err).toMatchObject({ code: 'too_many_attempts', status: 429, scope: 'account', retryAfterS: 900 });
    expect(await rows('email:race@example.com')).toHaveLength(5);
  });

  it('keys the account by its lower-cased, trimmed email', async () => {
    await limit.reserveLoginAttempt(' Case@Example.COM ', '192.0.2.50', at(0));
    expect(await rows('email:case@example.com')).toHaveLength(1);
  });

  it('waits until the 5th newest failure leaves the window', async () => {
    for (let i = 0; i < 5; i++) await limit.reserveLoginAttempt('wait@example.com', '192.0.2.60', at(i * 60));
    // Failures at 0, 1, 2, 3, 4 min: the one at 0 leaves at 15 min.
    await expect(limit.reserveLoginAttempt('wait@example.com', '192.0.2.61', at(10 * 60))).rejects.toMatchObject({ retryAfterS: 5 * 60 });
    await expect(limit.reserveLoginAttempt('wait@example.com', '192.0.2.61', at(15 * 60))).resolves.toMatchObject({ account: 'email:wait@example.com' });
  });

  it('refuses an address at 20 failures, naming the longer wait when both are over', async () => {
    for (let i = 0; i < 20; i++) await limit.reserveLoginAttempt(`a${i}@example.com`, '198.51.100.9', at(i));
    await expect(limit.reserveLoginAttempt('other@example.com', '198.51.100.9', at(30))).rejects.toMatchObject({ scope: 'address', retryAfterS: 900 - 30 });
    await expect(limit.reserveLoginAttempt('other@example.com', '198.51.100.10', at(30))).resolves.toBeDefined();
  });
});

describe('settleLoginAttempt', () => {
  it('success: deletes the account’s failures and the attempt’s address row, keeps the address’s other failures', async () => {
    const first = await limit.reserveLoginAttempt('ok@example.com', '203.0.113.1', at(0));
    await limit.settleLoginAttempt(first, 'failure');
    const other = await limit.reserveLoginAttempt('else@example.com', '203.0.113.1', at(1));
    await limit.settleLoginAttempt(other, 'failure');
    const good = await limit.reserveLoginAttempt('ok@example.com', '203.0.113.1', at(2));
    expect(await rows('email:ok@example.com')).toHaveLength(2);
    await limit.settleLoginAttempt(good, 'success');
    expect(await rows('email:ok@example.com')).toHaveLength(0);
    expect((await rows('ip:203.0.113.1')).map((r) => r.id).sort()).toEqual([first.ids[1], other.ids[1]].sort());
  });

  it('unjudged: removes the attempt’s two rows', async () => {
    const attempt = await limit.reserveLoginAttempt('db@example.com', '203.0.113.2', at(0));
    await limit.settleLoginAttempt(attempt, 'unjudged');
    expect(await rows('email:db@example.com')).toHaveLength(0);
    expect(await rows('ip:203.0.113.2')).toHaveLength(0);
  });

  it('prunes rows older than the window', async () => {
    await limit.reserveLoginAttempt('old@example.com', '203.0.113.3', at(0));
    const later = await limit.reserveLoginAttempt('old@example.com', '203.0.113.3', at(16 * 60));
    await limit.settleLoginAttempt(later, 'failure');
    expect((await rows('email:old@example.com')).map((r) => r.at)).toEqual([at(16 * 60)]);
    await limit.pruneLoginFailures(at(24 * 3600), true);
    expect(await rows('email:old@example.com')).toHaveLength(0);
  });
});
