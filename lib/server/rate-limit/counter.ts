/**
 * The rate-limit counters (issue 22): attempts per policy (./policies.ts) and key, counted in
 * PostgreSQL (`rate_limit_counters`), so that every site instance on one database counts
 * together and a restart forgets nothing.
 *
 * `consume` counts one attempt under each of several policies at once, or none: each count is
 * one atomic upsert (`INSERT … ON CONFLICT DO UPDATE … WHERE count < limit`), which takes the
 * row's lock, so concurrent attempts (from this process or another instance) are counted one
 * after the other and never all pass; a refusal by any of them rolls back the others (they
 * run in one transaction, a savepoint inside the caller's). A window opens with the first
 * attempt counted and ends `windowS` later; the first attempt after it opens a new one. A
 * refusal throws `RateLimitedError` (the policy's code, 429) with `retryAfterS`: the seconds
 * until the window that refused closes (the longest, when several refuse).
 *
 * Times are the caller's clock (`now`), so tests can move it; rows past their window are
 * deleted on the way, at most once a minute per process (`pruneRateLimits`).
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, like, lt, sql } from 'drizzle-orm';
import { INT4_MAX } from '../../config';
import { AppError } from '../../errors';
import { getDb, type Db } from '../db';
import { rateLimitCounters } from '../db/schema';
import { RATE_LIMITS, type PolicyName } from './policies';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database, or a transaction of the caller's. */
export type Executor = Db | Tx;

/** What an attempt is counted by: the parts its policy's key kind names. */
export interface Subject {
  /** An email (trimmed and lower-cased here). */
  account?: string;
  /** A network address. */
  address?: string;
}

/** One attempt to count: a policy and its subject. */
export interface Check {
  policy: PolicyName;
  subject: Subject;
}

/** An attempt counted: enough to give it back (`release`). */
export interface Hit {
  policy: PolicyName;
  key: string;
  windowStart: Date;
}

/** 429 (the policy's code) with the seconds until the window that refused closes. */
export class RateLimitedError extends AppError {
  declare readonly retryAfterS: number;

  constructor(
    /** The policy that refused. */
    readonly policy: PolicyName,
    retryAfterS: number,
  ) {
    super(RATE_LIMITS[policy].code, undefined, { retryAfterS });
  }
}

const digest = (part: string) => createHash('sha256').update(part, 'utf8').digest('hex');

/** The stored digest of an account (an email, trimmed and lower-cased). */
export const accountDigest = (email: string) => digest(`account:${email.trim().toLowerCase()}`);

/** The stored key of `subject` under `policy`: digests only (see the schema). */
export function keyOf(policy: PolicyName, subject: Subject): string {
  const kind = RATE_LIMITS[policy].key;
  const need = (part: keyof Subject) => {
    const value = subject[part];
    if (value === undefined) throw new Error(`The rate limit ${policy} counts by ${kind}: ${part} is missing`);
    return value;
  };
  const address = () => digest(`address:${need('address')}`);
  if (kind === 'address') return address();
  if (kind === 'account') return accountDigest(need('account'));
  return `${accountDigest(need('account'))}|${address()}`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one attempt of `check` when its window has room (or is over); returns the window it
 * was counted in, or the seconds to wait.
 */
async function countOne(db: Executor, check: Check, now: Date, limit: number): Promise<Hit | { wait: number }> {
  const policy = RATE_LIMITS[check.policy];
  const key = keyOf(check.policy, check.subject);
  const at = now.toISOString();
  const end = new Date(now.getTime() + policy.windowS * 1000).toISOString();
  const t = sql.raw('"rate_limit_counters"');
  const over = sql`${t}."expires_at" <= ${at}::timestamptz`;
  const counted = await db.execute<{ window_start: string | Date }>(sql`
    insert into ${t} ("policy", "key", "window_start", "count", "expires_at")
    values (${check.policy}, ${key}, ${at}::timestamptz, 1, ${end}::timestamptz)
    on conflict ("policy", "key") do update set
      "window_start" = case when ${over} then excluded."window_start" else ${t}."window_start" end,
      "count" = case when ${over} then 1 else ${t}."count" + 1 end,
      "expires_at" = case when ${over} then excluded."expires_at" else ${t}."expires_at" end
    where ${over} or ${t}."count" < ${limit}
    returning "window_start"`);
  const row = counted.rows[0];
  if (row) return { policy: check.policy, key, windowStart: new Date(row.window_start) };
  // Refused: the conflicting row is locked by this transaction, so its end is the one that refused.
  const [full] = await db.select({ expiresAt: rateLimitCounters.expiresAt }).from(rateLimitCounters).where(and(eq(rateLimitCounters.policy, check.policy), eq(rateLimitCounters.key, key)));
  return { wait: seconds((full?.expiresAt.getTime() ?? now.getTime()) - now.getTime()) };
}

/**
 * Counts one attempt under each of `checks`, all or none (see the module's docstring).
 * @returns the attempts counted, in the order of `checks` (for `release`).
 * @throws RateLimitedError (429, the refusing policy's code, `retryAfterS`): the longest wait when several refuse.
 */
export async function consume(checks: Check[], options: { db?: Executor; now?: Date } = {}): Promise<Hit[]> {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  const hits = await db.transaction(async (tx) => {
    const counted: Hit[] = [];
    let refusal: { policy: PolicyName; wait: number } | null = null;
    for (const check of checks) {
      const result = await countOne(tx, check, now, RATE_LIMITS[check.policy].limit);
      if ('wait' in result) {
        if (!refusal || result.wait > refusal.wait) refusal = { policy: check.policy, wait: result.wait };
      } else counted.push(result);
    }
    if (refusal) throw new RateLimitedError(refusal.policy, refusal.wait);
    return counted;
  });
  await pruneRateLimits(now, options.db);
  return hits;
}

/** Counts one attempt of `check` whatever its limit (a record, not a refusal: `login_known`). */
export async function record(check: Check, options: { db?: Executor; now?: Date } = {}): Promise<Hit> {
  const result = await countOne(options.db ?? getDb(), check, options.now ?? new Date(), INT4_MAX);
  if ('wait' in result) throw new Error(`${check.policy} could not be recorded`);
  return result;
}

/**
 * Seconds until `check` would be counted, or null when it has room now (counts nothing: a look
 * before slow work, such as hashing a password, that `consume` then guards for real).
 */
export async function wait(check: Check, options: { db?: Executor; now?: Date } = {}): Promise<number | null> {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  const [row] = await db
    .select({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.policy, check.policy), eq(rateLimitCounters.key, keyOf(check.policy, check.subject))));
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.count < RATE_LIMITS[check.policy].limit) return null;
  return seconds(row.expiresAt.getTime() - now.getTime());
}

/** The attempts counted for `check` in its current window at `now` (0 when none or over). */
export async function counted(check: Check, options: { db?: Executor; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const [row] = await (options.db ?? getDb())
    .select({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.policy, check.policy), eq(rateLimitCounters.key, keyOf(check.policy, check.subject))));
  return row && row.expiresAt.getTime() > now.getTime() ? row.count : 0;
}

/** Gives back counted attempts (the attempt turned out not to count), in the window each was counted in. */
export async function release(hits: Hit[], db: Executor = getDb()): Promise<void> {
  for (const hit of hits) {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.policy, hit.policy), eq(rateLimitCounters.key, hit.key), eq(rateLimitCounters.windowStart, hit.windowStart)));
  }
}

/** Forgets every attempt of `check` (a success or a proof that wipes the slate). */
export async function forget(check: Check, db: Executor = getDb()): Promise<void> {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.policy, check.policy), eq(rateLimitCounters.key, keyOf(check.policy, check.subject))));
}

/**
 * Forgets every attempt counted against account `email` under `policy`, from whatever address
 * (its `account` and `account+address` keys): a password reset proved who holds the account.
 */
export async function forgetAccount(policy: PolicyName, email: string, db: Executor = getDb()): Promise<void> {
  const account = accountDigest(email);
  const key = RATE_LIMITS[policy].key === 'account' ? eq(rateLimitCounters.key, account) : like(rateLimitCounters.key, `${account}|%`);
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.policy, policy), key));
}

let lastPrune = 0;

/**
 * Deletes the rows whose window ended before `now` (or before the real time, when `now` is
 * later: a moved test clock never deletes live windows), at most once a minute per process
 * unless `force`.
 */
export async function pruneRateLimits(now: Date = new Date(), db: Executor = getDb(), force = false): Promise<void> {
  if (!force && Date.now() - lastPrune < 60_000) return;
  lastPrune = Date.now();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, new Date(Math.min(now.getTime(), Date.now()))));
}
