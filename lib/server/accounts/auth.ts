/**
 * The accounts library (DESIGN.md "accounts": better-auth, email and password, sessions in the
 * database) on the site's own PostgreSQL through Drizzle. Spec §2 /login, §6 Roles.
 *
 * better-auth's HTTP handler is not mounted: the site's own API routes (lib/server/api/routes/
 * auth.ts) call `auth.api.*` so that every reply, message and rate limit is the spec's and the
 * house's. What the library does here: hashing (scrypt, through ./password-hash.ts), sessions in `sessions` with a signed
 * token in an HttpOnly, SameSite=Lax cookie `ll.session_token` on `/ll` (Secure when the site's
 * origin is https; `__Secure-` prefixed then), session expiry (30 days) and refresh (once a day
 * of use), logout, the email-verification and change-of-email tokens (issue 22: JWTs signed
 * with the secret, valid 24 hours; their mails are caught by ./auth-mails.ts and written by
 * ./verify-email.ts and ./change-email.ts), the change of password (./change-password.ts).
 *
 * The secret signing the cookie is `BETTER_AUTH_SECRET`, else the one `npm start` keeps in
 * `.data/auth.secret` (generated there at first use, mode 0600). Every instance of one site
 * must share it.
 */
import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_LIMITS, EMAIL_VERIFICATION_TTL_S } from '../../contracts/account';
import { BASE_PATH } from '../../config';
import { getDb } from '../db';
import { authAccounts, sessions, users, verifications } from '../db/schema';
import { siteOrigin } from '../config/env';
import { collectVerificationMail } from './auth-mails';
import { hashPassword, verifyPassword } from './password-hash';

/** Where the generated secret is kept when BETTER_AUTH_SECRET is not set. */
export const AUTH_SECRET_FILE = '.data/auth.secret';

/** Session lifetime and refresh step, in seconds. */
export const SESSION_TTL_S = 30 * 24 * 3600;
export const SESSION_REFRESH_S = 24 * 3600;

/** The name of the session cookie (without the `__Secure-` prefix an https site adds). */
export const SESSION_COOKIE = 'll.session_token';

/** The cookie signing secret (see the module's docstring). */
export function authSecret(): string {
  const given = process.env.BETTER_AUTH_SECRET;
  if (given) return given;
  const file = path.resolve(AUTH_SECRET_FILE);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    // not generated yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process wrote it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}

function createAuth() {
  const origin = siteOrigin();
  return betterAuth({
    appName: 'FMQR',
    secret: authSecret(),
    baseURL: origin,
    basePath: `${BASE_PATH}/api/v1/auth`,
    trustedOrigins: [origin],
    database: drizzleAdapter(getDb(), {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by the site's stepper (lib/server/accounts/create-account.ts), in one transaction.
      disableSignUp: true,
      minPasswordLength: ACCOUNT_LIMITS.password.min,
      maxPasswordLength: ACCOUNT_LIMITS.password.max,
      autoSignIn: false,
      // better-auth's scrypt and format, at a lower cost under Vitest only (./password-hash.ts).
      password: { hash: hashPassword, verify: verifyPassword },
    },
    // Issue 22: an unverified account can log in and browse (requireEmailVerification stays off);
    // the link is mailed by the site's own use cases, never on sign-in.
    emailVerification: {
      sendVerificationEmail: collectVerificationMail,
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_S,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'participant' },
      },
      // The new address gets a link; the change happens when it is followed (./change-email.ts).
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: {
      expiresIn: SESSION_TTL_S,
      updateAge: SESSION_REFRESH_S,
    },
    // The site's own limits (lib/server/accounts/login-rate-limit.ts) apply; the library's are for its HTTP handler.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // The library warns on every failed login ('Invalid password'); the site reports those itself.
    logger: { level: 'error' },
    advanced: {
      cookiePrefix: 'll',
      useSecureCookies: origin.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: BASE_PATH },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { __llAuth?: Auth };

/** The one better-auth instance of this process (created at first use: `next build` never opens it). */
export function getAuth(): Auth {
  globalForAuth.__llAuth ??= createAuth();
  return globalForAuth.__llAuth;
}
