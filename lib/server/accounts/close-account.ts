/**
 * Closing one's account (issue 11 "Privacy and security": a participant can close their account;
 * Quebec's Law 25 and PIPEDA): DELETE /ll/api/v1/users/current `{ password }`.
 *
 * The holder's password is asked again and checked against their credential (better-auth's
 * scrypt `verify`): 401 `wrong_password` ('The password is wrong') otherwise. Wrong passwords
 * are limited per login (lib/server/rate-limit/policies.ts `password_check`: 5 in 15 minutes,
 * counted in PostgreSQL by the login's email, shared with the other password checks of the
 * account): 429 `too_many_attempts` with `Retry-After` beyond, so a stolen session cannot be
 * used to guess the password.
 *
 * Then in one transaction, everything personal goes: the personal records of the holder and of
 * the minors they manage (`participant_profiles`; their claims and the account's submission
 * rows cascade), the login (`users`: its sessions, credential and password resets cascade),
 * its failed-login rows of the old table (`login_failures`, keyed by its email) and every
 * rate-limit counter keyed by its account (lib/server/rate-limit: the policies counted by
 * `account` or `account+address`, whose keys are digests of the email). What stays is the public record of competition:
 * the racer records (`participants`) with their results, registrations and memberships, as a
 * former member's: no name, city, state, country or licence (`eraseProfiles`, issue 29). No
 * page shows personal data; the races, series and events showing those records are revalidated.
 */
import 'server-only';
import { and, eq, inArray, or } from 'drizzle-orm';
import { AppError } from '../../errors';
import { revalidateRiders } from '../cache/revalidate-riders';
import { getDb, type Tx } from '../db';
import { authAccounts, loginFailures, participantClaims, participantProfiles, participants, riderLinks, users } from '../db/schema';
import { handKey } from '../series/riders';
import { consume, forgetAccount, RATE_LIMITS, release, type Executor, type PolicyName } from '../rate-limit';
import { getAuth } from './auth';
import { requireHolder } from './get-profile';

/** Wrong passwords (closing an account or a minor's, changing the password or email) per login: 5 in 15 minutes (the policy `password_check`). */
export const PASSWORD_CHECK_LIMIT = { max: RATE_LIMITS.password_check.limit, windowMs: RATE_LIMITS.password_check.windowS * 1000 } as const;

/**
 * Checks `password` against the credential of login `userId`.
 * @throws AppError 401 `wrong_password` (also for an unknown login); RateLimitedError 429
 * `too_many_attempts` (`retryAfterS`) after too many wrong ones.
 */
export async function verifyHolderPassword(userId: string, password: string): Promise<void> {
  const db = getDb();
  const [login] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!login) throw new AppError('wrong_password');
  // Counted before the (slow) check, so parallel guesses cannot all pass the limit; given back unless the password is wrong.
  const attempt = await consume([{ policy: 'password_check', subject: { account: login.email } }], { db });
  let wrong = false;
  try {
    const [credential] = await db
      .select({ hash: authAccounts.password })
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
      .orderBy(authAccounts.createdAt)
      .limit(1);
    const ctx = await getAuth().$context;
    wrong = !(credential?.hash ? await ctx.password.verify({ hash: credential.hash, password }) : false);
  } finally {
    if (!wrong) await release(attempt, db);
  }
  if (wrong) throw new AppError('wrong_password');
}

/** The policies counted by account (`account` or `account+address` keys). */
const ACCOUNT_POLICIES = (Object.keys(RATE_LIMITS) as PolicyName[]).filter((policy) => RATE_LIMITS[policy].key !== 'address');

/** Deletes every rate-limit counter keyed by the account of `email` (its keys are digests of the email). */
export async function forgetAccountLimits(email: string, db: Executor): Promise<void> {
  for (const policy of ACCOUNT_POLICIES) await forgetAccount(policy, email, db);
}

/**
 * Closes the account of login `userId` after checking its password (see the module's docstring).
 * @throws AppError 401 `wrong_password`, 404 `not_found` (a login without a participant profile); RateLimitedError 429 `too_many_attempts`.
 */
export async function closeAccount(userId: string, password: string): Promise<void> {
  const holder = await requireHolder(userId);
  await verifyHolderPassword(userId, password);
  const db = getDb();
  const renamed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: participantProfiles.id, participantId: participantProfiles.participantId })
      .from(participantProfiles)
      .where(or(eq(participantProfiles.id, holder.profile.id), eq(participantProfiles.guardianId, holder.profile.id)));
    const records = await eraseProfiles(tx, rows);
    await tx.delete(loginFailures).where(eq(loginFailures.key, `email:${holder.email}`));
    await forgetAccountLimits(holder.email, tx);
    await tx.delete(users).where(eq(users.id, userId));
    return records;
  });
  // Their names left the results, the standings and the rider pages.
  await revalidateRiders(db, renamed, { renamed: true });
}

/**
 * Deletes personal records (`participant_profiles`; claims and submissions cascade) and turns the
 * racer records they held into a former member's (issue 29: "a closed account's racer records
 * keep results, not names"): the profile's own record and the imported records it claimed keep
 * their results, registrations and memberships, lose their names, city, state, country and
 * licence, and get `closed_at` (pages show "former member", lib/format/person-name.ts). So that
 * the series still count those results as one rider (they were joined by the claims and the name,
 * both gone), each profile's records without a hand-set key are given one: `rider:<lowest id>`,
 * as a desk merge writes (lib/server/series/riders.ts `handKey`).
 * @returns the ids of the racer records renamed, for the caller to revalidate after its commit.
 */
export async function eraseProfiles(tx: Tx, profiles: readonly { id: number; participantId: number }[]): Promise<number[]> {
  if (!profiles.length) return [];
  const ids = profiles.map((p) => p.id);
  const claimed = await tx.select({ profileId: participantClaims.profileId, participantId: participantClaims.participantId }).from(participantClaims).where(inArray(participantClaims.profileId, ids));
  const groups = profiles.map((p) => [p.participantId, ...claimed.filter((c) => c.profileId === p.id).map((c) => c.participantId)]);
  const records = [...new Set(groups.flat())];
  const linked = new Set((await tx.select({ id: riderLinks.participantId }).from(riderLinks).where(inArray(riderLinks.participantId, records))).map((r) => r.id));
  const links = groups.flatMap((group) => group.filter((id) => !linked.has(id)).map((participantId) => ({ participantId, riderKey: handKey(Math.min(...group)) })));
  if (links.length) await tx.insert(riderLinks).values(links).onConflictDoNothing();
  // Minors first: their guardian_id points at the holder.
  await tx.delete(participantProfiles).where(inArray(participantProfiles.guardianId, ids));
  await tx.delete(participantProfiles).where(inArray(participantProfiles.id, ids));
  await tx
    .update(participants)
    .set({ firstName: '', lastName: '', city: null, state: null, country: null, licence: null, licenceConfirmedAt: null, licenceConfirmedBy: null, closedAt: new Date() })
    .where(inArray(participants.id, records));
  return records;
}
