/** The registration rules without a database (issue 27): fees by date, refund percent by date, race numbers, class ages, places. */
import { describe, expect, it } from 'vitest';
import { chooseRaceNumber, entryFee, fitsAge, hasRoom, placesToOffer, refundPercent } from './rules';
import { ageOnDay } from '../checkout/membership-period';

const fees = { feeCents: 5000, earlyFeeCents: 4000, lateFeeCents: 6500 };

describe('entryFee', () => {
  const settings = { earlyUntil: '2026-05-31', lateFrom: '2026-06-15' };
  it('charges the early fee up to its last day, the regular fee between, the late fee from its first day', () => {
    expect(entryFee(fees, settings, '2026-05-31')).toBe(4000);
    expect(entryFee(fees, settings, '2026-06-01')).toBe(5000);
    expect(entryFee(fees, settings, '2026-06-14')).toBe(5000);
    expect(entryFee(fees, settings, '2026-06-15')).toBe(6500);
  });
  it('charges the regular fee when the promoter set no date, or the class no early or late fee', () => {
    expect(entryFee(fees, { earlyUntil: null, lateFrom: null }, '2026-01-01')).toBe(5000);
    expect(entryFee({ feeCents: 5000, earlyFeeCents: null, lateFeeCents: null }, settings, '2026-05-01')).toBe(5000);
    expect(entryFee({ feeCents: 5000, earlyFeeCents: null, lateFeeCents: null }, settings, '2026-06-20')).toBe(5000);
  });
});

describe('refundPercent', () => {
  const policy = [
    { until: '2026-06-10', percent: 50 },
    { until: '2026-06-01', percent: 100 },
  ];
  it('gives the first step (in date order) still running on the day, inclusive, and nothing after the last', () => {
    expect(refundPercent(policy, '2026-05-20')).toBe(100);
    expect(refundPercent(policy, '2026-06-01')).toBe(100);
    expect(refundPercent(policy, '2026-06-02')).toBe(50);
    expect(refundPercent(policy, '2026-06-10')).toBe(50);
    expect(refundPercent(policy, '2026-06-11')).toBe(0);
    expect(refundPercent([], '2026-01-01')).toBe(0);
  });
});

describe('chooseRaceNumber', () => {
  it('takes the number typed (upper-cased), else the permanent member number', () => {
    expect(chooseRaceNumber(' 45b ', '12', new Set())).toEqual({ ok: true, number: '45B' });
    expect(chooseRaceNumber('', '12', new Set())).toEqual({ ok: true, number: '12' });
    expect(chooseRaceNumber(null, '7', new Set(['12']))).toEqual({ ok: true, number: '7' });
  });
  it('refuses no number, a malformed one and one another rider of the class holds', () => {
    expect(chooseRaceNumber(null, null, new Set())).toEqual({ ok: false, code: 'null_race_number' });
    expect(chooseRaceNumber('12345', null, new Set())).toEqual({ ok: false, code: 'invalid_race_number' });
    expect(chooseRaceNumber('1-2', null, new Set())).toEqual({ ok: false, code: 'invalid_race_number' });
    expect(chooseRaceNumber('77a', null, new Set(['77A']))).toEqual({ ok: false, code: 'race_number_taken' });
  });
});

describe('class ages and places', () => {
  it('takes the age on the event’s first day, limits inclusive', () => {
    const age = ageOnDay('2014-06-13', '2026-06-13');
    expect(age).toBe(12);
    expect(fitsAge(age, { minAge: 12, maxAge: 15 })).toBe(true);
    expect(fitsAge(ageOnDay('2014-06-14', '2026-06-13'), { minAge: 12, maxAge: 15 })).toBe(false);
    expect(fitsAge(16, { minAge: 12, maxAge: 15 })).toBe(false);
    expect(fitsAge(70, { minAge: null, maxAge: null })).toBe(true);
  });
  it('counts an open offer as a held place', () => {
    expect(hasRoom(2, 1, 0)).toBe(true);
    expect(hasRoom(2, 1, 1)).toBe(false);
    expect(hasRoom(null, 500, 3)).toBe(true);
    expect(placesToOffer(3, 1, 1, 5)).toBe(1);
    expect(placesToOffer(3, 3, 0, 5)).toBe(0);
    expect(placesToOffer(null, 3, 0, 2)).toBe(2);
  });
});
