/**
 * The family section (spec §6 "A parent or guardian manages minors' accounts from the family
 * section"; issue 11 "see, add and edit the minors they manage; no one else can see them"):
 * GET|POST /ll/api/v1/users/current/minors, GET|PUT|DELETE /ll/api/v1/users/current/minors/{id}.
 *
 * A minor is a participant profile whose `guardian_id` is the logged-in holder's profile; every
 * call looks the minor up by that pair, so a minor who is not the caller's answers 404
 * `not_found` ('Minor not found'), exactly like an unknown id (never 403: whether the minor
 * exists stays hidden). A login without a participant profile has no family: 404.
 *
 * A minor shares the holder's address and emergency contact (copied onto their profile and
 * kept in step by ./update-profile.ts); their own fields are those of `minorInput`: names,
 * gender, date of birth (under 18), relationship, optional email (different from the
 * guardian's: 400 `invalid_minor_email`, issue at `['email']`) and phone. A family holds at
 * most `ACCOUNT_LIMITS.minors.max` minors (400 `invalid_children`); adding a minor with the
 * names and date of birth of one already in the family answers 409 `duplicate_account` (a
 * repeated submit of the add form); adding (or renaming into) a minor of ANOTHER family answers
 * 409 `minor_in_other_family` (./other-family.ts; issue 22). Closing a minor's account asks for the holder's password
 * (./close-account.ts) and erases the minor's personal record; their racer record and results
 * stay, under the name only.
 */
import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS, birthdayIso, type MinorInput, type MinorView, type Relationship } from '../../contracts/account';
import { AppError } from '../../errors';
import { revalidateRiders } from '../cache/revalidate-riders';
import { getDb, type Db } from '../db';
import { participantProfiles, participants } from '../db/schema';
import type { Reader } from './check-duplicate';
import { eraseProfiles, verifyHolderPassword } from './close-account';
import { AccountFieldError } from './create-account';
import { requireHolder, type HolderRow } from './get-profile';
import { refuseMinorOfOtherFamily } from './other-family';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ProfileRow = typeof participantProfiles.$inferSelect;

/** The reply shape of a minor's profile row. */
export function minorView(p: ProfileRow): MinorView {
  return {
    id: p.id,
    participantId: p.participantId,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthday: p.birthday,
    relationship: (p.relationship ?? 'other') as Relationship,
    email: p.email,
    phone: p.phone,
  };
}

/** The minor `minorId` of holder `holder`, or 404 `not_found`. */
export async function requireMinor(holder: HolderRow, minorId: number, db: Reader = getDb()): Promise<ProfileRow> {
  const [row] = await db
    .select()
    .from(participantProfiles)
    .where(and(eq(participantProfiles.id, minorId), eq(participantProfiles.guardianId, holder.profile.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Minor not found');
  return row;
}

/** The minors managed by login `userId`, oldest record first; empty for a login without a profile. */
export async function listMinors(userId: string): Promise<MinorView[]> {
  const rows = await getDb()
    .select({ minor: participantProfiles })
    .from(participantProfiles)
    .innerJoin(sql`participant_profiles guardian`, sql`guardian.id = ${participantProfiles.guardianId}`)
    .where(sql`guardian.user_id = ${userId}`)
    .orderBy(asc(participantProfiles.id));
  return rows.map((r) => minorView(r.minor));
}

/**
 * One minor of login `userId`.
 * @throws AppError 404 `not_found` (not theirs, unknown, or a login without a profile).
 */
export async function getMinor(userId: string, minorId: number): Promise<MinorView> {
  const holder = await requireHolder(userId);
  return minorView(await requireMinor(holder, minorId));
}

/** 400 `invalid_minor_email` when the minor's email is the guardian's. */
function checkMinorEmail(holder: HolderRow, input: MinorInput) {
  const own = [holder.email, holder.profile.email].filter((e): e is string => !!e).map((e) => e.trim().toLowerCase());
  if (input.email && own.includes(input.email.trim().toLowerCase())) {
    throw new AccountFieldError('invalid_minor_email', [{ path: ['email'], code: 'invalid_minor_email' }]);
  }
}

/** Locks the holder's profile row (family changes of one holder apply one after the other) and reads it. */
async function lockHolder(tx: Tx, userId: string): Promise<HolderRow> {
  await tx.execute(sql`select 1 from participant_profiles where user_id = ${userId} for update`);
  return requireHolder(userId, tx);
}

/** True when the family already has another minor with these names and date of birth. */
async function inFamily(tx: Tx, holder: HolderRow, input: MinorInput, except: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: participantProfiles.id })
    .from(participantProfiles)
    .where(
      and(
        eq(participantProfiles.guardianId, holder.profile.id),
        sql`lower(${participantProfiles.firstName}) = lower(${input.firstName})`,
        sql`lower(${participantProfiles.lastName}) = lower(${input.lastName})`,
        eq(participantProfiles.birthday, birthdayIso(input.birthday)),
        except === null ? undefined : sql`${participantProfiles.id} <> ${except}`,
      ),
    )
    .limit(1);
  return !!row;
}

/** The names and date of birth of a minor's input (what ./other-family.ts compares). */
const identityOf = (input: MinorInput) => ({ firstName: input.firstName, lastName: input.lastName, birthday: birthdayIso(input.birthday) });

/**
 * Adds a minor to the family of login `userId` (see the module's docstring); returns it.
 * @throws AppError 404 `not_found`, 409 `duplicate_account`, 409 `minor_in_other_family`; AccountFieldError 400 `invalid_minor_email`, `invalid_children`.
 */
export async function addMinor(userId: string, input: MinorInput): Promise<MinorView> {
  return getDb().transaction(async (tx) => {
    const holder = await lockHolder(tx, userId);
    checkMinorEmail(holder, input);
    const [{ n }] = await tx.select({ n: count() }).from(participantProfiles).where(eq(participantProfiles.guardianId, holder.profile.id));
    if (n >= ACCOUNT_LIMITS.minors.max) {
      throw new AccountFieldError('invalid_children', [{ path: ['children'], code: 'invalid_children' }], `An account manages at most ${ACCOUNT_LIMITS.minors.max} minors`);
    }
    if (await inFamily(tx, holder, input, null)) throw new AppError('duplicate_account');
    await refuseMinorOfOtherFamily([identityOf(input)], holder.profile.id, tx);
    const p = holder.profile;
    const [racer] = await tx
      .insert(participants)
      .values({ firstName: input.firstName, lastName: input.lastName, city: p.city, state: p.state, country: p.country })
      .returning({ id: participants.id });
    const [row] = await tx
      .insert(participantProfiles)
      .values({
        participantId: racer!.id,
        guardianId: p.id,
        relationship: input.relationship,
        firstName: input.firstName,
        lastName: input.lastName,
        gender: input.gender,
        birthday: birthdayIso(input.birthday),
        email: input.email ?? null,
        phone: input.phone ?? null,
        address: p.address,
        country: p.country,
        state: p.state,
        city: p.city,
        zip: p.zip,
        area: p.area,
        emergencyFirstName: p.emergencyFirstName,
        emergencyLastName: p.emergencyLastName,
        emergencyPhone: p.emergencyPhone,
        emergencyCell: p.emergencyCell,
        emergencyEmail: p.emergencyEmail,
      })
      .returning();
    return minorView(row!);
  });
}

/**
 * Replaces the fields of minor `minorId` of login `userId` (their racer record takes the names); returns it.
 * @throws AppError 404 `not_found`, 409 `duplicate_account`, 409 `minor_in_other_family`; AccountFieldError 400 `invalid_minor_email`.
 */
export async function updateMinor(userId: string, minorId: number, input: MinorInput): Promise<MinorView> {
  return getDb().transaction(async (tx) => {
    const holder = await lockHolder(tx, userId);
    const minor = await requireMinor(holder, minorId, tx);
    checkMinorEmail(holder, input);
    if (await inFamily(tx, holder, input, minor.id)) throw new AppError('duplicate_account');
    await refuseMinorOfOtherFamily([identityOf(input)], holder.profile.id, tx);
    const [row] = await tx
      .update(participantProfiles)
      .set({
        relationship: input.relationship,
        firstName: input.firstName,
        lastName: input.lastName,
        gender: input.gender,
        birthday: birthdayIso(input.birthday),
        email: input.email ?? null,
        phone: input.phone ?? null,
      })
      .where(eq(participantProfiles.id, minor.id))
      .returning();
    await tx.update(participants).set({ firstName: input.firstName, lastName: input.lastName }).where(eq(participants.id, minor.participantId));
    return minorView(row!);
  });
}

/**
 * Closes the account of minor `minorId` of login `userId` after checking the holder's password:
 * their personal record is erased and their racer records become a former member's (./close-account.ts `eraseProfiles`).
 * @throws AppError 404 `not_found`, 401 `wrong_password`; RateLimitedError 429 `too_many_attempts` (`password_check`).
 */
export async function closeMinor(userId: string, minorId: number, password: string): Promise<void> {
  const holder = await requireHolder(userId);
  const minor = await requireMinor(holder, minorId);
  await verifyHolderPassword(userId, password);
  const db = getDb();
  const renamed = await db.transaction((tx) => eraseProfiles(tx, [{ id: minor.id, participantId: minor.participantId }]));
  // Their name left the results, the standings and the rider pages (a former member's records).
  await revalidateRiders(db, renamed, { renamed: true });
}
