'use client';
/**
 * The Information step (spec §4): the person the account is for. With "I am registering a
 * minor (I am their parent or guardian)" ticked (`isRegisterMinor`) the person is a minor: the
 * relationship select and the minor's optional email show, the phone becomes optional, and
 * the Adult Information step follows. Schema `informationStep` (an adult under 18 without the
 * box: `invalid_adult_birthday`). The box is a native checkbox with its hint under it.
 */
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import ui from '@/components/ui/ui.module.css';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { RelationshipField } from '../fields/RelationshipField';
import { EmailField } from '../fields/EmailField';
import { PersonFields } from './PersonFields';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import type { InformationRaw, PlacedIssue } from './steps';

/** The step's checks (./schemas.ts: `informationStep`, a '' relationship as absent), fetched on the form's first focus (issue 23). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.informationResolver));

export interface InformationStepProps {
  headingId: string;
  values: InformationRaw;
  issues: PlacedIssue[];
  nav: StepNav;
  onNext: (values: InformationRaw) => void;
  /** Every change of the values (kept for Back; the minor box changes the steps to come). */
  onChange: (values: InformationRaw) => void;
}

export function InformationStep({ headingId, values, issues, nav, onNext, onChange }: InformationStepProps) {
  const t = useTranslations('accountStepper');
  const tf = useTranslations('accountFields');
  const id = useId();
  const form = useStepForm(resolver, values, issues, onChange);
  const { control, handleSubmit, getValues } = form;
  const minor = useWatch({ control, name: 'isRegisterMinor' });

  return (
    <StepForm
      labelledBy={headingId}
      nav={nav}
      preload={resolver}
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <Controller
        control={control}
        name="isRegisterMinor"
        render={({ field }) => (
          <div>
            <label className={ui.choice}>
              <input
                type="checkbox"
                name={field.name}
                ref={field.ref}
                checked={!!field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                aria-describedby={`${id}-minor-hint`}
              />
              {t('registerMinor')}
            </label>
            <p id={`${id}-minor-hint`} className={ui.helper}>
              {minor ? t('registerMinorHintOn') : t('registerMinorHint')}
            </p>
          </div>
        )}
      />
      <PersonFields control={control} own={!minor} phone={minor ? 'optional' : 'required'} person={minor ? 'minor' : 'adult'} />
      {minor ? (
        <>
          <RelationshipField control={control} name="relationship" />
          <EmailField
            control={control}
            name="email"
            label={tf('minorEmail')}
            autoComplete="off"
          />
        </>
      ) : null}
    </StepForm>
  );
}
