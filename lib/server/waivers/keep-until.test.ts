/** How long a waiver is kept (issue 27): the retention from signing, and a minor's until 18 plus the limitation period. */
import { describe, expect, it } from 'vitest';
import { addYears, waiverKeepUntil } from './keep-until';

describe('waiverKeepUntil', () => {
  it('keeps an adult’s waiver the retention years from the signing day (7 by default, the CMS’s when set)', () => {
    expect(waiverKeepUntil({ signedOn: '2026-06-10', birthday: '1990-03-04' })).toBe('2033-06-10');
    expect(waiverKeepUntil({ signedOn: '2026-06-10', birthday: '1990-03-04', retentionYears: 10, limitationYears: 3 })).toBe('2036-06-10');
    expect(waiverKeepUntil({ signedOn: '2026-06-10', birthday: null })).toBe('2033-06-10');
  });

  it('keeps a minor’s waiver at least until their 18th birthday plus the limitation period', () => {
    // Born 2016-08-01: 18 on 2034-08-01, + 3 years = 2037-08-01, later than 2033-06-10.
    expect(waiverKeepUntil({ signedOn: '2026-06-10', birthday: '2016-08-01' })).toBe('2037-08-01');
    expect(waiverKeepUntil({ signedOn: '2026-06-10', birthday: '2016-08-01', retentionYears: 7, limitationYears: 5 })).toBe('2039-08-01');
    // A 17-year-old: 18 + 3 falls before the retention's end, which wins.
    expect(waiverKeepUntil({ signedOn: '2026-06-10', birthday: '2009-01-01' })).toBe('2033-06-10');
  });

  it('moves 29 February to 28 February in a common year', () => {
    expect(addYears('2024-02-29', 7)).toBe('2031-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });
});
