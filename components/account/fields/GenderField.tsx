'use client';
/**
 * Gender (spec §3: male or female) as two radio buttons in a fieldset whose legend is
 * `accountFields.gender`; the error (`null_gender`) under the group.
 */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { GENDERS } from '@/lib/contracts/account';
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
        <FormControl component="fieldset" required error={!!fieldState.error}>
          <FormLabel component="legend" id={`${id}-legend`}>
            {label ?? t('gender')}
          </FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(_, value) => field.onChange(value)}
            onBlur={field.onBlur}
            aria-labelledby={`${id}-legend`}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          >
            {GENDERS.map((g, i) => (
              <FormControlLabel
                key={g}
                value={g}
                label={t(g)}
                control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined, 'aria-invalid': !!fieldState.error } }} />}
              />
            ))}
          </RadioGroup>
          {fieldState.error ? <FormHelperText id={`${id}-error`}>{issue(fieldState.error.message)}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}
