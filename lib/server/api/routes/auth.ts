/**
 * Login, logout, session and password reset (spec §2 /login, /forgotPassword, /resetPassword;
 * §4 Password reset; §8 Login and reset). Mounted at /ll/api/v1/auth. Thin: each call checks
 * its body with the account contract (lib/contracts/account.ts), calls lib/server/accounts,
 * replies. Every reply is `Cache-Control: no-store`.
 *
 * - `POST /login` `{ email, password }` → 200 `{ user }` + the session cookie; 401
 *   `invalid_credentials` ('The password or email is wrong', the same for an unknown email);
 *   429 `too_many_attempts` with `Retry-After` (s), before the password is looked at: 5
 *   failures for the account from this address, or 30 from the address, within 15 minutes, or 25
 *   in an hour for the account from addresses that never logged into it (lib/server/rate-limit/
 *   policies.ts `login_*`: a stranger cannot lock a racer out from elsewhere).
 * - `POST /logout` → 200 `{ ok: true }`, the session deleted and its cookie cleared.
 * - `GET /session` → 200 `{ user }` (null when logged out), `Cache-Control: private, no-store`.
 * - `POST /forgot-password` `{ email, locale }` → 202 `{ ok: true }` whatever the email (the
 *   reset link is mailed afterwards when an account has it).
 * - `GET /reset-password/{token}` → 200 `{ state: 'valid' }`, or 400 `invalid_token` /
 *   `undecodable_token`, 410 `expired_token` / `used_token`.
 * - `POST /reset-password` `{ token, password, passwordConfirmation }` → 200 `{ ok: true }`
 *   (every session of the account ended); the token errors above; 400 `invalid_new_password`
 *   with the issue on `password` when it is the current password.
 *
 * A body that fails its check answers 400 `{ error, message, statusCode, issues: [{ path,
 * code }] }` (`error` is the first issue's code; codes are `accountFields.errors.*`). A body
 * that is not declared JSON answers 415 `unsupported_media_type`. The client's address (rate
 * limits) is the first hop of X-Forwarded-For (../kit.ts `clientIp`). `Retry-After` is set by
 * the app's onError from the error's `retryAfterS`.
 *
 * The `sessionUser` middleware runs on `GET /session` only: on login and logout it would append
 * the refreshed cookie of the session being replaced after the new one, and the browser keeps
 * the last `Set-Cookie` it reads.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { accountIssues, forgotPasswordInput, loginInput, resetPasswordInput, RESET_TOKEN_STATES } from '../../../contracts/account';
import { AppError } from '../../../errors';
import { login } from '../../accounts/login';
import { logout } from '../../accounts/logout';
import { checkResetToken, resetPassword, startPasswordResetRequest } from '../../accounts/password-reset';
import { ErrorSchema, validationHook } from '../errors';
import { IssuesErrorSchema, clientIp, issuesHook, json, noStore, requireJson, tooManyReply } from '../kit';
import { named } from '../openapi';
import { sessionUser, type SessionVariables } from '../session';

type Env = { Variables: SessionVariables };

const IssuesError = IssuesErrorSchema;

const SessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string().openapi({ example: 'participant' }),
    firstName: z.string().nullable(),
    profileId: z.number().int().nullable(),
    participantId: z.number().int().nullable(),
  })
  .openapi('SessionUser');

const Ok = z.object({ ok: z.literal(true) }).openapi('Ok');

const LoginBody = named(loginInput, 'LoginInput', { description: 'Email and password (lib/contracts/account.ts loginInput).' });
const ForgotBody = named(forgotPasswordInput, 'ForgotPasswordInput', { description: 'The account’s email and the language of the mail (en, fr, es).' });
const ResetBody = named(resetPasswordInput, 'ResetPasswordInput', {
  description: 'The mailed token, the new password (8–255 characters, a letter and a digit) and its confirmation.',
});

/** The validation hook of the JSON bodies: the contract's codes as `issues`. */
const bodyHook = issuesHook(accountIssues);

const setCookies = (c: Context, cookies: string[]) => {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
};

const tokenErrors = {
  400: json(ErrorSchema, '`invalid_token` (no reset has this token) or `undecodable_token` (not 43 base64url characters)'),
  410: json(ErrorSchema, '`expired_token` (more than one hour old) or `used_token` (already used)'),
};

/** The auth sub-app (mounted at /ll/api/v1/auth). */
export function authRoutes() {
  const app = new OpenAPIHono<Env>({ defaultHook: validationHook });
  app.use(noStore);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/login',
      summary: 'Log in with email and password',
      description:
        'Spec §2 /login, §8 Login and reset; issue 22. Sets the session cookie `ll.session_token` (HttpOnly, SameSite=Lax, path /ll, Secure on https; 30 days, refreshed daily). An unknown email and a wrong password get the same 401. Answers 429 with `Retry-After` before checking the password after 5 failed logins for one account from this address, or 30 from this address, within 15 minutes, or 25 in an hour for the account from addresses that never logged into it; a success forgets this address’s failures for the account.',
      middleware: [requireJson] as const,
      request: { body: { content: { 'application/json': { schema: LoginBody } }, required: true } },
      responses: {
        200: json(z.object({ user: SessionUserSchema }).openapi('LoginReply'), 'Logged in: the user, and the session cookie in `Set-Cookie`'),
        400: json(IssuesError, 'A field failed its check (`null_email`, `null_password`, …)'),
        401: json(ErrorSchema, '`invalid_credentials`: ‘The password or email is wrong’'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
        429: tooManyReply('`too_many_attempts`: too many failed logins for this account or from this address'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const result = await login(input, { ip: clientIp(c), headers: c.req.raw.headers });
      setCookies(c, result.setCookies);
      return c.json({ user: result.user }, 200);
    },
    (result, c) => bodyHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      summary: 'Log out',
      description: 'Spec §2 /login (issue 11: login, logout). Deletes the session named by the cookie and clears the cookie. Answers 200 also without a session.',
      responses: { 200: json(Ok, 'Logged out; `Set-Cookie` clears the session cookie') },
    }),
    async (c) => {
      const result = await logout(c.req.raw.headers);
      setCookies(c, result.setCookies);
      return c.json({ ok: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/session',
      summary: 'The logged-in user',
      description: 'Spec §6 Roles (who is logged in). The user of the session cookie, or null. A session due for refresh (daily) gets a new cookie. `Cache-Control: private, no-store`.',
      middleware: [sessionUser] as const,
      responses: { 200: json(z.object({ user: SessionUserSchema.nullable() }).openapi('SessionReply'), 'The user, or null when logged out') },
    }),
    (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ user: c.get('user') }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      summary: 'Ask for a password-reset link by email',
      description:
        'Spec §2 /forgotPassword, §4 Password reset. Always 202, whether or not the email has an account (the reply never tells). When it has one, a link `/ll[/fr|/es]/resetPassword?token=…` valid one hour and usable once is mailed in `locale`, after the reply. At most 3 mails per account and 10 requests per address within 15 minutes (lib/server/rate-limit/policies.ts `reset_*`): past them nothing is sent.',
      middleware: [requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ForgotBody } }, required: true } },
      responses: {
        202: json(Ok, 'Accepted (whatever the email)'),
        400: json(IssuesError, 'A field failed its check (`null_email`, `invalid_email`, `invalid_locale`)'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
      },
    }),
    (c) => {
      const input = c.req.valid('json');
      startPasswordResetRequest(input.email, input.locale, { ip: clientIp(c) });
      return c.json({ ok: true as const }, 202);
    },
    (result, c) => bodyHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/reset-password/{token}',
      summary: 'Check a password-reset link',
      description: 'Spec §4 Password reset, §8 Login and reset: whether the mailed token can still be used.',
      request: { params: z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' }, example: 'a'.repeat(43) }) }) },
      responses: {
        200: json(z.object({ state: z.enum(RESET_TOKEN_STATES).openapi({ example: 'valid' }) }).openapi('ResetTokenState'), 'The token is valid'),
        ...tokenErrors,
      },
    }),
    async (c) => {
      const state = await checkResetToken(c.req.valid('param').token);
      if (state !== 'valid') throw new AppError(state);
      return c.json({ state }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/reset-password',
      summary: 'A password-reset link without its token',
      description: 'Spec §8 Login and reset: always 400 `invalid_token`, ‘Invalid access. You do not have a proper token!’',
      responses: { 400: json(ErrorSchema, '`invalid_token`') },
    }),
    () => {
      throw new AppError('invalid_token');
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      summary: 'Set a new password with a reset link',
      description:
        'Spec §4 Password reset (valid one hour, usable once), §5 password rules and ‘Verify password not the same as new password’. In one transaction: the password replaced, this and every other unused link of the account used up, every session of the account ended.',
      middleware: [requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ResetBody } }, required: true } },
      responses: {
        200: json(Ok, 'The password is changed; every session of the account is ended'),
        400: json(
          IssuesError,
          'A field failed its check (`invalid_password_length`, `invalid_password_confirmation` …), `invalid_new_password` (issue on `password`: it is the current password), or `invalid_token` / `undecodable_token`',
        ),
        410: tokenErrors[410],
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      try {
        await resetPassword(input);
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_new_password') {
          return c.json({ ...err.toJSON(), statusCode: 400, issues: [{ path: ['password'], code: 'invalid_new_password' }] }, 400);
        }
        throw err;
      }
      return c.json({ ok: true as const }, 200);
    },
    (result, c) => bodyHook(result, c),
  );

  return app;
}
