/**
 * Password reset (spec §2 /forgotPassword, /resetPassword; §4 Password reset: "the token link
 * is valid one hour and usable once"; §5 'Verify password not the same as new password'; §8
 * Login and reset; §9 reset email expected within 15 minutes).
 *
 * - `requestPasswordReset`: for an email with an account, a token of 32 random bytes
 *   (base64url, 43 characters) is mailed in the visitor's language (./reset-mail.ts); only its
 *   SHA-256 (hex) is stored in `password_resets`, with `created_at = now` and
 *   `expires_at = now + RESET_TOKEN_TTL_MS` (the caller's clock). The caller never learns
 *   whether the email has an account: the API answers 202 either way and runs the request
 *   after replying (`startPasswordResetRequest`), so neither the reply nor its timing tells.
 *   Limits (lib/server/rate-limit/policies.ts, 15 minutes): at most 3 mails per account
 *   (`reset_account`, counted when a mail is written) and 10 requests per network address
 *   (`reset_address`, every request); past them a request sends nothing (and still answers
 *   202). Both are counted in the request's transaction (nothing counted if it fails).
 * - `checkResetToken`: the state of a link as /resetPassword shows it.
 * - `resetPassword`: in one transaction, the reset row locked (FOR UPDATE) and checked, the new
 *   password compared with the current one, the hash replaced, this and every other unused
 *   reset of the account marked used, every session of the account deleted, and the account's
 *   failed logins forgotten (the holder of the mailbox proved who they are).
 *
 * Token states, checked in this order: no token or one naming no reset → `invalid_token`; not
 * 43 base64url characters → `undecodable_token`; already used → `used_token`; `now` at or
 * after `expires_at` → `expired_token`; else `valid`.
 */
import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../config';
import { RESET_TOKEN_PATTERN, RESET_TOKEN_TTL_MS, type ResetTokenState } from '../../contracts/account';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { authAccounts, passwordResets, sessions, users } from '../db/schema';
import { outboxDir, outboxFileName } from '../email';
import { enqueue } from '../jobs';
import { getAuth } from './auth';
import { loggableError } from '../log/loggable-error';
import { consume, RATE_LIMITS, RateLimitedError, type Check, type Executor } from '../rate-limit';
import { clearAccountFailures } from './login-rate-limit';
import { resetMail } from './reset-mail';

/** Reset mails per account and requests per network address within `windowMs` (15 minutes): the policies `reset_account` and `reset_address`. */
export const RESET_REQUEST_LIMIT = {
  perAccount: RATE_LIMITS.reset_account.limit,
  perAddress: RATE_LIMITS.reset_address.limit,
  windowMs: RATE_LIMITS.reset_address.windowS * 1000,
} as const;

/** Counts one attempt under `policy`; false when its limit refused it (nothing counted then). */
async function counts(tx: Executor, check: Check, now: Date): Promise<boolean> {
  try {
    await consume([check], { db: tx, now });
    return true;
  } catch (err) {
    if (err instanceof RateLimitedError) return false;
    throw err;
  }
}

/** A new token: 32 random bytes, base64url (43 characters, matches `RESET_TOKEN_PATTERN`). */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: SHA-256, hex. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What became of a request (never told to the visitor; the logs and tests read it). */
export interface ResetRequestOutcome {
  mailed: boolean;
  /** Why nothing was sent. */
  reason?: 'no_account' | 'address_limit' | 'account_limit';
  /** The .eml the `send-email` job writes to the outbox (absolute path). */
  file?: string;
  /** That job's id (lib/server/jobs). */
  jobId?: string;
}

/**
 * Mails a reset link to the account of `email`, if there is one and the limits allow (see the
 * module's docstring). Everything is one transaction: the reset row and the `send-email` job
 * of its mail (lib/server/jobs; issue 22) commit together; the worker then writes the .eml to
 * the outbox and sends it through SMTP when configured, retrying with backoff on failure.
 * @throws Error when the database fails (nothing is stored then).
 */
export async function requestPasswordReset(
  email: string,
  locale: Locale,
  options: { ip?: string; now?: Date } = {},
): Promise<ResetRequestOutcome> {
  const now = options.now ?? new Date();
  const ip = options.ip ?? 'unknown';
  const address = email.trim().toLowerCase();
  return getDb().transaction(async (tx): Promise<ResetRequestOutcome> => {
    if (!(await counts(tx, { policy: 'reset_address', subject: { address: ip } }, now))) return { mailed: false, reason: 'address_limit' as const };
    const [user] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, address)).limit(1);
    if (!user) return { mailed: false, reason: 'no_account' as const };
    if (!(await counts(tx, { policy: 'reset_account', subject: { account: user.email } }, now))) return { mailed: false, reason: 'account_limit' as const };
    const token = newResetToken();
    await tx.insert(passwordResets).values({
      tokenHash: hashResetToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    const file = outboxFileName(new Date(), `reset-${randomUUID()}`);
    const jobId = await enqueue(tx, 'send-email', { mail: await resetMail({ to: user.email, name: user.name, token, locale }), file });
    return { mailed: true, file: path.join(outboxDir(), file), jobId };
  });
}

const pending = new Set<Promise<unknown>>();

/**
 * Runs `requestPasswordReset` without waiting for it (the API's 202 must not depend on whether
 * the account exists, nor take longer when it does). A failure is logged, never reported.
 */
export function startPasswordResetRequest(email: string, locale: Locale, options: { ip?: string; now?: Date } = {}): void {
  const task = requestPasswordReset(email, locale, options)
    .then((outcome) => {
      if (!outcome.mailed && outcome.reason !== 'no_account') console.warn(`[accounts] password reset not mailed (${outcome.reason})`);
      else if (outcome.file) console.info(`[accounts] password reset mail queued: ${path.basename(outcome.file)}`);
    })
    .catch((err: unknown) => console.error('[accounts] password reset request failed:', loggableError(err)))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every reset request this process started has finished (tests; a graceful stop). */
export async function settledPasswordResetRequests(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

type ResetRow = { userId: string; expiresAt: Date; usedAt: Date | null };

/** The state of a token whose row is `row` (undefined: no such reset) at `now`. */
function stateOf(row: ResetRow | undefined, now: Date): ResetTokenState {
  if (!row) return 'invalid_token';
  if (row.usedAt) return 'used_token';
  if (now.getTime() >= row.expiresAt.getTime()) return 'expired_token';
  return 'valid';
}

/** The state of `token` before looking it up: missing → invalid, malformed → undecodable. */
function shapeOf(token: string | null | undefined): ResetTokenState | null {
  if (token === undefined || token === null || token === '') return 'invalid_token';
  if (!RESET_TOKEN_PATTERN.test(token)) return 'undecodable_token';
  return null;
}

/**
 * The state of a reset link's token at `now` (see the module's docstring): 'valid',
 * 'invalid_token', 'undecodable_token', 'expired_token' or 'used_token'.
 */
export async function checkResetToken(token: string | null | undefined, now: Date = new Date()): Promise<ResetTokenState> {
  const shape = shapeOf(token);
  if (shape) return shape;
  const [row] = await getDb()
    .select({ userId: passwordResets.userId, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashResetToken(token!)))
    .limit(1);
  return stateOf(row, now);
}

/**
 * Sets the password of the account a valid token names (see the module's docstring).
 * `input.password` has passed `resetPasswordInput` (8–255 characters, a letter and a digit).
 * @throws AppError 400 `invalid_token` / `undecodable_token`, 410 `expired_token` / `used_token`,
 * 400 `invalid_new_password` (the new password is the current one; nothing changed).
 */
export async function resetPassword(input: { token: string; password: string }, now: Date = new Date()): Promise<{ userId: string }> {
  const shape = shapeOf(input.token);
  if (shape) throw new AppError(shape as 'invalid_token' | 'undecodable_token');
  const ctx = await getAuth().$context;
  const newHash = await ctx.password.hash(input.password);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: passwordResets.userId, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashResetToken(input.token)))
      .for('update');
    const state = stateOf(row, now);
    if (state !== 'valid') throw new AppError(state);
    const userId = row!.userId;
    const [credential] = await tx
      .select({ id: authAccounts.id, password: authAccounts.password })
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
      .for('update');
    if (credential?.password && (await ctx.password.verify({ hash: credential.password, password: input.password }))) {
      throw new AppError('invalid_new_password');
    }
    if (credential) {
      await tx.update(authAccounts).set({ password: newHash, updatedAt: now }).where(eq(authAccounts.id, credential.id));
    } else {
      await tx.insert(authAccounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: newHash });
    }
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user) await clearAccountFailures(user.email, tx);
    return { userId };
  });
}
