/**
 * Account creation (spec §2 /registration/participant, §4 the account-creation stepper, §5,
 * §8 Registration; issue 11). Mounted at /ll/api/v1/registration. Thin: checks the body with the
 * contract (lib/contracts/account.ts), hands it to lib/server/accounts, replies.
 *
 * - POST /participant/check `DuplicateCheckInput` → 200 `{ emailTaken, likelyDuplicate }` (the
 *   Existing Account step). At most 30 checks per client IP in 10 minutes
 *   (lib/server/rate-limit/policies.ts `duplicate_check_address`, counted in the database), then
 *   429 `too_many_attempts` with `Retry-After` (s).
 * - POST /participant `ParticipantRegistrationFields` → 201 `{ id, minors }` (`id`: the holder's
 *   profile id, the thank-you page's) with the new holder's session cookie (they are logged
 *   in); 200 with the same body for a repeated `submissionId` (and the session cookie when the
 *   body's email is the login that submission created and the password matches: a rate-limited
 *   login, lib/server/accounts/login.ts); 409 `email_taken` (issue at `['login','email']`); 409
 *   `duplicate_account` (same names and date of birth as an existing profile, and
 *   `acknowledgeDuplicate` false); 429 `too_many_attempts` with `Retry-After` when the client
 *   IP used up the check limit (refused creations count against it), or created 20 accounts in
 *   the last hour (`account_create_address`, issue 22; checked before the password is hashed).
 *
 * - POST /spectator `SpectatorAccount` (issue 28: a visitor buying tickets) → 201
 *   `{ registrationId }` with the new spectator's session cookie, and the verification link
 *   mailed, leading back to step 2 of `/spectator/{eventId}`; 200 with the same body for a
 *   repeated `submissionId` (the session only for the same email and password); 409
 *   `email_taken` (issue at `['buyer','email']`), `spectator_already_registered`; 400 step 1's
 *   codes (`null_entries`, `adults_only`, `invalid_event_day`, a password's); 404
 *   `event_not_found`; 429 past `account_create_address`.
 *
 * A failed body check answers 400 `{ error, message, statusCode, issues: [{ path, code }] }`,
 * `code` the contract's `invalid_*` / `null_*` (`accountIssues`), `error` the first code. A body
 * that is not JSON: 415 `unsupported_media_type`; malformed JSON: 400 `invalid_json`. Replies
 * are never cached (`no-store`). The client IP is the first hop of `X-Forwarded-For` (set by the
 * site server; ../kit.ts `clientIp`). `Retry-After` is set by the app's onError.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Locale } from '../../../config';
import { duplicateCheckInput, participantRegistrationInput } from '../../../contracts/account';
import { spectatorAccountInput } from '../../../contracts/spectator-account';
import { AppError } from '../../../errors';
import { createParticipantAccount, checkDuplicate } from '../../accounts';
import { createSpectatorAccount } from '../../accounts/create-spectator-account';
import { getAuth } from '../../accounts/auth';
import { loggableError } from '../../log/loggable-error';
import { login as logIn } from '../../accounts/login';
import { startVerificationMail } from '../../accounts/verify-email';
import { isDatabaseUnavailable } from '../../db/availability';
import { consume, release } from '../../rate-limit';
import { ErrorSchema, validationHook } from '../errors';
import { IssuesErrorSchema as AccountErrorSchema, accountHook, clientIp, json, requireJson, tooManyReply } from '../kit';
import { named } from '../openapi';
import { sessionUser, type SessionVariables } from '../session';

const DuplicateCheckBody = named(duplicateCheckInput, 'DuplicateCheckInput', {
  description: 'The person of the Information step (or the adult) and the login email (lib/contracts/account.ts duplicateCheckInput).',
});
const RegistrationBody = named(participantRegistrationInput, 'ParticipantRegistration', {
  description: 'Every step of the stepper (lib/contracts/account.ts participantRegistrationInput); `submissionId` a UUID made when the stepper opens.',
});
const SpectatorAccountBody = named(spectatorAccountInput, 'SpectatorAccount', {
  description: 'Step 1 of the spectator steps by a visitor (lib/contracts/spectator-account.ts): the event, its day, the buyer, a password twice, `submissionId` a UUID made when the form opens.',
});
const SpectatorAccountReply = z
  .object({ registrationId: z.uuid().openapi({ description: 'The open spectator registration (/spectator/{eventId}?r={registrationId})' }) })
  .openapi('SpectatorAccountCreated');
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
        'Spec §4 Existing Account step, §8 General (duplicate account detected), §8 Registration (Email is already registered). At most 30 checks per client IP in 10 minutes (counted in PostgreSQL, lib/server/rate-limit), then 429 `too_many_attempts` with `Retry-After`.',
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
      await consume([{ policy: 'duplicate_check_address', subject: { address: clientIp(c) } }]);
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
      const ip = clientIp(c);
      // Counted at once (parallel submissions cannot all pass the limit); given back unless refused.
      const checked = await consume([{ policy: 'duplicate_check_address', subject: { address: ip } }]);
      let created;
      try {
        created = await createParticipantAccount(input, { ip });
      } catch (err) {
        if (!(err instanceof AppError && (err.code === 'email_taken' || err.code === 'duplicate_account'))) await release(checked);
        if (err instanceof AppError) throw err;
        if (isDatabaseUnavailable(err)) throw err;
        console.error('[registration] account creation failed:', loggableError(err));
        throw new AppError('registration_failed', undefined, { cause: err });
      }
      await release(checked);
      await welcome(c, created, { email: input.login.email, password: input.login.password, locale: input.locale, ip });
      const body = { id: created.id, minors: created.minors };
      return created.repeated ? c.json(body, 200) : c.json(body, 201);
    },
    (result, c) => accountHook(result, c),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/spectator',
      summary: 'A visitor buying tickets opens a spectator account and its registration, and is logged in',
      description:
        'Issue 28 "buying without an account creates a spectator account after email verification"; spec §4 Spectator registration step 1, §5 Spectator, §6, §8 Spectator. One transaction: the login (role spectator), its credential, the open registration with the buyer. The verification link is mailed and leads back to step 2; signing and paying wait for it. A repeated `submissionId` answers 200 with the first creation’s body.',
      middleware: [requireJson] as const,
      request: { body: { content: { 'application/json': { schema: SpectatorAccountBody } }, required: true } },
      responses: {
        201: {
          ...json(SpectatorAccountReply, 'Created; the buyer is logged in (`Set-Cookie`)'),
          headers: z.object({ 'Set-Cookie': z.string().openapi({ description: 'The session cookie (ll.session_token, HttpOnly, SameSite=Lax, path /ll)' }) }),
        },
        200: json(SpectatorAccountReply, 'A repeated `submissionId`: the registration it created'),
        400: json(AccountErrorSchema, '`null_entries` (Please fill all entries), a field’s `invalid_*`, `adults_only`, `invalid_event_day`, or `invalid_json`'),
        404: json(ErrorSchema, '`event_not_found`: the event sells no tickets'),
        409: json(AccountErrorSchema, '`email_taken` (issue at `buyer.email`: log in instead) or `spectator_already_registered`'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
        429: tooManyReply('`too_many_attempts`: too many accounts created from this IP'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      const created = await createSpectatorAccount(input, { ip: clientIp(c) });
      // The link leads back to step 2 of this registration (signing and paying wait for it).
      const next = `/spectator/${created.eventId}?r=${created.registrationId}&step=2`;
      await welcome(c, created, { email: input.buyer.email?.trim().toLowerCase() ?? '', password: input.password, locale: input.locale ?? 'en', ip: clientIp(c), next });
      const body = { registrationId: created.registrationId };
      return created.repeated ? c.json(body, 200) : c.json(body, 201);
    },
    (result, c) => accountHook(result, c),
  );
  return app;
}

/**
 * After an account was created (or found again for a repeated submission): a new one gets its
 * verification link, in the visitor's language (issue 22: a `send-email` job the worker runs after
 * the reply; queuing it never fails the creation, a failure is logged), leading to `next` when
 * given, and its session cookie on the reply. A repeat logs its own holder back in, as a login does:
 * rate-limited, and only into the account that submission created (`created.email`, never a login
 * for whatever email the body names); a password that no longer matches leaves no session.
 */
async function welcome(
  c: Context,
  created: { repeated: boolean; email?: string | null },
  login: { email: string; password: string; locale: Locale; ip: string; next?: string },
): Promise<void> {
  if (!created.repeated) {
    await startVerificationMail({ email: login.email }, login.locale, login.next);
    try {
      const signedIn = await getAuth().api.signInEmail({ body: { email: login.email, password: login.password }, headers: c.req.raw.headers, returnHeaders: true });
      for (const cookie of signedIn.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    } catch (err) {
      console.error('[registration] signing the new account in failed:', loggableError(err));
    }
    return;
  }
  if (created.email !== login.email) return;
  try {
    const result = await logIn({ email: login.email, password: login.password }, { ip: login.ip, headers: c.req.raw.headers });
    for (const cookie of result.setCookies) c.header('Set-Cookie', cookie, { append: true });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}
