/**
 * Closing one's account (issue 11 "Privacy and security": a participant can close their account;
 * Quebec's Law 25 and PIPEDA): DELETE /ll/api/v1/users/current `{ password }`.
 *
 * The holder's password is asked again and checked against their credential (better-auth's
 * scrypt `verify`): 401 `wrong_password` ('The password is wrong') otherwise. Wrong passwords
 * are limited per login (`PASSWORD_CHECK_LIMIT`, in this process: see
 * ./check-duplicate.ts `windowLimiter`): 429 `too_many_attempts` beyond, so a stolen session
 * cannot be used to guess the password.
 *
 * Then in one transaction, everything personal goes: the personal records of the holder and of
 * the minors they manage (`participant_profiles`; their claims and the account's submission
 * rows cascade), the login (`users`: its sessions, credential and password resets cascade),
 * its failed-login rows (keyed by its email). What stays is the public record of competition:
 * the racer records (`participants`) with their results, registrations and memberships, under
 * the name only (the city, state, country and licence the account wrote on its own records
 * are cleared). No page shows personal data; the series of those records' results are
 * revalidated only because a cleared licence changes how the standings match them.
 */
import 'server-only';
import { and, eq, inArray, or } from 'drizzle-orm';
import { AppError } from '../../errors';
import { revalidateRiders } from '../cache/revalidate-riders';
import { getDb } from '../db';
import { authAccounts, loginFailures, participantProfiles, participants, users } from '../db/schema';
import { getAuth } from './auth';
import { windowLimiter } from './check-duplicate';
import { requireHolder } from './get-profile';

/** Wrong passwords (closing an account or a minor's) per login: 5 in 15 minutes. */
export const PASSWORD_CHECK_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;

/** The per-login limit of wrong passwords given to close an account. */
export const passwordCheckLimiter = windowLimiter(PASSWORD_CHECK_LIMIT);

/**
 * Checks `password` against the credential of login `userId`.
 * @throws AppError 401 `wrong_password`; `TooManyAttemptsError` (429) after too many wrong ones.
 */
export async function verifyHolderPassword(userId: string, password: string): Promise<void> {
  // Counted before the (slow) check, so parallel guesses cannot all pass the limit; a right password gives it back.
  const attempt = passwordCheckLimiter.consume(userId);
  const [credential] = await getDb()
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
    .orderBy(authAccounts.createdAt)
    .limit(1);
  const ctx = await getAuth().$context;
  const ok = credential?.hash ? await ctx.password.verify({ hash: credential.hash, password }) : false;
  if (!ok) throw new AppError('wrong_password');
  passwordCheckLimiter.release(userId, attempt);
}

/**
 * Closes the account of login `userId` after checking its password (see the module's docstring).
 * @throws AppError 401 `wrong_password`, 404 `not_found` (a login without a participant profile); 429 `too_many_attempts`.
 */
export async function closeAccount(userId: string, password: string): Promise<void> {
  const holder = await requireHolder(userId);
  await verifyHolderPassword(userId, password);
  const db = getDb();
  const family = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: participantProfiles.id, participantId: participantProfiles.participantId })
      .from(participantProfiles)
      .where(or(eq(participantProfiles.id, holder.profile.id), eq(participantProfiles.guardianId, holder.profile.id)));
    await eraseProfiles(tx, rows);
    await tx.delete(loginFailures).where(eq(loginFailures.key, `email:${holder.email}`));
    await tx.delete(users).where(eq(users.id, userId));
    return rows;
  });
  // A cleared licence may change how the standings match those records' results.
  await revalidateRiders(db, family.map((p) => p.participantId));
}

/**
 * Deletes personal records (`participant_profiles`; claims and submissions cascade) and clears
 * what the account wrote on their racer records beyond the name.
 */
export async function eraseProfiles(
  tx: Pick<ReturnType<typeof getDb>, 'update' | 'delete'>,
  profiles: readonly { id: number; participantId: number }[],
): Promise<void> {
  if (!profiles.length) return;
  const ids = profiles.map((p) => p.id);
  // Minors first: their guardian_id points at the holder.
  await tx.delete(participantProfiles).where(inArray(participantProfiles.guardianId, ids));
  await tx.delete(participantProfiles).where(inArray(participantProfiles.id, ids));
  await tx
    .update(participants)
    .set({ city: null, state: null, country: null, licence: null })
    .where(
      inArray(
        participants.id,
        profiles.map((p) => p.participantId),
      ),
    );
}
