'use client';
/**
 * The Emergency Contact step (spec §4; §5 a cell or a phone must be given):
 * `emergencyContactInput`.
 */
import { emergencyContactInput } from '@/lib/contracts/account';
import { EmergencyContactFields } from '../fields/EmergencyContactFields';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import { stepResolver, type EmergencyRaw, type PlacedIssue } from './steps';

const resolver = stepResolver<EmergencyRaw, typeof emergencyContactInput>(emergencyContactInput);

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
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <EmergencyContactFields control={control} />
    </StepForm>
  );
}
