/**
 * An order's state and money, derived only from its facts (issue 26: "an order and its payments,
 * refunds and receipts are only ever added to, never edited or deleted"; "Holds that expire";
 * spec §3 Transaction: total, total paid). Pure module: no `import 'server-only'`, no database,
 * so scripts and unit tests load it as is.
 *
 * The order row is never updated: a payment, a refund, a released hold is a new fact, and the
 * state is computed from the facts at a moment:
 *
 * - `reserved`: not fully paid, and its hold still runs (`now < holdExpiresAt`, not released);
 * - `expired`: not fully paid, and its hold ended (`now ≥ holdExpiresAt`, or released at `expiredAt`);
 * - `paid`: the payments, less any refunds, reach the total (a payment that arrives after the
 *   hold ended and is kept makes an expired order paid; a second payment sent back leaves it paid);
 * - `partially_refunded`: paid in full, then part of it refunded;
 * - `refunded`: everything paid was refunded (also a late payment sent back).
 *
 * Only facts dated at or before `now` count, so the same facts answer "what was it then".
 * An order of 0 cents (a 100 % promo) is paid from its creation. Payments normally come whole
 * (one per order); several add up (cash and card at the office).
 */
import { CheckoutError } from './errors';
import { assertCents, sumCents, type Cents } from './money';

/** How long an order holds what it reserves (a spot in a class, a ticket) before it is released, in minutes. */
export const HOLD_MINUTES = 15;

/**
 * How long an order paid at the office or the gate stays reserved, in minutes (30 days): nothing
 * leaves the site and staff mark it paid when the money is handed over. A membership is never
 * sold out, so holding it long takes nothing from anyone.
 */
export const OFFICE_HOLD_MINUTES = 30 * 24 * 60;

/** The states an order goes through; the list feeds the type (and the future pgEnum / zod enum). */
export const ORDER_STATES = ['reserved', 'paid', 'expired', 'partially_refunded', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Money received for the order by a provider ('office', 'stripe'). */
export interface PaymentFact {
  at: Date;
  cents: Cents;
  provider: string;
}

/** Money sent back. */
export interface RefundFact {
  at: Date;
  cents: Cents;
}

/** Everything recorded about an order that decides its state. */
export interface OrderFacts {
  createdAt: Date;
  /** The end of the hold (exclusive): `holdExpiresAt(createdAt)` for a card payment; a provider may give a longer one (pay at the office). */
  holdExpiresAt: Date;
  /** The priced total to pay, in cents. */
  totalCents: Cents;
  payments: readonly PaymentFact[];
  refunds: readonly RefundFact[];
  /** When the hold was released early or by the sweeper (the Stripe session expired), if it was. */
  expiredAt?: Date | null;
}

/** The moment a hold made at `createdAt` ends: `minutes` (default `HOLD_MINUTES`) later, to the millisecond. */
export function holdExpiresAt(createdAt: Date, minutes: number = HOLD_MINUTES): Date {
  return new Date(createdAt.getTime() + minutes * 60_000);
}

const until = <F extends { at: Date }>(facts: readonly F[], now?: Date) => (now ? facts.filter((f) => f.at.getTime() <= now.getTime()) : facts);

/** The cents received for the order (at or before `now` when given; all recorded otherwise). */
export function paidCents(order: OrderFacts, now?: Date): Cents {
  return sumCents(until(order.payments, now).map((p) => assertCents(p.cents, 'payment')));
}

/** The cents sent back (at or before `now` when given; all recorded otherwise). */
export function refundedCents(order: OrderFacts, now?: Date): Cents {
  return sumCents(until(order.refunds, now).map((r) => assertCents(r.cents, 'refund')));
}

/** What may still be refunded: paid − refunded, never below 0. */
export function refundableCents(order: OrderFacts, now?: Date): Cents {
  return Math.max(0, paidCents(order, now) - refundedCents(order, now));
}

/** Whether the hold has ended at `at`: at or after `holdExpiresAt` (exactly 15 minutes is expired), or at or after a release. */
export function holdEnded(order: OrderFacts, at: Date): boolean {
  const t = at.getTime();
  return t >= order.holdExpiresAt.getTime() || (order.expiredAt != null && t >= order.expiredAt.getTime());
}

/** The order's state at `now` (see the module's docstring). */
export function orderState(order: OrderFacts, now: Date): OrderState {
  const total = assertCents(order.totalCents, 'total');
  const paid = paidCents(order, now);
  const refunded = refundedCents(order, now);
  if (paid > 0 && refunded >= paid) return 'refunded';
  if (paid - refunded >= total) return 'paid';
  if (paid >= total) return 'partially_refunded';
  return holdEnded(order, now) ? 'expired' : 'reserved';
}

/** An order's state and money at a moment, all amounts in cents. */
export interface OrderSummary {
  state: OrderState;
  totalCents: Cents;
  paidCents: Cents;
  refundedCents: Cents;
  /** paid − refunded, never below 0. */
  refundableCents: Cents;
  /** total − paid, never below 0. */
  dueCents: Cents;
}

/** The state with the money a receipt or the staff screen shows: paid, refunded, still refundable, still due. */
export function orderSummary(order: OrderFacts, now: Date): OrderSummary {
  const paid = paidCents(order, now);
  const refunded = refundedCents(order, now);
  return {
    state: orderState(order, now),
    totalCents: order.totalCents,
    paidCents: paid,
    refundedCents: refunded,
    refundableCents: Math.max(0, paid - refunded),
    dueCents: Math.max(0, order.totalCents - paid),
  };
}

/**
 * The late-payment rule (issue 26): a payment that arrives after the hold ended is kept if what
 * the order reserved is still free (taken again for it), otherwise refunded by itself (and the
 * buyer told).
 */
export function latePaymentAction(goodsStillFree: boolean): 'keep' | 'refund' {
  return goodsStillFree ? 'keep' : 'refund';
}

/**
 * What to do with a payment arriving at `at` for `order` (its facts before this payment is
 * recorded): `refund` when the order already had payments reaching its total (a second checkout
 * paid too; an order of 0 cents; an order paid and then refunded);
 * when the hold has ended, `latePaymentAction(goodsStillFree)`; otherwise `keep`.
 * `goodsStillFree` is read only for a late payment (pass the answer of a check made in the same
 * transaction that takes the goods).
 */
export function paymentAction(order: OrderFacts, at: Date, goodsStillFree: boolean): { action: 'keep' | 'refund'; reason: 'on_time' | 'late_goods_free' | 'late_goods_taken' | 'already_paid' } {
  if (paidCents(order) >= order.totalCents) return { action: 'refund', reason: 'already_paid' };
  if (!holdEnded(order, at)) return { action: 'keep', reason: 'on_time' };
  const action = latePaymentAction(goodsStillFree);
  return { action, reason: action === 'keep' ? 'late_goods_free' : 'late_goods_taken' };
}

export type RefundCheck = { ok: true; refundableAfterCents: Cents } | { ok: false; code: 'refund_too_large' | 'invalid_amount' };

/**
 * Whether `cents` may be refunded on `order` now: a whole number ≥ 1 (else `invalid_amount`) no
 * larger than `refundableCents` (else `refund_too_large`); says what stays refundable after it.
 */
export function checkRefund(order: OrderFacts, cents: Cents): RefundCheck {
  if (!Number.isSafeInteger(cents) || cents < 1) return { ok: false, code: 'invalid_amount' };
  const refundable = refundableCents(order);
  if (cents > refundable) return { ok: false, code: 'refund_too_large' };
  return { ok: true, refundableAfterCents: refundable - cents };
}

/**
 * `checkRefund`, thrown: the refund's cents when allowed.
 * @throws CheckoutError `refund_too_large` or `invalid_amount`.
 */
export function assertRefund(order: OrderFacts, cents: Cents): Cents {
  const check = checkRefund(order, cents);
  if (!check.ok) throw new CheckoutError(check.code);
  return cents;
}
