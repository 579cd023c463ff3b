'use client';
/**
 * The address of a person (spec §3 Participant account: address, country, state, city, zip,
 * area; §5 Address and Postal code): the street address rewritten as it is typed
 * (`formatAddress`: letters, digits, spaces and ' ’ - , . # /, at most 99), the country as a select of Canada,
 * the United States or another country typed as its two-letter code, the province or state as
 * a select of the 13 Canadian provinces and territories or the US states (free text
 * elsewhere; it is emptied when the country changes), the city, the postal code upper-cased as
 * typed and trimmed when left, the optional area. Fields are `<prefix>.address`, … (or bare
 * names without a prefix); the schema is `addressInput`.
 */
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { ACCOUNT_LIMITS, formatAddress, normalizePostalCode } from '@/lib/contracts/account-rules';
import { fieldName, useIssueText } from './issue-text';
import { CA_PROVINCES, LISTED_COUNTRIES, US_STATES } from './regions';
import { SelectInput } from './SelectInput';
import { TextInput } from './TextInput';

export interface AddressFieldsProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (its values may be transformed by a resolver: `TOut`). */
  control: Control<T, unknown, TOut>;
  /** The address object's path (`address`), or '' when the fields are at the form's top level. */
  prefix?: string;
}

/** The empty address of a form's default values (Canada chosen). */
export const EMPTY_ADDRESS = { address: '', country: 'CA', state: '', city: '', zip: '', area: '' };

const isListed = (country: string) => (LISTED_COUNTRIES as readonly string[]).includes(country);

export function AddressFields<T extends FieldValues, TOut = T>({ control, prefix = '' }: AddressFieldsProps<T, TOut>) {
  const t = useTranslations('accountFields');
  const ts = useTranslations('accountStepper');
  const issue = useIssueText();
  const id = useId();
  const n = (key: string) => fieldName(prefix, key) as FieldPath<T>;
  const { field: country, fieldState: countryState } = useController({ control, name: n('country') });
  const { field: state } = useController({ control, name: n('state') });
  const countryValue = String(country.value ?? '');
  // "Other country" stays chosen while its code is typed (even a code that is CA or US).
  const [other, setOther] = useState(() => countryValue !== '' && !isListed(countryValue));
  const choice = other ? 'other' : countryValue;

  const stateOptions =
    !other && countryValue === 'CA'
      ? CA_PROVINCES.map((code) => ({ value: code, label: ts(`provinces.${code}`) }))
      : !other && countryValue === 'US'
        ? US_STATES.map(([code, label]) => ({ value: code, label }))
        : null;

  return (
    <div className={ui.stack}>
      <TextInput
        control={control}
        name={n('address')}
        label={t('address')}
        required
        autoComplete="street-address"
        hint={t('addressHint')}
        format={formatAddress}
        maxLength={ACCOUNT_LIMITS.address.formatterMax}
      />
      <div className={ui.grid2}>
        <Field id={`${id}-country`} label={t('country')} required error={!other ? issue(countryState.error?.message) : undefined}>
          {(aria) => (
            <select
              {...aria}
              className={ui.select}
              name={country.name}
              ref={country.ref}
              value={choice}
              onChange={(event) => {
                const value = event.target.value;
                setOther(value === 'other');
                country.onChange(value === 'other' ? '' : value);
                state.onChange('');
              }}
              onBlur={country.onBlur}
              required
              autoComplete="country"
            >
              <option value="">{ts('choose')}</option>
              {LISTED_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {t(`countries.${code}`)}
                </option>
              ))}
              <option value="other">{t('countries.other')}</option>
            </select>
          )}
        </Field>
        {other ? (
          <Field id={`${id}-country-code`} label={ts('countryCode')} required error={issue(countryState.error?.message)} hint={ts('countryCodeHint')}>
            {(aria) => (
              <input
                {...aria}
                className={ui.input}
                value={countryValue}
                onChange={(event) => country.onChange(event.target.value.replace(/[^a-z]/gi, '').toUpperCase().slice(0, 2))}
                onBlur={country.onBlur}
                required
                autoComplete="country"
                maxLength={2}
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </Field>
        ) : null}
        {stateOptions ? (
          <SelectInput control={control} name={n('state')} label={t('state')} required autoComplete="address-level1" options={stateOptions} />
        ) : (
          <TextInput control={control} name={n('state')} label={t('state')} required autoComplete="address-level1" maxLength={ACCOUNT_LIMITS.state.max} />
        )}
        <TextInput control={control} name={n('city')} label={t('city')} required autoComplete="address-level2" maxLength={ACCOUNT_LIMITS.city.max} />
        <TextInput
          control={control}
          name={n('zip')}
          label={t('zip')}
          required
          autoComplete="postal-code"
          format={(v) => v.toUpperCase()}
          normalize={normalizePostalCode}
          maxLength={21}
          htmlInput={{ autoCapitalize: 'characters', spellCheck: false }}
        />
      </div>
      <TextInput control={control} name={n('area')} label={t('area')} autoComplete="address-level3" maxLength={ACCOUNT_LIMITS.area.max} />
    </div>
  );
}
