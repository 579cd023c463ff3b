/** Promo codes (issue 26): every refusal, case-insensitive codes, percent per line, amounts spread to the cent. */
import { describe, expect, it } from 'vitest';
import { CheckoutError } from './errors';
import { checkPromo, normalizePromoCode, promoDiscounts, type Promo, type PromoContext } from './promo';

const promo = (over: Partial<Promo> = {}): Promo => ({
  code: 'Spring10',
  kind: 'percent',
  value: 1000,
  validFrom: new Date('2026-03-01T05:00:00Z'),
  validTo: new Date('2026-05-31T23:59:59Z'),
  maxUses: 100,
  usesSoFar: 3,
  maxUsesPerBuyer: 1,
  usesByBuyer: 0,
  appliesTo: ['membership'],
  organizationId: 7,
  ...over,
});
const context = (over: Partial<PromoContext> = {}): PromoContext => ({ now: new Date('2026-04-15T12:00:00Z'), kinds: ['membership'], organizationId: 7, ...over });
const refusal = (p: Promo | null, c: PromoContext) => {
  const check = checkPromo(p, c);
  return check.ok ? 'ok' : check.code;
};

describe('checkPromo', () => {
  it('accepts a code in its window, for what it applies to, with uses left; typed in any case with spaces', () => {
    expect(refusal(promo(), context())).toBe('ok');
    expect(refusal(promo(), context({ typed: '  spring10 ' }))).toBe('ok');
    expect(normalizePromoCode(' spring10\t')).toBe('SPRING10');
    expect(refusal(promo({ validFrom: null, validTo: null, maxUses: null, maxUsesPerBuyer: null, organizationId: null }), context({ organizationId: 99 }))).toBe('ok');
  });

  it('says which rule refused it', () => {
    expect(refusal(null, context())).toBe('promo_unknown');
    expect(refusal(promo(), context({ typed: 'SPRING11' }))).toBe('promo_unknown');
    expect(refusal(promo(), context({ now: new Date('2026-03-01T04:59:59Z') }))).toBe('promo_not_started');
    expect(refusal(promo(), context({ now: new Date('2026-03-01T05:00:00Z') }))).toBe('ok');
    expect(refusal(promo(), context({ now: new Date('2026-05-31T23:59:59Z') }))).toBe('ok');
    expect(refusal(promo(), context({ now: new Date('2026-06-01T00:00:00Z') }))).toBe('promo_expired');
    expect(refusal(promo(), context({ kinds: ['ticket'] }))).toBe('promo_not_applicable');
    expect(refusal(promo(), context({ organizationId: 8 }))).toBe('promo_not_applicable');
    expect(refusal(promo({ appliesTo: ['entry'], organizationId: null, eventId: 41 }), context({ kinds: ['entry'], eventId: 42 }))).toBe('promo_not_applicable');
    expect(refusal(promo({ appliesTo: ['entry'], organizationId: null, eventId: 41 }), context({ kinds: ['entry', 'membership'], eventId: 41 }))).toBe('ok');
    expect(refusal(promo({ usesSoFar: 100 }), context())).toBe('promo_used_up');
    expect(refusal(promo({ usesSoFar: 99 }), context())).toBe('ok');
    expect(refusal(promo({ usesByBuyer: 1 }), context())).toBe('promo_used_by_you');
    expect(refusal(promo({ maxUsesPerBuyer: 2, usesByBuyer: 1 }), context())).toBe('ok');
  });

  it('refuses a malformed promo instead of pricing with it', () => {
    for (const bad of [promo({ value: 0 }), promo({ value: 10_001 }), promo({ kind: 'amount', value: 12.5 })]) {
      expect(() => checkPromo(bad, context())).toThrow(CheckoutError);
    }
  });
});

describe('promoDiscounts', () => {
  const lines = [
    { kind: 'membership' as const, subtotalCents: 12_345 },
    { kind: 'ticket' as const, subtotalCents: 2000 },
    { kind: 'membership' as const, subtotalCents: 999 },
  ];

  it('takes a percent of each line it applies to, rounded on the line', () => {
    // 10 % of 123.45 = 12.345 → 12.35; of 9.99 = 0.999 → 1.00; the ticket is untouched.
    expect(promoDiscounts({ code: 'X', kind: 'percent', value: 1000, appliesTo: ['membership'] }, lines)).toEqual([1235, 0, 100]);
    expect(promoDiscounts({ code: 'X', kind: 'percent', value: 10_000, appliesTo: ['membership', 'ticket'] }, lines)).toEqual([12_345, 2000, 999]);
  });

  it('spreads an amount over the lines it applies to in proportion, the cents adding up exactly', () => {
    const spread = promoDiscounts({ code: 'X', kind: 'amount', value: 1000, appliesTo: ['membership'] }, lines);
    expect(spread).toEqual([925, 0, 75]);
    expect(spread[0] + spread[2]).toBe(1000);
    const three = promoDiscounts({ code: 'X', kind: 'amount', value: 100, appliesTo: ['entry'] }, [1, 2, 3].map(() => ({ kind: 'entry' as const, subtotalCents: 3000 })));
    expect(three).toEqual([34, 33, 33]);
  });

  it('never takes a line below 0', () => {
    expect(promoDiscounts({ code: 'X', kind: 'amount', value: 50_000, appliesTo: ['membership'] }, lines)).toEqual([12_345, 0, 999]);
    expect(promoDiscounts({ code: 'X', kind: 'amount', value: 500, appliesTo: ['membership'] }, [{ kind: 'membership', subtotalCents: 0 }])).toEqual([0]);
  });
});
