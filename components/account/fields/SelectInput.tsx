'use client';
/**
 * A native select of an account form bound to react-hook-form (`control` + `name`): MUI
 * TextField with `select` + `native` (the phone's own picker, reachable by keyboard and
 * assistive technology), a first empty "Choose…" option, the error's code shown translated.
 */
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
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
        const message = issue(fieldState.error?.message) ?? hint;
        return (
          <TextField
            select
            id={`${uid}-${field.name.replace(/\./g, '-')}`}
            name={field.name}
            inputRef={field.ref}
            value={field.value === undefined || field.value === null ? '' : String(field.value)}
            onChange={(event) => {
              field.onChange(event.target.value);
              onChanged?.(event.target.value);
            }}
            onBlur={field.onBlur}
            label={label}
            required={required}
            fullWidth={fullWidth}
            error={!!fieldState.error || !!groupError}
            helperText={message}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: {
                ...(autoComplete ? { autoComplete } : {}),
                ...(required ? { 'aria-required': true } : {}),
                ...(describedBy ? { 'aria-describedby': describedBy } : {}),
              },
            }}
          >
            <option value="">{t('choose')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </TextField>
        );
      }}
    />
  );
}
