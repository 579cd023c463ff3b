'use client';
/**
 * The Emergency Contact step (spec §4; §5 a cell or a phone must be given):
 * `emergencyContactInput`.
 */
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { EmergencyContactFields } from '../fields/EmergencyContactFields';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import type { EmergencyRaw, PlacedIssue } from './steps';

/** The step's checks (./schemas.ts), fetched on the form's first focus (issue 23: no zod in the first load). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.emergencyResolver));

export interface EmergencyStepProps {
  headingId: string;
  values: EmergencyRaw;
  issues: PlacedIssue[];
  nav: StepNav;
  onNext: (values: EmergencyRaw) => void;
  onChange: (values: EmergencyRaw) => void;
}

export function EmergencyStep({ headingId, values, issues, nav, onNext, onChange }: EmergencyStepProps) {
  const { control, handleSubmit, getValues } = useStepForm(resolver, values, issues, onChange);
  return (
    <StepForm
      labelledBy={headingId}
      nav={nav}
      preload={resolver}
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <EmergencyContactFields control={control} />
    </StepForm>
  );
}
