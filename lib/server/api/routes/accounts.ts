/**
 * The logged-in participant's own data (issue 11 "Profiles", "Privacy and security"; spec §3
 * Participant account, §6 "A parent or guardian manages minors' accounts from the family
 * section"). Mounted at /ll/api/v1/users/current beside the permission calls. Thin: checks
 * with the contract (lib/contracts/account.ts), calls lib/server/accounts, replies.
 *
 * Every call needs a logged-in account: 401 `unauthenticated` otherwise. Everything is the
 * caller's own: the profile is looked up by the session's user id, a minor by id AND the
 * caller's profile as guardian, so another holder's minor answers 404 `not_found` like an
 * unknown id (never 403: existence stays hidden). A login without a participant profile (a
 * promoter, an official) answers 404 `not_found` to every profile call. Unsafe calls must come
 * from the site's own pages (the app's `sameOrigin`: 403 `invalid_origin`). Replies are never
 * cached (`Cache-Control: private, no-store` / `no-store`).
 *
 * - GET /profile → `ProfileView`; PUT /profile `ProfileUpdateFields` → `ProfileView` (400
 *   issues; 400 `invalid_request` when `address.updateId` is not the profile's id; 400
 *   `invalid_licence` when the licence is another account's).
 * - GET /minors → `{ minors: MinorView[] }`; POST /minors `MinorFields` → 201 `MinorView` (400
 *   `invalid_minor_email`, `invalid_children` past 10; 409 `duplicate_account` when the family
 *   already has that minor); GET|PUT /minors/{id} → `MinorView`; DELETE /minors/{id}
 *   `{ password }` → 200 `{ ok: true }` (the minor's account closed; 401 `wrong_password`).
 * - GET /export, GET /minors/{id}/export → a JSON file download (`Content-Disposition:
 *   attachment; filename="fmqr-data-<profile id>.json"`) of everything held about the person.
 * - DELETE / `{ password }` → 200 `{ ok: true }`: the account and its minors' closed, the
 *   session cookie cleared; 401 `wrong_password`.
 * - GET /claims → `{ candidates, claimed }`; POST /claims `{ participantId, licence? }` → 201
 *   `{ ok: true }`; 400 `invalid_licence` when the proof does not match (or the record has
 *   none); 404 `not_found` when the record is not a candidate.
 * - GET /security → `{ email, emailVerified }`; POST /verification-email `{ locale }` → 202
 *   (a new verification link; 409 `email_already_verified`); POST /password `{ currentPassword,
 *   newPassword, newPasswordConfirmation }` → 200 + this browser's new session cookie (every
 *   other session ended; 401 `wrong_password`); POST /email `{ newEmail, password, locale }` →
 *   202 `{ ok, pendingEmail }` (a link to the new address, a notice to the old one; 409
 *   `email_taken`, 400 `same_email`). Issue 22.
 * - POST /minors and PUT /minors/{id}: 409 `minor_in_other_family` when the minor is another
 *   family's (same names and date of birth, case and accents aside; issue 22).
 * Wrong passwords and wrong licences are limited per login: 429 `too_many_attempts` with
 * `Retry-After` (set by the app's onError from the error's `retryAfterS`).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { BASE_PATH } from '../../../config';
import {
  ACCOUNT_TYPES,
  GENDERS,
  RELATIONSHIPS,
  changeEmailInput,
  changePasswordInput,
  claimInput,
  closeAccountInput,
  minorInput,
  profileUpdateInput,
  resendVerificationInput,
} from '../../../contracts/account';
import { AppError } from '../../../errors';
import {
  addMinor,
  claimParticipant,
  closeAccount,
  closeMinor,
  exportAccountData,
  exportMinorData,
  getMinor,
  getProfile,
  listClaims,
  listMinors,
  updateMinor,
  updateProfile,
} from '../../accounts';
import { SESSION_COOKIE } from '../../accounts/auth';
import { changePassword } from '../../accounts/change-password';
import { requestEmailChange } from '../../accounts/change-email';
import { getAccountSecurity, resendVerificationMail } from '../../accounts/verify-email';
import { siteOrigin } from '../../config/env';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { named } from '../openapi';
import { requirePermission, type PolicyVariables, type ResourceFrom } from '../../policy';
import { sessionUser, type SessionVariables } from '../session';
import { IssuesErrorSchema as AccountErrorSchema, accountHook, json, requireJson, tooManyReply } from '../kit';

const int = z.number().int();

const ProfileViewSchema = z
  .object({
    id: int,
    participantId: int,
    role: z.enum(ACCOUNT_TYPES),
    firstName: z.string(),
    lastName: z.string(),
    gender: z.enum(GENDERS),
    birthday: z.string().openapi({ example: '1990-04-30', description: 'YYYY-MM-DD' }),
    email: z.string(),
    phone: z.string(),
    address: z.object({ updateId: int, address: z.string(), country: z.string(), state: z.string(), city: z.string(), zip: z.string(), area: z.string().nullable() }),
    emergencyContact: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullable(), cell: z.string().nullable(), email: z.string().nullable() }),
    licence: z.string().nullable(),
  })
  .openapi('ProfileView');

const MinorViewSchema = z
  .object({
    id: int,
    participantId: int,
    firstName: z.string(),
    lastName: z.string(),
    gender: z.enum(GENDERS),
    birthday: z.string().openapi({ description: 'YYYY-MM-DD' }),
    relationship: z.enum(RELATIONSHIPS),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .openapi('MinorView');

const ClaimCandidateSchema = z
  .object({
    participantId: int,
    firstName: z.string(),
    lastName: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    events: int,
    lastEvent: z.object({ name: z.string(), date: z.string() }).nullable(),
  })
  .openapi('ClaimCandidate');

const Ok = z.object({ ok: z.literal(true) }).openapi('AccountOk');
const ExportFile = z.record(z.string(), z.unknown()).openapi('AccountDataExport', { description: 'Everything the site holds about the person (lib/server/accounts/export-data.ts)' });

const AccountSecuritySchema = z
  .object({ email: z.string().openapi({ example: 'ann@example.com' }), emailVerified: z.boolean() })
  .openapi('AccountSecurity', { description: 'The login’s email and whether it is verified (issue 22).' });
const ResendBody = named(resendVerificationInput, 'ResendVerificationInput', { description: 'The language of the mail (en, fr, es).' });
const ChangePasswordBody = named(changePasswordInput, 'ChangePasswordInput', {
  description: 'The current password, the new one (8–255 characters, a letter and a digit, not the current one) and its confirmation.',
});
const ChangeEmailBody = named(changeEmailInput, 'ChangeEmailInput', { description: 'The new email, the password, and the language of the mails.' });

const ProfileUpdateBody = named(profileUpdateInput, 'ProfileUpdate', { description: 'Phone, address (with its updateId), emergency contact, licence (lib/contracts/account.ts profileUpdateInput).' });
const MinorBody = named(minorInput, 'MinorInput', { description: 'A minor (lib/contracts/account.ts minorInput).' });
const PasswordBody = named(closeAccountInput, 'PasswordConfirmation', { description: 'The holder’s password, asked again.' });
const ClaimBody = named(claimInput, 'ClaimInput', { description: 'The racer record and the licence or member number printed on it.' });

const minorParams = z.object({ id: idParam('id') });

const unauthenticated = json(ErrorSchema, '`unauthenticated`: not logged in');
const notFound = json(ErrorSchema, '`not_found`: no participant profile for this login, or a minor who is not the caller’s');
const badBody = json(AccountErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const wrongPassword = json(ErrorSchema, '`wrong_password` (or `unauthenticated`)');
const mediaType = json(ErrorSchema, '`unsupported_media_type`: the body is not JSON');
const foreignOrigin = json(ErrorSchema, '`invalid_origin`: sent from another site’s page');

/** The logged-in user (401 otherwise), the reply marked private and never stored. */
function caller(c: Context<{ Variables: SessionVariables & PolicyVariables }>) {
  // requirePermission (below) has answered 401 already when there is no login.
  const user = c.get('user');
  if (!user) throw new AppError('unauthenticated');
  c.header('Cache-Control', 'private, no-store');
  return user;
}

/** A JSON file download of `data` named `fmqr-data-<id>.json`. */
function download(c: Context, id: number) {
  c.header('Content-Disposition', `attachment; filename="fmqr-data-${id}.json"`);
  c.header('Cache-Control', 'no-store');
}

/** Expires the session cookie (plain, and the `__Secure-` one an https site uses). */
function clearSessionCookie(c: Context) {
  const secure = siteOrigin().startsWith('https:');
  const attrs = `Max-Age=0; Path=${BASE_PATH}; HttpOnly; SameSite=Lax`;
  c.header('Set-Cookie', `${SESSION_COOKIE}=; ${attrs}${secure ? '; Secure' : ''}`, { append: true });
  if (secure) c.header('Set-Cookie', `__Secure-${SESSION_COOKIE}=; ${attrs}; Secure`, { append: true });
}

/**
 * Every route here is about the caller's own account (spec §6: the holder's data is the
 * holder's): the policy (lib/server/policy) answers 401 `unauthenticated` before the route runs;
 * reading asks `account.view`, any change `account.edit`.
 */
const own: ResourceFrom<'account.edit'> = (_c, viewer) => ({ userId: viewer!.userId });
const readOwn = requirePermission('account.view', own);
const editOwn = requirePermission('account.edit', own);

/** The account sub-app (mounted at /ll/api/v1/users/current). */
export function accountRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables & PolicyVariables }>({ defaultHook: validationHook });
  app.use(sessionUser);

  // ---- profile ----
  app.openapi(
    createRoute({
      method: 'get',
      path: '/profile',
      middleware: [readOwn] as const,
      summary: 'The logged-in holder’s profile (personal data)',
      description: 'Spec §3 Participant account; issue 11 Profiles. Only the holder’s own; `address.updateId` is the profile id.',
      responses: { 200: json(ProfileViewSchema, 'The profile'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const user = caller(c);
      const profile = await getProfile(user.id);
      if (!profile) throw new AppError('not_found', 'Profile not found');
      return c.json(profile, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/profile',
      summary: 'Edit the holder’s phone, address, emergency contact and licence',
      description:
        'Spec §5 rules. The holder’s racer record follows the address (city, state, country) and takes the licence; the minors share the address and emergency contact. 400 `invalid_request` when `address.updateId` is not the profile’s id; 400 `invalid_licence` when the licence is another account’s.',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ProfileUpdateBody } }, required: true } },
      responses: { 200: json(ProfileViewSchema, 'The profile as saved'), 400: badBody, 401: unauthenticated, 403: foreignOrigin, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const user = caller(c);
      return c.json(await updateProfile(user.id, c.req.valid('json')), 200);
    },
    (result, c) => accountHook(result, c),
  );

  // ---- family ----
  app.openapi(
    createRoute({
      method: 'get',
      path: '/minors',
      middleware: [readOwn] as const,
      summary: 'The minors the logged-in guardian manages',
      description: 'Spec §6 family section. Empty for a login without a profile.',
      responses: { 200: json(z.object({ minors: z.array(MinorViewSchema) }).openapi('MinorList'), 'The minors, oldest record first'), 401: unauthenticated },
    }),
    async (c) => {
      const user = caller(c);
      return c.json({ minors: await listMinors(user.id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/minors',
      summary: 'Add a minor to the family',
      description:
        'Spec §5: under 18, a relationship; email optional and different from the guardian’s (`invalid_minor_email`). At most 10 minors (`invalid_children`). The minor shares the guardian’s address and emergency contact.',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: MinorBody } }, required: true } },
      responses: {
        201: json(MinorViewSchema, 'The minor added'),
        400: badBody,
        401: unauthenticated,
        403: foreignOrigin,
        404: notFound,
        409: json(ErrorSchema, '`duplicate_account`: the family already has a minor with these names and date of birth; `minor_in_other_family`: another family has them (contact the federation)'),
        415: mediaType,
      },
    }),
    async (c) => {
      const user = caller(c);
      return c.json(await addMinor(user.id, c.req.valid('json')), 201);
    },
    (result, c) => accountHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/minors/{id}',
      middleware: [readOwn] as const,
      summary: 'One minor of the family',
      description: 'Spec §6 family section. 404 `not_found` for a minor who is not the caller’s (like an unknown id).',
      request: { params: minorParams },
      responses: { 200: json(MinorViewSchema, 'The minor'), 400: json(ErrorSchema, '`invalid_id`'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const user = caller(c);
      return c.json(await getMinor(user.id, c.req.valid('param').id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/minors/{id}',
      summary: 'Edit a minor of the family',
      description: 'Spec §5, §6 family section. Every field of `MinorInput`; the minor’s racer record takes the names.',
      middleware: [editOwn, requireJson] as const,
      request: { params: minorParams, body: { content: { 'application/json': { schema: MinorBody } }, required: true } },
      responses: {
        200: json(MinorViewSchema, 'The minor as saved'),
        400: badBody,
        401: unauthenticated,
        403: foreignOrigin,
        404: notFound,
        409: json(ErrorSchema, '`duplicate_account`: another minor of the family has these names and date of birth; `minor_in_other_family`: another family has them'),
        415: mediaType,
      },
    }),
    async (c) => {
      const user = caller(c);
      return c.json(await updateMinor(user.id, c.req.valid('param').id, c.req.valid('json')), 200);
    },
    (result, c) => accountHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/minors/{id}',
      summary: 'Close a minor’s account (asks the guardian’s password)',
      description: 'Spec §6 family section; issue 11 Privacy (Law 25, PIPEDA). Erases the minor’s personal record; their racer record and results stay, under the name only.',
      middleware: [editOwn, requireJson] as const,
      request: { params: minorParams, body: { content: { 'application/json': { schema: PasswordBody } }, required: true } },
      responses: { 200: json(Ok, 'Closed'), 400: badBody, 401: wrongPassword, 403: foreignOrigin, 404: notFound, 415: mediaType, 429: tooManyReply('`too_many_attempts`: too many wrong passwords') },
    }),
    async (c) => {
      const user = caller(c);
      await closeMinor(user.id, c.req.valid('param').id, c.req.valid('json').password);
      return c.json({ ok: true as const }, 200);
    },
    (result, c) => accountHook(result, c),
  );

  // ---- export ----
  app.openapi(
    createRoute({
      method: 'get',
      path: '/export',
      middleware: [readOwn] as const,
      summary: 'Download everything the site holds about the holder (and their minors)',
      description: 'Spec §3 Participant account; issue 11 Privacy (Law 25, PIPEDA). A JSON file: `Content-Disposition: attachment; filename="fmqr-data-<profile id>.json"`.',
      responses: { 200: json(ExportFile, 'The file'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const user = caller(c);
      const data = await exportAccountData(user.id);
      download(c, data.person.profile.id);
      return c.json(data as unknown as Record<string, unknown>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/minors/{id}/export',
      middleware: [readOwn] as const,
      summary: 'Download everything the site holds about one minor of the family',
      description: 'Spec §6 family section; issue 11 Privacy. A JSON file: `Content-Disposition: attachment; filename="fmqr-data-<minor profile id>.json"`. 404 for a minor who is not the caller’s.',
      request: { params: minorParams },
      responses: { 200: json(ExportFile, 'The file'), 400: json(ErrorSchema, '`invalid_id`'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const user = caller(c);
      const data = await exportMinorData(user.id, c.req.valid('param').id);
      download(c, data.person.profile.id);
      return c.json(data as unknown as Record<string, unknown>, 200);
    },
  );

  // ---- closing the account ----
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/',
      summary: 'Close the holder’s account and their minors’ (asks the password), and log out',
      description:
        'Spec §3 Participant account; issue 11 Privacy (Law 25, PIPEDA). Erases the personal records of the holder and their minors and the login (sessions, credential, resets); the racer records and their results stay, under the name only. Clears the session cookie.',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: PasswordBody } }, required: true } },
      responses: { 200: json(Ok, 'Closed and logged out'), 400: badBody, 401: wrongPassword, 403: foreignOrigin, 404: notFound, 415: mediaType, 429: tooManyReply('`too_many_attempts`: too many wrong passwords') },
    }),
    async (c) => {
      const user = caller(c);
      await closeAccount(user.id, c.req.valid('json').password);
      clearSessionCookie(c);
      return c.json({ ok: true as const }, 200);
    },
    (result, c) => accountHook(result, c),
  );

  // ---- email verification, password, email (issue 22) ----
  app.openapi(
    createRoute({
      method: 'get',
      path: '/security',
      middleware: [readOwn] as const,
      summary: 'The login’s email and whether it is verified',
      description: 'Spec §3 Participant account; issue 22. What the account page’s banner and security section show.',
      responses: { 200: json(AccountSecuritySchema, 'The email and its verification'), 401: unauthenticated },
    }),
    async (c) => {
      const user = caller(c);
      const security = await getAccountSecurity(user.id);
      if (!security) throw new AppError('unauthenticated');
      return c.json(security, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/verification-email',
      summary: 'Mail a new verification link to the login’s email',
      description:
        'Spec §3 Participant account; issue 22. better-auth signs the link’s token (valid 24 hours); the mail, in `locale`, is queued (a `send-email` job written to the outbox by the worker) before the reply and links to `/ll[/fr|/es]/verify-email?token=…`. At most 3 per account in 15 minutes (429 with `Retry-After`). 409 `email_already_verified` once verified.',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ResendBody } }, required: true } },
      responses: {
        202: json(Ok, 'Mailed'),
        400: badBody,
        401: unauthenticated,
        403: foreignOrigin,
        409: json(ErrorSchema, '`email_already_verified`'),
        415: mediaType,
        429: tooManyReply('`too_many_attempts`: 3 links in 15 minutes already'),
      },
    }),
    async (c) => {
      const user = caller(c);
      const body = c.req.valid('json');
      await resendVerificationMail(user.id, body.locale, c.req.raw.headers, body.next);
      return c.json({ ok: true as const }, 202);
    },
    (result, c) => accountHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/password',
      summary: 'Change the password (asks the current one); every other session is ended',
      description:
        'Issue 22; spec §5 password rules. Checks the current password (limited per login like the other password checks: 429 with `Retry-After`), then better-auth’s changePassword with revokeOtherSessions: every session of the login is deleted and this browser gets a new one (`Set-Cookie`).',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ChangePasswordBody } }, required: true } },
      responses: {
        200: {
          ...json(Ok, 'Changed; the other sessions are ended'),
          headers: z.object({ 'Set-Cookie': z.string().openapi({ description: 'This browser’s new session cookie' }) }),
        },
        400: json(AccountErrorSchema, 'A field failed its check: `null_current_password`, `invalid_password_length`, `invalid_password_letter_digit`, `invalid_password_confirmation`, `invalid_new_password` (the current one)'),
        401: json(AccountErrorSchema, '`wrong_password` (issue at `currentPassword`), or `unauthenticated`'),
        403: foreignOrigin,
        415: mediaType,
        429: tooManyReply('`too_many_attempts`: too many wrong passwords'),
      },
    }),
    async (c) => {
      const user = caller(c);
      const { setCookies } = await changePassword(user.id, c.req.raw.headers, c.req.valid('json'));
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ ok: true as const }, 200);
    },
    (result, c) => accountHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/email',
      summary: 'Change the login’s email: a link to the new address, a notice to the old one',
      description:
        'Spec §3 Participant account; issue 22. Checks the password (limited per login: 429), then queues mails, in `locale`, a link valid 24 hours to the NEW address (`/ll[/fr|/es]/verify-email?token=…`) and a notice to the OLD one. The email changes only when the link is followed (the new address then counts as verified); until then the login keeps its email.',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ChangeEmailBody } }, required: true } },
      responses: {
        202: json(z.object({ ok: z.literal(true), pendingEmail: z.string() }).openapi('EmailChangePending'), 'The link is mailed to the new address'),
        400: json(AccountErrorSchema, 'A field failed its check (`null_email`, `invalid_email`, `null_current_password` …), or `same_email` (issue at `newEmail`)'),
        401: json(AccountErrorSchema, '`wrong_password` (issue at `password`), or `unauthenticated`'),
        403: foreignOrigin,
        409: json(AccountErrorSchema, '`email_taken` (issue at `newEmail`): another account has this email'),
        415: mediaType,
        429: tooManyReply('`too_many_attempts`: too many wrong passwords'),
        503: json(ErrorSchema, '`mail_unavailable`: a mail could not be written; nothing changes, try again'),
      },
    }),
    async (c) => {
      const user = caller(c);
      const input = c.req.valid('json');
      await requestEmailChange(user.id, c.req.raw.headers, input);
      return c.json({ ok: true as const, pendingEmail: input.newEmail }, 202);
    },
    (result, c) => accountHook(result, c),
  );

  // ---- claims ----
  app.openapi(
    createRoute({
      method: 'get',
      path: '/claims',
      middleware: [readOwn] as const,
      summary: 'Imported racer records the holder may claim, and those claimed',
      description: 'Spec §3 Participant account; issue 11 Profiles: records with the profile’s names (case and accents aside), not theirs, not claimed, not another profile’s.',
      responses: {
        200: json(z.object({ candidates: z.array(ClaimCandidateSchema), claimed: z.array(ClaimCandidateSchema) }).openapi('ClaimLists'), 'The candidates and the claimed records'),
        401: unauthenticated,
        404: notFound,
      },
    }),
    async (c) => {
      const user = caller(c);
      return c.json(await listClaims(user.id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/claims',
      summary: 'Claim an imported racer record, proven by its licence or member number',
      description:
        'Spec §3 Participant account; issue 11 Profiles. Never by name alone: `licence` must equal (letters and digits, case aside) the record’s licence or one of its member numbers; a record with neither cannot be claimed here (400 `invalid_licence`: contact the federation). The series standings then count the record as the holder’s.',
      middleware: [editOwn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: ClaimBody } }, required: true } },
      responses: {
        201: json(Ok, 'Claimed'),
        400: json(AccountErrorSchema, '`invalid_licence` (issue at `licence`), or a field failed its check'),
        401: unauthenticated,
        403: foreignOrigin,
        404: json(ErrorSchema, '`not_found`: not a record this holder may claim'),
        415: mediaType,
        429: tooManyReply('`too_many_attempts`: too many wrong licences'),
      },
    }),
    async (c) => {
      const user = caller(c);
      await claimParticipant(user.id, c.req.valid('json'));
      return c.json({ ok: true as const }, 201);
    },
    (result, c) => accountHook(result, c),
  );

  return app;
}
