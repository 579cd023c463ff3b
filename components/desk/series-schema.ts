/**
 * The desk's series form check (issue 24), fetched on the form's first use (`lazyResolver`, no
 * zod in the desk's first load): the form's values as the contract's body
 * (./series-form-values.ts), checked by `deskSeriesInput`, each issue on the control it concerns
 * with the contract's code.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { deskSeriesInput, deskSeriesIssues, type DeskSeriesInput } from '@/lib/contracts/desk-series';
import { fieldOfIssue, toSeriesBody, type KeptRules, type SeriesFormValues } from './series-form-values';

/** The values checked: the body on success, else the issues by control. */
export function checkSeries(values: SeriesFormValues, kept: KeptRules): { ok: true; body: DeskSeriesInput } | { ok: false; errors: FieldErrors<SeriesFormValues> } {
  const parsed = deskSeriesInput.safeParse(toSeriesBody(values, kept));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors<SeriesFormValues> = {};
  for (const issue of deskSeriesIssues(parsed.error)) {
    const field = fieldOfIssue(issue.path);
    if (!(field in errors)) (errors as Record<string, { type: string; message: string }>)[field] = { type: 'contract', message: issue.code };
  }
  return { ok: false, errors };
}

/** The form's resolver; `context` is what the form keeps of the stored rules unshown. */
export const seriesResolver: Resolver<SeriesFormValues, KeptRules, DeskSeriesInput> = async (values, kept) => {
  const checked = checkSeries(values, kept ?? { excludedRaceIds: [], teamTieBreak: ['emergency-points'] });
  return checked.ok ? { values: checked.body, errors: {} } : { values: {}, errors: checked.errors };
};
