/**
 * The desk's spectator-ticket settings check (issue 28), fetched on the form's first use
 * (`lazyResolver`, no zod in the desk's first load): the form's values as the contract's body
 * (./spectator-form-values.ts), checked by `deskSpectatorSettingsInput` (the same rules the server
 * applies), each issue on the control it concerns with the contract's code.
 */
import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import { deskIssues } from '@/lib/contracts/desk';
import { deskSpectatorSettingsInput, type SpectatorSettings } from '@/lib/contracts/spectator-settings';
import { spectatorFieldOfIssue, toSpectatorBody, type SpectatorFormValues } from './spectator-form-values';

/** The values checked: the body on success, else the issues by control (the first per control). */
export function checkSpectatorSettings(values: SpectatorFormValues): { ok: true; body: SpectatorSettings } | { ok: false; errors: FieldErrors<SpectatorFormValues> } {
  const parsed = deskSpectatorSettingsInput.safeParse(toSpectatorBody(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors<SpectatorFormValues> = {};
  const seen = new Set<string>();
  for (const issue of deskIssues(parsed.error)) {
    const field = spectatorFieldOfIssue(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    set(errors, field, { type: 'contract', message: issue.code });
  }
  return { ok: false, errors };
}

/** The form's resolver. */
export const spectatorResolver: Resolver<SpectatorFormValues, unknown, SpectatorSettings> = async (values) => {
  const checked = checkSpectatorSettings(values);
  return checked.ok ? { values: checked.body, errors: {} } : { values: {}, errors: checked.errors };
};
