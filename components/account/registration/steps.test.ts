/** The stepper's plan (steps.ts): which steps show, the registration built from the draft, the identities checked, where server issues go. */
import { describe, expect, it } from 'vitest';
import { participantRegistrationInput } from '@/lib/contracts/account';
import { emptyDraft, emptyMinor, familyKey, identities, identityKey, placeIssues, registrationFields, visibleSteps, type Draft } from './steps';

const thisYear = new Date().getFullYear();

/** A complete draft of an adult with one minor, as the step forms hold it (strings of the selects). */
function adultDraft(): Draft {
  const d = emptyDraft();
  d.information = { ...d.information, firstName: ' Camille ', lastName: 'Tremblay', gender: 'female', birthday: { year: '1985', month: '3', day: '14' }, phone: '5145550123', relationship: '', email: '' };
  d.login = { email: 'Camille@Example.org', emailConfirmation: 'camille@example.org', password: 'Trail2026ride', passwordConfirmation: 'Trail2026ride' };
  d.address = { address: '123 rue Principale', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'j1h 1a1', area: '' };
  d.emergencyContact = { firstName: 'Marc', lastName: 'Tremblay', phone: '', cell: '819-555-0199', email: '' };
  d.children = [{ ...emptyMinor(), firstName: 'Léa', lastName: 'Tremblay', gender: 'female', birthday: { year: String(thisYear - 12), month: '1', day: '1' }, relationship: 'mother' }];
  return d;
}

describe('visibleSteps', () => {
  it('shows Adult Information only for a minor and Existing Account only with a likely duplicate', () => {
    expect(visibleSteps(false, false)).toEqual(['information', 'login', 'address', 'emergency', 'minors', 'confirmation', 'completed']);
    expect(visibleSteps(true, true)).toEqual(['information', 'adult', 'login', 'address', 'existing', 'emergency', 'minors', 'confirmation', 'completed']);
  });
});

describe('registrationFields', () => {
  it('builds a registration the shared contract accepts, without the minor-only fields for an adult', () => {
    const fields = registrationFields(adultDraft(), { submissionId: '0b8f3f7e-2a4c-4d1e-9a57-2d1c3e4f5a6b', locale: 'fr', acknowledgeDuplicate: false });
    expect(fields.information).not.toHaveProperty('relationship');
    expect(fields).not.toHaveProperty('adult');
    expect(fields.address.area).toBeUndefined();
    expect(fields.emergencyContact.phone).toBeUndefined();
    const parsed = participantRegistrationInput.safeParse(fields);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.login.email).toBe('camille@example.org');
    expect(parsed.data?.address.zip).toBe('J1H 1A1');
    expect(parsed.data?.children[0].birthday).toEqual({ year: thisYear - 12, month: 1, day: 1 });
    expect(parsed.data?.locale).toBe('fr');
  });

  it('sends the adult and the minor’s relationship when registering a minor', () => {
    const d = adultDraft();
    d.adult = { ...d.information };
    d.information = { ...d.information, isRegisterMinor: true, firstName: 'Zoé', birthday: { year: String(thisYear - 10), month: '2', day: '2' }, phone: '', relationship: 'father', email: 'zoe@example.org' };
    const fields = registrationFields(d, { submissionId: '0b8f3f7e-2a4c-4d1e-9a57-2d1c3e4f5a6b', locale: 'en', acknowledgeDuplicate: true });
    expect(fields.adult?.firstName).toBe(' Camille ');
    expect(fields.information).toMatchObject({ isRegisterMinor: true, relationship: 'father', email: 'zoe@example.org', phone: undefined });
    expect(participantRegistrationInput.safeParse(fields).success).toBe(true);
  });
});

describe('identities', () => {
  it('checks the holder (the adult for a minor) with the login email, and the minor too', () => {
    const d = adultDraft();
    expect(identities(d)).toEqual([{ firstName: 'Camille', lastName: 'Tremblay', birthday: { year: 1985, month: 3, day: 14 }, email: 'camille@example.org' }]);
    d.adult = { ...d.information, firstName: 'Marc' };
    d.information = { ...d.information, isRegisterMinor: true, firstName: 'Zoé' };
    expect(identities(d).map((i) => i.firstName)).toEqual(['Marc', 'Zoé']);
  });

  it('keys ignore letter case and change with the people', () => {
    const d = adultDraft();
    const [who] = identities(d);
    expect(identityKey(who)).toBe(identityKey({ ...who, firstName: 'CAMILLE' }));
    expect(identityKey(who)).not.toBe(identityKey({ ...who, lastName: 'Tremblay J.' }));
    const before = familyKey(d);
    d.children[0].firstName = 'Noah';
    expect(familyKey(d)).not.toBe(before);
  });
});

describe('placeIssues', () => {
  it('sends each issue to its step and field, a minor’s to its index, and leaves out issues of no step', () => {
    expect(
      placeIssues([
        { path: ['login', 'email'], code: 'email_taken' },
        { path: ['address', 'zip'], code: 'invalid_zip' },
        { path: ['emergencyContact', 'phone'], code: 'null_emergency_phone' },
        { path: ['children', 1, 'email'], code: 'invalid_minor_email' },
        { path: ['information', 'birthday'], code: 'invalid_adult_birthday' },
        { path: ['adult', 'firstName'], code: 'null_first_name' },
        { path: ['submissionId'], code: 'invalid_submission_id' },
      ]),
    ).toEqual([
      { step: 'login', field: 'email', code: 'email_taken' },
      { step: 'address', field: 'zip', code: 'invalid_zip' },
      { step: 'emergency', field: 'phone', code: 'null_emergency_phone' },
      { step: 'minors', field: 'email', code: 'invalid_minor_email', child: 1 },
      { step: 'information', field: 'birthday', code: 'invalid_adult_birthday' },
      { step: 'adult', field: 'firstName', code: 'null_first_name' },
    ]);
  });
});
