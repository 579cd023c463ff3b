'use client';
/**
 * The Contact Information step (spec §4, §5 Address and Postal code): the holder's address
 * (`addressInput`). Leaving it asks the Existing Account check (the stepper does).
 */
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { AddressFields } from '../fields/AddressFields';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import type { AddressRaw, PlacedIssue } from './steps';

/** The step's checks (./schemas.ts), fetched on the form's first focus (issue 23: no zod in the first load). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.addressResolver));

export interface AddressStepProps {
  headingId: string;
  values: AddressRaw;
  issues: PlacedIssue[];
  nav: StepNav;
  onNext: (values: AddressRaw) => void;
  onChange: (values: AddressRaw) => void;
}

export function AddressStep({ headingId, values, issues, nav, onNext, onChange }: AddressStepProps) {
  const { control, handleSubmit, getValues } = useStepForm(resolver, values, issues, onChange);
  return (
    <StepForm
      labelledBy={headingId}
      nav={nav}
      preload={resolver}
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <AddressFields control={control} />
    </StepForm>
  );
}
