/**
 * The failed-login limits (login-rate-limit.ts, lib/server/rate-limit/policies.ts `login_*`) on a
 * real database: concurrent attempts are counted one after the other; failures from address A
 * hold back A only, never the account for address B; the guesses against one account from
 * many addresses stay bounded, except for an address known for the account; a success or an
 * unjudged attempt gives back what it counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';

let database: TestDatabase | undefined;
let limit: typeof import('./login-rate-limit');
let counted: typeof import('../rate-limit').counted;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  limit = await import('./login-rate-limit');
  ({ counted } = await import('../rate-limit'));
});
afterAll(async () => {
  await database?.drop();
});

// Near the real time: windows that ended by the real clock are pruned.
const t0 = new Date();
const at = (s: number) => new Date(t0.getTime() + s * 1000);

/** `n` failed attempts of `email` from `ip`. */
async function fail(email: string, ip: string, n: number, when = at(0)) {
  for (let i = 0; i < n; i++) await limit.settleLoginAttempt(await limit.reserveLoginAttempt(email, ip, when), 'failure');
}

describe('reserveLoginAttempt', () => {
  it('lets exactly 5 of 12 concurrent attempts on one account from one address through', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => limit.reserveLoginAttempt('race@example.com', '192.0.2.1', at(0))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as InstanceType<typeof limit.LoginRateLimitedError>);
    expect(refused).toHaveLength(7);
    for (const err of refused) expect(err).toMatchObject({ code: 'too_many_attempts', status: 429, policy: 'login_pair', retryAfterS: 900 });
  });

  it('keys the account by its lower-cased, trimmed email', async () => {
    await fail(' Case@Example.COM ', '192.0.2.2', 5);
    await expect(limit.reserveLoginAttempt('case@example.com', '192.0.2.2', at(1))).rejects.toMatchObject({ policy: 'login_pair' });
  });

  it('failures from address A do not hold back the account for address B', async () => {
    await fail('ann@example.com', '198.51.100.1', 5);
    await expect(limit.reserveLoginAttempt('ann@example.com', '198.51.100.1', at(1))).rejects.toMatchObject({ policy: 'login_pair' });
    await expect(limit.reserveLoginAttempt('ann@example.com', '198.51.100.2', at(1))).resolves.toMatchObject({ ip: '198.51.100.2' });
  });

  it('bounds the failures against one account from many addresses to 25 an hour, except for a known address', async () => {
    const email = 'bounded@example.com';
    const known = '203.0.113.200';
    await limit.settleLoginAttempt(await limit.reserveLoginAttempt(email, known, at(0)), 'success');
    for (let a = 0; a < 5; a++) await fail(email, `10.9.${a}.1`, 5);
    await expect(limit.reserveLoginAttempt(email, '203.0.113.99', at(10))).rejects.toMatchObject({ policy: 'login_account', retryAfterS: 3600 - 10 });
    // Only 25 failures were ever judged against the account from unknown addresses.
    expect(await counted({ policy: 'login_account', subject: { account: email } }, { now: at(10) })).toBe(25);
    await expect(limit.reserveLoginAttempt(email, known, at(10))).resolves.toBeDefined();
  });

  it('refuses an address at 30 failures, whatever the accounts', async () => {
    for (let i = 0; i < 30; i++) await fail(`a${i}@example.com`, '198.51.100.9', 1, at(i));
    await expect(limit.reserveLoginAttempt('other@example.com', '198.51.100.9', at(30))).rejects.toMatchObject({ policy: 'login_address', retryAfterS: 900 - 30 });
    await expect(limit.reserveLoginAttempt('other@example.com', '198.51.100.10', at(30))).resolves.toBeDefined();
  });
});

describe('settleLoginAttempt', () => {
  it('success: gives the attempt back, forgets the pair’s failures, marks the address known', async () => {
    await fail('ok@example.com', '203.0.113.1', 4);
    const good = await limit.reserveLoginAttempt('ok@example.com', '203.0.113.1', at(2));
    await limit.settleLoginAttempt(good, 'success');
    expect(await counted({ policy: 'login_pair', subject: { account: 'ok@example.com', address: '203.0.113.1' } }, { now: at(2) })).toBe(0);
    expect(await counted({ policy: 'login_account', subject: { account: 'ok@example.com' } }, { now: at(2) })).toBe(4);
    expect(await limit.isKnownAddress('ok@example.com', '203.0.113.1', at(3))).toBe(true);
    expect(await limit.isKnownAddress('ok@example.com', '203.0.113.2', at(3))).toBe(false);
  });

  it('unjudged: gives back what the attempt counted', async () => {
    const attempt = await limit.reserveLoginAttempt('db@example.com', '203.0.113.2', at(0));
    await limit.settleLoginAttempt(attempt, 'unjudged');
    expect(await counted({ policy: 'login_pair', subject: { account: 'db@example.com', address: '203.0.113.2' } }, { now: at(0) })).toBe(0);
    expect(await counted({ policy: 'login_address', subject: { address: '203.0.113.2' } }, { now: at(0) })).toBe(0);
  });

  it('a new window opens once the old one closed', async () => {
    await fail('old@example.com', '203.0.113.3', 5);
    await expect(limit.reserveLoginAttempt('old@example.com', '203.0.113.3', at(15 * 60 - 1))).rejects.toMatchObject({ retryAfterS: 1 });
    await expect(limit.reserveLoginAttempt('old@example.com', '203.0.113.3', at(15 * 60))).resolves.toBeDefined();
    expect(await counted({ policy: 'login_pair', subject: { account: 'old@example.com', address: '203.0.113.3' } }, { now: at(15 * 60) })).toBe(1);
  });
});
