/** Receipt numbers, file names, tax rates as printed, and the CMS tax registration numbers (issue 26). */
import { describe, expect, it } from 'vitest';
import { formatTaxRate, receiptFileName, receiptNumber } from './receipt-number';
import { taxNumbersFrom } from './get-receipt-brand';

describe('receipt numbers', () => {
  it('pads the id to six digits and keeps longer ones whole', () => {
    expect(receiptNumber(123)).toBe('R-000123');
    expect(receiptNumber(1234567)).toBe('R-1234567');
    expect(receiptFileName(7)).toBe('receipt-R-000007.pdf');
  });
});

describe('tax rates', () => {
  it('reads as a percent in each language', () => {
    expect(formatTaxRate(5000, 'en')).toBe('5%');
    expect(formatTaxRate(9975, 'en')).toBe('9.975%');
    expect(formatTaxRate(9975, 'fr')).toMatch(/^9,975\s%$/u);
    expect(formatTaxRate(13000, 'es')).toMatch(/^13\s%$/u);
  });
});

describe('tax registration numbers', () => {
  it('takes the ones set, a French value on French receipts, and leaves out absent or empty ones', () => {
    const entries = [
      { Name: 'GSTNumber', Value: ' 123456789 RT0001 ' },
      { Name: 'QSTNumber', Value: '1234567890 TQ0001' },
      { Name: 'QSTNumber:fr-CA', Value: '1234567890 TQ0002' },
      { Name: 'HSTNumber', Value: '  ' },
    ];
    expect(taxNumbersFrom(entries, 'en')).toEqual({ GST: '123456789 RT0001', QST: '1234567890 TQ0001' });
    expect(taxNumbersFrom(entries, 'fr')).toEqual({ GST: '123456789 RT0001', QST: '1234567890 TQ0002' });
    expect(taxNumbersFrom([], 'es')).toEqual({});
  });
});
