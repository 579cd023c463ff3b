'use client';
/**
 * An email address (spec §5 Email: at most 254 characters): the email keyboard, no
 * auto-capitalisation nor spell check, `autoComplete` `email` for the person's own address
 * (default) or `off` for someone else's (a minor's, an emergency contact's). The schema
 * (`emailField`, `optionalEmailField`) trims and lower-cases it.
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ACCOUNT_LIMITS } from '@/lib/contracts/account-rules';
import { TextInput } from './TextInput';

export interface EmailFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The translated label. */
  label: string;
  required?: boolean;
  /** `email` for the person's own address; `off` for someone else's. */
  autoComplete?: 'email' | 'off';
  /** A translated hint shown while the field has no error. */
  hint?: string;
}

export function EmailField<T extends FieldValues, TOut = T>({ control, name, label, required, autoComplete = 'email', hint }: EmailFieldProps<T, TOut>) {
  return (
    <TextInput
      control={control}
      name={name}
      label={label}
      required={required}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      hint={hint}
      maxLength={ACCOUNT_LIMITS.email.max}
      htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
    />
  );
}
