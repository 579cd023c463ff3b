/**
 * The days a membership covers and the age a type's limits are checked on (issue 26
 * "Memberships"): a season ends on 31 December of its first day's year, a one-event membership
 * is that day; ages turn on the birthday itself.
 */
import { describe, expect, it } from 'vitest';
import { ageOnDay, nextDay, periodFrom } from './membership-period';

describe('a membership’s period', () => {
  it('runs a season to 31 December and an event membership one day', () => {
    expect(periodFrom('2026-06-10', 'season')).toEqual({ validFrom: '2026-06-10', validUntil: '2026-12-31' });
    expect(periodFrom('2027-01-01', 'season')).toEqual({ validFrom: '2027-01-01', validUntil: '2027-12-31' });
    expect(periodFrom('2026-08-15', 'event')).toEqual({ validFrom: '2026-08-15', validUntil: '2026-08-15' });
  });

  it('renews from the day after the last one ends, across months, years and leap days', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
  });
});

describe('the age a type’s limits are checked on', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOnDay('2008-06-10', '2026-06-09')).toBe(17);
    expect(ageOnDay('2008-06-10', '2026-06-10')).toBe(18);
    expect(ageOnDay('2012-08-01', '2026-06-10')).toBe(13);
    expect(ageOnDay('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOnDay('2008-02-29', '2026-03-01')).toBe(18);
  });
});
