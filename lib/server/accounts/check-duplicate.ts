/**
 * The Existing Account check of the account-creation stepper (spec §4 "Existing Account (shown
 * when a duplicate is detected)", §8 General 'It looks like you may already have an account',
 * §8 Registration 'Email is already registered'): POST /ll/api/v1/registration/participant/check.
 *
 * - `emailTaken`: the email is already a login (`users.email`, stored lower-cased).
 * - `likelyDuplicate`: a participant profile (an account holder or a minor) has the same first
 *   name, last name (both compared with PostgreSQL's `lower()` on both sides) and date of birth.
 *
 * The check tells a visitor whether an email has an account, as the spec's registration
 * message does anyway; so that it cannot be used to test addresses in bulk it is limited per
 * client IP: `DUPLICATE_CHECK_LIMIT` (30 checks in 10 minutes), then 429 `too_many_attempts`
 * with `Retry-After`. The limit is kept IN THIS PROCESS (`windowLimiter`): a restart forgets it
 * and each instance of a multi-instance site counts its own; good enough against scripted
 * probing of one instance, not a global quota. The account creation call counts its own
 * `email_taken` / `duplicate_account` answers against the same limit.
 */
import 'server-only';
import { and, eq, or, sql } from 'drizzle-orm';
import { birthdayIso, type DuplicateCheck, type DuplicateCheckInput } from '../../contracts/account';
import { AppError } from '../../errors';
import { getDb, type Db } from '../db';
import { participantProfiles, users } from '../db/schema';

/** A database or a transaction (the reads below need `select` only). */
export type Reader = Pick<Db, 'select'>;

/** Checks per client IP: 30 in 10 minutes. */
export const DUPLICATE_CHECK_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

/** A refused attempt of a limited call: 429 `too_many_attempts`, `retryAfterS` for the `Retry-After` header. */
export class TooManyAttemptsError extends AppError {
  constructor(
    /** Seconds until an attempt would be accepted. */
    readonly retryAfterS: number,
  ) {
    super('too_many_attempts');
  }
}

/** A sliding-window counter per key, in this process (see the module's docstring). */
export interface WindowLimiter {
  /** Seconds until `key` may try again, or null when it has room now. */
  retryAfter(key: string, now?: number): number | null;
  /** Counts one attempt of `key`. */
  hit(key: string, now?: number): void;
  /**
   * Throws `TooManyAttemptsError` when `key` has no room; else counts the attempt at once and
   * returns its time (for `release`). Counting before the slow check it guards (a password
   * hash, a database read) is what keeps parallel attempts from all passing the limit.
   */
  consume(key: string, now?: number): number;
  /** Forgets one attempt of `key` counted at `at` (an attempt that turned out not to count: the right password). */
  release(key: string, at: number): void;
  /** Throws `TooManyAttemptsError` when `key` has no room (counts nothing). */
  check(key: string, now?: number): void;
  /** Forgets every key (tests). */
  clear(): void;
}

/** Keys kept at most; the oldest key is dropped beyond (bounded memory whatever the traffic). */
const MAX_KEYS = 10_000;

/** A limiter allowing `max` attempts per key within `windowMs` (ms). */
export function windowLimiter(limit: { max: number; windowMs: number }): WindowLimiter {
  const hits = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const list = (hits.get(key) ?? []).filter((t) => t > now - limit.windowMs);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  };
  const self: WindowLimiter = {
    retryAfter(key, now = Date.now()) {
      const list = recent(key, now);
      if (list.length < limit.max) return null;
      // The attempt that must leave the window is the max-th newest.
      const leaving = list[list.length - limit.max]!;
      return Math.max(1, Math.ceil((leaving + limit.windowMs - now) / 1000));
    },
    hit(key, now = Date.now()) {
      const list = recent(key, now);
      list.push(now);
      hits.delete(key);
      hits.set(key, list);
      if (hits.size > MAX_KEYS) hits.delete(hits.keys().next().value!);
    },
    check(key, now = Date.now()) {
      const wait = self.retryAfter(key, now);
      if (wait !== null) throw new TooManyAttemptsError(wait);
    },
    consume(key, now = Date.now()) {
      self.check(key, now);
      self.hit(key, now);
      return now;
    },
    release(key, at) {
      const list = hits.get(key);
      const i = list ? list.lastIndexOf(at) : -1;
      if (i < 0) return;
      list!.splice(i, 1);
      if (!list!.length) hits.delete(key);
    },
    clear() {
      hits.clear();
    },
  };
  return self;
}

/** The per-IP limit of the Existing Account check and of refused account creations. */
export const duplicateCheckLimiter = windowLimiter(DUPLICATE_CHECK_LIMIT);

/** True when `email` (lower-cased, as the schemas give it) is already a login. */
export async function isEmailTaken(email: string, db: Reader = getDb()): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return !!row;
}

/** A person as the duplicate check compares them: names and date of birth (`YYYY-MM-DD`). */
export interface Identity {
  firstName: string;
  lastName: string;
  birthday: string;
}

/**
 * True when a participant profile (holder or minor) has the first name, last name (`lower()`
 * on both sides: the identity index) and date of birth of one of `people`.
 */
export async function findLikelyDuplicate(people: readonly Identity[], db: Reader = getDb()): Promise<boolean> {
  if (!people.length) return false;
  const p = participantProfiles;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      or(
        ...people.map((person) =>
          and(
            sql`lower(${p.lastName}) = lower(${person.lastName.trim()})`,
            sql`lower(${p.firstName}) = lower(${person.firstName.trim()})`,
            eq(p.birthday, person.birthday),
          ),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/** The Existing Account check of one person (see the module's docstring); the caller applies the IP limit. */
export async function checkDuplicate(input: DuplicateCheckInput): Promise<DuplicateCheck> {
  const [emailTaken, likelyDuplicate] = await Promise.all([
    isEmailTaken(input.email),
    findLikelyDuplicate([{ firstName: input.firstName, lastName: input.lastName, birthday: birthdayIso(input.birthday) }]),
  ]);
  return { emailTaken, likelyDuplicate };
}
