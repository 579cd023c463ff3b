/**
 * The mails better-auth asks for (issue 22: email verification, change of email), caught
 * rather than sent. better-auth signs the token (a JWT with the site's secret, valid
 * `EMAIL_VERIFICATION_TTL_S`) and calls `emailVerification.sendVerificationEmail`; the site's
 * use cases (./verify-email.ts, ./change-email.ts) run the library's call inside
 * `captureAuthMails`, which collects the token and the address here, then enqueue the mail in
 * the visitor's language as a `send-email` job (like the reset mail: the worker writes it to the
 * outbox and sends it, with retries; lib/server/jobs).
 *
 * The library's own link (`<origin>/ll/api/v1/auth/verify-email?token=…`) is never mailed: that
 * handler is not mounted. A mail better-auth asks for outside `captureAuthMails` is dropped
 * with a warning (no use case of the site does that).
 */
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/** One mail better-auth asked for: the address it goes to, the account's name, the token of its link. */
export interface AuthMail {
  to: string;
  name: string;
  token: string;
}

const store = new AsyncLocalStorage<AuthMail[]>();

/** better-auth's `emailVerification.sendVerificationEmail` (see the module's docstring). */
export async function collectVerificationMail(data: { user: { email: string; name: string }; token: string }): Promise<void> {
  const mails = store.getStore();
  if (!mails) {
    console.warn('[accounts] a verification mail was asked for outside the site’s use cases: not sent');
    return;
  }
  mails.push({ to: data.user.email, name: data.user.name, token: data.token });
}

/** Runs `run` (a better-auth call) and answers its result with the mails it asked for, in order. */
export async function captureAuthMails<T>(run: () => Promise<T>): Promise<{ result: T; mails: AuthMail[] }> {
  const mails: AuthMail[] = [];
  const result = await store.run(mails, run);
  return { result, mails };
}
