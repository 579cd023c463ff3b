'use client';
/**
 * The Adult Information step (spec §4, only when registering a minor): the parent or guardian,
 * who holds the login and manages the minor's account; 18 or older (`adultInformationStep`:
 * `invalid_adult_birthday`).
 */
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { PersonFields } from './PersonFields';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import type { PersonRaw, PlacedIssue } from './steps';

/** The step's checks (./schemas.ts), fetched on the form's first focus (issue 23: no zod in the first load). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.adultResolver));

export interface AdultStepProps {
  headingId: string;
  values: PersonRaw;
  issues: PlacedIssue[];
  nav: StepNav;
  onNext: (values: PersonRaw) => void;
  onChange: (values: PersonRaw) => void;
}

export function AdultStep({ headingId, values, issues, nav, onNext, onChange }: AdultStepProps) {
  const { control, handleSubmit, getValues } = useStepForm(resolver, values, issues, onChange);
  return (
    <StepForm
      labelledBy={headingId}
      nav={nav}
      preload={resolver}
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <PersonFields control={control} own phone="required" person="adult" />
    </StepForm>
  );
}
