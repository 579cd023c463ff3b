'use client';
/**
 * A person's fields (spec §3: first name, last name, gender, date of birth, phone) for the
 * Information and Adult Information steps and the Minors step's form. `own`: the person
 * filling in the form (autocomplete given-name, family-name, bday-*, tel); otherwise the
 * browser offers nothing (a minor's details are not the visitor's). The names side by side
 * from 600 px (`ui.grid2`).
 */
import { useTranslations } from 'next-intl';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import ui from '@/components/ui/ui.module.css';
import { ACCOUNT_LIMITS, type BirthdayPerson } from '@/lib/contracts/account-rules';
import { BirthdayField } from '../fields/BirthdayField';
import { GenderField } from '../fields/GenderField';
import { PhoneField } from '../fields/PhoneField';
import { TextInput } from '../fields/TextInput';

export interface PersonFieldsProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  own: boolean;
  /** The phone is required (an adult's) or optional (a minor's: `accountFields.minorPhone`). */
  phone: 'required' | 'optional' | 'none';
  /** A minor or an adult: the birth years offered. */
  person: BirthdayPerson;
}

export function PersonFields<T extends FieldValues, TOut = T>({ control, own, phone, person }: PersonFieldsProps<T, TOut>) {
  const t = useTranslations('accountFields');
  const n = (key: string) => key as FieldPath<T>;
  return (
    <>
      <div className={ui.grid2}>
        <TextInput control={control} name={n('firstName')} label={t('firstName')} required autoComplete={own ? 'given-name' : 'off'} maxLength={ACCOUNT_LIMITS.name.max} />
        <TextInput control={control} name={n('lastName')} label={t('lastName')} required autoComplete={own ? 'family-name' : 'off'} maxLength={ACCOUNT_LIMITS.name.max} />
      </div>
      <GenderField control={control} name={n('gender')} />
      <BirthdayField control={control} name={n('birthday')} own={own} person={person} />
      {phone === 'none' ? null : (
        <PhoneField control={control} name={n('phone')} required={phone === 'required'} label={phone === 'optional' ? t('minorPhone') : t('phone')} autoComplete={own ? 'tel' : 'off'} />
      )}
    </>
  );
}
