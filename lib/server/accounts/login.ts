/**
 * Logging in with email and password (spec §2 /login; §8 Login and reset: 'The password or
 * email is wrong'; issue 11 "Failed logins are rate-limited per account and per address").
 *
 * Order: the rate limits first (./login-rate-limit.ts, lib/server/rate-limit/policies.ts
 * `login_*`: 429 `too_many_attempts` with `Retry-After` before the password is looked at), then
 * better-auth's `signInEmail`, which hashes the given password even for an unknown email (so
 * both refusals take as long) and creates the database session. An unknown email, an account
 * without a password and a wrong password all answer the same 401 `invalid_credentials`; so
 * does an address better-auth finds malformed, after hashing the password the same way. A
 * success forgets the failures of this account from this address and marks the address known.
 */
import 'server-only';
import { isAPIError } from 'better-auth/api';
import type { LoginInput, SessionUser } from '../../contracts/account';
import { AppError } from '../../errors';
import { getAuth } from './auth';
import { getSessionUser } from './current-user';
import { reserveLoginAttempt, settleLoginAttempt } from './login-rate-limit';

/** Who is logging in: the client's address (rate limit), the request's headers (the session's IP and user agent). */
export interface LoginContext {
  ip: string;
  headers?: Headers;
  now?: Date;
}

/** A login that succeeded: the user as the site sees them, and the session cookie to set. */
export interface LoginResult {
  user: SessionUser;
  /** `Set-Cookie` header values (the session cookie `ll.session_token`). */
  setCookies: string[];
}

/** The headers better-auth sees: the request's, without its cookies (a new session replaces any old one). */
function signInHeaders(headers: Headers | undefined): Headers {
  const out = new Headers(headers);
  out.delete('cookie');
  return out;
}

/**
 * Logs `input` in (see the module's docstring).
 * @throws LoginRateLimitedError 429 `too_many_attempts` (with `retryAfterS`);
 * AppError 401 `invalid_credentials`.
 */
export async function login(input: LoginInput, context: LoginContext): Promise<LoginResult> {
  const now = context.now ?? new Date();
  const attempt = await reserveLoginAttempt(input.email, context.ip, now);
  const auth = getAuth();
  let setCookies: string[];
  try {
    const signed = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: signInHeaders(context.headers),
      returnHeaders: true,
    });
    setCookies = signed.headers.getSetCookie();
  } catch (err) {
    if (isAPIError(err) && (err.statusCode === 401 || err.statusCode === 400)) {
      // 400: an email better-auth finds malformed was refused before any hashing: hash once, as for an unknown email.
      if (err.statusCode === 400) await (await auth.$context).password.hash(input.password);
      await settleLoginAttempt(attempt, 'failure');
      throw new AppError('invalid_credentials');
    }
    await settleLoginAttempt(attempt, 'unjudged').catch(() => {});
    throw err;
  }
  await settleLoginAttempt(attempt, 'success');
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  const { user } = await getSessionUser(new Headers({ cookie }));
  if (!user) throw new Error('The session just created could not be read back');
  return { user, setCookies };
}
