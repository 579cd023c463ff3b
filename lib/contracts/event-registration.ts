/**
 * Registering for an event (issue 27 "Registration"; spec §1 register for events, §3
 * Registration, §6 Online registration): what the rider's (or guardian's) form sends and the
 * route validates, and what accepting a waiting-list offer sends. One schema each; issues carry
 * codes (`invalid_race_number`), never English text. Imports nothing from the server.
 */
import { z } from 'zod';
import { LOCALES } from '../config';
import { PAYMENT_PROVIDERS, PROVINCES } from './checkout';
import { idField } from './ids';

/** How many classes one registration may enter (a second and third class at their own price). */
export const MAX_CLASSES_PER_REGISTRATION = 3;

/** A race number: 1 to 4 digits or letters (`7`, `123`, `45B`); unique in its class at the event. */
export const RACE_NUMBER_PATTERN = /^[0-9A-Za-z]{1,4}$/;

/** Whether `value` is a well-formed race number (see `RACE_NUMBER_PATTERN`). */
export function isRaceNumber(value: string): boolean {
  return RACE_NUMBER_PATTERN.test(value);
}

/** A race number as typed: trimmed, letters upper-cased (`45b ` → `45B`). */
export function normalizeRaceNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** Longest answer to one of the promoter's questions, and longest own transponder number. */
export const ANSWER_MAX = 200;
export const TRANSPONDER_MAX = 20;

/** The rider's transponder: their own (its number), or one rented from the promoter (fee and deposit added to the order). */
export const transponderChoice = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('own'), number: z.string({ error: 'null_transponder' }).trim().min(1, 'null_transponder').max(TRANSPONDER_MAX, 'invalid_transponder').regex(/^[0-9A-Za-z-]+$/, 'invalid_transponder') }),
    z.object({ kind: z.literal('rental') }),
  ],
  { error: 'invalid_transponder' },
);
export type TransponderChoice = z.infer<typeof transponderChoice>;

/** The race number field: empty means "my permanent member number" (refused with `null_race_number` when there is none). */
const raceNumberField = z
  .string()
  .transform(normalizeRaceNumber)
  .refine((v) => v === '' || isRaceNumber(v), 'invalid_race_number')
  .nullable()
  .optional();

/** What paying needs: how, the form's submission id (the same id registers once), and the buyer's province. */
const payment = {
  /** `office`: pay at the gate (only when the promoter allows it); `stripe`: card. */
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'invalid_provider' }),
  /** A UUID the form was opened with: submitting twice registers once. */
  submissionId: z.uuid({ error: 'invalid_request' }),
  /** The buyer's province (a one-event licence is taxed there); default: the event's. */
  province: z.enum(PROVINCES, { error: 'invalid_province' }).nullable().optional(),
  /** The page's language: the order's lines and the mails are in it. */
  locale: z.enum(LOCALES, { error: 'invalid_request' }).optional(),
};

/** A registration: an event, the rider (the buyer's own record or their minor's), one to three classes, and the rest of the form. */
export const eventRegistrationInput = z.object({
  eventId: idField('event'),
  participantId: idField('participant'),
  classIds: z
    .array(idField('class'), { error: 'null_classes' })
    .min(1, 'null_classes')
    .max(MAX_CLASSES_PER_REGISTRATION, 'too_many_classes')
    .refine((ids) => new Set(ids).size === ids.length, 'invalid_request'),
  raceNumber: raceNumberField,
  transponder: transponderChoice.nullable().optional(),
  /** Answers to the promoter's questions, by question id. */
  answers: z.record(z.string(), z.string().trim().max(ANSWER_MAX, 'invalid_answer')).default({}),
  /** The event waiver the rider (or guardian) signed (`waiver_documents.id`). */
  waiverDocumentId: z.uuid({ error: 'waiver_not_signed' }),
  ...payment,
});
export type EventRegistrationInput = z.input<typeof eventRegistrationInput>;
export type EventRegistration = z.output<typeof eventRegistrationInput>;

/** Taking a place offered from the waiting list: how to pay (the rest was given when joining the list). */
export const acceptOfferInput = z.object(payment);
export type AcceptOfferInput = z.input<typeof acceptOfferInput>;

/** What became of one class of a registration. */
export interface RegisteredClass {
  registrationId: number;
  classId: number;
  /** `registered` (a place, charged on the order) or `waiting` (the class is full: no fee until a place is offered and taken). */
  state: 'registered' | 'waiting';
  raceNumber: string | null;
  /** The entry fee charged, in cents (null on the waiting list). */
  feeCents: number | null;
  orderLineId: number | null;
}

/** The reply of a registration: its classes, and its order when something is to pay (null when every class is on the waiting list). */
export interface RegistrationResult {
  classes: RegisteredClass[];
  order: { publicId: string; state: string; totalCents: number; provider: string } | null;
  /** True when this submission id had registered already: nothing was written this time. */
  duplicate: boolean;
}

/** One tax of a quote, summed over its lines: its code (`GST`, `QST`, `HST`, `PST`), its rate (parts per 100,000) and its cents. */
export interface QuoteTax {
  code: string;
  rate: number;
  cents: number;
}

/**
 * What a registration would cost if sent now (issue 27, the review step): each class's fate (a
 * place at its fee of the day, or the waiting list at no charge), the order's lines as the
 * checkout would write them (entries, rental and deposit, the one-event licence), subtotal, each
 * tax and the total, in cents. Nothing is written or held; `order` is null when every class is on
 * the waiting list (nothing to pay). `duplicate`: this submission already registered, and these
 * are its order's figures.
 */
export interface RegistrationQuote {
  classes: { classId: number; state: 'registered' | 'waiting'; feeCents: number | null }[];
  raceNumber: string;
  order: {
    lines: { description: string; subtotalCents: number }[];
    subtotalCents: number;
    discountCents: number;
    taxes: QuoteTax[];
    totalCents: number;
  } | null;
  duplicate: boolean;
}

/** A class's start grid (issue 27 "the start grid follows registration order or the promoter's draw"): public fields only. */
export interface StartGridClass {
  classId: number;
  className: string;
  /** True when the promoter drew it (riders registered after the draw follow, in registration order). */
  drawn: boolean;
  rows: StartGridRow[];
}

/** One rider in a start grid: position 1…n, race number, name, club (the membership's), city and province. Never contact details. */
export interface StartGridRow {
  registrationId: number;
  position: number;
  number: string | null;
  firstName: string;
  lastName: string;
  club: string | null;
  city: string | null;
  state: string | null;
}
