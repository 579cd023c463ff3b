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
 */
import { z } from 'zod';
import { INT4_MAX, LOCALES } from '../config';
import { EMAIL_PATTERN } from './contact';

export { EMAIL_PATTERN };

/** Account types, kept as a role on the account (spec §6 Roles). */
export const ACCOUNT_TYPES = ['participant', 'spectator', 'promoter', 'official', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Spec §3: gender is male or female. */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §3: a minor's relationship to the adult who manages the account, in the spec's order. */
export const RELATIONSHIPS = [
  'father',
  'mother',
  'guardian',
  'husband',
  'wife',
  'commonlaw',
  'uncle',
  'aunt',
  'brother',
  'sister',
  'son',
  'daughter',
  'friend',
  'boyfriend',
  'girlfriend',
  'lover',
  'other',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** Lengths in characters (after trimming) and other limits (spec §5, §9). */
export const ACCOUNT_LIMITS = {
  name: { max: 50 },
  password: { min: 8, max: 255 },
  email: { max: 254 },
  address: { min: 4, max: 100, formatterMax: 99 },
  city: { max: 100 },
  state: { max: 100 },
  area: { max: 100 },
  licence: { max: 30 },
  /** Minors one account creation (or one family) may hold. */
  minors: { max: 10 },
  /** Age of majority used for accounts (years). */
  adultAge: 18,
  oldestYear: 1900,
} as const;

/** Reset links are valid one hour and usable once (spec §4 Password reset, §9). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Failed logins allowed within `windowMs` per account and per address before 429. */
export const LOGIN_RATE_LIMIT = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

/** Every code a field of an account form can fail with (`accountFields.errors.*`). */
export const ACCOUNT_ISSUE_CODES = [
  'null_first_name',
  'invalid_first_name',
  'null_last_name',
  'invalid_last_name',
  'null_gender',
  'invalid_gender',
  'null_birthday',
  'invalid_birthday',
  /** An account holder (or a parent/guardian) must be 18 or older. */
  'invalid_adult_birthday',
  /** A minor must be under 18. */
  'invalid_minor_birthday',
  'null_phone',
  'invalid_phone',
  'null_email',
  'invalid_email',
  /** 'Email must be identical'. */
  'invalid_email_confirmation',
  /** 'The minor's email address must be different from the parent/guardian's email address.' */
  'invalid_minor_email',
  'null_password',
  /** 8 to 255 characters. */
  'invalid_password_length',
  /** At least one letter and one digit. */
  'invalid_password_letter_digit',
  /** 'The passwords do not match'. */
  'invalid_password_confirmation',
  /** 'Verify password not the same as new password'. */
  'invalid_new_password',
  'null_address',
  'invalid_address',
  'null_country',
  'invalid_country',
  'null_state',
  'invalid_state',
  'null_city',
  'invalid_city',
  'null_zip',
  'invalid_zip',
  'invalid_area',
  'null_relationship',
  'invalid_relationship',
  /** An emergency contact needs a cell or a phone. */
  'null_emergency_phone',
  'invalid_licence',
  'null_token',
  'invalid_token',
  'invalid_locale',
  'invalid_submission_id',
  'invalid_children',
  /** Changing the password: the current one was not given (issue 22). */
  'null_current_password',
] as const;
export type AccountIssueCode = (typeof ACCOUNT_ISSUE_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Formatters (spec §5): applied while typing, and by the schemas before checking.

/** Phone input: digits only, at most 10, formatted 3-3-4 with hyphens as they are typed. */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Address input: letters, digits and spaces only (any alphabet), at most 99 characters. */
export function formatAddress(input: string): string {
  return input.replace(/[^\p{L}\p{N} ]/gu, '').slice(0, ACCOUNT_LIMITS.address.formatterMax);
}

/** Postal code: trimmed and upper-cased (spec §5). */
export function normalizePostalCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Spec §5 phone: xxx-xxx-xxxx or ten digits. */
export const PHONE_PATTERN = /^(\d{3}-\d{3}-\d{4}|\d{10})$/;

/** Spec §5 postal code: 12345[-1234]; or 2–10 alphanumerics; or two such groups split by a space. */
export const POSTAL_CODE_PATTERN = /^(\d{5}(-\d{4})?|[A-Z0-9]{2,10}|[A-Z0-9]{2,10} [A-Z0-9]{2,10})$/;

/** Names: letters (any alphabet), spaces, apostrophes, hyphens and periods. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

// ---------------------------------------------------------------------------------------------
// Dates of birth

export interface Birthday {
  year: number;
  month: number;
  day: number;
}

/** `YYYY-MM-DD` of a birthday (no time zone: a date of birth is a calendar date). */
export function birthdayIso(b: Birthday): string {
  return `${String(b.year).padStart(4, '0')}-${String(b.month).padStart(2, '0')}-${String(b.day).padStart(2, '0')}`;
}

/** The birthday of a `YYYY-MM-DD` string (as stored), or null when malformed. */
export function parseBirthday(iso: string): Birthday | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/** True when year/month/day name a real calendar day. */
export function isRealDate(b: Birthday): boolean {
  if (!Number.isInteger(b.year) || !Number.isInteger(b.month) || !Number.isInteger(b.day)) return false;
  if (b.month < 1 || b.month > 12 || b.day < 1) return false;
  const d = new Date(Date.UTC(b.year, b.month - 1, b.day));
  return d.getUTCFullYear() === b.year && d.getUTCMonth() === b.month - 1 && d.getUTCDate() === b.day;
}

/** Age in whole years on `today` (local calendar date of `today`). */
export function ageOn(b: Birthday, today: Date = new Date()): number {
  const y = today.getFullYear();
  const m = today.getMonth() + 1;
  const d = today.getDate();
  let age = y - b.year;
  if (m < b.month || (m === b.month && d < b.day)) age -= 1;
  return age;
}

/** True when someone born on `b` is under 18 on `today`. */
export function isMinor(b: Birthday, today: Date = new Date()): boolean {
  return ageOn(b, today) < ACCOUNT_LIMITS.adultAge;
}

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

export const phoneField = requiredText('phone').regex(PHONE_PATTERN, 'invalid_phone').transform(formatPhone);
export const optionalPhoneField = optionalText(z.string().trim().regex(PHONE_PATTERN, 'invalid_phone').transform(formatPhone));

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

/** Its reply: the email is already an account's ('Email is already registered'); a person of that name and date of birth exists. */
export interface DuplicateCheck {
  emailTaken: boolean;
  likelyDuplicate: boolean;
}

/** The reply of a created account (201, or 200 for a repeated `submissionId`): the holder's profile id (the thank-you page's id). */
export interface AccountCreated {
  id: number;
  minors: number;
}

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

/** A reset token as mailed: 43 base64url characters (32 random bytes). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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

/** What a reset link's check answers (GET /ll/api/v1/auth/reset-password/{token}). */
export const RESET_TOKEN_STATES = ['valid', 'invalid_token', 'expired_token', 'used_token', 'undecodable_token'] as const;
export type ResetTokenState = (typeof RESET_TOKEN_STATES)[number];

// ---------------------------------------------------------------------------------------------
// Email verification, change of password and of email (issue 22 "accounts fit for payments")

/** Verification links (a new account's, a change of email's) are valid 24 hours: better-auth `emailVerification.expiresIn`, in seconds. */
export const EMAIL_VERIFICATION_TTL_S = 24 * 3600;

/**
 * What /verify-email shows for a link: the account's address verified now, or earlier; the
 * change of email done; the link expired (a new one can be sent); unknown, tampered with or
 * already used; the new address taken by another account meanwhile.
 */
export const VERIFY_EMAIL_STATES = ['verified', 'already_verified', 'email_changed', 'expired_token', 'invalid_token', 'email_taken'] as const;
export type VerifyEmailState = (typeof VERIFY_EMAIL_STATES)[number];

/** Asking for a new verification link (the logged-in account's address), in the language of the mail. */
export const resendVerificationInput = z.object({
  locale: z.enum(LOCALES, { error: 'invalid_locale' }).default('en'),
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

/** The login's address and whether it is verified (the account page's banner and security section). */
export interface AccountSecurity {
  email: string;
  emailVerified: boolean;
}

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

/** The holder's own profile (GET /ll/api/v1/users/current/profile): personal data, only to its holder. */
export interface ProfileView {
  id: number;
  participantId: number;
  role: AccountType;
  firstName: string;
  lastName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthday: string;
  email: string;
  phone: string;
  address: { updateId: number; address: string; country: string; state: string; city: string; zip: string; area: string | null };
  emergencyContact: { firstName: string; lastName: string; phone: string | null; cell: string | null; email: string | null };
  licence: string | null;
}

/** A minor managed by the logged-in guardian (the family section). */
export interface MinorView {
  id: number;
  participantId: number;
  firstName: string;
  lastName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthday: string;
  relationship: Relationship;
  email: string | null;
  phone: string | null;
}

/** The logged-in user as the site's header and pages see it (GET /ll/api/v1/auth/session). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: AccountType;
  /** The holder's first name as on their profile (null without a profile): what the header shows. */
  firstName: string | null;
  /** The holder's participant profile (null for an account without one, e.g. a promoter). */
  profileId: number | null;
  participantId: number | null;
}

/** One field's fault in a 400 reply: `path` is the field (`['login', 'email']`), `code` an `AccountIssueCode`. */
export interface AccountIssue {
  path: (string | number)[];
  code: string;
}

/**
 * The field issues of a failed check, one per field path (the first), codes as the schemas
 * left them (anything that is not a code becomes `invalid_<last path segment>`).
 */
export function accountIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): AccountIssue[] {
  const seen = new Set<string>();
  const out: AccountIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
    const code = /^(invalid|null)_[a-z_]+$/.test(issue.message)
      ? issue.message
      : last
        ? `invalid_${last.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`
        : 'invalid_request';
    out.push({ path, code });
  }
  return out;
}

/**
 * What the holder's account page shows of their racing (lib/server/accounts
 * `getAccountActivity(profileId)`): results of every racer record that is theirs (their own and
 * the imported ones they claimed), series points, and registrations. Newest first.
 */
export interface AccountActivity {
  results: {
    raceId: number;
    raceName: string;
    eventId: number;
    eventName: string;
    /** YYYY-MM-DD */
    date: string;
    className: string | null;
    /** Overall position (null: unclassified). */
    position: number | null;
    classPosition: number | null;
    /** DNF/DNS/DSQ or null. */
    state: string | null;
    number: string | null;
  }[];
  series: {
    seriesId: number;
    seriesName: string;
    className: string | null;
    position: number | null;
    points: number;
  }[];
  registrations: {
    id: number;
    eventId: number;
    eventName: string;
    /** YYYY-MM-DD */
    date: string;
    className: string;
    state: string;
  }[];
}

/** An imported racer record the holder may claim (same name; proven by licence / member number or date of birth). */
export interface ClaimCandidate {
  participantId: number;
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  /** Events with a result under this record, and the latest one's name and date. */
  events: number;
  lastEvent: { name: string; date: string } | null;
}

/** Claiming a racer record: the licence or member number printed on it, when the record has one. */
export const claimInput = z.object({
  participantId: z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id').max(INT4_MAX, 'invalid_id'),
  licence: optionalText(z.string({ error: 'invalid_licence' }).trim().max(ACCOUNT_LIMITS.licence.max, 'invalid_licence')),
});
export type ClaimInput = z.output<typeof claimInput>;
