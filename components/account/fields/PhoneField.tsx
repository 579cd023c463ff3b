'use client';
/**
 * A phone number (spec §5 Phone, issue 25): typed or pasted in any common form, made 3-3-4
 * with hyphens by `formatPhone` (the schema's own formatter: `+1 514 555 0123` → 514-555-0123);
 * room for a whole pasted number (`ACCOUNT_LIMITS.phone.inputMax`), so that nothing is cut
 * before it is formatted; anything but ten digits (or 1 + ten) stays as given and is refused. The label
 * defaults to `accountFields.phone`, the hint to `accountFields.phoneHint`.
 */
import { useTranslations } from 'next-intl';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ACCOUNT_LIMITS, formatPhone } from '@/lib/contracts/account-rules';
import { TextInput } from './TextInput';

export interface PhoneFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Translated label (default `accountFields.phone`). */
  label?: string;
  required?: boolean;
  /** `tel` for the person's own number (default); `off` for someone else's (a minor's, an emergency contact's). */
  autoComplete?: string;
}

export function PhoneField<T extends FieldValues, TOut = T>({ control, name, label, required, autoComplete = 'tel' }: PhoneFieldProps<T, TOut>) {
  const t = useTranslations('accountFields');
  return (
    <TextInput
      control={control}
      name={name}
      label={label ?? t('phone')}
      required={required}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      hint={t('phoneHint')}
      format={formatPhone}
      maxLength={ACCOUNT_LIMITS.phone.inputMax}
    />
  );
}
