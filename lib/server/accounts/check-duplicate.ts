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
 * message does anyway; so that it cannot be used to test addresses in bulk the registration
 * route limits it per client IP (lib/server/rate-limit/policies.ts `duplicate_check_address`:
 * 30 checks in 10 minutes, counted in PostgreSQL), then 429 `too_many_attempts` with
 * `Retry-After`. The account creation call counts its own `email_taken` / `duplicate_account`
 * answers against the same limit.
 */
import 'server-only';
import { and, eq, or, sql } from 'drizzle-orm';
import { birthdayIso, type DuplicateCheck, type DuplicateCheckInput } from '../../contracts/account';
import { getDb, type Db } from '../db';
import { participantProfiles, users } from '../db/schema';

/** A database or a transaction (the reads below need `select` only). */
export type Reader = Pick<Db, 'select'>;

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

/** The Existing Account check of one person (see the module's docstring); the caller applies the IP limit (`duplicate_check_address`). */
export async function checkDuplicate(input: DuplicateCheckInput): Promise<DuplicateCheck> {
  const [emailTaken, likelyDuplicate] = await Promise.all([
    isEmailTaken(input.email),
    findLikelyDuplicate([{ firstName: input.firstName, lastName: input.lastName, birthday: birthdayIso(input.birthday) }]),
  ]);
  return { emailTaken, likelyDuplicate };
}
