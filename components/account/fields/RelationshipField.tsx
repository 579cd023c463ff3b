'use client';
/**
 * A minor's relationship to the adult who manages the account (spec §3: father, mother,
 * guardian, … other, in the spec's order), labels `accountFields.relationships.<value>`.
 */
import { useTranslations } from 'next-intl';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { RELATIONSHIPS } from '@/lib/contracts/account-rules';
import { SelectInput } from './SelectInput';

export interface RelationshipFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Translated label (default `accountFields.relationship`). */
  label?: string;
}

export function RelationshipField<T extends FieldValues, TOut = T>({ control, name, label }: RelationshipFieldProps<T, TOut>) {
  const t = useTranslations('accountFields');
  return (
    <SelectInput
      control={control}
      name={name}
      label={label ?? t('relationship')}
      required
      options={RELATIONSHIPS.map((r) => ({ value: r, label: t(`relationships.${r}`) }))}
    />
  );
}
