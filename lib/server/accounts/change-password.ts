/**
 * Changing the password while logged in (issue 22 "no change of password … while logged in"):
 * POST /ll/api/v1/users/current/password. The input has passed `changePasswordInput` (the
 * current password, the new one twice: spec §5 rules, different from the current one).
 *
 * The current password is checked first, limited per login like the other password checks of
 * the account (./close-account.ts `verifyHolderPassword`, policy `password_check`: 401
 * `wrong_password` with the issue on `currentPassword`, 429 `too_many_attempts`). Then
 * better-auth's `changePassword` with `revokeOtherSessions`: the new hash stored and EVERY
 * session of the login deleted, then one new session created for this browser, whose cookie
 * the caller sets (the others are logged out).
 */
import 'server-only';
import { isAPIError } from 'better-auth/api';
import type { ChangePasswordInput } from '../../contracts/account';
import { AppError } from '../../errors';
import { getAuth } from './auth';
import { verifyHolderPassword } from './close-account';
import { AccountFieldError } from './create-account';

/** 401 `wrong_password` with its issue on `currentPassword` (the form shows it under that field). */
const wrongCurrentPassword = () => new AccountFieldError('wrong_password', [{ path: ['currentPassword'], code: 'wrong_password' }]);

/**
 * Changes the password of login `userId`, whose session `headers` carry (see the module's docstring).
 * @returns the `Set-Cookie` values of this browser's new session.
 * @throws AccountFieldError 401 `wrong_password` (issue on `currentPassword`); AppError 401
 * `unauthenticated` (no session); RateLimitedError 429 `too_many_attempts` (`retryAfterS`).
 */
export async function changePassword(userId: string, headers: Headers, input: ChangePasswordInput): Promise<{ setCookies: string[] }> {
  try {
    await verifyHolderPassword(userId, input.currentPassword);
  } catch (err) {
    if (err instanceof AppError && err.code === 'wrong_password') throw wrongCurrentPassword();
    throw err;
  }
  try {
    const changed = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { setCookies: changed.headers.getSetCookie() };
  } catch (err) {
    if (isAPIError(err)) {
      if (err.statusCode === 401) throw new AppError('unauthenticated');
      // INVALID_PASSWORD (changed by another request meanwhile), CREDENTIAL_ACCOUNT_NOT_FOUND.
      if (err.statusCode === 400) throw wrongCurrentPassword();
    }
    throw err;
  }
}
