/**
 * The zod-free half of the participant-account contract (spec §3 Participant account, §4, §5
 * validation rules and formatters, §6 Roles, §8 Login and reset): the lists (`GENDERS`,
 * `RELATIONSHIPS`, `ACCOUNT_ISSUE_CODES` …), the limits (`ACCOUNT_LIMITS`), the formatters
 * applied while typing (`formatPhone`, `formatAddress`, `normalizePostalCode`), the patterns,
 * the date-of-birth helpers (`birthdayIso`, `parseBirthday`, `isRealDate`, `ageOn`,
 * `isMinor`, `birthYears`), `accountIssues` and the shapes of the replies (`ProfileView`, `MinorView`,
 * `SessionUser` …). Client components import these from here, so that a form page's first
 * load carries no zod (issue 23); the schemas live in ./account.ts, which re-exports all of
 * this (server code and tests keep importing from there). Imports nothing from the server.
 */
import { EMAIL_PATTERN } from './contact-rules';
import { firstIssuePerField, type CheckFailure, type FieldIssue } from './field-issues';

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
  /** Characters the phone input takes (room for a pasted `+1 (514) 555-0123 `; the formatter makes it 12). */
  phone: { inputMax: 25 },
  city: { max: 100 },
  state: { max: 100 },
  area: { max: 100 },
  licence: { max: 30 },
  /** Minors one account creation (or one family) may hold. */
  minors: { max: 10 },
  /** Age of majority used for accounts (years). */
  adultAge: 18,
  /** The oldest birth year the schemas accept. */
  oldestYear: 1900,
  /** The oldest age the date-of-birth picker offers for an adult (years). */
  oldestAge: 110,
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

/**
 * Phone (issue 25): the one formatter of the input (as typed or pasted) and of the schemas.
 * The digits of any common form (`(514) 555-0123`, `514.555.0123`, `+1 514 555 0123`,
 * `1-514-555-0123`) become 3-3-4 with hyphens (`514-555-0123`); eleven digits starting with
 * the country code 1 lose it. Up to ten digits are grouped as they come (`514-55`); more
 * than that (other than 1 + ten) is left exactly as given, so that `PHONE_PATTERN` refuses
 * it (`invalid_phone`) instead of a cut or shifted number being kept.
 */
export function formatPhone(input: string): string {
  let d = input.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length > 10) return input;
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * Address input (issue 25): letters of any alphabet with their accents, digits, spaces and the
 * punctuation of a street address (`' ’ - , . # /`), at most 99 characters:
 * "1234, rue de l'Église, app. 3" stays as typed.
 */
export function formatAddress(input: string): string {
  return input.replace(/[^\p{L}\p{M}\p{N} '’,.#/-]/gu, '').slice(0, ACCOUNT_LIMITS.address.formatterMax);
}

/** Postal code: trimmed and upper-cased (spec §5). */
export function normalizePostalCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Spec §5 phone: xxx-xxx-xxxx or ten digits (the schemas check it after `formatPhone`). */
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

/** Whose date of birth a picker asks for: a minor (under 18) or an adult (the account holder, a parent or guardian). */
export type BirthdayPerson = 'minor' | 'adult';

/**
 * The birth years a date-of-birth picker offers (issue 25), newest first, fitting `isMinor`:
 * a minor, this year back to 18 years ago (born late that year they are still 17); an adult,
 * 18 years ago (born early that year they are already 18) back to 110 years ago. The day
 * decides at the edge year (the schemas' `invalid_minor_birthday`, `invalid_adult_birthday`).
 */
export function birthYears(person: BirthdayPerson, today: Date = new Date()): number[] {
  const y = today.getFullYear();
  const newest = person === 'minor' ? y : y - ACCOUNT_LIMITS.adultAge;
  const oldest = person === 'minor' ? y - ACCOUNT_LIMITS.adultAge : Math.max(y - ACCOUNT_LIMITS.oldestAge, ACCOUNT_LIMITS.oldestYear);
  return Array.from({ length: newest - oldest + 1 }, (_, i) => newest - i);
}

// ---------------------------------------------------------------------------------------------
// Account creation's replies (spec §4)

/** Its reply (the Existing Account check): the email is already an account's ('Email is already registered'); a person of that name and date of birth exists. */
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
// Login, password reset, email verification (spec §8 Login and reset; issue 22)

/** A reset token as mailed: 43 base64url characters (32 random bytes). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a reset link's check answers (GET /ll/api/v1/auth/reset-password/{token}). */
export const RESET_TOKEN_STATES = ['valid', 'invalid_token', 'expired_token', 'used_token', 'undecodable_token'] as const;
export type ResetTokenState = (typeof RESET_TOKEN_STATES)[number];

/** Verification links (a new account's, a change of email's) are valid 24 hours: better-auth `emailVerification.expiresIn`, in seconds. */
export const EMAIL_VERIFICATION_TTL_S = 24 * 3600;

/**
 * What /verify-email shows for a link: the account's address verified now, or earlier; the
 * change of email done; the link expired (a new one can be sent); unknown, tampered with or
 * already used; the new address taken by another account meanwhile.
 */
export const VERIFY_EMAIL_STATES = ['verified', 'already_verified', 'email_changed', 'expired_token', 'invalid_token', 'email_taken'] as const;
export type VerifyEmailState = (typeof VERIFY_EMAIL_STATES)[number];

// ---------------------------------------------------------------------------------------------
// The logged-in participant: security, profile, family, racing (issue 11, issue 22)

/** The login's address and whether it is verified (the account page's banner and security section). */
export interface AccountSecurity {
  email: string;
  emailVerified: boolean;
}

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
export type AccountIssue = FieldIssue;

/**
 * The field issues of a failed check, one per field path (the first), codes as the schemas
 * left them (anything that is not a code becomes `invalid_<last path segment>`).
 */
export function accountIssues(error: CheckFailure): AccountIssue[] {
  return firstIssuePerField(error, (message, path) => {
    if (/^(invalid|null)_[a-z_]+$/.test(message)) return message;
    const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
    return last ? `invalid_${last.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}` : 'invalid_request';
  });
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
