/**
 * The rate limit of failed logins (issue 11 "Failed logins are rate-limited per account and
 * per address"; spec §8 Login and reset): at most `LOGIN_RATE_LIMIT.perAccount` (5) failures
 * per account (key `email:<address>`, whether or not an account has that address, so the
 * limit never tells) and `LOGIN_RATE_LIMIT.perAddress` (20) per network address (key
 * `ip:<address>`) within `LOGIN_RATE_LIMIT.windowMs` (15 minutes), counted in `login_failures`.
 * Past either, a login is refused with 429 `too_many_attempts` and `Retry-After` BEFORE the
 * password is looked at, even when it is the right one.
 *
 * An attempt is reserved before the password is checked: under one transaction-scoped
 * advisory lock per key (account first, then address, always in that order), the failures are
 * counted and, when there is room, one row per key is written at once (as if it failed). So
 * concurrent attempts are counted one after the other: 20 parallel guesses still get 5. The
 * outcome then settles the reservation: a failure keeps both rows; a success deletes every
 * failure of the account and the reservation's address row; an attempt that could not be
 * judged (the database failed) removes its rows. A refused attempt is not recorded (the wait
 * ends when the oldest counted failure leaves the window, as `Retry-After` says).
 *
 * Times are the caller's clock (`now`), stored in `at`, so tests can move it. Rows older than
 * the window are pruned on the way: the attempt's own keys at every settle, the whole table at
 * most once a minute per process. The same counters serve the forgot-password request limit
 * per address (./password-reset.ts, key `reset-ip:<address>`) through `countWait`.
 */
import 'server-only';
import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { LOGIN_RATE_LIMIT } from '../../contracts/account';
import { AppError } from '../../errors';
import { getDb, type Db } from '../db';
import { loginFailures } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The counter key of an account (its email, lower-cased) and of a network address. */
export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** 429 `too_many_attempts`, with the seconds until a login would be looked at again. */
export class LoginRateLimitedError extends AppError {
  constructor(
    /** Seconds until the attempt would be accepted (the `Retry-After` header), at least 1. */
    readonly retryAfterS: number,
    /** Which limit refused it. */
    readonly scope: 'account' | 'address',
  ) {
    super('too_many_attempts');
  }
}

/**
 * Seconds until `key` has fewer than `max` rows within the `windowMs` before `now`, or null
 * when it has room now. The row that must leave the window is the `max`-th newest.
 */
export async function countWait(tx: Tx | Db, key: string, max: number, windowMs: number, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await tx
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .limit(1)
    .offset(max - 1);
  if (!row) return null;
  return Math.max(1, Math.ceil((row.at.getTime() + windowMs - now.getTime()) / 1000));
}

/** Takes the transaction-scoped lock of one counter key (waits for another holder's commit). */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_failures'), hashtext(${key}))`);
}

/** A reserved login attempt: the two rows written for it, and its keys. */
export interface LoginAttempt {
  account: string;
  address: string;
  /** Ids of the account row and the address row. */
  ids: [number, number];
  now: Date;
}

/**
 * Counts the failures of the account and of the address and, when both have room, reserves
 * the attempt (see the module's docstring).
 * @throws LoginRateLimitedError (429 `too_many_attempts`, `retryAfterS`) — the longer wait when both are over.
 */
export async function reserveLoginAttempt(email: string, ip: string, now: Date = new Date()): Promise<LoginAttempt> {
  const account = accountKey(email);
  const address = addressKey(ip);
  return getDb().transaction(async (tx) => {
    await lockKey(tx, account);
    await lockKey(tx, address);
    const byAccount = await countWait(tx, account, LOGIN_RATE_LIMIT.perAccount, LOGIN_RATE_LIMIT.windowMs, now);
    const byAddress = await countWait(tx, address, LOGIN_RATE_LIMIT.perAddress, LOGIN_RATE_LIMIT.windowMs, now);
    if (byAccount !== null || byAddress !== null) {
      if ((byAccount ?? 0) >= (byAddress ?? 0)) throw new LoginRateLimitedError(byAccount!, 'account');
      throw new LoginRateLimitedError(byAddress!, 'address');
    }
    const rows = await tx
      .insert(loginFailures)
      .values([
        { key: account, at: now },
        { key: address, at: now },
      ])
      .returning({ id: loginFailures.id, key: loginFailures.key });
    const id = (key: string) => rows.find((r) => r.key === key)!.id;
    return { account, address, ids: [id(account), id(address)], now };
  });
}

let lastPrune = 0;

/** Deletes the rows of every key older than the window (at most once a minute per process unless `force`). */
export async function pruneLoginFailures(now: Date = new Date(), force = false): Promise<void> {
  if (!force && Date.now() - lastPrune < 60_000) return;
  lastPrune = Date.now();
  await getDb()
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_RATE_LIMIT.windowMs)));
}

/**
 * Settles a reserved attempt: `failure` keeps its rows, `success` deletes every failure of the
 * account and the attempt's address row, `unjudged` deletes the attempt's rows. Then prunes.
 */
export async function settleLoginAttempt(attempt: LoginAttempt, outcome: 'success' | 'failure' | 'unjudged'): Promise<void> {
  const db = getDb();
  if (outcome === 'success') {
    await db.delete(loginFailures).where(or(eq(loginFailures.key, attempt.account), eq(loginFailures.id, attempt.ids[1])));
  } else if (outcome === 'unjudged') {
    await db.delete(loginFailures).where(inArray(loginFailures.id, attempt.ids));
  }
  const old = new Date(attempt.now.getTime() - LOGIN_RATE_LIMIT.windowMs);
  await db.delete(loginFailures).where(and(inArray(loginFailures.key, [attempt.account, attempt.address]), lt(loginFailures.at, old)));
  await pruneLoginFailures(attempt.now);
}

/** Forgets the failures of the account of `email` (a password reset proved who holds it). */
export async function clearAccountFailures(email: string, tx: Tx | Db = getDb()): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}
