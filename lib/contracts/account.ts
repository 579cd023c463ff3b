/**
 * Participant accounts (spec §3 Participant account, §4 account creation and password reset,
 * §5 validation rules, §8 Login and reset, Registration): one set of zod schemas shared by the
 * forms (react-hook-form + `zodResolver`), the API routes and the domain (lib/server/accounts).
 * Imports nothing from the server.
 *
 * Issues carry CODES as their message, never English, always of the spec's shape `invalid_*` /
 * `null_*` (§5 Server error keys): `null_first_name`, `invalid_phone`, `invalid_zip`,
 * `invalid_password_length`, `invalid_password_confirmation`, `invalid_minor_email` … (every one
 * is in `ACCOUNT_ISSUE_CODES`); forms show `t('accountFields.errors.' + code)`, the API answers
 * them in `issues: [{ path, code }]` (see `accountIssues`).
 *
 * Settled where the sources disagree (issue 11): a password has 8 to 255 characters.
 *
 * The zod-free half (lists, limits, formatters, date-of-birth helpers, `accountIssues`, the
 * shapes of the replies) lives in ./account-rules.ts and is re-exported here: client
 * components import it from there, and reach these schemas only through a dynamic `import()`
 * of their form's schema module (issue 23: no zod in a form page's first load).
 */
import { z } from 'zod';
import { INT4_MAX, LOCALES } from '../config';
import {
  ACCOUNT_LIMITS,
  EMAIL_PATTERN,
  GENDERS,
  NAME_PATTERN,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  RELATIONSHIPS,
  birthdayIso,
  formatPhone,
  isMinor,
  isRealDate,
  normalizePostalCode,
} from './account-rules';

export * from './account-rules';

// ---------------------------------------------------------------------------------------------
// Field schemas

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A required text field: `null_<code>` when absent or blank, `invalid_<code>` when not a string. */
function requiredText(code: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `null_${code}` : `invalid_${code}`) })
    .trim()
    .min(1, { error: `null_${code}`, abort: true });
}

/** An optional text field: absent, null or blank → undefined. */
function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
}

const NO_CONTROLS = /^[^\p{Cc}]*$/u;

export const nameField = (code: 'first_name' | 'last_name') =>
  requiredText(code)
    .max(ACCOUNT_LIMITS.name.max, { error: `invalid_${code}`, abort: true })
    .regex(NAME_PATTERN, `invalid_${code}`);

export const genderField = z.enum(GENDERS, { error: (issue) => (blank(issue.input) ? 'null_gender' : 'invalid_gender') });

export const relationshipField = z.enum(RELATIONSHIPS, {
  error: (issue) => (blank(issue.input) ? 'null_relationship' : 'invalid_relationship'),
});

/** Year, month, day as whole numbers (strings of digits are accepted from selects); a real past date since 1900. */
export const birthdayField = z
  .object(
    {
      year: z.coerce.number({ error: 'invalid_birthday' }).int('invalid_birthday'),
      month: z.coerce.number({ error: 'invalid_birthday' }).int('invalid_birthday'),
      day: z.coerce.number({ error: 'invalid_birthday' }).int('invalid_birthday'),
    },
    { error: (issue) => (blank(issue.input) ? 'null_birthday' : 'invalid_birthday') },
  )
  .superRefine((b, ctx) => {
    if (!b.year || !b.month || !b.day) {
      ctx.addIssue({ code: 'custom', message: 'null_birthday' });
      return;
    }
    const today = new Date();
    if (!isRealDate(b) || b.year < ACCOUNT_LIMITS.oldestYear || birthdayIso(b) > birthdayIso({ year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() })) {
      ctx.addIssue({ code: 'custom', message: 'invalid_birthday' });
    }
  });

/** A phone in any common form, made 3-3-4 by `formatPhone` (the input's own formatter), then checked: ten digits, or 1 + ten. */
export const phoneField = requiredText('phone').transform(formatPhone).pipe(z.string().regex(PHONE_PATTERN, 'invalid_phone'));
export const optionalPhoneField = optionalText(z.string({ error: 'invalid_phone' }).trim().transform(formatPhone).pipe(z.string().regex(PHONE_PATTERN, 'invalid_phone')));

export const emailField = requiredText('email')
  .toLowerCase()
  .max(ACCOUNT_LIMITS.email.max, { error: 'invalid_email', abort: true })
  .regex(EMAIL_PATTERN, 'invalid_email');
export const optionalEmailField = optionalText(
  z.string({ error: 'invalid_email' }).trim().toLowerCase().max(ACCOUNT_LIMITS.email.max, { error: 'invalid_email', abort: true }).regex(EMAIL_PATTERN, 'invalid_email'),
);

/** Spec §5 password: 8–255 characters, at least one letter and one digit. Not trimmed. */
export const passwordField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'null_password' : 'invalid_password_length') })
  .min(1, { error: 'null_password', abort: true })
  .min(ACCOUNT_LIMITS.password.min, { error: 'invalid_password_length', abort: true })
  .max(ACCOUNT_LIMITS.password.max, { error: 'invalid_password_length', abort: true })
  .regex(/\p{L}/u, { error: 'invalid_password_letter_digit', abort: true })
  .regex(/\d/, 'invalid_password_letter_digit');

export const postalCodeField = requiredText('zip')
  .transform(normalizePostalCode)
  .pipe(z.string().regex(POSTAL_CODE_PATTERN, 'invalid_zip'));

/** ISO 3166-1 alpha-2 country code (the form offers a list; CA first). */
export const countryField = requiredText('country').toUpperCase().regex(/^[A-Z]{2}$/, 'invalid_country');

// ---------------------------------------------------------------------------------------------
// Step schemas (spec §4: Information; Adult Information; Login data; Contact Information;
// Emergency Contact; Minors). The whole registration adds the rules that span steps.

/** A person (the Information and Adult Information steps, a minor). */
export const personInput = z.object({
  firstName: nameField('first_name'),
  lastName: nameField('last_name'),
  gender: genderField,
  birthday: birthdayField,
  phone: phoneField,
});
export type PersonInput = z.output<typeof personInput>;

/** The Information step: the person the account is for; with `isRegisterMinor`, a minor (who then needs a relationship). */
export const informationStep = personInput.extend({
  isRegisterMinor: z.boolean({ error: 'invalid_request' }).default(false),
  /** The minor's relationship to the adult (only with `isRegisterMinor`). */
  relationship: relationshipField.optional(),
  /** The minor's own email (only with `isRegisterMinor`; optional, must differ from the adult's). */
  email: optionalEmailField,
  /** Required for an adult; optional for a minor (the guardian's is used). */
  phone: optionalPhoneField,
}).superRefine((v, ctx) => {
  if (v.isRegisterMinor) {
    if (!v.relationship) ctx.addIssue({ code: 'custom', path: ['relationship'], message: 'null_relationship' });
    if (isRealDate(v.birthday) && !isMinor(v.birthday)) ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'invalid_minor_birthday' });
  } else {
    if (!v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'null_phone' });
    if (isRealDate(v.birthday) && isMinor(v.birthday)) ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'invalid_adult_birthday' });
  }
});
export type InformationFields = z.input<typeof informationStep>;

/** The Adult Information step (only for a minor): the parent or guardian, who holds the login; 18 or older. */
export const adultInformationStep = personInput.superRefine((v, ctx) => {
  if (isRealDate(v.birthday) && isMinor(v.birthday)) ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'invalid_adult_birthday' });
});

/** The Login data step: email and password, each typed twice. */
export const loginDataStep = z
  .object({
    email: emailField,
    emailConfirmation: z.string({ error: 'invalid_email_confirmation' }).trim().toLowerCase(),
    password: passwordField,
    passwordConfirmation: z.string({ error: 'invalid_password_confirmation' }),
  })
  .superRefine((v, ctx) => {
    if (v.emailConfirmation !== v.email) ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: 'invalid_email_confirmation' });
    if (v.passwordConfirmation !== v.password) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'invalid_password_confirmation' });
  });

/** The Contact Information step (address). `updateId`: the stored address being edited (profile edits; absent on creation). */
export const addressInput = z.object({
  address: requiredText('address')
    .min(ACCOUNT_LIMITS.address.min, { error: 'invalid_address', abort: true })
    .max(ACCOUNT_LIMITS.address.max, { error: 'invalid_address', abort: true })
    .regex(NO_CONTROLS, 'invalid_address'),
  country: countryField,
  state: requiredText('state').max(ACCOUNT_LIMITS.state.max, { error: 'invalid_state', abort: true }).regex(NO_CONTROLS, 'invalid_state'),
  city: requiredText('city').max(ACCOUNT_LIMITS.city.max, { error: 'invalid_city', abort: true }).regex(NO_CONTROLS, 'invalid_city'),
  zip: postalCodeField,
  area: optionalText(z.string({ error: 'invalid_area' }).trim().max(ACCOUNT_LIMITS.area.max, 'invalid_area').regex(NO_CONTROLS, 'invalid_area')),
  updateId: z.number({ error: 'invalid_request' }).int().positive().optional(),
});
export type AddressInput = z.output<typeof addressInput>;

/** The Emergency Contact step: names, a cell or a phone (at least one), an optional email. */
export const emergencyContactInput = z
  .object({
    firstName: nameField('first_name'),
    lastName: nameField('last_name'),
    phone: optionalPhoneField,
    cell: optionalPhoneField,
    email: optionalEmailField,
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.cell) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'null_emergency_phone' });
  });
export type EmergencyContactInput = z.output<typeof emergencyContactInput>;

/** A minor (the Minors step, the family section): under 18, with a relationship; email and phone optional. */
export const minorInput = z
  .object({
    firstName: nameField('first_name'),
    lastName: nameField('last_name'),
    gender: genderField,
    birthday: birthdayField,
    relationship: relationshipField,
    email: optionalEmailField,
    phone: optionalPhoneField,
  })
  .superRefine((v, ctx) => {
    if (isRealDate(v.birthday) && !isMinor(v.birthday)) ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'invalid_minor_birthday' });
  });
export type MinorInput = z.output<typeof minorInput>;
export type MinorFields = z.input<typeof minorInput>;

/** The Minors step for a guardian whose email is `guardianEmail`: each minor's email must differ. */
export function minorsStep(guardianEmail: string | undefined) {
  return z
    .object({ children: z.array(minorInput, { error: 'invalid_children' }).max(ACCOUNT_LIMITS.minors.max, 'invalid_children') })
    .superRefine((v, ctx) => {
      const g = guardianEmail?.trim().toLowerCase();
      v.children.forEach((child, i) => {
        if (g && child.email && child.email === g) ctx.addIssue({ code: 'custom', path: ['children', i, 'email'], message: 'invalid_minor_email' });
      });
    });
}

/**
 * The whole account creation (POST /ll/api/v1/registration/participant): every step, checked
 * again together. `submissionId` (a UUID made when the stepper opens) makes a repeated submit
 * answer the first one's account instead of creating another. With `isRegisterMinor` the
 * Information person is a minor and `adult` (the parent or guardian) holds the login; the
 * minor becomes the first of the adult's minors.
 */
export const participantRegistrationInput = z
  .object({
    submissionId: z.uuid({ error: 'invalid_submission_id' }),
    locale: z.enum(LOCALES, { error: 'invalid_locale' }).default('en'),
    information: informationStep,
    adult: adultInformationStep.optional(),
    login: loginDataStep,
    address: addressInput.omit({ updateId: true }),
    emergencyContact: emergencyContactInput,
    children: z.array(minorInput, { error: 'invalid_children' }).max(ACCOUNT_LIMITS.minors.max, 'invalid_children').default([]),
    /** The visitor saw the Existing Account step and chose to create a new account anyway. */
    acknowledgeDuplicate: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const info = v.information;
    const guardianEmail = v.login.email;
    if (info.isRegisterMinor) {
      if (!v.adult) ctx.addIssue({ code: 'custom', path: ['adult', 'firstName'], message: 'null_first_name' });
      if (info.email && info.email === guardianEmail) ctx.addIssue({ code: 'custom', path: ['information', 'email'], message: 'invalid_minor_email' });
    }
    v.children.forEach((child, i) => {
      if (child.email && child.email === guardianEmail) ctx.addIssue({ code: 'custom', path: ['children', i, 'email'], message: 'invalid_minor_email' });
    });
  });
export type ParticipantRegistrationFields = z.input<typeof participantRegistrationInput>;
export type ParticipantRegistrationInput = z.output<typeof participantRegistrationInput>;

/** The Existing Account check (POST /ll/api/v1/registration/participant/check), before the Emergency Contact step. */
export const duplicateCheckInput = z.object({
  firstName: nameField('first_name'),
  lastName: nameField('last_name'),
  birthday: birthdayField,
  email: emailField,
});
export type DuplicateCheckInput = z.output<typeof duplicateCheckInput>;

// ---------------------------------------------------------------------------------------------
// Login and password reset (spec §2 /login, /forgotPassword, /resetPassword; §8 Login and reset)

export const loginInput = z.object({
  // No control characters: a NUL byte cannot even be stored as the rate-limit key.
  email: requiredText('email').toLowerCase().max(ACCOUNT_LIMITS.email.max, 'invalid_email').regex(NO_CONTROLS, 'invalid_email'),
  password: z.string({ error: 'null_password' }).min(1, 'null_password').max(ACCOUNT_LIMITS.password.max, 'invalid_password_length'),
});
export type LoginInput = z.output<typeof loginInput>;

export const forgotPasswordInput = z.object({
  email: emailField,
  locale: z.enum(LOCALES, { error: 'invalid_locale' }).default('en'),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .object({
    token: z.string({ error: 'null_token' }).min(1, 'null_token').max(512, 'invalid_token'),
    password: passwordField,
    passwordConfirmation: z.string({ error: 'invalid_password_confirmation' }),
  })
  .superRefine((v, ctx) => {
    if (v.passwordConfirmation !== v.password) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'invalid_password_confirmation' });
  });
export type ResetPasswordInput = z.output<typeof resetPasswordInput>;

// ---------------------------------------------------------------------------------------------
// Email verification, change of password and of email (issue 22 "accounts fit for payments")

/** Asking for a new verification link (the logged-in account's address), in the language of the mail. */
export const resendVerificationInput = z.object({
  locale: z.enum(LOCALES, { error: 'invalid_locale' }).default('en'),
  /** Where the link's page then leads (a site path; anything else is ignored there). */
  next: z.string({ error: 'invalid_next' }).max(2048, 'invalid_next').startsWith('/', 'invalid_next').optional(),
});
export type ResendVerificationInput = z.output<typeof resendVerificationInput>;

/** Changing the password while logged in: the current one, the new one (spec §5 rules) twice; the new one must differ. */
export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: 'null_current_password' }).min(1, 'null_current_password').max(ACCOUNT_LIMITS.password.max, 'invalid_password_length'),
    newPassword: passwordField,
    newPasswordConfirmation: z.string({ error: 'invalid_password_confirmation' }),
  })
  .superRefine((v, ctx) => {
    if (v.newPasswordConfirmation !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['newPasswordConfirmation'], message: 'invalid_password_confirmation' });
    if (v.currentPassword && v.newPassword === v.currentPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'invalid_new_password' });
  });
export type ChangePasswordInput = z.output<typeof changePasswordInput>;

/** Changing the login email: the new address (verified by a mailed link before it replaces the old one) and the password. */
export const changeEmailInput = z.object({
  newEmail: emailField,
  password: z.string({ error: 'null_current_password' }).min(1, 'null_current_password').max(ACCOUNT_LIMITS.password.max, 'invalid_password_length'),
  locale: z.enum(LOCALES, { error: 'invalid_locale' }).default('en'),
});
export type ChangeEmailInput = z.output<typeof changeEmailInput>;
export type ChangeEmailFields = z.input<typeof changeEmailInput>;

// ---------------------------------------------------------------------------------------------
// Profile and family (the logged-in participant; spec §6 "A parent or guardian manages minors'
// accounts from the family section")

/** What the holder may change on their own profile: phone, address, emergency contact, licence. */
export const profileUpdateInput = z.object({
  phone: phoneField,
  address: addressInput,
  emergencyContact: emergencyContactInput,
  licence: optionalText(z.string({ error: 'invalid_licence' }).trim().max(ACCOUNT_LIMITS.licence.max, 'invalid_licence').regex(/^[\p{L}\p{N} -]+$/u, 'invalid_licence')),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;
export type ProfileUpdateFields = z.input<typeof profileUpdateInput>;

/** Closing one's account (or a minor's) asks for the holder's password again. */
export const closeAccountInput = z.object({ password: z.string({ error: 'null_password' }).min(1, 'null_password').max(ACCOUNT_LIMITS.password.max, 'invalid_password_length') });

/** Claiming a racer record: the licence or member number printed on it, when the record has one. */
export const claimInput = z.object({
  participantId: z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id').max(INT4_MAX, 'invalid_id'),
  licence: optionalText(z.string({ error: 'invalid_licence' }).trim().max(ACCOUNT_LIMITS.licence.max, 'invalid_licence')),
});
export type ClaimInput = z.output<typeof claimInput>;
