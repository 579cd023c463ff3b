/**
 * What a promoter sets for an event's online registration (issue 27 "Fees by date (early, regular,
 * late fee after the deadline), set by the promoter in the desk"; the waiting list's offer time;
 * the refund policy; transponder rental; the promoter's own questions; paying at the gate; a
 * selfie before the waiver): one contract the desk's form, its route and the `events.registration
 * _settings` column share. Issues carry codes. Imports nothing from the server.
 */
import { z } from 'zod';

/** YYYY-MM-DD. */
const day = (code: string) => z.string({ error: code }).regex(/^\d{4}-\d{2}-\d{2}$/, code);
/** Whole cents, 0 … $10,000. */
const cents = (code: string) => z.number({ error: code }).int(code).min(0, code).max(1_000_000, code);

/** One question the promoter asks every rider (bike, displacement …), with its label per language. */
export const registrationQuestion = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'invalid_question_id'),
  label: z.object({ en: z.string().trim().min(1, 'null_question_label').max(120, 'invalid_question_label'), fr: z.string().trim().max(120).optional(), es: z.string().trim().max(120).optional() }),
  required: z.boolean().default(false),
});
export type RegistrationQuestion = z.infer<typeof registrationQuestion>;

/** A step of the refund policy: a rider cancelling up to `until` (inclusive) gets `percent` of the entry fees back. */
export const refundStep = z.object({ until: day('invalid_refund_until'), percent: z.number({ error: 'invalid_refund_percent' }).int('invalid_refund_percent').min(0, 'invalid_refund_percent').max(100, 'invalid_refund_percent') });
export type RefundStep = z.infer<typeof refundStep>;

export const registrationSettings = z.object({
  /** Last day of the early fee (inclusive); null: no early fee. */
  earlyUntil: day('invalid_early_until').nullable().default(null),
  /** First day of the late fee (inclusive); null: no late fee. */
  lateFrom: day('invalid_late_from').nullable().default(null),
  /** Riders may choose to pay at the gate (the registration is held unpaid until then). */
  payAtGate: z.boolean().default(true),
  /** The waiver asks for a selfie first. */
  waiverSelfie: z.boolean().default(false),
  /** How long a freed place offered to the next on the waiting list waits for them, in hours. */
  offerHours: z.number().int().min(1, 'invalid_offer_hours').max(168, 'invalid_offer_hours').default(24),
  /** Refund by date, in date order; a cancellation after the last step gets nothing back. */
  refundPolicy: z.array(refundStep).max(5, 'invalid_refund_policy').default([]),
  /** A transponder rental's fee and deposit, in cents; null fee: no rental offered. */
  transponderRentalCents: cents('invalid_transponder_rental').nullable().default(null),
  transponderDepositCents: cents('invalid_transponder_deposit').default(0),
  /** The promoter's own questions. */
  questions: z.array(registrationQuestion).max(10, 'invalid_questions').default([]),
});
export type RegistrationSettings = z.infer<typeof registrationSettings>;

/** The settings of an event that never set any. */
export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = registrationSettings.parse({});

/**
 * The settings as the desk saves them (PUT /ll/api/v1/desk/events/{id}/registration-settings):
 * `registrationSettings` plus the rules between its fields, each issue at its field's path:
 * - `invalid_late_from_order` at `lateFrom` when the late fee starts on or before the early fee's last day;
 * - `invalid_refund_order` at `refundPolicy.{i}.until` when a step's date is not after the one before;
 * - `invalid_refund_percent_order` at `refundPolicy.{i}.percent` when a step gives back more than the one before;
 * - `invalid_question_duplicate` at `questions.{i}.id` when two questions share an id.
 * The rule that needs the event (both dates inside its registration window) is
 * `registrationWindowIssues`, which the domain applies too.
 */
export const deskRegistrationSettingsInput = registrationSettings.superRefine((s, ctx) => {
  if (s.earlyUntil !== null && s.lateFrom !== null && s.lateFrom <= s.earlyUntil) ctx.addIssue({ code: 'custom', path: ['lateFrom'], message: 'invalid_late_from_order' });
  s.refundPolicy.forEach((step, i) => {
    const before = s.refundPolicy[i - 1];
    if (!before) return;
    if (step.until <= before.until) ctx.addIssue({ code: 'custom', path: ['refundPolicy', i, 'until'], message: 'invalid_refund_order' });
    if (step.percent > before.percent) ctx.addIssue({ code: 'custom', path: ['refundPolicy', i, 'percent'], message: 'invalid_refund_percent_order' });
  });
  const seen = new Set<string>();
  s.questions.forEach((q, i) => {
    if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: 'invalid_question_duplicate' });
    seen.add(q.id);
  });
});
export type DeskRegistrationSettingsInput = z.input<typeof deskRegistrationSettingsInput>;

/** An event's online-registration window (YYYY-MM-DD, inclusive; null: not set, no bound on that side). */
export interface RegistrationWindow {
  opensOn: string | null;
  closesOn: string | null;
}

/**
 * The fee dates that fall outside the event's registration window: `invalid_early_until_window`
 * at `earlyUntil`, `invalid_late_from_window` at `lateFrom` (a date before the window opens or
 * after it closes). Empty when both fit (or are not set).
 */
export function registrationWindowIssues(s: Pick<RegistrationSettings, 'earlyUntil' | 'lateFrom'>, window: RegistrationWindow): { path: string[]; code: string }[] {
  const outside = (day: string) => (window.opensOn !== null && day < window.opensOn) || (window.closesOn !== null && day > window.closesOn);
  const issues: { path: string[]; code: string }[] = [];
  if (s.earlyUntil !== null && outside(s.earlyUntil)) issues.push({ path: ['earlyUntil'], code: 'invalid_early_until_window' });
  if (s.lateFrom !== null && outside(s.lateFrom)) issues.push({ path: ['lateFrom'], code: 'invalid_late_from_window' });
  return issues;
}

/**
 * A question's id made from its English label (`Bike brand` → `bike_brand`, `Cylindrée (cc)` →
 * `cylindree_cc`, `125cc?` → `q_125cc`): lower-case letters, digits and `_`, starting with a letter, at most 32
 * characters; `_2`, `_3` … added when `taken` holds it already. `question` when the label has no
 * letter or digit.
 */
export function questionIdOf(label: string, taken: Iterable<string> = []): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const base = (/^[0-9]/.test(words) ? `q_${words}` : words).slice(0, 28).replace(/_+$/, '') || 'question';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}
