/**
 * The desk's online-registration settings form as plain values (issue 27 "Fees by date (early,
 * regular, late fee after the deadline), set by the promoter in the desk"; refund policy,
 * transponder rental, questions …): what each control holds (amounts in dollars as typed, hours
 * as typed), read from and written back to the contract's body
 * (lib/contracts/registration-settings.ts `deskRegistrationSettingsInput`, amounts in cents).
 * No zod here: the form's first load stays light; the check runs in ./registration-schema.ts.
 */
import { feeCentsOf, feeText } from '@/lib/contracts/desk-classes';
import { questionIdOf, type DeskRegistrationSettingsInput, type RegistrationSettings } from '@/lib/contracts/registration-settings';

/** The most refund steps and questions the contract takes. */
export const REGISTRATION_FORM_LIMITS = { refundSteps: 5, questions: 10 } as const;

export interface RefundRowValues {
  until: string;
  percent: string;
}

export interface QuestionRowValues {
  /** The stored id ('' for a question not saved yet: made from its English label on save); not `id`, which react-hook-form's field arrays use for their own keys. */
  qid: string;
  en: string;
  fr: string;
  es: string;
  required: boolean;
}

export interface RegistrationFormValues {
  earlyUntil: string;
  lateFrom: string;
  payAtGate: boolean;
  waiverSelfie: boolean;
  offerHours: string;
  refundPolicy: RefundRowValues[];
  /** Dollars as typed; '' : no rental offered. */
  transponderRental: string;
  /** Dollars as typed; '' : no deposit. */
  transponderDeposit: string;
  questions: QuestionRowValues[];
}

/** The stored settings as the form's values. */
export function toRegistrationFormValues(s: RegistrationSettings): RegistrationFormValues {
  return {
    earlyUntil: s.earlyUntil ?? '',
    lateFrom: s.lateFrom ?? '',
    payAtGate: s.payAtGate,
    waiverSelfie: s.waiverSelfie,
    offerHours: String(s.offerHours),
    refundPolicy: s.refundPolicy.map((r) => ({ until: r.until, percent: String(r.percent) })),
    transponderRental: s.transponderRentalCents === null ? '' : feeText(s.transponderRentalCents),
    transponderDeposit: s.transponderDepositCents === 0 ? '' : feeText(s.transponderDepositCents),
    questions: s.questions.map((q) => ({ qid: q.id, en: q.label.en, fr: q.label.fr ?? '', es: q.label.es ?? '', required: q.required })),
  };
}

/** A whole number as typed, else NaN (which the contract refuses with the field's code). */
const wholeOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
/** Dollars as typed in cents; -1 (refused by the contract) when not an amount. */
const centsOf = (text: string) => feeCentsOf(text) ?? -1;

/**
 * The form's values as the contract's body: blanks as null (fee dates, rental) or 0 (deposit);
 * a question saved before keeps its id (riders' answers are stored under it), a new one gets
 * one made from its English label, unique in the list.
 */
export function toRegistrationBody(v: RegistrationFormValues): DeskRegistrationSettingsInput {
  const taken = new Set(v.questions.map((q) => q.qid).filter(Boolean));
  return {
    earlyUntil: v.earlyUntil || null,
    lateFrom: v.lateFrom || null,
    payAtGate: v.payAtGate,
    waiverSelfie: v.waiverSelfie,
    offerHours: wholeOf(v.offerHours),
    refundPolicy: v.refundPolicy.map((r) => ({ until: r.until, percent: wholeOf(r.percent) })),
    transponderRentalCents: v.transponderRental.trim() === '' ? null : centsOf(v.transponderRental),
    transponderDepositCents: v.transponderDeposit.trim() === '' ? 0 : centsOf(v.transponderDeposit),
    questions: v.questions.map((q) => {
      let id = q.qid;
      if (!id) {
        id = questionIdOf(q.en, taken);
        taken.add(id);
      }
      const label: { en: string; fr?: string; es?: string } = { en: q.en.trim() };
      if (q.fr.trim()) label.fr = q.fr.trim();
      if (q.es.trim()) label.es = q.es.trim();
      return { id, label, required: q.required };
    }),
  };
}

/**
 * The form control an issue of the contract (or of the server) is shown under, by the
 * contract's path: `transponderRentalCents` → `transponderRental`, a question's label or id →
 * its row's label in that language (its English one for the id), `refundPolicy.1.until` as is;
 * a list's own issue (`questions`, `refundPolicy`) on the list.
 */
export function fieldOfIssue(path: readonly (string | number)[]): string {
  const [head, index, field, lang] = path;
  if (head === 'transponderRentalCents') return 'transponderRental';
  if (head === 'transponderDepositCents') return 'transponderDeposit';
  if (head === 'questions' && typeof index === 'number') return `questions.${index}.${field === 'label' && (lang === 'fr' || lang === 'es') ? lang : field === 'required' ? 'required' : 'en'}`;
  if (head === 'refundPolicy' && typeof index === 'number') return `refundPolicy.${index}.${field === 'percent' ? 'percent' : 'until'}`;
  return String(head ?? 'root');
}
