/**
 * The account-creation stepper's plan (spec §4 Participant account creation): its steps in
 * order, which of them show (Adult Information only for a minor; Existing Account only when a
 * likely duplicate was found), the raw values each step's form holds, the whole registration
 * built from them (`participantRegistrationInput`), the identity the Existing Account check
 * asks about, and where a server issue belongs (its path prefix → the step, the field).
 * Pure: no React, no browser, no zod (the steps' checks are in ./schemas.ts, loaded when used).
 */
import type { AccountIssue, DuplicateCheckInput, Gender, ParticipantRegistrationFields, Relationship } from '@/lib/contracts/account';
import type { Locale } from '@/lib/config';

/** Every step, in the spec's order. */
export const STEPS = ['information', 'adult', 'login', 'address', 'existing', 'emergency', 'minors', 'confirmation', 'completed'] as const;
export type StepId = (typeof STEPS)[number];

/** Steps a visitor may pass without filling anything (they get a Skip button). */
export const OPTIONAL_STEPS: readonly StepId[] = ['existing', 'minors'];

/** The steps shown: Adult Information only when registering a minor, Existing Account only with a likely duplicate. */
export function visibleSteps(isRegisterMinor: boolean, showExisting: boolean): StepId[] {
  return STEPS.filter((s) => (s !== 'adult' || isRegisterMinor) && (s !== 'existing' || showExisting));
}

/** A date of birth as the three selects hold it ('' before a choice). */
export interface BirthdayRaw {
  year: string;
  month: string;
  day: string;
}

/** A person as the Adult Information form holds it. */
export interface PersonRaw {
  firstName: string;
  lastName: string;
  gender: Gender | '';
  birthday: BirthdayRaw;
  phone: string;
}

/** The Information form: the person the account is for (a minor with `isRegisterMinor`). */
export interface InformationRaw extends PersonRaw {
  isRegisterMinor: boolean;
  relationship: Relationship | '';
  email: string;
}

export interface LoginRaw {
  email: string;
  emailConfirmation: string;
  password: string;
  passwordConfirmation: string;
}

export interface AddressRaw {
  address: string;
  country: string;
  state: string;
  city: string;
  zip: string;
  area: string;
}

export interface EmergencyRaw {
  firstName: string;
  lastName: string;
  phone: string;
  cell: string;
  email: string;
}

/** A minor of the Minors step. */
export interface MinorRaw {
  firstName: string;
  lastName: string;
  gender: Gender | '';
  birthday: BirthdayRaw;
  relationship: Relationship | '';
  email: string;
  phone: string;
}

/** Everything typed so far (kept when going Back and forth). */
export interface Draft {
  information: InformationRaw;
  adult: PersonRaw;
  login: LoginRaw;
  address: AddressRaw;
  emergencyContact: EmergencyRaw;
  children: MinorRaw[];
}

const emptyBirthday = (): BirthdayRaw => ({ year: '', month: '', day: '' });
export const emptyPerson = (): PersonRaw => ({ firstName: '', lastName: '', gender: '', birthday: emptyBirthday(), phone: '' });
export const emptyMinor = (): MinorRaw => ({ ...emptyPerson(), relationship: '', email: '' });

/** The draft of a stepper just opened (Canada chosen as the country). */
export function emptyDraft(): Draft {
  return {
    information: { ...emptyPerson(), isRegisterMinor: false, relationship: '', email: '' },
    adult: emptyPerson(),
    login: { email: '', emailConfirmation: '', password: '', passwordConfirmation: '' },
    address: { address: '', country: 'CA', state: '', city: '', zip: '', area: '' },
    emergencyContact: { firstName: '', lastName: '', phone: '', cell: '', email: '' },
    children: [],
  };
}

const opt = (v: string) => (v.trim() === '' ? undefined : v);

/** A person of the draft as the schemas take it ('' of a select becomes absent). */
function person(p: PersonRaw) {
  return { firstName: p.firstName, lastName: p.lastName, gender: opt(p.gender) as Gender, birthday: p.birthday, phone: p.phone };
}

/** A minor of the draft as `minorInput` takes it. */
export function minorFields(m: MinorRaw) {
  return { ...person(m), relationship: opt(m.relationship) as Relationship, email: opt(m.email), phone: opt(m.phone) };
}

/**
 * The whole registration (POST /ll/api/v1/registration/participant) from the draft: the
 * Information person (with relationship and email only for a minor), the adult only for a
 * minor, the login, the address, the emergency contact, the minors, the language and the
 * page's `submissionId`.
 */
export function registrationFields(draft: Draft, extra: { submissionId: string; locale: Locale; acknowledgeDuplicate: boolean }): ParticipantRegistrationFields {
  const info = draft.information;
  const minor = info.isRegisterMinor;
  return {
    submissionId: extra.submissionId,
    locale: extra.locale,
    information: {
      ...person(info),
      phone: opt(info.phone),
      isRegisterMinor: minor,
      ...(minor ? { relationship: opt(info.relationship) as Relationship, email: opt(info.email) } : {}),
    },
    ...(minor ? { adult: person(draft.adult) } : {}),
    login: { ...draft.login },
    address: { ...draft.address, area: opt(draft.address.area) },
    emergencyContact: {
      firstName: draft.emergencyContact.firstName,
      lastName: draft.emergencyContact.lastName,
      phone: opt(draft.emergencyContact.phone),
      cell: opt(draft.emergencyContact.cell),
      email: opt(draft.emergencyContact.email),
    },
    children: draft.children.map(minorFields),
    acknowledgeDuplicate: extra.acknowledgeDuplicate,
  } as ParticipantRegistrationFields;
}

/**
 * Who the Existing Account check asks about (POST …/registration/participant/check): the
 * account holder (the adult when registering a minor) with the login email; and, for a minor,
 * the minor too (a family's other parent may already have created them).
 */
export function identities(draft: Draft): DuplicateCheckInput[] {
  const info = draft.information;
  const email = draft.login.email.trim().toLowerCase();
  const of = (p: PersonRaw) => ({
    firstName: p.firstName.trim(),
    lastName: p.lastName.trim(),
    birthday: { year: Number(p.birthday.year), month: Number(p.birthday.month), day: Number(p.birthday.day) },
    email,
  });
  return info.isRegisterMinor ? [of(draft.adult), of(info)] : [of(info)];
}

/** The key of one identity (names, date of birth, email): the check is asked once per key. */
export function identityKey(identity: DuplicateCheckInput): string {
  const b = identity.birthday;
  return JSON.stringify([identity.firstName.toLowerCase(), identity.lastName.toLowerCase(), b.year, b.month, b.day, identity.email]);
}

/**
 * The key of everyone the creation compares against existing profiles (the holder, the
 * Information minor, the Minors step's minors): a server `duplicate_account` holds for it.
 */
export function familyKey(draft: Draft): string {
  const minors = draft.children.map((m) => [m.firstName.trim().toLowerCase(), m.lastName.trim().toLowerCase(), m.birthday.year, m.birthday.month, m.birthday.day]);
  return JSON.stringify([identities(draft).map(identityKey), minors]);
}

/** The path prefix of a server issue → its step (`children.N` → the Minors step). */
const PREFIX_STEP: Record<string, StepId> = {
  information: 'information',
  adult: 'adult',
  login: 'login',
  address: 'address',
  emergencyContact: 'emergency',
  children: 'minors',
};

/** Where a server issue is shown: its step, the field inside that step's form, and for a minor its index. */
export interface PlacedIssue {
  step: StepId;
  /** The form field (`email`, `birthday`, `zip` …); '' when the issue names no field. */
  field: string;
  code: string;
  /** The minor's index for `children.N.…`. */
  child?: number;
}

/** The step and field of each issue (issues of no step, such as `submissionId`, are left out). */
export function placeIssues(issues: AccountIssue[]): PlacedIssue[] {
  const out: PlacedIssue[] = [];
  for (const issue of issues) {
    const [head, ...rest] = issue.path;
    const step = typeof head === 'string' ? PREFIX_STEP[head] : undefined;
    if (!step) continue;
    if (step === 'minors') {
      const [index, ...field] = rest;
      const child = Number(index);
      out.push({ step, field: field.join('.'), code: issue.code, ...(Number.isInteger(child) && child >= 0 ? { child } : {}) });
    } else {
      out.push({ step, field: rest.join('.'), code: issue.code });
    }
  }
  return out;
}
