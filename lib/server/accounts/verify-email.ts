/**
 * Email verification (issue 22 "no email verification: anyone can open an account on someone
 * else's address, and receipts and tickets will be mailed there"), with better-auth's own
 * mechanism: its `sendVerificationEmail` signs a JWT (the account's address and id, valid
 * `EMAIL_VERIFICATION_TTL_S` = 24 hours) and its `verifyEmail` checks it and sets
 * `users.email_verified`. An unverified account can log in and browse.
 *
 * - `sendVerificationMail`: a link `/ll[/fr|/es]/verify-email?token=…` mailed to the account's
 *   address in `locale` (./account-mails.ts): a `send-email` job enqueued in its own small
 *   transaction (lib/server/jobs), which the worker writes to the outbox and sends, with
 *   retries, like the reset mail. Queued on account creation (`startVerificationMail`, by the
 *   registration route: a failure is logged, never reported) and on request from /account
 *   (`resendVerificationMail`: the logged-in account only, at most `VERIFICATION_MAIL_LIMIT`
 *   mails per account in 15 minutes: lib/server/rate-limit/policies.ts `verification_resend`,
 *   counted in PostgreSQL in the transaction of the mail's job; 429 `too_many_attempts` with
 *   `Retry-After` past it; 409 `email_already_verified` once verified).
 * - `verifyEmailToken`: what /verify-email shows for a link (`VerifyEmailState`):
 *   `verified` (now), `already_verified` (the link was used already, or the address was
 *   verified another way: nothing changes), `email_changed` (a change-of-email link, see
 *   ./change-email.ts: the new address becomes the login's and the profile's, and counts as
 *   verified since it received the link; a reload of the same link says so again),
 *   `expired_token` (older than 24 hours: /verify-email offers a new link), `invalid_token`
 *   (not a token of this site, tampered with, an old address's, a used change-of-email link
 *   for an email changed since), `email_taken` (the new address became another account's meanwhile).
 */
import 'server-only';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../config';
import type { AccountSecurity, VerifyEmailState } from '../../contracts/account';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { participantProfiles, users } from '../db/schema';
import type { Tx } from '../jobs';
import { consume, RATE_LIMITS, RateLimitedError, wait } from '../rate-limit';
import { enqueueAccountMail } from './account-mails';
import { getAuth } from './auth';
import { captureAuthMails } from './auth-mails';
import { isUniqueViolation } from './create-account';
import { loggableError } from '../log/loggable-error';

/** Verification mails one account may ask for: 3 in 15 minutes (the policy `verification_resend`). */
export const VERIFICATION_MAIL_LIMIT = { max: RATE_LIMITS.verification_resend.limit, windowMs: RATE_LIMITS.verification_resend.windowS * 1000 } as const;

/** The login's address and whether it is verified; null for an unknown login. */
export async function getAccountSecurity(userId: string): Promise<AccountSecurity | null> {
  const [row] = await getDb().select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** What became of a verification mail (the logs and tests read it). */
export interface VerificationMailOutcome {
  mailed: boolean;
  reason?: 'no_account' | 'already_verified';
  /** The .eml its `send-email` job writes to the outbox (absolute path). */
  file?: string;
  /** That job's id (lib/server/jobs). */
  jobId?: string;
}

/** A login, by id or by (lower-cased) email. */
export type LoginRef = { userId: string } | { email: string };

/**
 * Queues a verification link to the address of login `who` in `locale` (see the module's
 * docstring). `headers`: the request's, when it carries that login's session. `inTx` runs in
 * the transaction of the mail's job before it is enqueued (a rate limit counted with it).
 * @throws Error when the job cannot be stored (nothing will be sent); what `inTx` throws.
 */
export async function sendVerificationMail(
  who: LoginRef,
  locale: Locale,
  options: { headers?: Headers; inTx?: (tx: Tx) => Promise<unknown>; next?: string } = {},
): Promise<VerificationMailOutcome> {
  const [user] = await getDb()
    .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where('userId' in who ? eq(users.id, who.userId) : eq(users.email, who.email.trim().toLowerCase()))
    .limit(1);
  if (!user) return { mailed: false, reason: 'no_account' };
  if (user.emailVerified) return { mailed: false, reason: 'already_verified' };
  const { mails } = await captureAuthMails(() => getAuth().api.sendVerificationEmail({ body: { email: user.email }, headers: options.headers ?? new Headers() }));
  const mail = mails.find((m) => m.to.toLowerCase() === user.email);
  if (!mail) return { mailed: false, reason: 'already_verified' };
  const queued = await getDb().transaction(async (tx) => {
    await options.inTx?.(tx);
    return enqueueAccountMail(tx, { kind: 'verify', to: user.email, name: user.name, token: mail.token, locale, next: options.next });
  });
  return { mailed: true, ...queued };
}

/**
 * The logged-in account asks for a new link (the /account banner, /verify-email after an
 * expired link).
 * @throws AppError 409 `email_already_verified`, 404 `not_found`; RateLimitedError 429
 * `too_many_attempts` (`retryAfterS`) past `verification_resend`.
 */
export async function resendVerificationMail(userId: string, locale: Locale, headers: Headers, next?: string): Promise<void> {
  const security = await getAccountSecurity(userId);
  if (!security) throw new AppError('not_found');
  const check = { policy: 'verification_resend', subject: { account: security.email } } as const;
  // A look first (the same 429 as before for a verified account past the limit); counted with the job.
  const retryAfterS = await wait(check);
  if (retryAfterS !== null) throw new RateLimitedError('verification_resend', retryAfterS);
  if (security.emailVerified) throw new AppError('email_already_verified');
  await sendVerificationMail({ userId }, locale, { headers, next, inTx: (tx) => consume([check], { db: tx }) });
}

/**
 * Queues the verification mail of a new account (the registration route, once it is created);
 * never throws: a failure is logged (the account stays; /account offers a new link).
 */
export async function startVerificationMail(who: LoginRef, locale: Locale, next?: string): Promise<void> {
  try {
    await sendVerificationMail(who, locale, { next });
  } catch (err) {
    console.error('[accounts] verification mail failed:', loggableError(err));
  }
}

/** The claims of a verification token, read without checking it (better-auth checks it). */
interface TokenClaims {
  email?: string;
  updateTo?: string;
  userId?: string;
}

function claimsOf(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** The state of a verification link once followed (see the module's docstring). */
export async function verifyEmailToken(token: string | null | undefined): Promise<VerifyEmailState> {
  if (!token || token.length > 4096) return 'invalid_token';
  const claims = claimsOf(token);
  if (!claims || typeof claims.email !== 'string') return 'invalid_token';
  const db = getDb();
  const byId = typeof claims.userId === 'string' ? claims.userId : null;
  const [before] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(byId ? eq(users.id, byId) : eq(users.email, claims.email.toLowerCase()))
    .limit(1);
  const updateTo = typeof claims.updateTo === 'string' ? claims.updateTo.toLowerCase() : null;
  if (updateTo && before?.email !== updateTo) {
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, updateTo)).limit(1);
    if (other) return 'email_taken';
  }
  try {
    await getAuth().api.verifyEmail({ query: { token } });
  } catch (err) {
    if (isUniqueViolation(err)) return 'email_taken';
    if (!isAPIError(err)) throw err;
    const code = (err.body as { code?: unknown } | undefined)?.code;
    if (code === 'TOKEN_EXPIRED') return 'expired_token';
    // The same change-of-email link followed again (a reload): already done.
    if (updateTo && before?.email === updateTo) return 'email_changed';
    return 'invalid_token';
  }
  if (updateTo && before) {
    // The new address received the link: it is the login's and the profile's, verified.
    await db.transaction(async (tx) => {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, before.id));
      await tx.update(participantProfiles).set({ email: updateTo }).where(eq(participantProfiles.userId, before.id));
    });
    return 'email_changed';
  }
  return before?.emailVerified ? 'already_verified' : 'verified';
}

