/**
 * Promo codes (issue 26: "promo codes (percent or amount, dates, usage limits, what they apply
 * to)"; spec §3 Transaction: promo code). Checking one against a purchase (`checkPromo`) and
 * spreading its discount over the order's lines (`promoDiscounts`). Pure module: no
 * `import 'server-only'`, no database, so scripts and unit tests load it as is; the caller loads
 * the promo and counts its uses (all buyers', this buyer's) from the orders.
 */
import { CheckoutError } from './errors';
import type { PurchaseKind } from './kinds';
import { allocate, assertCents, mulDivRound, type Cents } from './money';

/** Percent discounts are in basis points: 10000 = 100 %, 1500 = 15 %. */
export const BASIS_POINTS = 10_000;

/** A promo code as the federation defines it, with its use counts. */
export interface Promo {
  /** The code as it was entered; compared trimmed and case-insensitively (`normalizePromoCode`). */
  code: string;
  /** 'percent': `value` in basis points (1..10000) of each line it applies to; 'amount': `value` in cents off the lines it applies to. */
  kind: 'percent' | 'amount';
  value: number;
  /** First valid moment (inclusive); absent: valid from its creation. */
  validFrom?: Date | null;
  /** Last valid moment (inclusive); absent: never expires. */
  validTo?: Date | null;
  /** How many orders may use it in all; absent: no limit. */
  maxUses?: number | null;
  /** How many orders used it so far (paid or still reserved: a hold counts, an expired one does not). */
  usesSoFar: number;
  /** How many orders one buyer may use it on; absent: no limit. */
  maxUsesPerBuyer?: number | null;
  /** How many orders this buyer used it on so far. */
  usesByBuyer: number;
  /** What it takes money off (at least one kind). */
  appliesTo: readonly PurchaseKind[];
  /** Only for purchases from this organization (memberships); absent: any. */
  organizationId?: number | null;
  /** Only for purchases for this event (entries, tickets); absent: any. */
  eventId?: number | null;
}

/** The part of a promo that prices an order (what `priceOrder` needs once `checkPromo` said ok). */
export type PromoDiscount = Pick<Promo, 'code' | 'kind' | 'value' | 'appliesTo'>;

/** The purchase a promo is tried on. */
export interface PromoContext {
  /** The moment of the order. */
  now: Date;
  /** The kinds of the order's lines. */
  kinds: readonly PurchaseKind[];
  /** The organization the order buys from (memberships). */
  organizationId?: number | null;
  /** The event the order is for (entries, tickets). */
  eventId?: number | null;
  /** The code the buyer typed; when given, it must match the promo's (trimmed, any case), else `promo_unknown`. */
  typed?: string;
}

export type PromoRefusal = 'promo_unknown' | 'promo_not_started' | 'promo_expired' | 'promo_used_up' | 'promo_used_by_you' | 'promo_not_applicable';

export type PromoCheck = { ok: true; promo: Promo } | { ok: false; code: PromoRefusal };

/** A code as compared and stored for lookup: trimmed, upper case (" spring10 " → "SPRING10"). */
export function normalizePromoCode(code: string): string {
  return code.normalize('NFC').trim().toUpperCase();
}

/**
 * Whether `promo` may be used on this purchase, checked in this order: it exists (and matches the
 * typed code) → `promo_unknown`; `now` before `validFrom` → `promo_not_started`; after `validTo`
 * → `promo_expired`; none of its kinds among the order's, or another organization or event →
 * `promo_not_applicable`; `usesSoFar ≥ maxUses` → `promo_used_up`; `usesByBuyer ≥
 * maxUsesPerBuyer` → `promo_used_by_you`.
 * @throws CheckoutError `invalid_promo` when the promo itself is malformed (a value out of range).
 */
export function checkPromo(promo: Promo | null | undefined, context: PromoContext): PromoCheck {
  if (!promo || (context.typed !== undefined && normalizePromoCode(context.typed) !== normalizePromoCode(promo.code))) return { ok: false, code: 'promo_unknown' };
  assertPromo(promo);
  const now = context.now.getTime();
  if (promo.validFrom && now < promo.validFrom.getTime()) return { ok: false, code: 'promo_not_started' };
  if (promo.validTo && now > promo.validTo.getTime()) return { ok: false, code: 'promo_expired' };
  const kindMatches = promo.appliesTo.some((kind) => context.kinds.includes(kind));
  const organizationMatches = promo.organizationId == null || promo.organizationId === context.organizationId;
  const eventMatches = promo.eventId == null || promo.eventId === context.eventId;
  if (!kindMatches || !organizationMatches || !eventMatches) return { ok: false, code: 'promo_not_applicable' };
  if (promo.maxUses != null && promo.usesSoFar >= promo.maxUses) return { ok: false, code: 'promo_used_up' };
  if (promo.maxUsesPerBuyer != null && promo.usesByBuyer >= promo.maxUsesPerBuyer) return { ok: false, code: 'promo_used_by_you' };
  return { ok: true, promo };
}

/**
 * `promo` if its value is in range: percent 1..10000 basis points, amount ≥ 1 cent, both whole.
 * @throws CheckoutError `invalid_promo` otherwise.
 */
export function assertPromo<P extends PromoDiscount>(promo: P): P {
  const max = promo.kind === 'percent' ? BASIS_POINTS : Number.MAX_SAFE_INTEGER;
  if ((promo.kind !== 'percent' && promo.kind !== 'amount') || !Number.isSafeInteger(promo.value) || promo.value < 1 || promo.value > max) {
    throw new CheckoutError('invalid_promo', `Promo ${promo.code}: a ${promo.kind} of ${promo.value} is out of range`);
  }
  return promo;
}

/**
 * The discount on each line, in cents, in the lines' order (0 for a line the promo does not
 * apply to). Percent: that percent of each applicable line, rounded half away from zero on the
 * line. Amount: the amount (at most the applicable lines' sum: a line never goes below 0) spread
 * over the applicable lines in proportion to their amounts, largest remainder first, so the
 * discounts add up to it exactly.
 * @param lines each line's kind and amount before discount (whole cents ≥ 0).
 * @throws CheckoutError `invalid_promo` or `invalid_amount`.
 */
export function promoDiscounts(promo: PromoDiscount, lines: readonly { kind: PurchaseKind; subtotalCents: Cents }[]): Cents[] {
  assertPromo(promo);
  const applicable = lines.map((line) => (promo.appliesTo.includes(line.kind) ? assertCents(line.subtotalCents) : 0));
  if (promo.kind === 'percent') return applicable.map((cents) => Math.min(cents, mulDivRound(cents, promo.value, BASIS_POINTS)));
  const base = applicable.reduce((a, b) => a + b, 0);
  return allocate(Math.min(promo.value, base), applicable);
}
