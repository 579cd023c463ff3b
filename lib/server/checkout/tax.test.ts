/** Canadian sales tax by province and date (issue 26): rates as dated data, per-line rounding, place of supply. */
import { describe, expect, it } from 'vitest';
import { CheckoutError } from './errors';
import { lineTaxes, placeOfSupply, PROVINCES, taxFor, TAX_RATES } from './tax';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof CheckoutError ? err.checkoutCode : String(err);
  }
  return 'no error';
};

describe('taxFor', () => {
  it('charges Quebec GST 5 % and QST 9.975 % on the price (not on the GST): 100.00 $ → 114.98 $', () => {
    const taxes = lineTaxes(10_000, taxFor('QC', '2026-05-01'));
    expect(taxes).toEqual([
      { code: 'GST', rate: 5000, cents: 500 },
      { code: 'QST', rate: 9975, cents: 998 },
    ]);
    expect(10_000 + taxes[0].cents + taxes[1].cents).toBe(11_498);
  });

  it('charges Ontario HST 13 %', () => {
    expect(lineTaxes(4500, taxFor('ON', '2026-05-01'))).toEqual([{ code: 'HST', rate: 13_000, cents: 585 }]);
    // 12.35 $ × 13 % = 160.55 cents → 161 (half away from zero).
    expect(lineTaxes(1235, taxFor('on', '2026-05-01'))[0].cents).toBe(161);
  });

  it('follows Nova Scotia from 15 % to 14 % on 2025-04-01', () => {
    expect(taxFor('NS', '2025-03-31')).toEqual([{ code: 'HST', rate: 15_000 }]);
    expect(taxFor('NS', '2025-04-01')).toEqual([{ code: 'HST', rate: 14_000 }]);
    expect(lineTaxes(10_000, taxFor('NS', '2025-03-31'))[0].cents).toBe(1500);
    expect(lineTaxes(10_000, taxFor('NS', '2025-04-01'))[0].cents).toBe(1400);
  });

  it('takes a moment as its day in the federation time zone (Toronto)', () => {
    // 2025-04-01 02:00 UTC is still March 31 in Toronto: 15 %.
    expect(taxFor('NS', new Date('2025-04-01T02:00:00Z'))).toEqual([{ code: 'HST', rate: 15_000 }]);
    expect(taxFor('NS', new Date('2025-04-01T05:00:00Z'))).toEqual([{ code: 'HST', rate: 14_000 }]);
  });

  it('knows every province and territory today, with the HST provinces at 15 % and the others at GST 5 %', () => {
    const today = Object.fromEntries(PROVINCES.map((p) => [p, taxFor(p, '2026-12-01').map((t) => `${t.code} ${t.rate / 1000}`).join(' + ')]));
    expect(today).toEqual({
      AB: 'GST 5',
      BC: 'GST 5',
      MB: 'GST 5',
      NB: 'HST 15',
      NL: 'HST 15',
      NS: 'HST 14',
      NT: 'GST 5',
      NU: 'GST 5',
      ON: 'HST 13',
      PE: 'HST 15',
      QC: 'GST 5 + QST 9.975',
      SK: 'GST 5',
      YT: 'GST 5',
    });
  });

  it('has one period at most per province and day (no overlaps, no gaps after the first)', () => {
    for (const province of PROVINCES) {
      const rows = TAX_RATES.filter((r) => r.province === province).sort((a, b) => a.from.localeCompare(b.from));
      expect(rows.length).toBeGreaterThan(0);
      rows.slice(1).forEach((row, i) => {
        const prev = rows[i];
        expect(prev.to, `${province} ${prev.from}`).toBeDefined();
        const next = new Date(`${prev.to}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(row.from).toBe(next.toISOString().slice(0, 10));
      });
      expect(rows.at(-1)!.to).toBeUndefined();
    }
  });

  it('refuses an unknown province, a day before the data, and a malformed day', () => {
    expect(['XX', 'Quebec', ''].map((p) => code(() => taxFor(p, '2026-05-01')))).toEqual(['unknown_province', 'unknown_province', 'unknown_province']);
    expect(code(() => taxFor('QC', '2012-12-31'))).toBe('no_tax_rate');
    expect(code(() => taxFor('NS', '2010-06-30'))).toBe('no_tax_rate');
    expect(['2026-02-30', '26-05-01', '2026-5-1'].map((d) => code(() => taxFor('QC', d)))).toEqual(['invalid_date', 'invalid_date', 'invalid_date']);
    expect(code(() => taxFor('QC', new Date('nope')))).toBe('invalid_date');
  });
});

describe('placeOfSupply', () => {
  it("taxes a membership where the buyer lives, an entry or a ticket where the event is", () => {
    expect(placeOfSupply({ kind: 'membership', buyerProvince: 'ON' })).toBe('ON');
    expect(placeOfSupply({ kind: 'entry', eventProvince: 'qc' })).toBe('QC');
    expect(placeOfSupply({ kind: 'ticket', eventProvince: 'NB' })).toBe('NB');
    expect(code(() => placeOfSupply({ kind: 'ticket', eventProvince: 'NY' }))).toBe('unknown_province');
  });
});
