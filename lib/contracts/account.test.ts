/**
 * Every spec §5 rule of the account contract (lib/contracts/account.ts) with its edges:
 * password (8 to 255, a letter and a digit, confirmation), email (shape, confirmation, a
 * minor's differing from the guardian's), phone (ten digits in any common form, the 3-3-4
 * formatter), address (4 to 100, the formatter), postal codes, emergency
 * contact (a cell or a phone), the required fields' `null_*` codes, dates of birth (29 February,
 * the future, 18 today vs 18 tomorrow with a controlled clock), isRegisterMinor, and
 * `accountIssues`. Issue 25's wider email, phone and address rules and the birth years:
 * ./account-rules.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_ISSUE_CODES,
  accountIssues,
  addressInput,
  adultInformationStep,
  ageOn,
  birthdayField,
  birthdayIso,
  claimInput,
  loginInput,
  closeAccountInput,
  duplicateCheckInput,
  emailField,
  emergencyContactInput,
  formatAddress,
  formatPhone,
  informationStep,
  isMinor,
  isRealDate,
  loginDataStep,
  minorInput,
  minorsStep,
  nameField,
  normalizePostalCode,
  optionalEmailField,
  parseBirthday,
  participantRegistrationInput,
  passwordField,
  personInput,
  phoneField,
  postalCodeField,
  profileUpdateInput,
  resetPasswordInput,
} from './account';

/** The codes of a failed parse, by dotted path (`''` for the root). */
function codes(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } }, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(accountIssues(result.error!).map((i) => [i.path.join('.'), i.code]));
}

/** The code of a single-field schema's failure, or null when it passes. */
function codeOf(schema: Parameters<typeof codes>[0], value: unknown): string | null {
  return codes(schema, value)[''] ?? null;
}

const thisYear = new Date().getFullYear();

afterEach(() => {
  vi.useRealTimers();
});

describe('password (spec §5: 8 to 255 characters, a letter and a digit)', () => {
  it('settles the length at 8 to 255', () => {
    expect(codeOf(passwordField, 'abcdef1')).toBe('invalid_password_length');
    expect(codeOf(passwordField, 'abcdefg1')).toBeNull();
    expect(codeOf(passwordField, `a${'1'.repeat(254)}`)).toBeNull();
    expect(codeOf(passwordField, `a${'1'.repeat(255)}`)).toBe('invalid_password_length');
  });

  it('needs at least one letter and one digit (any alphabet)', () => {
    expect(codeOf(passwordField, 'abcdefgh')).toBe('invalid_password_letter_digit');
    expect(codeOf(passwordField, '12345678')).toBe('invalid_password_letter_digit');
    expect(codeOf(passwordField, '!!!!!!!!')).toBe('invalid_password_letter_digit');
    expect(codeOf(passwordField, 'éèàçôûî1')).toBeNull();
  });

  it('is required and never trimmed', () => {
    expect(codeOf(passwordField, '')).toBe('null_password');
    expect(codeOf(passwordField, undefined)).toBe('null_password');
    expect(codeOf(passwordField, null)).toBe('null_password');
    expect(codeOf(passwordField, 12345678)).toBe('invalid_password_length');
    expect(passwordField.parse('  abc123  ')).toBe('  abc123  ');
  });

  it('must be confirmed: The passwords do not match', () => {
    const base = { email: 'a@example.com', emailConfirmation: 'a@example.com', password: 'Secret123', passwordConfirmation: 'Secret123' };
    expect(loginDataStep.safeParse(base).success).toBe(true);
    expect(codes(loginDataStep, { ...base, passwordConfirmation: 'Secret124' })).toEqual({ passwordConfirmation: 'invalid_password_confirmation' });
    expect(codes(loginDataStep, { ...base, passwordConfirmation: 'secret123' })).toEqual({ passwordConfirmation: 'invalid_password_confirmation' });
    expect(codes(resetPasswordInput, { token: 't', password: 'Secret123', passwordConfirmation: 'x' })).toEqual({ passwordConfirmation: 'invalid_password_confirmation' });
  });
});

describe('email (spec §5, widened by issue 25)', () => {
  it('accepts the shape and normalises case and spaces', () => {
    expect(emailField.parse('  Ann.Rider_1-x@Sub.Example.COM ')).toBe('ann.rider_1-x@sub.example.com');
    expect(codeOf(emailField, 'a@b.ca')).toBeNull();
    expect(codeOf(emailField, 'a@b.info')).toBeNull();
  });

  it('refuses a top-level part of 1 letter, or with digits', () => {
    expect(codeOf(emailField, 'a@b.c')).toBe('invalid_email');
    expect(codeOf(emailField, 'a@b.music')).toBeNull();
    expect(codeOf(emailField, 'a@b.c0m')).toBe('invalid_email');
  });

  it('refuses other shapes', () => {
    for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'ann rider@example.com', 'ann@exa_mple.com', 'ann@@example.com']) {
      expect(codeOf(emailField, bad), bad).toBe('invalid_email');
    }
    expect(codeOf(emailField, `${'a'.repeat(250)}@b.ca`)).toBe('invalid_email');
  });

  it('is required', () => {
    expect(codeOf(emailField, '')).toBe('null_email');
    expect(codeOf(emailField, '   ')).toBe('null_email');
    expect(codeOf(emailField, undefined)).toBe('null_email');
  });

  it('must be confirmed: Email must be identical (case aside)', () => {
    const base = { email: 'a@example.com', emailConfirmation: 'a@example.com', password: 'Secret123', passwordConfirmation: 'Secret123' };
    expect(codes(loginDataStep, { ...base, emailConfirmation: 'b@example.com' })).toEqual({ emailConfirmation: 'invalid_email_confirmation' });
    expect(loginDataStep.safeParse({ ...base, emailConfirmation: ' A@Example.com ' }).success).toBe(true);
    expect(codes(loginDataStep, { ...base, emailConfirmation: undefined })).toEqual({ emailConfirmation: 'invalid_email_confirmation' });
  });

  it('is optional for a minor: blank or absent is none', () => {
    expect(optionalEmailField.parse('')).toBeUndefined();
    expect(optionalEmailField.parse(null)).toBeUndefined();
    expect(optionalEmailField.parse('  ')).toBeUndefined();
    expect(codeOf(optionalEmailField, 'nope')).toBe('invalid_email');
  });

  it('a minor’s email must differ from the guardian’s', () => {
    const kid = { firstName: 'Léo', lastName: 'Roy', gender: 'male', birthday: { year: thisYear - 9, month: 1, day: 1 }, relationship: 'father' };
    const step = minorsStep('Parent@Example.com');
    expect(codes(step, { children: [{ ...kid, email: 'parent@example.com' }] })).toEqual({ 'children.0.email': 'invalid_minor_email' });
    expect(codes(step, { children: [kid, { ...kid, firstName: 'Emma', email: 'PARENT@example.com' }] })).toEqual({ 'children.1.email': 'invalid_minor_email' });
    expect(step.safeParse({ children: [{ ...kid, email: 'leo@example.com' }, kid] }).success).toBe(true);
    expect(minorsStep(undefined).safeParse({ children: [{ ...kid, email: 'parent@example.com' }] }).success).toBe(true);
  });
});

describe('phone (spec §5: ten digits, stored xxx-xxx-xxxx; issue 25: any common form)', () => {
  it('accepts both forms and stores 3-3-4', () => {
    expect(phoneField.parse('514-555-0101')).toBe('514-555-0101');
    expect(phoneField.parse(' 5145550101 ')).toBe('514-555-0101');
  });

  it('refuses 9 digits, 11 not starting with 1, and 12 or more', () => {
    for (const bad of ['514555010', '51455501011', '514-555-010', '514-555-01011', '+44 20 7946 0958', 'phone']) {
      expect(codeOf(phoneField, bad), bad).toBe('invalid_phone');
    }
  });

  it('is required where the spec requires it', () => {
    expect(codeOf(phoneField, '')).toBe('null_phone');
    expect(codeOf(phoneField, undefined)).toBe('null_phone');
  });

  it('formats while typing: digits only, 3-3-4 with hyphens', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('5');
    expect(formatPhone('514')).toBe('514');
    expect(formatPhone('5145')).toBe('514-5');
    expect(formatPhone('514555')).toBe('514-555');
    expect(formatPhone('5145550')).toBe('514-555-0');
    expect(formatPhone('5145550101')).toBe('514-555-0101');
    // More than ten digits: left as given (refused), never cut.
    expect(formatPhone('51455501019999')).toBe('51455501019999');
    expect(formatPhone('(514) 555.01-01 ext')).toBe('514-555-0101');
    expect(formatPhone('abc')).toBe('');
    // Typing after a formatted value keeps it formatted.
    expect(formatPhone(`${formatPhone('514555')}0`)).toBe('514-555-0');
  });
});

describe('address (spec §5: 4 to 100 characters; the formatter)', () => {
  const address = (a: unknown) => ({ address: a, country: 'CA', state: 'QC', city: 'Montréal', zip: 'H2X 1Y4' });

  it('takes 4 to 100 characters', () => {
    expect(codes(addressInput, address('abc'))).toEqual({ address: 'invalid_address' });
    expect(addressInput.safeParse(address('abcd')).success).toBe(true);
    expect(addressInput.safeParse(address('a'.repeat(100))).success).toBe(true);
    expect(codes(addressInput, address('a'.repeat(101)))).toEqual({ address: 'invalid_address' });
    expect(codes(addressInput, address(''))).toEqual({ address: 'null_address' });
    expect(codes(addressInput, address('   '))).toEqual({ address: 'null_address' });
    expect(codes(addressInput, address('12 rue\u0000 Saint'))).toEqual({ address: 'invalid_address' });
  });

  it('formatter: keeps letters, accents, digits, spaces and address punctuation, caps at 99', () => {
    expect(formatAddress("12, rue de l'Église #3!")).toBe("12, rue de l'Église #3");
    expect(formatAddress('1234 Chemin Côte-Sainte-Catherine')).toBe('1234 Chemin Côte-Sainte-Catherine');
    expect(formatAddress('Straße 5 ñ')).toBe('Straße 5 ñ');
    expect(formatAddress('a'.repeat(120))).toHaveLength(99);
    expect(formatAddress('<script>')).toBe('script');
  });

  it('needs every part but the area; the area is optional', () => {
    expect(codes(addressInput, {})).toEqual({ address: 'null_address', country: 'null_country', state: 'null_state', city: 'null_city', zip: 'null_zip' });
    expect(addressInput.parse({ ...address('12 Main'), area: '  ' }).area).toBeUndefined();
    expect(codes(addressInput, { ...address('12 Main'), country: 'Canada' })).toEqual({ country: 'invalid_country' });
    expect(addressInput.parse({ ...address('12 Main'), country: 'ca' }).country).toBe('CA');
    expect(codes(addressInput, { ...address('12 Main'), area: 'x'.repeat(101) })).toEqual({ area: 'invalid_area' });
    expect(codes(addressInput, { ...address('12 Main'), updateId: 'one' })).toEqual({ updateId: 'invalid_request' });
  });
});

describe('postal code (spec §5)', () => {
  it('is trimmed and upper-cased', () => {
    expect(normalizePostalCode('  h2x 1y4 ')).toBe('H2X 1Y4');
    expect(postalCodeField.parse('h2x 1y4')).toBe('H2X 1Y4');
    expect(postalCodeField.parse(' h2x1y4 ')).toBe('H2X1Y4');
  });

  it('accepts 5 digits, 5+4 digits, 2 to 10 alphanumerics, two such groups', () => {
    for (const ok of ['12345', '12345-6789', 'H2X 1Y4', 'H2X1Y4', 'AB', 'ABCDEFGHIJ', 'SW1A 1AA', '1234567890 AB']) {
      expect(codeOf(postalCodeField, ok), ok).toBeNull();
    }
  });

  it('refuses 1 or 11 characters, three groups, other separators', () => {
    for (const bad of ['1', 'A', 'ABCDEFGHIJK', 'AB CD EF', 'H2X  1Y4', '12345-678', '12345-67890', 'H2X-1Y4', 'É2X 1Y4', 'A BC']) {
      expect(codeOf(postalCodeField, bad), bad).toBe('invalid_zip');
    }
    expect(codeOf(postalCodeField, '')).toBe('null_zip');
  });
});

describe('emergency contact (spec §5: a cell or a phone)', () => {
  const contact = { firstName: 'Julie', lastName: 'Roy' };

  it('needs a cell or a phone, either will do', () => {
    expect(codes(emergencyContactInput, contact)).toEqual({ phone: 'null_emergency_phone' });
    expect(codes(emergencyContactInput, { ...contact, phone: '', cell: '' })).toEqual({ phone: 'null_emergency_phone' });
    expect(emergencyContactInput.parse({ ...contact, cell: '5145550102' }).cell).toBe('514-555-0102');
    expect(emergencyContactInput.parse({ ...contact, phone: '514-555-0102' }).phone).toBe('514-555-0102');
  });

  it('checks what is given', () => {
    expect(codes(emergencyContactInput, { ...contact, cell: '555' })).toEqual({ cell: 'invalid_phone' });
    expect(codes(emergencyContactInput, { ...contact, phone: '5145550102', email: 'nope' })).toEqual({ email: 'invalid_email' });
    expect(codes(emergencyContactInput, { cell: '5145550102' })).toEqual({ firstName: 'null_first_name', lastName: 'null_last_name' });
  });
});

describe('names, gender, relationship: required fields (spec §5 Required fields)', () => {
  it('a person needs first and last name, gender, date of birth and phone', () => {
    expect(codes(personInput, {})).toEqual({
      firstName: 'null_first_name',
      lastName: 'null_last_name',
      gender: 'null_gender',
      birthday: 'null_birthday',
      phone: 'null_phone',
    });
  });

  it('names: letters of any alphabet, spaces, apostrophes, hyphens, periods; 50 at most', () => {
    const first = nameField('first_name');
    for (const ok of ['Jean-François', "O'Neil", 'O’Brien', 'J. R.', 'Élodie', 'Łukasz', 'Zoë Ann', 'a'.repeat(50)]) expect(codeOf(first, ok), ok).toBeNull();
    for (const bad of ['123', 'Ann3', '<script>', '-Ann', "'Ann", 'a'.repeat(51), 'Ann_Rider']) expect(codeOf(first, bad), bad).toBe('invalid_first_name');
    expect(codeOf(first, '  ')).toBe('null_first_name');
    expect(codeOf(nameField('last_name'), '')).toBe('null_last_name');
    expect(first.parse('  Ann  ')).toBe('Ann');
  });

  it('gender is male or female; the relationship one of the spec’s list', () => {
    const kid = { firstName: 'Léo', lastName: 'Roy', gender: 'male', birthday: { year: thisYear - 9, month: 1, day: 1 }, relationship: 'father' };
    expect(minorInput.safeParse(kid).success).toBe(true);
    expect(codes(minorInput, { ...kid, gender: 'other' })).toEqual({ gender: 'invalid_gender' });
    expect(codes(minorInput, { ...kid, gender: '' })).toEqual({ gender: 'null_gender' });
    expect(codes(minorInput, { ...kid, relationship: undefined })).toEqual({ relationship: 'null_relationship' });
    expect(codes(minorInput, { ...kid, relationship: 'cousin' })).toEqual({ relationship: 'invalid_relationship' });
    for (const r of ['mother', 'guardian', 'commonlaw', 'lover', 'other']) expect(minorInput.safeParse({ ...kid, relationship: r }).success, r).toBe(true);
  });

  it('every code used is one of ACCOUNT_ISSUE_CODES', () => {
    const found = new Set<string>();
    const collect = (schema: Parameters<typeof codes>[0], value: unknown) => Object.values(codes(schema, value)).forEach((c) => found.add(c));
    collect(personInput, {});
    collect(addressInput, {});
    collect(emergencyContactInput, {});
    collect(minorInput, {});
    collect(loginDataStep, {});
    collect(loginDataStep, { email: 'x', password: 'short' });
    for (const code of found) expect(ACCOUNT_ISSUE_CODES as readonly string[]).toContain(code);
  });
});

describe('date of birth', () => {
  it('is a real calendar day: no 29 February in a common year', () => {
    expect(isRealDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 1900, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2000, month: 2, day: 29 })).toBe(true);
    expect(codeOf(birthdayField, { year: 2023, month: 2, day: 29 })).toBe('invalid_birthday');
    expect(codeOf(birthdayField, { year: 2020, month: 2, day: 29 })).toBeNull();
    expect(codeOf(birthdayField, { year: 2020, month: 4, day: 31 })).toBe('invalid_birthday');
    expect(codeOf(birthdayField, { year: 2020, month: 13, day: 1 })).toBe('invalid_birthday');
  });

  it('is not in the future, nor before 1900', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 5, 15, 12, 0, 0));
    expect(codeOf(birthdayField, { year: 2024, month: 6, day: 15 })).toBeNull();
    expect(codeOf(birthdayField, { year: 2024, month: 6, day: 16 })).toBe('invalid_birthday');
    expect(codeOf(birthdayField, { year: 2030, month: 1, day: 1 })).toBe('invalid_birthday');
    expect(codeOf(birthdayField, { year: 1899, month: 12, day: 31 })).toBe('invalid_birthday');
    expect(codeOf(birthdayField, { year: 1900, month: 1, day: 1 })).toBeNull();
  });

  it('takes whole numbers, digit strings from the selects too; missing parts are null_birthday', () => {
    expect(birthdayField.parse({ year: '1990', month: '04', day: '30' })).toEqual({ year: 1990, month: 4, day: 30 });
    expect(codeOf(birthdayField, undefined)).toBe('null_birthday');
    expect(codeOf(birthdayField, '')).toBe('null_birthday');
    expect(codeOf(birthdayField, { year: 1990, month: 0, day: 1 })).toBe('null_birthday');
    expect(codes(birthdayField, { year: 1990.5, month: 1, day: 1 })).toEqual({ year: 'invalid_birthday' });
    expect(codes(birthdayField, { year: 'abc', month: 1, day: 1 })).toEqual({ year: 'invalid_birthday' });
  });

  it('exactly 18 today is an adult; 18 tomorrow is still a minor', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 5, 15, 9, 30, 0));
    const today = { year: 2006, month: 6, day: 15 };
    const tomorrow = { year: 2006, month: 6, day: 16 };
    expect(ageOn(today)).toBe(18);
    expect(ageOn(tomorrow)).toBe(17);
    expect(isMinor(today)).toBe(false);
    expect(isMinor(tomorrow)).toBe(true);
    const adult = { firstName: 'Ann', lastName: 'Roy', gender: 'female', phone: '5145550101' };
    expect(adultInformationStep.safeParse({ ...adult, birthday: today }).success).toBe(true);
    expect(codes(adultInformationStep, { ...adult, birthday: tomorrow })).toEqual({ birthday: 'invalid_adult_birthday' });
    const kid = { firstName: 'Léo', lastName: 'Roy', gender: 'male', relationship: 'father' };
    expect(minorInput.safeParse({ ...kid, birthday: tomorrow }).success).toBe(true);
    expect(codes(minorInput, { ...kid, birthday: today })).toEqual({ birthday: 'invalid_minor_birthday' });
  });

  it('someone born on 29 February comes of age on 1 March of a common year', () => {
    const born = { year: 2004, month: 2, day: 29 };
    expect(ageOn(born, new Date(2022, 1, 28))).toBe(17);
    expect(ageOn(born, new Date(2022, 2, 1))).toBe(18);
    expect(ageOn(born, new Date(2024, 1, 29))).toBe(20);
  });

  it('birthdayIso and parseBirthday round-trip', () => {
    expect(birthdayIso({ year: 1990, month: 4, day: 3 })).toBe('1990-04-03');
    expect(parseBirthday('1990-04-03')).toEqual({ year: 1990, month: 4, day: 3 });
    expect(parseBirthday('1990-4-3')).toBeNull();
  });
});

describe('isRegisterMinor (the Information step)', () => {
  const person = { firstName: 'Zoé', lastName: 'Roy', gender: 'female' };
  const kidBirthday = { year: thisYear - 12, month: 1, day: 1 };

  it('an adult registering themselves: 18 or older, phone required, no relationship needed', () => {
    expect(informationStep.safeParse({ ...person, birthday: { year: 1990, month: 1, day: 1 }, phone: '5145550101' }).success).toBe(true);
    expect(codes(informationStep, { ...person, birthday: { year: 1990, month: 1, day: 1 } })).toEqual({ phone: 'null_phone' });
    expect(codes(informationStep, { ...person, birthday: kidBirthday, phone: '5145550101' })).toEqual({ birthday: 'invalid_adult_birthday' });
  });

  it('a minor: under 18, a relationship, phone optional', () => {
    expect(informationStep.safeParse({ ...person, birthday: kidBirthday, isRegisterMinor: true, relationship: 'mother' }).success).toBe(true);
    expect(codes(informationStep, { ...person, birthday: kidBirthday, isRegisterMinor: true })).toEqual({ relationship: 'null_relationship' });
    expect(codes(informationStep, { ...person, birthday: { year: 1990, month: 1, day: 1 }, isRegisterMinor: true, relationship: 'mother' })).toEqual({ birthday: 'invalid_minor_birthday' });
    expect(codes(informationStep, { ...person, birthday: kidBirthday, isRegisterMinor: 'yes', relationship: 'mother' })).toEqual({ isRegisterMinor: 'invalid_request' });
  });
});

describe('the whole registration', () => {
  const email = 'parent@example.com';
  const valid = () => ({
    submissionId: '8a6e0804-2bd0-4672-b79d-d97027f9071b',
    information: { firstName: 'Marc', lastName: 'Roy', gender: 'male', birthday: { year: 1980, month: 1, day: 1 }, phone: '5145550101' },
    login: { email, emailConfirmation: email, password: 'Secret123', passwordConfirmation: 'Secret123' },
    address: { address: '12 Main', country: 'CA', state: 'QC', city: 'Laval', zip: 'h7n 1a1' },
    emergencyContact: { firstName: 'Julie', lastName: 'Roy', cell: '5145550102' },
  });
  const kid = { firstName: 'Léo', lastName: 'Roy', gender: 'male', birthday: { year: thisYear - 9, month: 1, day: 1 }, relationship: 'father' };

  it('passes with defaults: no children, locale en, not acknowledged', () => {
    const parsed = participantRegistrationInput.parse(valid());
    expect(parsed).toMatchObject({ children: [], locale: 'en', acknowledgeDuplicate: false, information: { isRegisterMinor: false, phone: '514-555-0101' }, address: { zip: 'H7N 1A1' } });
  });

  it('with isRegisterMinor needs the adult, 18 or older, and the minor’s email must differ', () => {
    const minorInfo = { firstName: 'Zoé', lastName: 'Roy', gender: 'female', birthday: { year: thisYear - 12, month: 1, day: 1 }, isRegisterMinor: true, relationship: 'father' };
    expect(codes(participantRegistrationInput, { ...valid(), information: minorInfo })).toEqual({ 'adult.firstName': 'null_first_name' });
    const adult = { firstName: 'Marc', lastName: 'Roy', gender: 'male', birthday: { year: 1980, month: 1, day: 1 }, phone: '5145550101' };
    expect(participantRegistrationInput.safeParse({ ...valid(), information: minorInfo, adult }).success).toBe(true);
    expect(codes(participantRegistrationInput, { ...valid(), information: minorInfo, adult: { ...adult, birthday: { year: thisYear - 17, month: 1, day: 1 } } })).toEqual({
      'adult.birthday': 'invalid_adult_birthday',
    });
    expect(codes(participantRegistrationInput, { ...valid(), information: { ...minorInfo, email: 'PARENT@example.com' }, adult })).toEqual({ 'information.email': 'invalid_minor_email' });
  });

  it('checks every child; at most 10; the children’s emails differ from the guardian’s', () => {
    expect(codes(participantRegistrationInput, { ...valid(), children: [kid, { ...kid, email }] })).toEqual({ 'children.1.email': 'invalid_minor_email' });
    expect(codes(participantRegistrationInput, { ...valid(), children: [{ ...kid, birthday: { year: 1990, month: 1, day: 1 } }] })).toEqual({ 'children.0.birthday': 'invalid_minor_birthday' });
    expect(participantRegistrationInput.safeParse({ ...valid(), children: Array(10).fill(kid) }).success).toBe(true);
    expect(codes(participantRegistrationInput, { ...valid(), children: Array(11).fill(kid) })).toEqual({ children: 'invalid_children' });
    expect(codes(participantRegistrationInput, { ...valid(), children: 'none' })).toEqual({ children: 'invalid_children' });
  });

  it('needs a UUID submission id and a known locale', () => {
    expect(codes(participantRegistrationInput, { ...valid(), submissionId: 'abc' })).toEqual({ submissionId: 'invalid_submission_id' });
    expect(codes(participantRegistrationInput, { ...valid(), locale: 'de' })).toEqual({ locale: 'invalid_locale' });
  });

  it('reports each step’s fields under their step', () => {
    const bad = { ...valid(), address: {}, emergencyContact: {}, login: {} };
    expect(codes(participantRegistrationInput, bad)).toMatchObject({
      'address.address': 'null_address',
      'address.zip': 'null_zip',
      'emergencyContact.firstName': 'null_first_name',
      'login.email': 'null_email',
      'login.password': 'null_password',
    });
  });
});

describe('the other inputs', () => {
  it('duplicate check: names, date of birth, email', () => {
    expect(duplicateCheckInput.safeParse({ firstName: 'Ann', lastName: 'Roy', birthday: { year: 1990, month: 1, day: 1 }, email: 'A@b.ca' }).success).toBe(true);
    expect(codes(duplicateCheckInput, {})).toEqual({ firstName: 'null_first_name', lastName: 'null_last_name', birthday: 'null_birthday', email: 'null_email' });
  });

  it('profile update: phone, address, emergency contact, licence (letters, digits, spaces, hyphens)', () => {
    const update = {
      phone: '5145550101',
      address: { address: '12 Main', country: 'CA', state: 'QC', city: 'Laval', zip: 'H7N 1A1', updateId: 4 },
      emergencyContact: { firstName: 'Julie', lastName: 'Roy', phone: '5145550102' },
    };
    expect(profileUpdateInput.parse({ ...update, licence: ' QC-2024 77 ' }).licence).toBe('QC-2024 77');
    expect(profileUpdateInput.parse({ ...update, licence: '' }).licence).toBeUndefined();
    expect(codes(profileUpdateInput, { ...update, licence: 'QC/77' })).toEqual({ licence: 'invalid_licence' });
    expect(codes(profileUpdateInput, { ...update, licence: 'x'.repeat(31) })).toEqual({ licence: 'invalid_licence' });
  });

  it('closing and claiming', () => {
    expect(codes(closeAccountInput, {})).toEqual({ password: 'null_password' });
    expect(codes(closeAccountInput, { password: '' })).toEqual({ password: 'null_password' });
    expect(closeAccountInput.safeParse({ password: 'x' }).success).toBe(true);
    expect(claimInput.parse({ participantId: 4, licence: '  ' })).toEqual({ participantId: 4 });
    expect(codes(claimInput, { participantId: 'x' })).toEqual({ participantId: 'invalid_id' });
    expect(codes(claimInput, { participantId: -1 }).participantId).toMatch(/^invalid_/);
    // Past PostgreSQL's integer: refused here, never a 500 from the database.
    expect(codes(claimInput, { participantId: 2_147_483_648 })).toEqual({ participantId: 'invalid_id' });
    expect(claimInput.safeParse({ participantId: 2_147_483_647 }).success).toBe(true);
  });

  it('login: any address shape (the reply must not tell), but no control characters', () => {
    expect(loginInput.parse({ email: ' Ann@Example.COM ', password: 'x' }).email).toBe('ann@example.com');
    expect(codes(loginInput, { email: 'ann\u0000@example.com', password: 'x' })).toEqual({ email: 'invalid_email' });
    expect(codes(loginInput, { email: 'ann\n@example.com', password: 'x' })).toEqual({ email: 'invalid_email' });
  });
});

describe('accountIssues', () => {
  it('keeps the first issue of each path, codes as the schemas left them, others named after the field', () => {
    const issues = accountIssues({
      issues: [
        { path: ['login', 'email'], message: 'invalid_email' },
        { path: ['login', 'email'], message: 'null_email' },
        { path: ['children', 0, 'firstName'], message: 'null_first_name' },
        { path: ['emergencyContact', 'firstName'], message: 'Too small: expected string to have >=1 characters' },
        { path: ['children', 1], message: 'Invalid input' },
        { path: [], message: 'Invalid input' },
      ],
    });
    expect(issues).toEqual([
      { path: ['login', 'email'], code: 'invalid_email' },
      { path: ['children', 0, 'firstName'], code: 'null_first_name' },
      { path: ['emergencyContact', 'firstName'], code: 'invalid_first_name' },
      { path: ['children', 1], code: 'invalid_children' },
      { path: [], code: 'invalid_request' },
    ]);
  });
});
