/** The admin's membership-type and promo-code contract (issue 26): money and percents typed as people type them, ages, codes. */
import { describe, expect, it } from 'vitest';
import { PURCHASE_KINDS } from '../server/checkout/kinds';
import { PROMO_KINDS } from '../server/checkout/records';
import { centsText, membershipAdminIssues, membershipTypeInput, parseHundredths, percentText, PROMO_APPLIES_TO, PROMO_CODE_KINDS, promoCodeInput } from './membership-admin';

const TYPE = { name: 'Adult', price: '150', validity: 'season', minAge: '', maxAge: '', family: false, sortOrder: '' };
const PROMO = { code: 'Spring-10', kind: 'percent', value: '10', appliesTo: ['membership'] };

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (result.success ? [] : membershipAdminIssues(result.error!));

describe('amounts typed in dollars', () => {
  it('reads "150", "150.00", "150,00", "$150" and "1 250,50 $" in cents', () => {
    expect(['150', '150.00', '150,00', '$150', '150 $', '150.'].map((t) => parseHundredths(t))).toEqual(Array(6).fill({ ok: true, value: 15000 }));
    expect(parseHundredths('1 250,50 $')).toEqual({ ok: true, value: 125050 });
    expect(parseHundredths('0,5')).toEqual({ ok: true, value: 50 });
    expect(membershipTypeInput.parse(TYPE).priceCents).toBe(15000);
    expect(membershipTypeInput.parse({ ...TYPE, price: '150,00' }).priceCents).toBe(15000);
    expect(membershipTypeInput.parse({ ...TYPE, price: '0' }).priceCents).toBe(0);
  });

  it('refuses "1.234" (never read as thousands), a negative price, more than 100 000 dollars and text, each with its own code', () => {
    const code = (price: string) => issues(membershipTypeInput.safeParse({ ...TYPE, price }));
    expect(code('1.234')).toEqual([{ path: ['price'], code: 'invalid_price_decimals' }]);
    expect(code('1,234')).toEqual([{ path: ['price'], code: 'invalid_price_decimals' }]);
    expect(code('-5')).toEqual([{ path: ['price'], code: 'invalid_price_negative' }]);
    expect(code('100000.01')).toEqual([{ path: ['price'], code: 'invalid_price_max' }]);
    expect(code('100000')).toEqual([]);
    expect(code('ten')).toEqual([{ path: ['price'], code: 'invalid_price' }]);
    expect(code('  ')).toEqual([{ path: ['price'], code: 'null_price' }]);
  });

  it('writes cents and basis points back as a form shows them', () => {
    expect([centsText(15000), centsText(505, 'fr'), percentText(1500), percentText(1250, 'fr')]).toEqual(['150.00', '5,05', '15', '12,5']);
  });
});

describe('membership types', () => {
  it('keeps ages 0 to 99 with the youngest not over the oldest, and a name of at most 100 characters', () => {
    expect(membershipTypeInput.parse({ ...TYPE, minAge: '0', maxAge: 99 })).toMatchObject({ minAge: 0, maxAge: 99, sortOrder: 0, family: false, nameFr: null });
    expect(issues(membershipTypeInput.safeParse({ ...TYPE, minAge: '18', maxAge: '16' }))).toEqual([{ path: ['maxAge'], code: 'invalid_max_age' }]);
    expect(issues(membershipTypeInput.safeParse({ ...TYPE, minAge: '100', maxAge: '-1' }))).toEqual([
      { path: ['minAge'], code: 'invalid_min_age' },
      { path: ['maxAge'], code: 'invalid_max_age' },
    ]);
    expect(issues(membershipTypeInput.safeParse({ ...TYPE, name: 'x'.repeat(101), validity: 'year' }))).toEqual([
      { path: ['name'], code: 'invalid_name' },
      { path: ['validity'], code: 'invalid_validity' },
    ]);
    expect(issues(membershipTypeInput.safeParse({ ...TYPE, name: ' ' }))).toEqual([{ path: ['name'], code: 'null_name' }]);
    expect(membershipTypeInput.parse({ ...TYPE, description: 'Line one\nLine two', family: true }).description).toBe('Line one\nLine two');
    expect(issues(membershipTypeInput.safeParse({ ...TYPE, description: 'x'.repeat(2001) }))).toEqual([{ path: ['description'], code: 'invalid_description' }]);
  });
});

describe('promo codes', () => {
  it('stores a percent in basis points (as promo.ts) and an amount in cents', () => {
    expect(promoCodeInput.parse(PROMO)).toMatchObject({ code: 'Spring-10', value: 1000, validFrom: null, maxUses: null, organizationId: null });
    expect(promoCodeInput.parse({ ...PROMO, value: '12,5' }).value).toBe(1250);
    expect(promoCodeInput.parse({ ...PROMO, kind: 'amount', value: '5,00' }).value).toBe(500);
  });

  it('refuses a percent outside 1 to 100, a zero amount, a malformed code, ends before starts, no kind, both an organization and an event', () => {
    expect(issues(promoCodeInput.safeParse({ ...PROMO, value: '101' }))).toEqual([{ path: ['value'], code: 'invalid_value_percent' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, value: '0.5' }))).toEqual([{ path: ['value'], code: 'invalid_value_percent' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, kind: 'amount', value: '0' }))).toEqual([{ path: ['value'], code: 'invalid_value' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, kind: 'amount', value: '1.234' }))).toEqual([{ path: ['value'], code: 'invalid_value_decimals' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, code: 'ab' }))).toEqual([{ path: ['code'], code: 'invalid_code' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, code: 'SPRING 10' }))).toEqual([{ path: ['code'], code: 'invalid_code' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, validFrom: '2027-05-01', validTo: '2027-04-30' }))).toEqual([{ path: ['validTo'], code: 'invalid_valid_to' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, appliesTo: [] }))).toEqual([{ path: ['appliesTo'], code: 'null_applies_to' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, organizationId: '1', eventId: 2 }))).toEqual([{ path: ['eventId'], code: 'invalid_event_id' }]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, maxUses: '-1', validFrom: '2027-02-30' }))).toEqual([
      { path: ['validFrom'], code: 'invalid_valid_from' },
      { path: ['maxUses'], code: 'invalid_max_uses' },
    ]);
  });

  it('offers the checkout’s own lists of kinds', () => {
    expect(PROMO_APPLIES_TO).toEqual(PURCHASE_KINDS);
    expect(PROMO_CODE_KINDS).toEqual(PROMO_KINDS);
  });
});

describe('every fault at once', () => {
  it('reports a cross-field fault beside another field’s, and survives a body that is not an object', () => {
    expect(issues(membershipTypeInput.safeParse({ ...TYPE, price: '1.234', minAge: '30', maxAge: '20' }))).toEqual([
      { path: ['price'], code: 'invalid_price_decimals' },
      { path: ['maxAge'], code: 'invalid_max_age' },
    ]);
    expect(issues(promoCodeInput.safeParse({ ...PROMO, code: '', value: '200', validFrom: '2027-05-02', validTo: '2027-05-01' }))).toEqual([
      { path: ['code'], code: 'null_code' },
      { path: ['value'], code: 'invalid_value_percent' },
      { path: ['validTo'], code: 'invalid_valid_to' },
    ]);
    expect(membershipTypeInput.safeParse(null).success).toBe(false);
    expect(promoCodeInput.safeParse([]).success).toBe(false);
  });
});
