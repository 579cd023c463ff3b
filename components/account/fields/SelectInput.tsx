'use client';
/**
 * A native select of an account form bound to react-hook-form (`control` + `name`): the phone's
 * own picker, reachable by keyboard and assistive technology, in a `Field` (label, hint or
 * error: components/ui/Field.tsx), with a first empty "Choose…" option and the error's code
 * shown translated.
 */
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useIssueText } from './issue-text';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: SelectOption[];
  required?: boolean;
  autoComplete?: string;
  /** Shown while the field has no error. */
  hint?: string;
  /** Called after the value changed (e.g. to clear a dependent field). */
  onChanged?: (value: string) => void;
  /** Forces the error state without a message of its own (a group's error shown below it). */
  groupError?: boolean;
  /** Ids of elements describing the field (a group's error). */
  describedBy?: string;
  /** Stretch to the row's width (default); false keeps the select as wide as its options. */
  fullWidth?: boolean;
}

export function SelectInput<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  required,
  autoComplete,
  hint,
  onChanged,
  groupError,
  describedBy,
  fullWidth = true,
}: SelectInputProps<T, TOut>) {
  const t = useTranslations('accountStepper');
  const issue = useIssueText();
  const uid = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = issue(fieldState.error?.message);
        return (
          <Field
            id={`${uid}-${field.name.replace(/\./g, '-')}`}
            label={label}
            required={required}
            error={error}
            invalid={groupError}
            hint={hint}
            className={fullWidth ? undefined : ui.fitContent}
          >
            {(aria) => (
              <select
                {...aria}
                {...(describedBy ? { 'aria-describedby': [aria['aria-describedby'], describedBy].filter(Boolean).join(' ') } : {})}
                className={ui.select}
                name={field.name}
                ref={field.ref}
                value={field.value === undefined || field.value === null ? '' : String(field.value)}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  onChanged?.(event.target.value);
                }}
                onBlur={field.onBlur}
                required={required}
                autoComplete={autoComplete}
              >
                <option value="">{t('choose')}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      }}
    />
  );
}
