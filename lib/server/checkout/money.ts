/**
 * Money in the checkout (issue 26; spec §3 Transaction: subtotal, tax, total, total paid):
 * amounts are whole numbers of cents (`Cents`), never floating dollars; every fraction of a cent
 * that a rate makes (tax, percent discount) is rounded once, half away from zero, by
 * `mulDivRound`; an amount spread over lines is split with `allocate` so the parts add up exactly.
 * Pure module: no `import 'server-only'`, no database, so scripts and unit tests load it as is.
 */
import { formatCents } from '@/lib/format';
import { CheckoutError } from './errors';

/** An amount of Canadian money in cents (1250 = 12.50 $). A whole number; never negative where it is a price. */
export type Cents = number;

/** Whether `value` is a whole, finite, non-negative number of cents (and a safe integer). */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * `value` if it is a whole, non-negative number of cents.
 * @throws CheckoutError `invalid_amount` for NaN, ±Infinity, a fraction, a negative number or anything not a number.
 */
export function assertCents(value: unknown, what = 'amount'): Cents {
  if (!isCents(value)) throw new CheckoutError('invalid_amount', `The ${what} must be a whole number of cents, not negative (got ${String(value)})`);
  return value;
}

/**
 * `value` if it is a whole number ≥ 1 (a line's quantity).
 * @throws CheckoutError `invalid_quantity` otherwise.
 */
export function assertQuantity(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new CheckoutError('invalid_quantity', `The quantity must be a whole number of at least 1 (got ${String(value)})`);
  }
  return value;
}

/**
 * Rounds a number of cents that may carry a fraction to whole cents, half away from zero:
 * 997.5 → 998, 997.49 → 997, -2.5 → -3. Use `mulDivRound` when the fraction comes from a rate:
 * it is exact where floating point is not (1.005 × 100 is 100.49999…).
 * @throws CheckoutError `invalid_amount` for NaN or ±Infinity.
 */
export function roundHalfAwayFromZero(value: number): Cents {
  if (!Number.isFinite(value)) throw new CheckoutError('invalid_amount', `Cannot round ${value}`);
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded; // never -0
}

/**
 * `cents × numerator / denominator`, rounded half away from zero on the cent, computed exactly
 * with integers (no floating point): the tax on a line (`rate / RATE_SCALE`) and a percent
 * discount (`basis points / 10000`). 10000 × 9975 / 100000 = 997.5 → 998.
 * @param cents whole cents (may be negative); @param numerator whole number; @param denominator whole number > 0.
 * @throws CheckoutError `invalid_amount` when an argument is not a safe integer or the denominator is not positive.
 */
export function mulDivRound(cents: Cents, numerator: number, denominator: number): Cents {
  if (!Number.isSafeInteger(cents) || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new CheckoutError('invalid_amount', `Cannot compute ${cents} × ${numerator} / ${denominator} in whole cents`);
  }
  const product = BigInt(cents) * BigInt(numerator);
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  const d = BigInt(denominator);
  let q = abs / d;
  if ((abs % d) * 2n >= d) q += 1n;
  const result = Number(q * sign);
  return result === 0 ? 0 : result;
}

/**
 * Splits `total` cents over parts in proportion to `weights` so the parts add up to `total`
 * exactly (largest remainder: every part gets the floor of its share, then the cents left go one
 * each to the largest fractional remainders, ties to the earlier part). Weights that are all 0
 * share only a total of 0. allocate(1000, [1, 1, 1]) → [334, 333, 333]; a part of weight 0 gets 0.
 * @param total whole cents ≥ 0; @param weights whole numbers ≥ 0 (cents of each line).
 * @throws CheckoutError `invalid_amount` for a bad total or weight, or a total > 0 over weights that are all 0.
 */
export function allocate(total: Cents, weights: readonly number[]): Cents[] {
  assertCents(total, 'amount to spread');
  weights.forEach((w) => assertCents(w, 'weight'));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    if (total !== 0) throw new CheckoutError('invalid_amount', 'Cannot spread an amount over parts that are all 0');
    return weights.map(() => 0);
  }
  const t = BigInt(total);
  const s = BigInt(sum);
  const parts = weights.map((w, index) => {
    const exact = t * BigInt(w);
    return { index, floor: exact / s, remainder: exact % s };
  });
  let left = t - parts.reduce((a, p) => a + p.floor, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.floor += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p.floor));
}

/** The sum of whole cents (exact: every term is an integer). */
export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((a, b) => a + b, 0);
}

/**
 * An amount as Canadian dollars in the site language `locale` ('en', 'fr', 'es'; 'fr-CA' too):
 * 1250 → "$12.50" / "12,50 $" / "12,50 CAD" (the separators are Intl's, no-break spaces in French).
 * Negative amounts (a refund shown as such) print with a minus sign.
 * @throws CheckoutError `invalid_amount` when `cents` is not a whole number.
 */
export function formatMoney(cents: Cents, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new CheckoutError('invalid_amount', `Not a whole number of cents: ${cents}`);
  // formatCents takes the site language ('fr'); a content locale ('fr-CA') names the same one.
  return formatCents(cents, locale.split('-')[0].toLowerCase());
}
