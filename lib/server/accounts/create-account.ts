/**
 * Creating a participant account (spec §4 account-creation stepper, §3 Participant account,
 * §5, §8 Registration; issue 11 "Creating an adult with minors is one transaction … Submitting
 * twice creates one account"): POST /ll/api/v1/registration/participant.
 *
 * The input has passed `participantRegistrationInput`. The holder of the login is the
 * Information person, or with `isRegisterMinor` the `adult` (the Information person is then a
 * minor and becomes the first of the holder's minors, followed by `children`).
 *
 * The password is hashed first (scrypt through better-auth: slow, so outside the transaction).
 * Then ONE transaction writes, in order: the login (`users`, role participant; `name` is first
 * + last name), its credential (`auth_accounts`, provider `credential`, `account_id` = the user
 * id, the hash), the holder's public racer record (`participants`: name, city, state, country
 * only) and personal record (`participant_profiles`), each minor's racer record and personal
 * record (`guardian_id` the holder, the relationship, optional email and phone; address and
 * emergency contact copied from the holder's), and last the `account_submissions` row. Any
 * failure rolls everything back: no half-written account.
 *
 * A repeated `submissionId` (a double click, a retried request) answers the first creation's
 * `{ id, minors }` with `repeated: true`. Two concurrent submits of one id give one account:
 * the transaction starts by taking a transaction-scoped advisory lock on the submission id, so
 * the second waits for the first to commit and then finds its `account_submissions` row.
 * (`account_submissions.profile_id` is a NOT NULL foreign key to the profile, so that row
 * cannot be written before the profile: the lock plays the part of "insert it first".) The
 * same kind of lock is taken on each person's identity (lower-cased names and date of birth)
 * before the duplicate check, so two different submissions of one person cannot both pass it.
 * A repeat refused by the first look at the email or the duplicates looks its submission id up
 * again first: the first submit may have committed in between (then its account is answered).
 * A repeat also carries the login email of the account (`email`): the API logs the submitter
 * back in only into that account, through the rate-limited login.
 *
 * Refusals (nothing written): 409 `email_taken` ('Email is already registered'; issue at
 * `['login','email']`) when the login email is already an account's, checked before and caught
 * again as the unique violation of `users.email` inside (a concurrent registration); 409
 * `duplicate_account` ('It looks like you may already have an account') when the holder or a
 * minor has the same names and date of birth as an existing profile and `acknowledgeDuplicate`
 * is false; 400 `invalid_children` (issue at `['children']`) above `ACCOUNT_LIMITS.minors.max`
 * minors in all; 409 `minor_in_other_family` (issue 22, ./other-family.ts) when a minor is
 * another family's minor (checked after the duplicate check, even when acknowledged).
 *
 * Per address (issue 22; with `options.ip`, as the API passes it): at most
 * `account_create_address` (5) accounts created an hour (lib/server/rate-limit/policies.ts).
 * Looked at before the password is hashed (429 `too_many_attempts` with `Retry-After`, no hash
 * spent), and counted in the creating transaction (only creations count; concurrent ones are
 * counted one after the other, so a burst cannot pass the limit).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_LIMITS,
  birthdayIso,
  type AccountCreated,
  type AccountIssue,
  type Gender,
  type ParticipantRegistrationInput,
  type Relationship,
} from '../../contracts/account';
import { AppError, type ErrorCode } from '../../errors';
import { getDb, type Db } from '../db';
import { accountSubmissions, authAccounts, participantProfiles, participants, users } from '../db/schema';
import { consume, RateLimitedError, wait } from '../rate-limit';
import { getAuth } from './auth';
import { findLikelyDuplicate, isEmailTaken, type Identity } from './check-duplicate';
import { refuseMinorOfOtherFamily } from './other-family';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * An `AppError` that also names the fields at fault: its reply (the API's `onError` sends
 * `toJSON()`) carries `issues: [{ path, code }]` like a failed body check, so the form shows
 * the message next to the field.
 */
export class AccountFieldError extends AppError {
  constructor(
    code: ErrorCode,
    readonly issues: AccountIssue[],
    message?: string,
  ) {
    super(code, message);
  }

  override toJSON() {
    return { ...super.toJSON(), issues: this.issues };
  }
}

/** 409 `email_taken` with its issue at `['login','email']`. */
export const emailTakenError = () => new AccountFieldError('email_taken', [{ path: ['login', 'email'], code: 'email_taken' }]);

/** The PostgreSQL error behind `err` (Drizzle wraps the driver's in `cause`), or null. */
export function pgErrorOf(err: unknown): { code: string; constraint?: string } | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { code: string; constraint?: string };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** True for a unique violation (of `constraint`, when given). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/** What was created (or found, `repeated`): the holder's profile id (the thank-you page's id) and the number of minors. */
export interface CreatedAccount extends AccountCreated {
  /** True when the submission id had already created this account (answer 200, not 201). */
  repeated: boolean;
  /**
   * The login email of the account a repeated submission id created (null once that login is
   * closed): the caller logs the submitter back in only when it is the email they sent.
   */
  email?: string | null;
}

/** One person to write: the holder or a minor. */
interface PersonRow {
  firstName: string;
  lastName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthday: string;
  email: string | null;
  phone: string | null;
  relationship: Relationship | null;
}

/** The holder and the minors of a registration, in the order they are written. */
export function peopleOf(input: ParticipantRegistrationInput): { holder: PersonRow; minors: PersonRow[] } {
  const info = input.information;
  const minor = (p: { firstName: string; lastName: string; gender: Gender; birthday: { year: number; month: number; day: number }; email?: string; phone?: string; relationship?: Relationship }): PersonRow => ({
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthday: birthdayIso(p.birthday),
    email: p.email ?? null,
    phone: p.phone ?? null,
    relationship: p.relationship ?? 'other',
  });
  const children = input.children.map(minor);
  if (info.isRegisterMinor) {
    const adult = input.adult;
    // The schema refuses isRegisterMinor without an adult; never trust that twice.
    if (!adult) throw new AccountFieldError('null_first_name', [{ path: ['adult', 'firstName'], code: 'null_first_name' }]);
    return {
      holder: { firstName: adult.firstName, lastName: adult.lastName, gender: adult.gender, birthday: birthdayIso(adult.birthday), email: input.login.email, phone: adult.phone, relationship: null },
      minors: [minor(info), ...children],
    };
  }
  return {
    holder: { firstName: info.firstName, lastName: info.lastName, gender: info.gender, birthday: birthdayIso(info.birthday), email: input.login.email, phone: info.phone ?? null, relationship: null },
    minors: children,
  };
}

/** The account a submission id already created, or null. */
async function submitted(db: Pick<Db, 'select'>, submissionId: string): Promise<CreatedAccount | null> {
  const [row] = await db
    .select({ id: accountSubmissions.profileId, minors: accountSubmissions.minors, email: users.email })
    .from(accountSubmissions)
    .leftJoin(participantProfiles, eq(participantProfiles.id, accountSubmissions.profileId))
    .leftJoin(users, eq(users.id, participantProfiles.userId))
    .where(eq(accountSubmissions.submissionId, submissionId))
    .limit(1);
  return row ? { id: row.id, minors: row.minors, repeated: true, email: row.email } : null;
}

/** The advisory-lock key of a person's identity (what the duplicate check compares). */
const identityKey = (p: Identity) => `${p.firstName.trim().toLowerCase()}|${p.lastName.trim().toLowerCase()}|${p.birthday}`;

/**
 * Creates the account of a checked registration (see the module's docstring).
 * @returns the holder's profile id and the number of minors; `repeated` for a known submission id.
 * @param options.ip the client's address: limits creations per address (none without it: scripts, tests).
 * @throws AccountFieldError 409 `email_taken`, 400 `invalid_children`; AppError 409 `duplicate_account`, 409 `minor_in_other_family`;
 * RateLimitedError 429 `too_many_attempts` (`retryAfterS`).
 */
export async function createParticipantAccount(input: ParticipantRegistrationInput, options: { ip?: string; now?: Date } = {}): Promise<CreatedAccount> {
  const db = getDb();
  const already = await submitted(db, input.submissionId);
  if (already) return already;

  const { holder, minors } = peopleOf(input);
  if (minors.length > ACCOUNT_LIMITS.minors.max) {
    throw new AccountFieldError('invalid_children', [{ path: ['children'], code: 'invalid_children' }], `An account manages at most ${ACCOUNT_LIMITS.minors.max} minors`);
  }
  const people = [holder, ...minors];
  const email = input.login.email;
  const refusal = (await isEmailTaken(email, db))
    ? emailTakenError()
    : !input.acknowledgeDuplicate && (await findLikelyDuplicate(people, db))
      ? new AppError('duplicate_account')
      : null;
  if (refusal) {
    // The same submission may have committed since the first look (a double click): its account, not a refusal.
    const meanwhile = await submitted(db, input.submissionId);
    if (meanwhile) return meanwhile;
    throw refusal;
  }

  const perAddress = options.ip === undefined ? null : ({ policy: 'account_create_address', subject: { address: options.ip } } as const);
  if (perAddress) {
    const seconds = await wait(perAddress, { db, now: options.now });
    if (seconds !== null) throw new RateLimitedError(perAddress.policy, seconds);
  }

  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(input.login.password);

  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('account-submission'), hashtext(${input.submissionId}))`);
      const repeated = await submitted(tx, input.submissionId);
      if (repeated) return repeated;
      for (const key of [...new Set(people.map(identityKey))].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('account-identity'), hashtext(${key}))`);
      }
      if (!input.acknowledgeDuplicate && (await findLikelyDuplicate(people, tx))) throw new AppError('duplicate_account');
      // Issue 22: a minor of another family cannot be acknowledged past (./other-family.ts).
      await refuseMinorOfOtherFamily(minors, null, tx);
      if (perAddress) await consume([perAddress], { db: tx, now: options.now });

      const userId = await insertLogin(tx, { name: `${holder.firstName} ${holder.lastName}`, email, role: 'participant', hash });
      const holderId = await insertPerson(tx, holder, input, { userId, guardianId: null });
      for (const minor of minors) await insertPerson(tx, minor, input, { userId: null, guardianId: holderId });
      await tx.insert(accountSubmissions).values({ submissionId: input.submissionId, profileId: holderId, minors: minors.length });
      return { id: holderId, minors: minors.length, repeated: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw emailTakenError();
    throw err;
  }
}

/**
 * Writes a new login in `tx`: its `users` row (`name`, lower-case `email`, account type `role`,
 * email not verified) and its credential (`auth_accounts`, provider `credential`, `account_id` the
 * user id, the password `hash` better-auth made). Shared by every account creation.
 * @returns the new user id.
 */
export async function insertLogin(tx: Tx, login: { name: string; email: string; role: 'participant' | 'spectator'; hash: string }): Promise<string> {
  const userId = randomUUID();
  await tx.insert(users).values({ id: userId, name: login.name, email: login.email, role: login.role });
  await tx.insert(authAccounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: login.hash });
  return userId;
}

/** Writes one person's racer record and personal record; returns the profile id. */
async function insertPerson(
  tx: Tx,
  person: PersonRow,
  input: ParticipantRegistrationInput,
  link: { userId: string | null; guardianId: number | null },
): Promise<number> {
  const { address, emergencyContact: ec } = input;
  const [racer] = await tx
    .insert(participants)
    .values({ firstName: person.firstName, lastName: person.lastName, city: address.city, state: address.state, country: address.country })
    .returning({ id: participants.id });
  const [profile] = await tx
    .insert(participantProfiles)
    .values({
      participantId: racer!.id,
      userId: link.userId,
      guardianId: link.guardianId,
      relationship: link.guardianId === null ? null : person.relationship,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      birthday: person.birthday,
      email: person.email,
      phone: person.phone,
      address: address.address,
      country: address.country,
      state: address.state,
      city: address.city,
      zip: address.zip,
      area: address.area ?? null,
      emergencyFirstName: ec.firstName,
      emergencyLastName: ec.lastName,
      emergencyPhone: ec.phone ?? null,
      emergencyCell: ec.cell ?? null,
      emergencyEmail: ec.email ?? null,
    })
    .returning({ id: participantProfiles.id });
  return profile!.id;
}
