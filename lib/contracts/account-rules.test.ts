/**
 * Issue 25 "Forms that damage input", as a Quebec family met it on the account forms: the
 * email shape (`+` tags, long and IDN top-level parts), the address formatter (apostrophes,
 * hyphens, commas, periods, `#`, `/`, accents), the one phone formatter of the input and of
 * the schemas (every common pasted form → 514-555-0123; anything else refused, never shifted),
 * and the birth years a minor's and an adult's picker offer.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, EMAIL_PATTERN, PHONE_PATTERN, birthYears, formatAddress, formatPhone, isMinor } from './account-rules';
import { addressInput, emailField, optionalPhoneField, phoneField } from './account';
import { contactMessageInput } from './contact';

describe('email (issue 25: wider than the spec’s 2–4 letter ending)', () => {
  it('accepts + tags, long endings and IDN (punycode) endings', () => {
    for (const ok of ['parent+race@example.com', 'parent+race@example.ca', 'famille@example.quebec', 'studio@example.photography', 'ann@xn--caf-dma.xn--qubec-bsa', 'ann@sub.xn--p1ai', 'a.b_c-d%e+f@mail.example.org']) {
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
      expect(emailField.safeParse(ok).success, ok).toBe(true);
    }
    expect(emailField.parse(' Parent+Race@Example.QUEBEC ')).toBe('parent+race@example.quebec');
  });

  it('still refuses malformed addresses', () => {
    for (const bad of [
      'parent',
      'parent@',
      '@example.com',
      'parent@example',
      'parent@@example.com',
      'parent race@example.com',
      '.parent@example.com',
      'parent.@example.com',
      'par..ent@example.com',
      'parent@example..com',
      'parent@.example.com',
      'parent@example.com.',
      'parent@-example.com',
      'parent@example-.com',
      'parent@exa_mple.com',
      'parent@example.c',
      'parent@example.c0m',
      'parent@example.xn--',
      'parent@example.xn--abc-',
      `${'a'.repeat(65)}@example.com`,
      `parent@${'a'.repeat(64)}.com`,
    ]) {
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('is the contact form’s rule too', () => {
    const message = { name: 'Ann Roy', email: 'parent+race@example.quebec', message: 'Hello, a long enough message.' };
    expect(contactMessageInput.safeParse(message).success).toBe(true);
  });
});

describe('address (issue 25: the formatter keeps a street address’s punctuation)', () => {
  it('keeps apostrophes, hyphens, commas, periods, # and / and accents', () => {
    for (const kept of ["1234, rue de l'Église, app. 3", '1234, rue de l’Église, app. 3', '12-B Côte-Sainte-Catherine', '#5 - 1200 boul. René-Lévesque O.', '1/2 Rang Saint-Joseph', 'Straße 5 ñ']) {
      expect(formatAddress(kept), kept).toBe(kept);
    }
    expect(addressInput.parse({ address: "1234, rue de l'Église, app. 3", country: 'CA', state: 'QC', city: 'Montréal', zip: 'H2X 1Y4' }).address).toBe("1234, rue de l'Église, app. 3");
  });

  it('still drops other symbols and caps at 99', () => {
    expect(formatAddress('<b>12 rue Main</b>!')).toBe('b12 rue Main/b');
    expect(formatAddress('12 rue; Main* "x"')).toBe('12 rue Main x');
    expect(formatAddress('a'.repeat(120))).toHaveLength(ACCOUNT_LIMITS.address.formatterMax);
  });
});

describe('phone (issue 25: one formatter for the input and the schemas)', () => {
  const pasted = ['(514) 555-0123', '514.555.0123', '514 555 0123', '+1 514 555 0123', '1-514-555-0123', '5145550123', '514-555-0123', '+1 (514) 555-0123'];

  it('turns every common pasted form into 514-555-0123', () => {
    for (const p of pasted) {
      expect(formatPhone(p), p).toBe('514-555-0123');
      expect(phoneField.parse(p), p).toBe('514-555-0123');
      expect(optionalPhoneField.parse(p), p).toBe('514-555-0123');
    }
  });

  it('is idempotent, and fits the input', () => {
    for (const p of pasted) {
      expect(formatPhone(formatPhone(p))).toBe('514-555-0123');
      expect(p.length).toBeLessThanOrEqual(ACCOUNT_LIMITS.phone.inputMax);
    }
    expect(PHONE_PATTERN.test('514-555-0123')).toBe(true);
  });

  it('groups a number as it is typed, a country code 1 included', () => {
    expect(formatPhone('+1 514')).toBe('151-4');
    expect(formatPhone('+1 514 555 012')).toBe('151-455-5012');
    // The eleventh digit completes 1 + ten: the country code goes.
    expect(formatPhone('151-455-50123')).toBe('514-555-0123');
  });

  it('refuses anything that is not ten digits (or 1 + ten) with the existing code, never shifted', () => {
    for (const bad of ['514-555-012', '(514) 555-012', '2-514-555-0123', '+33 1 23 45 67 89', '+44 20 7946 0958', '514-555-0123 ext 4', '1 514 555 01234']) {
      expect(phoneField.safeParse(bad).error?.issues[0]?.message, bad).toBe('invalid_phone');
      expect(optionalPhoneField.safeParse(bad).error?.issues[0]?.message, bad).toBe('invalid_phone');
    }
    // Too many digits stay as given (so the field shows what was pasted, with its error).
    expect(formatPhone('+33 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
    expect(formatPhone('514-555-0123 ext 4')).toBe('514-555-0123 ext 4');
  });
});

describe('birth years (issue 25: the choices fit the person)', () => {
  const today = new Date(2026, 4, 10);

  it('a minor: this year back to 18 years ago', () => {
    const years = birthYears('minor', today);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2008);
    expect(years).toHaveLength(19);
    // Both ends of the edge year: born late 2008 is still a minor, born early 2008 is not.
    expect(isMinor({ year: 2008, month: 12, day: 1 }, today)).toBe(true);
    expect(isMinor({ year: 2008, month: 1, day: 1 }, today)).toBe(false);
  });

  it('an adult: 18 years ago back to 110 years ago', () => {
    const years = birthYears('adult', today);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1916);
    expect(years).toHaveLength(93);
    expect(years).not.toContain(2012);
    expect(years).not.toContain(1900);
  });

  it('newest first, without gaps', () => {
    for (const person of ['minor', 'adult'] as const) {
      const years = birthYears(person, today);
      years.slice(1).forEach((y, i) => expect(y).toBe(years[i] - 1));
    }
  });
});
