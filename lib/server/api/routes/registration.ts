/**
 * Account creation (spec §2 /registration/participant, §4 the account-creation stepper, §5,
 * §8 Registration; issue 11). Mounted at /ll/api/v1/registration. Thin: checks the body with the
 * contract (lib/contracts/account.ts), hands it to lib/server/accounts, replies.
 *
 * - POST /participant/check `DuplicateCheckInput` → 200 `{ emailTaken, likelyDuplicate }` (the
 *   Existing Account step). At most 30 checks per client IP in 10 minutes (kept in this
 *   process: lib/server/accounts/check-duplicate.ts), then 429 `too_many_attempts` with
 *   `Retry-After` (s).
 * - POST /participant `ParticipantRegistrationFields` → 201 `{ id, minors }` (`id`: the holder's
 *   profile id, the thank-you page's) with the new holder's session cookie (they are logged
 *   in); 200 with the same body for a repeated `submissionId` (and the session cookie when the
 *   body's email is the login that submission created and the password matches: a rate-limited
 *   login, lib/server/accounts/login.ts); 409 `email_taken` (issue at `['login','email']`); 409
 *   `duplicate_account` (same names and date of birth as an existing profile, and
 *   `acknowledgeDuplicate` false); 429 `too_many_attempts` when the client IP used up the
 *   check limit (refused creations count against it).
 *
 * A failed body check answers 400 `{ error, message, statusCode, issues: [{ path, code }] }`,
 * `code` the contract's `invalid_*` / `null_*` (`accountIssues`), `error` the first code. A body
 * that is not JSON: 415 `unsupported_media_type`; malformed JSON: 400 `invalid_json`. Replies
 * are never cached (`no-store`). The client IP is the first hop of `X-Forwarded-For` (set by the
 * site server; see routes/contact.ts `clientIp`).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { accountIssues, duplicateCheckInput, participantRegistrationInput } from '../../../contracts/account';
import { AppError, errorBody } from '../../../errors';
import { createParticipantAccount, duplicateCheckLimiter, TooManyAttemptsError, checkDuplicate } from '../../accounts';
import { getAuth } from '../../accounts/auth';
import { loggableError } from '../../accounts/loggable-error';
import { login } from '../../accounts/login';
import { isDatabaseUnavailable } from '../../db/availability';
import { ErrorSchema, validationError, validationHook } from '../errors';
import { named } from '../openapi';
import { sessionUser, type SessionVariables } from '../session';
import { clientIp } from './contact';

/** One field's fault: `path` the field (`['login','email']`), `code` the contract's. */
export const AccountIssueSchema = z
  .object({ path: z.array(z.union([z.string(), z.number()])), code: z.string().openapi({ example: 'invalid_email' }) })
  .openapi('AccountIssue');

/** An account call's error: `{ error, message, statusCode }`, with `issues` when fields are at fault. */
export const AccountErrorSchema = ErrorSchema.extend({
  issues: z.array(AccountIssueSchema).optional().openapi({ description: 'One entry per failed field, with the contract’s code' }),
}).openapi('AccountError');

export const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** The 429 reply with its `Retry-After` header. */
export const tooManyReply = (description: string) => ({
  ...json(ErrorSchema, description),
  headers: z.object({ 'Retry-After': z.string().openapi({ description: 'Seconds until an attempt would be accepted' }) }),
});

/** `application/json` or `application/*+json`, with parameters. */
const JSON_TYPE = /^application\/([a-z.-]+\+)?json\s*(;|$)/i;

/** 415 for a body that is not declared JSON (before anything reads it). */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return c.json(errorBody('unsupported_media_type'), 415);
  await next();
};

type HookResult = Parameters<typeof validationHook>[0];

/**
 * The validation hook of the account calls: a failed JSON body answers 400 with `issues`
 * (`accountIssues`); a failed path parameter throws the API's usual error (`invalid_id`).
 */
export function accountHook(result: HookResult, c: Context) {
  if (result.success) return undefined;
  if (result.target !== 'json') throw validationError(result);
  const issues = accountIssues(result.error);
  const code = issues[0]?.code ?? 'invalid_request';
  c.header('Cache-Control', 'no-store');
  return c.json(
    { error: code, message: `The request is invalid: ${issues.map((i) => `${i.path.join('.') || 'body'} (${i.code})`).join(', ')}`, statusCode: 400 as const, issues },
    400,
  );
}

/** Runs `fn`; a `TooManyAttemptsError` leaves with its `Retry-After` header set (the app's onError answers 429). */
export async function withRetryAfter<T>(c: Context, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TooManyAttemptsError) c.header('Retry-After', String(err.retryAfterS));
    throw err;
  }
}

const DuplicateCheckBody = named(duplicateCheckInput, 'DuplicateCheckInput', {
  description: 'The person of the Information step (or the adult) and the login email (lib/contracts/account.ts duplicateCheckInput).',
});
const RegistrationBody = named(participantRegistrationInput, 'ParticipantRegistration', {
  description: 'Every step of the stepper (lib/contracts/account.ts participantRegistrationInput); `submissionId` a UUID made when the stepper opens.',
});
const DuplicateCheckReply = z.object({ emailTaken: z.boolean(), likelyDuplicate: z.boolean() }).openapi('DuplicateCheck');
const AccountCreatedReply = z
  .object({ id: z.number().int().openapi({ description: 'The holder’s profile id (/thank-you-page/participant/{id})' }), minors: z.number().int() })
  .openapi('AccountCreated');

/** The registration sub-app (mounted at /ll/api/v1/registration). */
export function registrationRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables }>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/participant/check',
      summary: 'Existing Account check: is the email an account, is this person (names + date of birth) already a profile',
      description:
        'Spec §4 Existing Account step, §8 General (duplicate account detected), §8 Registration (Email is already registered). At most 30 checks per client IP in 10 minutes (in this process), then 429 `too_many_attempts` with `Retry-After`.',
      middleware: [requireJson] as const,
      request: { body: { content: { 'application/json': { schema: DuplicateCheckBody } }, required: true } },
      responses: {
        200: json(DuplicateCheckReply, '`emailTaken`: the email is a login; `likelyDuplicate`: a profile with the same names and date of birth exists'),
        400: json(AccountErrorSchema, 'A field failed its check (`issues`), or `invalid_json`'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
        429: tooManyReply('`too_many_attempts`: too many checks from this IP'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      const ip = clientIp(c.req.header('x-forwarded-for'));
      await withRetryAfter(c, async () => duplicateCheckLimiter.consume(`ip:${ip}`));
      return c.json(await checkDuplicate(input), 200);
    },
    (result, c) => accountHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/participant',
      summary: 'Create a participant account (with its minors) and log its holder in',
      description:
        'Spec §4 account-creation stepper, §5, §8 Registration. One transaction: the login, its credential, the holder’s racer record and profile, each minor’s. A repeated `submissionId` answers 200 with the first creation’s body. The reply sets the holder’s session cookie.',
      middleware: [requireJson] as const,
      request: { body: { content: { 'application/json': { schema: RegistrationBody } }, required: true } },
      responses: {
        201: {
          ...json(AccountCreatedReply, 'Created; the holder is logged in (`Set-Cookie`)'),
          headers: z.object({ 'Set-Cookie': z.string().openapi({ description: 'The session cookie (ll.session_token, HttpOnly, SameSite=Lax, path /ll)' }) }),
        },
        200: json(AccountCreatedReply, 'A repeated `submissionId`: the account it created'),
        400: json(AccountErrorSchema, 'A field failed its check (`issues`), `invalid_children` (over 10 minors), or `invalid_json`'),
        409: json(AccountErrorSchema, '`email_taken` (issue at `login.email`) or `duplicate_account`'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
        429: tooManyReply('`too_many_attempts`: too many checks or refused creations from this IP'),
        500: json(ErrorSchema, '`registration_failed`: Failed to register. Please try again. (nothing was written)'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      const ip = clientIp(c.req.header('x-forwarded-for'));
      const key = `ip:${ip}`;
      // Counted at once (parallel submissions cannot all pass the limit); given back unless refused.
      const attempt = await withRetryAfter(c, async () => duplicateCheckLimiter.consume(key));
      let created;
      try {
        created = await createParticipantAccount(input);
      } catch (err) {
        if (!(err instanceof AppError && (err.code === 'email_taken' || err.code === 'duplicate_account'))) duplicateCheckLimiter.release(key, attempt);
        if (err instanceof AppError) throw err;
        if (isDatabaseUnavailable(err)) throw err;
        console.error('[registration] account creation failed:', loggableError(err));
        throw new AppError('registration_failed', undefined, { cause: err });
      }
      duplicateCheckLimiter.release(key, attempt);
      if (!created.repeated) {
        try {
          const signedIn = await getAuth().api.signInEmail({
            body: { email: input.login.email, password: input.login.password },
            headers: c.req.raw.headers,
            returnHeaders: true,
          });
          for (const cookie of signedIn.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        } catch (err) {
          console.error('[registration] signing the new holder in failed:', loggableError(err));
        }
      } else if (created.email === input.login.email) {
        // A repeated submission logs its own holder back in, as a login does: rate-limited, and only
        // into the account that submission created (never a login for whatever email the body names).
        try {
          const result = await login({ email: input.login.email, password: input.login.password }, { ip, headers: c.req.raw.headers });
          for (const cookie of result.setCookies) c.header('Set-Cookie', cookie, { append: true });
        } catch (err) {
          // A password that no longer matches, or too many failures: the account exists, no session.
          if (!(err instanceof AppError)) throw err;
        }
      }
      const body = { id: created.id, minors: created.minors };
      return created.repeated ? c.json(body, 200) : c.json(body, 201);
    },
    (result, c) => accountHook(result, c),
  );
  return app;
}
