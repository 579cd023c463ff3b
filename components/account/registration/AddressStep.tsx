'use client';
/**
 * The Contact Information step (spec §4, §5 Address and Postal code): the holder's address
 * (`addressInput`). Leaving it asks the Existing Account check (the stepper does).
 */
import { addressInput } from '@/lib/contracts/account';
import { AddressFields } from '../fields/AddressFields';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import { stepResolver, type AddressRaw, type PlacedIssue } from './steps';

const resolver = stepResolver<AddressRaw, typeof addressInput>(addressInput);

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
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <AddressFields control={control} />
    </StepForm>
  );
}
