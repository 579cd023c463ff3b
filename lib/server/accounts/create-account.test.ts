/**
 * The pure parts of account creation: who holds the login and who are the minors (with and
 * without isRegisterMinor), the field error's reply, and how a unique violation is recognised
 * through Drizzle's wrapping. The transaction itself is tested against a real database in
 * tests/integration/accounts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { participantRegistrationInput } from '../../contracts/account';
import { AccountFieldError, emailTakenError, isUniqueViolation, peopleOf, pgErrorOf } from './create-account';

const year = new Date().getFullYear();
const email = 'parent@example.com';
const base = {
  submissionId: '8a6e0804-2bd0-4672-b79d-d97027f9071b',
  information: { firstName: 'Marc', lastName: 'Roy', gender: 'male', birthday: { year: 1980, month: 1, day: 2 }, phone: '5145550101' },
  login: { email, emailConfirmation: email, password: 'Secret123', passwordConfirmation: 'Secret123' },
  address: { address: '12 Main', country: 'CA', state: 'QC', city: 'Laval', zip: 'H7N 1A1' },
  emergencyContact: { firstName: 'Julie', lastName: 'Roy', cell: '5145550102' },
  children: [{ firstName: 'Léo', lastName: 'Roy', gender: 'male', birthday: { year: year - 9, month: 3, day: 4 }, relationship: 'father', phone: '4505550103' }],
};

describe('peopleOf', () => {
  it('an adult registering: the Information person holds the login, the children follow', () => {
    const { holder, minors } = peopleOf(participantRegistrationInput.parse(base));
    expect(holder).toEqual({ firstName: 'Marc', lastName: 'Roy', gender: 'male', birthday: '1980-01-02', email, phone: '514-555-0101', relationship: null });
    expect(minors).toEqual([{ firstName: 'Léo', lastName: 'Roy', gender: 'male', birthday: `${year - 9}-03-04`, email: null, phone: '450-555-0103', relationship: 'father' }]);
  });

  it('isRegisterMinor: the adult holds the login; the Information person is the first minor', () => {
    const input = participantRegistrationInput.parse({
      ...base,
      information: { firstName: 'Zoé', lastName: 'Roy', gender: 'female', birthday: { year: year - 12, month: 5, day: 6 }, isRegisterMinor: true, relationship: 'mother', email: 'zoe@example.com' },
      adult: { firstName: 'Anne', lastName: 'Roy', gender: 'female', birthday: { year: 1982, month: 7, day: 8 }, phone: '8195550104' },
    });
    const { holder, minors } = peopleOf(input);
    expect(holder).toMatchObject({ firstName: 'Anne', birthday: '1982-07-08', email, phone: '819-555-0104', relationship: null });
    expect(minors.map((m) => [m.firstName, m.relationship, m.email])).toEqual([
      ['Zoé', 'mother', 'zoe@example.com'],
      ['Léo', 'father', null],
    ]);
  });

  it('refuses isRegisterMinor without an adult even if the schema was bypassed', () => {
    const input = participantRegistrationInput.parse({ ...base, information: { ...base.information, birthday: { year: year - 12, month: 1, day: 1 }, isRegisterMinor: true, relationship: 'mother' }, adult: { firstName: 'Anne', lastName: 'Roy', gender: 'female', birthday: { year: 1982, month: 1, day: 1 }, phone: '8195550104' } });
    expect(() => peopleOf({ ...input, adult: undefined })).toThrow(AccountFieldError);
  });
});

describe('AccountFieldError', () => {
  it('answers like a failed body check, with its issues', () => {
    expect(emailTakenError().toJSON()).toEqual({ error: 'email_taken', message: 'Email is already registered', statusCode: 409, issues: [{ path: ['login', 'email'], code: 'email_taken' }] });
    const e = new AccountFieldError('invalid_licence', [{ path: ['licence'], code: 'invalid_licence' }], 'No proof');
    expect(e.status).toBe(400);
    expect(e.toJSON()).toEqual({ error: 'invalid_licence', message: 'No proof', statusCode: 400, issues: [{ path: ['licence'], code: 'invalid_licence' }] });
  });
});

describe('pgErrorOf / isUniqueViolation', () => {
  it('finds the driver’s error behind Drizzle’s', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_unique' });
    const wrapped = Object.assign(new Error('Failed query'), { cause: driver });
    expect(pgErrorOf(wrapped)).toBe(driver);
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(wrapped, 'other')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(pgErrorOf(Object.assign(new Error('net'), { code: 'ECONNREFUSED' }))).toBeNull();
    expect(pgErrorOf(null)).toBeNull();
  });
});
