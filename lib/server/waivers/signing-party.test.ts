/** Who signs a waiver (issue 27): the person, their guardian, or either of them before the event's staff at sign-on. */
import { describe, expect, it } from 'vitest';
import { isMinorOn, signingParty } from './signing-party';

const adult = { userId: 'rider', guardianUserId: null, birthday: '1990-01-01' };
const minor = { userId: null, guardianUserId: 'mom', birthday: '2014-06-01' };
const teen = { userId: 'teen', guardianUserId: 'dad', birthday: '2009-09-01' };
const code = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return 'no error';
};

describe('signingParty', () => {
  it('lets the person sign for themself and the guardian for the minor, with the role that fits', () => {
    expect(signingParty('rider', false, adult, '2026-07-12', 'self')).toEqual({ role: 'self', signatoryUserId: 'rider', witnessUserId: null });
    expect(signingParty('mom', false, minor, '2026-07-12', 'guardian')).toEqual({ role: 'guardian', signatoryUserId: 'mom', witnessUserId: null });
    expect(code(() => signingParty('mom', false, minor, '2026-07-12', 'self'))).toBe('invalid_signatory_role');
    expect(code(() => signingParty('stranger', false, minor, '2026-07-12', 'guardian'))).toBe('not_found');
  });

  it('at sign-on names the person’s or the guardian’s account as signatory and the staff as witness', () => {
    expect(signingParty('official', true, minor, '2026-07-12')).toEqual({ role: 'guardian', signatoryUserId: 'mom', witnessUserId: 'official' });
    expect(signingParty('official', true, adult, '2026-07-12')).toEqual({ role: 'self', signatoryUserId: 'rider', witnessUserId: 'official' });
    // A 16-year-old with their own login: the guardian by default, the teen when asked.
    expect(signingParty('official', true, teen, '2026-07-12').signatoryUserId).toBe('dad');
    expect(signingParty('official', true, teen, '2026-07-12', 'self').signatoryUserId).toBe('teen');
    // 18 on 2027-09-01: an adult at an event after that day.
    expect(signingParty('official', true, teen, '2027-09-02').signatoryUserId).toBe('teen');
    expect(code(() => signingParty('official', true, adult, '2026-07-12', 'guardian'))).toBe('invalid_signatory_role');
    expect(code(() => signingParty('official', true, { userId: null, guardianUserId: null, birthday: null }, '2026-07-12'))).toBe('no_signatory_account');
  });

  it('knows a minor from the birthday on the event’s day', () => {
    expect(isMinorOn('2008-07-12', '2026-07-11')).toBe(true);
    expect(isMinorOn('2008-07-12', '2026-07-12')).toBe(false);
    expect(isMinorOn(null, '2026-07-12')).toBe(false);
  });
});
