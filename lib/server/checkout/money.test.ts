/** Money in cents (issue 26): guards, rounding half away from zero, exact spreading, CAD in three languages. */
import { describe, expect, it } from 'vitest';
import { CheckoutError } from './errors';
import { allocate, assertCents, assertQuantity, formatMoney, isCents, mulDivRound, roundHalfAwayFromZero } from './money';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof CheckoutError ? err.checkoutCode : String(err);
  }
  return 'no error';
};

describe('cents', () => {
  it('accepts whole non-negative cents and refuses anything else as a price', () => {
    expect([0, 1, 1250, 99_999_999].map(isCents)).toEqual([true, true, true, true]);
    expect([-1, 12.5, NaN, Infinity, '1250', null].map(isCents)).toEqual([false, false, false, false, false, false]);
    expect(assertCents(4500)).toBe(4500);
    expect([-1, 0.5, NaN].map((v) => code(() => assertCents(v)))).toEqual(['invalid_amount', 'invalid_amount', 'invalid_amount']);
    expect([0, 1.5, -2].map((v) => code(() => assertQuantity(v)))).toEqual(['invalid_quantity', 'invalid_quantity', 'invalid_quantity']);
  });

  it('rounds half a cent away from zero, exactly, where floating point would not', () => {
    expect([997.5, 997.49, 997.51, -2.5, -2.4, 0.5].map(roundHalfAwayFromZero)).toEqual([998, 997, 998, -3, -2, 1]);
    // 100.00 $ at 9.975 %: 997.5 cents → 998.
    expect(mulDivRound(10_000, 9975, 100_000)).toBe(998);
    // 1.005 × 100 is 100.49999… in floating point; in integers it is 100.5 → 101.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(mulDivRound(1005, 1, 10)).toBe(101);
    expect(mulDivRound(-1005, 1, 10)).toBe(-101);
    expect(mulDivRound(1004, 1, 10)).toBe(100);
    // Large amounts stay exact (no 2^53 overflow in the product).
    expect(mulDivRound(9_000_000_000_000, 9975, 100_000)).toBe(897_750_000_000);
  });

  it('spreads an amount so the parts add up exactly, largest remainder first', () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(allocate(500, [0, 2500, 7500])).toEqual([0, 125, 375]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(code(() => allocate(5, [0, 0]))).toBe('invalid_amount');
    const weights = [1999, 4507, 13, 88_888, 1, 777];
    for (const total of [1, 7, 999, 12_345, 96_185]) {
      const parts = allocate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]) / 96_185)).toBeLessThan(1));
    }
  });
});

describe('formatMoney', () => {
  const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  it('prints Canadian dollars the way each language writes them', () => {
    expect(formatMoney(1250, 'en')).toBe('$12.50');
    expect(nbsp(formatMoney(1250, 'fr'))).toBe('12,50 $');
    expect(nbsp(formatMoney(1250, 'fr-CA'))).toBe('12,50 $');
    expect(nbsp(formatMoney(11_498, 'es'))).toMatch(/^114,98 (CA\$|CAD|\$)$/);
    expect(nbsp(formatMoney(123_456_50, 'fr'))).toBe('123 456,50 $');
    expect(formatMoney(-500, 'en')).toBe('-$5.00');
    expect(code(() => formatMoney(12.5, 'en'))).toBe('invalid_amount');
  });
});
