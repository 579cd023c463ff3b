'use client';
/**
 * The emergency contact (spec §3: first name, last name, phone, cell, email; §5 a cell or a
 * phone must be given): fields `<prefix>.firstName`, `.lastName`, `.phone`, `.cell`, `.email`
 * (bare names without a prefix); the schema is `emergencyContactInput`, whose
 * `null_emergency_phone` lands on the phone. Someone else's details: no autocomplete.
 */
import { useTranslations } from 'next-intl';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import ui from '@/components/ui/ui.module.css';
import { ACCOUNT_LIMITS } from '@/lib/contracts/account-rules';
import { fieldName } from './issue-text';
import { PhoneField } from './PhoneField';
import { TextInput } from './TextInput';
import { EmailField } from './EmailField';

export interface EmergencyContactFieldsProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  /** The emergency contact object's path (`emergencyContact`), or '' at the form's top level. */
  prefix?: string;
}

/** The empty emergency contact of a form's default values. */
export const EMPTY_EMERGENCY_CONTACT = { firstName: '', lastName: '', phone: '', cell: '', email: '' };

export function EmergencyContactFields<T extends FieldValues, TOut = T>({ control, prefix = '' }: EmergencyContactFieldsProps<T, TOut>) {
  const t = useTranslations('accountFields');
  const n = (key: string) => fieldName(prefix, key) as FieldPath<T>;
  return (
    <div className={ui.stack}>
      <div className={ui.grid2}>
        <TextInput control={control} name={n('firstName')} label={t('emergencyFirstName')} required autoComplete="off" maxLength={ACCOUNT_LIMITS.name.max} />
        <TextInput control={control} name={n('lastName')} label={t('emergencyLastName')} required autoComplete="off" maxLength={ACCOUNT_LIMITS.name.max} />
        <PhoneField control={control} name={n('phone')} label={t('emergencyPhone')} autoComplete="off" />
        <PhoneField control={control} name={n('cell')} label={t('emergencyCell')} autoComplete="off" />
      </div>
      <EmailField
        control={control}
        name={n('email')}
        label={t('emergencyEmail')}
        autoComplete="off"
      />
    </div>
  );
}
