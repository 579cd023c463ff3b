'use client';
/**
 * A password (spec §5 Password: 8 to 255 characters with a letter and a digit) with a show/hide
 * button (`accountFields.showPassword` / `hidePassword`, `aria-pressed`). Never trimmed nor
 * rewritten. `autoComplete` is `new-password` by default (account creation, reset), or
 * `current-password` (login, closing an account).
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Icon } from '@/components/ui/Icon';
import { VISIBILITY } from '@/components/ui/icons/visibility';
import { VISIBILITY_OFF } from '@/components/ui/icons/visibility-off';
import ui from '@/components/ui/ui.module.css';
import { ACCOUNT_LIMITS } from '@/lib/contracts/account-rules';
import { TextInput } from './TextInput';

export interface PasswordFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Translated label (default `accountFields.password`). */
  label?: string;
  required?: boolean;
  autoComplete?: 'new-password' | 'current-password';
  /** Translated hint (the rules for a new password: `accountFields.passwordHint`). */
  hint?: string;
}

export function PasswordField<T extends FieldValues, TOut = T>({ control, name, label, required = true, autoComplete = 'new-password', hint }: PasswordFieldProps<T, TOut>) {
  const t = useTranslations('accountFields');
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      control={control}
      name={name}
      label={label ?? t('password')}
      required={required}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      hint={hint}
      maxLength={ACCOUNT_LIMITS.password.max}
      htmlInput={{ autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }}
      end={
        <button
          type="button"
          className={ui.iconButton}
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('hidePassword') : t('showPassword')}
          aria-pressed={shown}
        >
          <Icon path={shown ? VISIBILITY_OFF : VISIBILITY} />
        </button>
      }
    />
  );
}
