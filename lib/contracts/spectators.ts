/**
 * Spectator tickets, the buyer's four steps (issue 28 "The four steps"; spec §3 Spectator, §4
 * Spectator registration, §5 Spectator, §8 Spectator): what the `/spectator/{eventId}` page sends
 * and the API (`/api/v1/spectators/*`) validates — the buyer and each spectator (first name, last
 * name, gender, date of birth, email), a spectator's waiver signed on the buyer's phone or by the
 * emailed link, the summary's promo code and the payment — and what the API answers. One schema
 * each; issues carry codes (`null_first_name`, `invalid_birthday`), never English text; a missing
 * entry makes the reply's code `null_entries` ('Please fill all entries', `spectatorIssues`).
 * Imports nothing from the server.
 */
import { z } from 'zod';
import { LOCALES } from '../config';
import { ACCOUNT_LIMITS, EMAIL_PATTERN, GENDERS, NAME_PATTERN } from './account-rules';
import { PAYMENT_PROVIDERS, PROVINCES } from './checkout';
import { firstIssuePerField, type CheckFailure, type FieldIssue } from './field-issues';
import { idField } from './ids';
import { signWaiverInput, type WaiverState, type WaiverText } from './waivers';

/** A calendar day, YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const name = (code: 'first_name' | 'last_name') =>
  z
    .string({ error: (issue) => (blank(issue.input) ? `null_${code}` : `invalid_${code}`) })
    .trim()
    .min(1, { error: `null_${code}`, abort: true })
    .max(ACCOUNT_LIMITS.name.max, { error: `invalid_${code}`, abort: true })
    .regex(NAME_PATTERN, `invalid_${code}`);

/** A date of birth, YYYY-MM-DD: a real day since 1900 (not in the future: checked by the server against its day). */
const birthday = z
  .string({ error: (issue) => (blank(issue.input) ? 'null_birthday' : 'invalid_birthday') })
  .trim()
  .min(1, { error: 'null_birthday', abort: true })
  .refine((v) => isCalendarDay(v) && v >= `${ACCOUNT_LIMITS.oldestYear}-01-01`, 'invalid_birthday');

const email = z
  .string({ error: 'invalid_email' })
  .trim()
  .toLowerCase()
  .max(ACCOUNT_LIMITS.email.max, { error: 'invalid_email', abort: true })
  .regex(EMAIL_PATTERN, 'invalid_email');

/**
 * A spectator as typed at step 3: an adult's own email is required (their waiver link and
 * ticket go there: `null_spectator_email` from the server, which knows the event's day); a
 * minor's is dropped (the buyer's is used).
 */
export const spectatorPersonInput = z.object({
  firstName: name('first_name'),
  lastName: name('last_name'),
  gender: z.enum(GENDERS, { error: (issue) => (blank(issue.input) ? 'null_gender' : 'invalid_gender') }),
  birthday,
  email: z.preprocess((v) => (blank(v) ? undefined : v), email.optional()),
});
export type SpectatorPersonInput = z.input<typeof spectatorPersonInput>;
export type SpectatorPerson = z.output<typeof spectatorPersonInput>;

/** Step 1: the event, its day, the buyer (an adult: their email required) and the page's language. */
export const startSpectatorRegistrationInput = z.object({
  eventId: idField('event'),
  day: z.string({ error: 'null_day' }).refine(isCalendarDay, 'invalid_event_day'),
  buyer: spectatorPersonInput.extend({
    email: z.preprocess((v) => (blank(v) ? undefined : v), email.optional()).refine((v) => v !== undefined, 'null_email'),
  }),
  locale: z.enum(LOCALES, { error: 'invalid_request' }).optional(),
});
export type StartSpectatorRegistrationInput = z.input<typeof startSpectatorRegistrationInput>;

/**
 * A ticket given to someone else (issue 28 "Refunds and transfers: … a ticket given to another
 * person needs that person's waiver before it scans"): the new holder as step 3 types a person —
 * an adult on the ticket's day (`adults_only` from the server, which knows the day) with their own
 * email (their waiver link and ticket go there) — and the form's `transferId` (a UUID made once per
 * form: the same transfer sent twice is recorded once).
 */
export const transferTicketInput = spectatorPersonInput.extend({
  transferId: z
    .string({ error: (issue) => (blank(issue.input) ? 'null_transfer_id' : 'invalid_transfer_id') })
    .trim()
    .min(1, { error: 'null_transfer_id', abort: true })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'invalid_transfer_id')
    .transform((v) => v.toLowerCase()),
  email: z.preprocess((v) => (blank(v) ? undefined : v), email.optional()).refine((v) => v !== undefined, 'null_email'),
});
export type TransferTicketInput = z.input<typeof transferTicketInput>;

/** What a transfer answers: the new holder's ticket and spectator (`created`: false when the same transfer was recorded before). */
export interface TicketTransferResult {
  ticketId: string;
  spectatorId: string;
  created: boolean;
}

/**
 * A spectator's waiver as signed on the buyer's phone or through the emailed link: the text's
 * version and language the page showed, the three consents, the drawn signature, the selfie when
 * the event asks, and a minor's own signature when the federation asks (the waivers' contract,
 * without the event, kind, person and role: the address names the spectator, and the role follows
 * from them — the buyer for themself or as guardian of a minor, any other adult for themself).
 */
export const signSpectatorWaiverInput = signWaiverInput.pick({
  textVersion: true,
  locale: true,
  consentElectronic: true,
  agreed: true,
  certified: true,
  signaturePng: true,
  selfieJpeg: true,
  minorSignaturePng: true,
});
export type SignSpectatorWaiverInput = z.infer<typeof signSpectatorWaiverInput>;

/** The promo code typed at step 4 (any case; blank: none). */
const promoCode = z
  .string({ error: 'invalid_promo' })
  .trim()
  .max(40, 'invalid_promo')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** Step 4's summary: the promo code, and the buyer's province (the tickets are taxed where the event is; this only serves when the event's state is not a province). */
export const quoteSpectatorInput = z.object({
  promoCode,
  province: z.enum(PROVINCES, { error: 'invalid_province' }).nullable().optional(),
});
export type QuoteSpectatorInput = z.input<typeof quoteSpectatorInput>;

/** Step 4's payment: how (`office`: at the gate, when the event allows it; `stripe`: card), the promo code, the form's submission id (the same id orders once). */
export const submitSpectatorInput = quoteSpectatorInput.extend({
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'invalid_provider' }),
  submissionId: z.uuid({ error: 'invalid_request' }),
  locale: z.enum(LOCALES, { error: 'invalid_request' }).optional(),
});
export type SubmitSpectatorInput = z.input<typeof submitSpectatorInput>;

/** A registration's states (spec §4: it ends complete or canceled). */
export type SpectatorRegistrationState = 'open' | 'complete' | 'canceled';

/** One spectator as the steps show them. */
export interface SpectatorView {
  id: string;
  firstName: string;
  lastName: string;
  gender: string;
  /** YYYY-MM-DD. */
  birthday: string;
  /** An adult's own email; null for a minor. */
  email: string | null;
  isBuyer: boolean;
  /** Whole years on the event's day. */
  age: number;
  minor: boolean;
  /** The ticket's price in cents (0 for a child under the event's free age). */
  priceCents: number;
  /** The waiver's state (spec §4 Waiver), its signatory's name and document, once signed or rejected. */
  waiver: { state: WaiverState; signatoryName: string | null; documentId: string | null };
  /** How this spectator's waiver is signed: `self` (the buyer on their phone), `guardian` (the buyer for a minor), `adult` (the adult themself, on the buyer's phone or by the emailed link). */
  signedBy: 'self' | 'guardian' | 'adult';
}

/** A spectator registration as its buyer sees it (`GET /api/v1/spectators/registrations/{id}`). */
export interface SpectatorRegistrationView {
  id: string;
  eventId: number;
  eventName: string;
  /** YYYY-MM-DD. */
  day: string;
  state: SpectatorRegistrationState;
  locale: string;
  /** The order once step 4 was confirmed (its public id and state), else null. */
  order: { publicId: string; state: string; totalCents: number; provider: string } | null;
  selfieRequired: boolean;
  payAtGate: boolean;
  spectators: SpectatorView[];
  /** Every spectator's waiver is signed: step 4 may continue. */
  allSigned: boolean;
}

/** Step 4's figures, in cents. */
export interface SpectatorQuote {
  lines: { spectatorId: string; description: string; unitCents: number; subtotalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  promoCode: string | null;
  taxes: { code: string; rate: number; cents: number }[];
  taxCents: number;
  totalCents: number;
}

/** What `/waiver/{signingId}` shows an adult who signs by the emailed link. */
export interface SpectatorWaiverByLink {
  eventId: number;
  eventName: string;
  /** YYYY-MM-DD. */
  day: string;
  coveredName: string;
  /** Who signs (the adult themself) and where the PDF goes. */
  signatoryName: string;
  email: string | null;
  text: WaiverText;
  selfieRequired: boolean;
  minorSignatureRequired: boolean;
  /** `signed` already, `not_signed`, or `rejected` (cannot be signed). */
  state: WaiverState;
  /** The registration ended canceled: nothing can be signed. */
  canceled: boolean;
}

/** The field issues of a step's form, one per field, each a code (`null_first_name`, `invalid_birthday`). */
export function spectatorIssues(error: CheckFailure): FieldIssue[] {
  return firstIssuePerField(error, (message, path) =>
    /^(null|invalid)_[a-z_]+$/.test(message) ? message : `invalid_${String(path.at(-1) ?? 'request').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
  );
}

/** The reply's code for field issues `issues`: `null_entries` ('Please fill all entries') when an entry is missing, else the first issue's. */
export function spectatorIssuesCode(issues: readonly FieldIssue[]): string {
  return issues.some((i) => i.code.startsWith('null_') && i.path.length > 0 && !['selfieJpeg', 'signaturePng', 'minorSignaturePng', 'consentElectronic', 'agreed', 'certified', 'textVersion'].includes(String(i.path.at(-1))))
    ? 'null_entries'
    : (issues[0]?.code ?? 'invalid_request');
}
