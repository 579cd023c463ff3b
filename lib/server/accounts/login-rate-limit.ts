/**
 * The failed-login limits (issue 11 "Failed logins are rate-limited per account and per
 * address"; issue 22 "a stranger cannot lock a racer out from elsewhere"; spec §8 Login and
 * reset), counted by lib/server/rate-limit under the policies `login_pair`, `login_address`,
 * `login_account` and `login_known` (their design is in lib/server/rate-limit/policies.ts).
 *
 * An attempt is reserved before the password is checked: one attempt is counted at once under
 * `login_pair` (account and address) and `login_address`, and under `login_account` unless the
 * address is known for the account (`login_known`: it logged in there lately), all or none. A
 * refusal answers 429 `too_many_attempts` with `Retry-After` BEFORE the password is looked at,
 * even when it is the right one. Concurrent attempts are counted one after the other (each
 * count is an atomic upsert), so 20 parallel guesses from one address still get 5.
 *
 * The outcome settles the reservation: a failure keeps the counts; a success gives them back,
 * forgets the pair's failures and marks the address known for the account; an attempt that
 * could not be judged (the database failed) gives them back. Times are the caller's clock.
 */
import 'server-only';
import { consume, counted, forget, forgetAccount, record, release, type Check, type Hit } from '../rate-limit';
import { RateLimitedError } from '../rate-limit';
import type { Db } from '../db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A refused login: 429 `too_many_attempts` with `retryAfterS` (`policy` says which limit). */
export { RateLimitedError as LoginRateLimitedError };

/** A reserved login attempt: what was counted for it. */
export interface LoginAttempt {
  email: string;
  ip: string;
  hits: Hit[];
  now: Date;
}

/** True when `ip` logged into the account of `email` within `login_known`'s window. */
export async function isKnownAddress(email: string, ip: string, now: Date = new Date()): Promise<boolean> {
  return (await counted({ policy: 'login_known', subject: { account: email, address: ip } }, { now })) > 0;
}

/**
 * Counts the attempt under the login limits (see the module's docstring).
 * @throws RateLimitedError (429 `too_many_attempts`, `retryAfterS`, `policy`) — the longest wait when several refuse.
 */
export async function reserveLoginAttempt(email: string, ip: string, now: Date = new Date()): Promise<LoginAttempt> {
  const subject = { account: email, address: ip };
  const checks: Check[] = [
    { policy: 'login_pair', subject },
    { policy: 'login_address', subject },
  ];
  if (!(await isKnownAddress(email, ip, now))) checks.push({ policy: 'login_account', subject });
  const hits = await consume(checks, { now });
  return { email, ip, hits, now };
}

/**
 * Settles a reserved attempt: `failure` keeps its counts; `success` gives them back, forgets
 * the pair's failures and marks the address known; `unjudged` gives them back.
 */
export async function settleLoginAttempt(attempt: LoginAttempt, outcome: 'success' | 'failure' | 'unjudged'): Promise<void> {
  if (outcome === 'failure') return;
  await release(attempt.hits);
  if (outcome === 'success') {
    const subject = { account: attempt.email, address: attempt.ip };
    await forget({ policy: 'login_pair', subject });
    await record({ policy: 'login_known', subject }, { now: attempt.now });
  }
}

/** Forgets the failed logins against the account of `email` from every address (a password reset proved who holds it). */
export async function clearAccountFailures(email: string, tx?: Tx | Db): Promise<void> {
  await forgetAccount('login_account', email, tx);
  await forgetAccount('login_pair', email, tx);
}
