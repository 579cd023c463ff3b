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
