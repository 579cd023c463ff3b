'use client';
/**
 * One text field of an account form bound to react-hook-form (`control` + `name`): a native
 * input in a `Field` (components/ui/Field.tsx: label, required mark, hint or error) whose error
 * is the field's issue code shown translated (`useIssueText`), else the hint. `format` rewrites
 * the value as it is typed (phone 3-3-4, address characters), `normalize` when the field is left
 * (postal code upper-cased and trimmed). The other field widgets of this folder are built on it;
 * the profile and family forms use it for names and emails.
 */
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useIssueText } from './issue-text';

export interface TextInputProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The translated label (from `accountFields`). */
  label: string;
  required?: boolean;
  /** The HTML autocomplete token (`given-name`, `email`, `off` …). */
  autoComplete?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  /** A translated hint shown while the field has no error. */
  hint?: string;
  /** Rewrites the value as it is typed. */
  format?: (value: string) => string;
  /** Rewrites the value when the field is left. */
  normalize?: (value: string) => string;
  maxLength?: number;
  disabled?: boolean;
  /** A button drawn inside the field's end (the password's show/hide). */
  end?: ReactNode;
  /** Extra attributes of the input element itself (`autoCapitalize` …). */
  htmlInput?: Record<string, unknown>;
}

/** The field (see the file's docstring). */
export function TextInput<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  autoComplete,
  type = 'text',
  inputMode,
  hint,
  format,
  normalize,
  maxLength,
  disabled,
  end,
  htmlInput,
}: TextInputProps<T, TOut>) {
  const issue = useIssueText();
  const uid = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field id={`${uid}-${field.name.replace(/\./g, '-')}`} label={label} required={required} error={issue(fieldState.error?.message)} hint={hint}>
          {(aria) => {
            const input = (
              <input
                {...htmlInput}
                {...aria}
                className={ui.input}
                name={field.name}
                ref={field.ref}
                value={(field.value as string | undefined) ?? ''}
                onChange={(event) => field.onChange(format ? format(event.target.value) : event.target.value)}
                onBlur={(event) => {
                  if (normalize) {
                    const normalized = normalize(event.target.value);
                    if (normalized !== event.target.value) field.onChange(normalized);
                  }
                  field.onBlur();
                }}
                type={type}
                required={required}
                disabled={disabled}
                autoComplete={autoComplete}
                inputMode={inputMode}
                maxLength={maxLength}
              />
            );
            return end ? (
              <div className={ui.inputWrap}>
                {input}
                <span className={ui.inputEnd}>{end}</span>
              </div>
            ) : (
              input
            );
          }}
        </Field>
      )}
    />
  );
}
