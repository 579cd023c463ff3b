'use client';
/**
 * Gender (spec §3: male or female) as two native radio buttons in a fieldset whose legend is
 * `accountFields.gender` (components/ui/Field.tsx `FieldSet`); the error (`null_gender`) under
 * the group.
 */
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldSet } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { GENDERS } from '@/lib/contracts/account-rules';
import { useIssueText } from './issue-text';

export interface GenderFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Translated legend (default `accountFields.gender`). */
  label?: string;
}

export function GenderField<T extends FieldValues, TOut = T>({ control, name, label }: GenderFieldProps<T, TOut>) {
  const t = useTranslations('accountFields');
  const issue = useIssueText();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldSet id={id} label={label ?? t('gender')} required error={issue(fieldState.error?.message)}>
          {({ describedBy }) => (
            <div className={ui.choices}>
              {GENDERS.map((g, i) => (
                <label key={g} className={ui.choice}>
                  <input
                    type="radio"
                    name={field.name}
                    value={g}
                    ref={i === 0 ? field.ref : undefined}
                    checked={field.value === g}
                    onChange={() => field.onChange(g)}
                    onBlur={field.onBlur}
                    required
                    aria-describedby={describedBy}
                  />
                  {t(g)}
                </label>
              ))}
            </div>
          )}
        </FieldSet>
      )}
    />
  );
}
