/**
 * The desk's online-registration settings form (issue 27 "Fees by date … set by the promoter in
 * the desk"): stored settings read into the form and written back are the same settings; amounts
 * typed in dollars are cents; a new question gets an id made from its English label while a
 * saved one keeps its own; a value typed wrong, or a fee date outside the registration window,
 * is refused on the control it concerns with the contract's code.
 */
import { describe, expect, it } from 'vitest';
import { questionIdOf, registrationSettings } from '@/lib/contracts/registration-settings';
import { checkRegistration } from './registration-schema';
import { toRegistrationBody, toRegistrationFormValues } from './registration-form-values';

const STORED = registrationSettings.parse({
  earlyUntil: '2027-04-30',
  lateFrom: '2027-05-25',
  payAtGate: false,
  waiverSelfie: true,
  offerHours: 48,
  refundPolicy: [{ until: '2027-05-01', percent: 100 }],
  transponderRentalCents: 2550,
  transponderDepositCents: 10000,
  questions: [{ id: 'bike', label: { en: 'Bike brand', fr: 'Marque' }, required: true }],
});
const WINDOW = { opensOn: '2027-04-01', closesOn: '2027-06-01' };

describe('the registration settings form', () => {
  it('writes back what it read, dollars as cents', () => {
    const values = toRegistrationFormValues(STORED);
    expect(values).toMatchObject({ transponderRental: '25.50', transponderDeposit: '100.00', offerHours: '48' });
    expect(checkRegistration(values, WINDOW)).toEqual({ ok: true, body: STORED });
  });

  it('keeps a saved question’s id when its label changes, and makes one from the English label for a new one', () => {
    const values = toRegistrationFormValues(STORED);
    values.questions[0]!.en = 'Make of the bike';
    values.questions.push({ qid: '', en: 'Bike', fr: '', es: 'Moto', required: false }, { qid: '', en: 'Cylindrée (cc)', fr: '', es: '', required: false });
    expect(toRegistrationBody(values).questions).toEqual([
      { id: 'bike', label: { en: 'Make of the bike', fr: 'Marque' }, required: true },
      { id: 'bike_2', label: { en: 'Bike', es: 'Moto' }, required: false },
      { id: 'cylindree_cc', label: { en: 'Cylindrée (cc)' }, required: false },
    ]);
    expect([questionIdOf('125cc?'), questionIdOf('¿?'), questionIdOf('Bike', ['bike', 'bike_2'])]).toEqual(['q_125cc', 'question', 'bike_3']);
  });

  it('refuses values typed wrong and dates outside the window on their controls', () => {
    const values = { ...toRegistrationFormValues(STORED), offerHours: 'two', transponderRental: '25.555', refundPolicy: [{ until: '', percent: '50' }] };
    const wrong = checkRegistration(values, WINDOW);
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? null : { offerHours: wrong.errors.offerHours?.message, rental: wrong.errors.transponderRental?.message, until: wrong.errors.refundPolicy?.[0]?.until?.message }).toEqual({
      offerHours: 'invalid_offer_hours',
      rental: 'invalid_transponder_rental',
      until: 'invalid_refund_until',
    });
    const late = checkRegistration({ ...toRegistrationFormValues(STORED), lateFrom: '2027-06-02' }, WINDOW);
    expect(late.ok ? null : late.errors.lateFrom?.message).toBe('invalid_late_from_window');
    const blank = checkRegistration({ ...toRegistrationFormValues(STORED), questions: [{ qid: '', en: ' ', fr: '', es: '', required: false }] }, WINDOW);
    expect(blank.ok ? null : blank.errors.questions?.[0]?.en?.message).toBe('null_question_label');
  });
});
