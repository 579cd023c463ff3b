/**
 * Changing the login email (issue 22 "no change of … email while logged in"): POST
 * /ll/api/v1/users/current/email. The input has passed `changeEmailInput` (the new address, the
 * password, the language of the mails).
 *
 * Checked in order: the new address is the current one (400 `same_email`, issue on
 * `newEmail`); the password (./close-account.ts `verifyHolderPassword`, limited per login by
 * `password_check`: 401 `wrong_password` with the issue on `password`, 429 `too_many_attempts`
 * with `Retry-After`); the new address is
 * another login's (409 `email_taken`, issue on `newEmail`; a logged-in holder who gave their
 * password learns no more than the registration's own check tells anyone).
 *
 * Then better-auth's `changeEmail` signs a change-of-email token (the old address, the new one,
 * the login's id; valid 24 hours) that ./auth-mails.ts catches, and two mails in `locale`
 * (./account-mails.ts) are enqueued as `send-email` jobs in one transaction (both or neither;
 * the worker writes and sends them, with retries): the link to the NEW address, and a notice to
 * the OLD one naming the new address. Nothing changes until the link is followed (./verify-email.ts
 * `verifyEmailToken` → `email_changed`: login and profile email replaced, verified); a new
 * request does not cancel an earlier link, each stays valid for its 24 hours.
 */
import 'server-only';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { ChangeEmailInput } from '../../contracts/account';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { users } from '../db/schema';
import { enqueueAccountMail } from './account-mails';
import { getAuth } from './auth';
import { captureAuthMails } from './auth-mails';
import { isEmailTaken } from './check-duplicate';
import { verifyHolderPassword } from './close-account';
import { AccountFieldError } from './create-account';

/** The mails a request queued (the absolute .eml paths their jobs write): the link to the new address, the notice to the old one. */
export interface EmailChangeRequest {
  linkFile: string;
  noticeFile: string;
  /** The two `send-email` jobs (lib/server/jobs). */
  jobIds: string[];
}

/**
 * Asks for the change of the email of login `userId`, whose session `headers` carry (see the
 * module's docstring).
 * @throws AccountFieldError 400 `same_email`, 401 `wrong_password`, 409 `email_taken`;
 * AppError 401 `unauthenticated`, 503 `mail_unavailable` (the mails could not be queued: try
 * again; an unsent link changes nothing); RateLimitedError 429 `too_many_attempts` (`retryAfterS`).
 */
export async function requestEmailChange(userId: string, headers: Headers, input: ChangeEmailInput): Promise<EmailChangeRequest> {
  const [user] = await getDb().select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthenticated');
  if (input.newEmail === user.email) throw new AccountFieldError('same_email', [{ path: ['newEmail'], code: 'same_email' }]);
  try {
    await verifyHolderPassword(userId, input.password);
  } catch (err) {
    if (err instanceof AppError && err.code === 'wrong_password') throw new AccountFieldError('wrong_password', [{ path: ['password'], code: 'wrong_password' }]);
    throw err;
  }
  if (await isEmailTaken(input.newEmail)) throw new AccountFieldError('email_taken', [{ path: ['newEmail'], code: 'email_taken' }]);
  let mails;
  try {
    ({ mails } = await captureAuthMails(() => getAuth().api.changeEmail({ body: { newEmail: input.newEmail }, headers })));
  } catch (err) {
    if (isAPIError(err) && err.statusCode === 401) throw new AppError('unauthenticated');
    throw err;
  }
  const link = mails.find((m) => m.to.toLowerCase() === input.newEmail);
  // better-auth answers without a token only when the address became a login meanwhile.
  if (!link) throw new AccountFieldError('email_taken', [{ path: ['newEmail'], code: 'email_taken' }]);
  try {
    return await getDb().transaction(async (tx) => {
      const linkMail = await enqueueAccountMail(tx, { kind: 'changeEmail', to: input.newEmail, name: user.name, token: link.token, locale: input.locale, newEmail: input.newEmail });
      const notice = await enqueueAccountMail(tx, { kind: 'changeNotice', to: user.email, name: user.name, locale: input.locale, newEmail: input.newEmail });
      return { linkFile: linkMail.file, noticeFile: notice.file, jobIds: [linkMail.jobId, notice.jobId] };
    });
  } catch (err) {
    throw new AppError('mail_unavailable', undefined, { cause: err });
  }
}
