/**
 * The checks of the account-creation stepper (spec §4 Participant account creation; §5 rules):
 * each step's resolver over the shared contract (the form holds the raw values, the schema
 * turns them into its output), the Minors step's whole-list check (`minorsStep`) and the final
 * check of the whole registration (`participantRegistrationInput`) before Create Account.
 * Loaded only through `import()` (the steps' `lazyResolver`, lib/forms/lazy-resolver.ts; the
 * Minors step's Next; Create Account), so that zod is not in /registration/participant's first
 * load (issue 23); never import it statically from a client component (`import type` is fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  accountIssues,
  addressInput,
  adultInformationStep,
  emergencyContactInput,
  informationStep,
  loginDataStep,
  minorInput,
  minorsStep,
  participantRegistrationInput,
  type AccountIssue,
  type ParticipantRegistrationFields,
  type ParticipantRegistrationInput,
} from '@/lib/contracts/account';
import { minorFields, type AddressRaw, type EmergencyRaw, type InformationRaw, type LoginRaw, type MinorRaw, type PersonRaw } from './steps';

/**
 * A resolver for a step's form from the step's zod schema: the form holds the raw values (strings
 * of the selects, '' for nothing chosen), the schema turns them into its output on submit.
 */
export function stepResolver<Raw extends object, S extends z.ZodType>(schema: S): Resolver<Raw, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<Raw, unknown, z.output<S>>;
}

/** The relationship select's '' (nothing chosen) is "absent" (it only counts for a minor). */
const informationSchema = z.preprocess((v) => (v && typeof v === 'object' ? { ...v, relationship: (v as InformationRaw).relationship || undefined } : v), informationStep);

/** The Information step: `informationStep` (an adult under 18 without the minor box: `invalid_adult_birthday`). */
export const informationResolver = stepResolver<InformationRaw, typeof informationSchema>(informationSchema);

/** The Adult Information step: `adultInformationStep` (18 or older). */
export const adultResolver = stepResolver<PersonRaw, typeof adultInformationStep>(adultInformationStep);

/** The Login data step: `loginDataStep`, and a login email different from the minor's own (`minorEmail`; `invalid_minor_email`). */
export function loginResolver(minorEmail: string | null) {
  const minor = minorEmail?.trim().toLowerCase() || null;
  const schema = loginDataStep.superRefine((v, ctx) => {
    if (minor && v.email === minor) ctx.addIssue({ code: 'custom', path: ['email'], message: 'invalid_minor_email' });
  });
  return stepResolver<LoginRaw, typeof schema>(schema);
}

/** The Contact Information step: `addressInput`. */
export const addressResolver = stepResolver<AddressRaw, typeof addressInput>(addressInput);

/** The Emergency Contact step: `emergencyContactInput` (a cell or a phone). */
export const emergencyResolver = stepResolver<EmergencyRaw, typeof emergencyContactInput>(emergencyContactInput);

/** The Minors step's form (one minor): `minorInput`, and an email different from the guardian's (`invalid_minor_email`). */
export function minorResolver(guardianEmail: string) {
  const guardian = guardianEmail.trim().toLowerCase();
  const schema = minorInput.superRefine((v, ctx) => {
    if (guardian && v.email && v.email === guardian) ctx.addIssue({ code: 'custom', path: ['email'], message: 'invalid_minor_email' });
  });
  return stepResolver<MinorRaw, typeof schema>(schema);
}

/** The Minors step's Next: the whole list checked with `minorsStep(guardianEmail)`; null when accepted, else its issues (`accountIssues`). */
export function minorsIssues(guardianEmail: string, minors: MinorRaw[]): AccountIssue[] | null {
  const checked = minorsStep(guardianEmail).safeParse({ children: minors.map(minorFields) });
  return checked.success ? null : accountIssues(checked.error);
}

/** Create Account's last check of the whole registration: `participantRegistrationInput`'s output, or its issues (`accountIssues`). */
export function checkRegistration(fields: ParticipantRegistrationFields): { success: true; data: ParticipantRegistrationInput } | { success: false; issues: AccountIssue[] } {
  const parsed = participantRegistrationInput.safeParse(fields);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, issues: accountIssues(parsed.error) };
}
