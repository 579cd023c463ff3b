'use client';
/**
 * A date of birth (spec §3: year, month, day) as three labelled selects in a fieldset: the
 * years that fit the person (`birthYears`, issue 25: a minor's the last 18 years, an adult's
 * 18 to 110 years ago; a year already chosen outside them stays offered, with the schema's
 * error), months by name in the page's language, days 1 to the month's last. The form holds `{ year, month, day }` as strings of digits ('' before a choice; the
 * schema's `birthdayField` coerces them); the group's error (`null_birthday`,
 * `invalid_birthday`, `invalid_adult_birthday`, `invalid_minor_birthday`) shows under it.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo } from 'react';
import { Controller, get, useFormState, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, FieldSet } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { birthYears, type BirthdayPerson } from '@/lib/contracts/account-rules';
import { intlLocale } from '@/lib/format';
import { fieldName, useIssueText } from './issue-text';

export interface BirthdayFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  /** The birthday object's path (`birthday`, `adult.birthday`). */
  name: FieldPath<T>;
  /** Translated legend (default `accountFields.birthday`). */
  label?: string;
  /** True for the person filling in the form (autocomplete `bday-*`); false for someone else's (a minor's). */
  own?: boolean;
  /** Whose date of birth: a minor's or an adult's (the years offered, `birthYears`). */
  person: BirthdayPerson;
}

type Part = 'year' | 'month' | 'day';

/** The empty birthday of a form's default values. */
export const EMPTY_BIRTHDAY = { year: '', month: '', day: '' };

export function BirthdayField<T extends FieldValues, TOut = T>({ control, name, label, own = false, person }: BirthdayFieldProps<T, TOut>) {
  const t = useTranslations('accountFields');
  const issue = useIssueText();
  const locale = useLocale();
  const id = useId();
  const { errors } = useFormState({ control, name });
  const year = Number(useWatch({ control, name: fieldName(name, 'year') as FieldPath<T> })) || 0;
  const month = Number(useWatch({ control, name: fieldName(name, 'month') as FieldPath<T> })) || 0;

  const group = get(errors, name) as { message?: string; year?: { message?: string }; month?: { message?: string }; day?: { message?: string } } | undefined;
  const code = group?.message ?? group?.year?.message ?? group?.month?.message ?? group?.day?.message;
  const message = issue(code);

  const options = useMemo(() => {
    const fitting = birthYears(person);
    // A year chosen before (the minor box ticked since, a stored date) stays visible, with its error.
    const years = (year && !fitting.includes(year) ? [...fitting, year].sort((a, b) => b - a) : fitting).map(String);
    const monthName = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', timeZone: 'UTC' });
    const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName.format(Date.UTC(2000, i, 1)) }));
    return { years, months };
  }, [locale, person, year]);
  // Days of the chosen month (29 for February of an unknown year), 31 before a month is chosen.
  const dayCount = month ? new Date(Date.UTC(year || 2000, month, 0)).getUTCDate() : 31;

  const parts: { part: Part; label: string; options: { value: string; label: string }[]; width: string }[] = [
    { part: 'year', label: t('year'), options: options.years.map((y) => ({ value: y, label: y })), width: '36%' },
    { part: 'month', label: t('month'), options: options.months, width: '38%' },
    { part: 'day', label: t('day'), options: Array.from({ length: dayCount }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), width: '26%' },
  ];

  return (
    <FieldSet id={id} label={label ?? t('birthday')} required error={message}>
      {({ describedBy, invalid }) => (
        <div className={ui.dateParts}>
          {parts.map(({ part, label: partLabel, options: partOptions, width }) => (
            <Controller
              key={part}
              control={control}
              name={fieldName(name, part) as FieldPath<T>}
              render={({ field }) => (
                <Field id={`${id}-${part}`} label={partLabel} invalid={invalid} className={ui.datePart} style={{ flexBasis: width }}>
                  {(aria) => (
                    <select
                      {...aria}
                      aria-required
                      aria-describedby={describedBy}
                      className={ui.select}
                      name={field.name}
                      ref={field.ref}
                      value={field.value === undefined || field.value === null ? '' : String(field.value)}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                      autoComplete={own ? `bday-${part}` : 'off'}
                    >
                      {/* A dash, not "Choose…": three selects share a phone's width and the label names each. */}
                      <option value="">—</option>
                      {partOptions.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
            />
          ))}
        </div>
      )}
    </FieldSet>
  );
}
