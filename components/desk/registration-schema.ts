/**
 * The desk's online-registration settings check (issue 27), fetched on the form's first use
 * (`lazyResolver`, no zod in the desk's first load): the form's values as the contract's body
 * (./registration-form-values.ts), checked by `deskRegistrationSettingsInput` and, with the
 * event's registration window as the form's context, `registrationWindowIssues` (the same rules
 * the server applies), each issue on the control it concerns with the contract's code.
 */
import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import { deskIssues } from '@/lib/contracts/desk';
import { deskRegistrationSettingsInput, registrationWindowIssues, type RegistrationSettings, type RegistrationWindow } from '@/lib/contracts/registration-settings';
import { fieldOfIssue, toRegistrationBody, type RegistrationFormValues } from './registration-form-values';

/** The values checked: the body on success, else the issues by control. */
export function checkRegistration(values: RegistrationFormValues, window: RegistrationWindow): { ok: true; body: RegistrationSettings } | { ok: false; errors: FieldErrors<RegistrationFormValues> } {
  const parsed = deskRegistrationSettingsInput.safeParse(toRegistrationBody(values));
  const issues = parsed.success ? registrationWindowIssues(parsed.data, window) : deskIssues(parsed.error);
  if (parsed.success && !issues.length) return { ok: true, body: parsed.data };
  const errors: FieldErrors<RegistrationFormValues> = {};
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    set(errors, field, { type: 'contract', message: issue.code });
  }
  return { ok: false, errors };
}

/** The form's resolver; `context` is the event's registration window. */
export const registrationResolver: Resolver<RegistrationFormValues, RegistrationWindow, RegistrationSettings> = async (values, window) => {
  const checked = checkRegistration(values, window ?? { opensOn: null, closesOn: null });
  return checked.ok ? { values: checked.body, errors: {} } : { values: {}, errors: checked.errors };
};
