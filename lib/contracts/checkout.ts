/**
 * The checkout's contracts (issue 26; spec §1 register for memberships, external card payment;
 * §3 Transaction): the provinces (place of supply), the ways to pay, a membership purchase as
 * the buyer's form and `POST /users/current/orders` both read it, and a staff refund. Issues carry
 * codes (`invalid_province`, `null_reason`), never English text. Imports nothing from the server:
 * the checkout's server code takes its lists from here.
 */
import { z } from 'zod';
import { LOCALES } from '../config';
import { idField } from './ids';

/** The 13 provinces and territories (ISO 3166-2:CA suffixes): the place of supply of a sale. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

/**
 * Who takes the money: `office` (pay at the office or the gate: reserved, unpaid, staff mark it
 * paid; always offered) and `stripe` (Stripe Checkout; offered when the site has a key).
 */
export const PAYMENT_PROVIDERS = ['office', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Longest promo code a buyer may type. */
export const PROMO_CODE_MAX = 32;

/** A membership bought by the logged-in buyer for themself or one of their minors. */
export const membershipPurchaseInput = z.object({
  membershipTypeId: idField('membershipType'),
  participantId: idField('participant'),
  /** The racing class chosen (one of the type's organization's classes), or none. */
  classId: idField('class').nullable().optional(),
  promoCode: z.string().trim().max(PROMO_CODE_MAX, 'invalid_promo').nullable().optional(),
  /** The buyer's province: a membership is taxed where its buyer lives. */
  province: z.enum(PROVINCES, { error: 'invalid_province' }),
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'invalid_provider' }),
  /** The page's language: the order's lines, the payment page and the receipt are in it (default: the session's). */
  locale: z.enum(LOCALES, { error: 'invalid_request' }).optional(),
  /**
   * A UUID made when the review page is shown (issue 29): the same purchase sent again (a retry
   * after a lost reply, a proxy's 502) answers the order it made instead of a second one.
   */
  submissionId: z.uuid({ error: 'invalid_request' }).optional(),
});
export type MembershipPurchaseInput = z.infer<typeof membershipPurchaseInput>;

/** What the buyer is sent on to after creating or paying an order. */
export type PaymentNext = { kind: 'redirect'; url: string } | { kind: 'reserved' };

/** The reply of `POST /users/current/orders` and `POST /users/current/orders/{publicId}/pay`. */
export interface OrderCreated {
  publicId: string;
  /** reserved, paid (0 cents) … */
  state: string;
  totalCents: number;
  next: PaymentNext;
}

/** Longest refund reason. */
export const REFUND_REASON_MAX = 500;

/** A refund asked by federation staff: amount in cents, a reason, and the request id the form was opened with (one refund however often it is sent). */
export const staffRefundInput = z.object({
  amountCents: z.number({ error: 'invalid_amount' }).int('invalid_amount').min(1, 'invalid_amount').max(100_000_000, 'invalid_amount'),
  reason: z.string({ error: 'null_reason' }).trim().min(1, 'null_reason').max(REFUND_REASON_MAX, 'invalid_reason'),
  requestId: z.uuid({ error: 'invalid_request' }),
});
export type StaffRefundInput = z.infer<typeof staffRefundInput>;
