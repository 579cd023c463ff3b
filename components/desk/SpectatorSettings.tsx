'use client';
/**
 * An event's spectator-ticket settings on its desk page (issue 28 "the event sets ticket prices,
 * age bands, daily capacity and whether a selfie is required, in the desk"; spec §4 Spectator
 * registration, §5 Spectator): tickets on sale or not, up to 6 price bands (from an age, a price
 * in dollars; in increasing age), the age under which children get in free, the daily capacity
 * (empty: no limit), a selfie before each waiver, paying at the gate. The same building blocks as
 * ./RegistrationSettings.tsx (Field, FieldSet, desk.module.css, a resolver fetched on first focus:
 * ./spectator-schema.ts), errors under each field in the page's language
 * (`desk.spectators.errors.<code>`), the server's field codes landing on their fields.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { get, useFieldArray, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Field, FieldSet } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskSpectatorSettings } from '@/lib/api/desk-spectators';
import type { SpectatorSettings as Settings } from '@/lib/contracts/spectator-settings';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import css from './desk.module.css';
import { SPECTATOR_FORM_LIMITS, spectatorFieldOfIssue, toSpectatorFormValues, type SpectatorFormValues } from './spectator-form-values';

const resolver = lazyResolver<SpectatorFormValues, unknown, Settings>(() => import('./spectator-schema').then((m) => m.spectatorResolver));

export interface SpectatorSettingsProps {
  eventId: number;
  initial: Settings;
}

/** The form (see the file's docstring). */
export function SpectatorSettings({ eventId, initial }: SpectatorSettingsProps) {
  const t = useTranslations('desk.spectators');
  const td = useTranslations('desk');
  const id = useId();
  const mutation = useSaveDeskSpectatorSettings();
  const savedRef = useRef<HTMLDivElement>(null);
  // Also written into the server's HTML (an island hydrates on first use).
  const [first] = useState(() => toSpectatorFormValues(initial));
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SpectatorFormValues, unknown, Settings>({ resolver, defaultValues: first, mode: 'onSubmit', reValidateMode: 'onChange' });
  const bands = useFieldArray({ control, name: 'bands' });

  useEffect(() => {
    if (mutation.isSuccess) savedRef.current?.focus();
  }, [mutation.isSuccess]);

  const text = (code: unknown) => (typeof code !== 'string' ? undefined : t.has(`errors.${code}`) ? t(`errors.${code}`) : td.has(`errors.${code}`) ? td(`errors.${code}`) : t('errors.request_error'));
  const errorOf = (name: string) => {
    const e = get(errors as FieldErrors, name) as { message?: unknown; root?: { message?: unknown } } | undefined;
    return text(e?.message ?? e?.root?.message);
  };

  const onSubmit = (settings: Settings) => {
    mutation.mutate(
      { eventId, input: settings },
      {
        onSuccess: () => reset(toSpectatorFormValues(settings)),
        onError: (err) => {
          err.issues.forEach((issue, i) => setError(spectatorFieldOfIssue(issue.path) as Path<SpectatorFormValues>, { message: issue.code }, { shouldFocus: i === 0 }));
        },
      },
    );
  };

  const apiCode = mutation.error?.apiCode;
  const failure = mutation.isError && !mutation.error.issues.length ? text(apiCode && (t.has(`errors.${apiCode}`) || td.has(`errors.${apiCode}`)) ? apiCode : mutation.error.code) : null;
  const saving = mutation.isPending;
  const input = (name: 'freeUnderAge' | 'dailyCapacity', extra: Record<string, unknown>) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} error={errorOf(name)} hint={t(`fields.${name}Hint`)}>
      {(aria) => <input {...register(name)} {...aria} defaultValue={first[name]} className={ui.input} type="text" autoComplete="off" {...extra} />}
    </Field>
  );
  const check = (name: 'enabled' | 'selfie' | 'payAtGate') => (
    <label className={ui.choice}>
      <input type="checkbox" {...register(name)} defaultChecked={first[name]} />
      {t(`fields.${name}`)}
    </label>
  );

  return (
    <form noValidate aria-labelledby="desk-spectators" aria-busy={saving} className={css.form} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)} data-testid="desk-spectator-settings">
      <p className={css.intro}>{t('intro')}</p>
      {mutation.isSuccess ? (
        <Alert severity="success" role="status" ref={savedRef} tabIndex={-1}>
          {mutation.data ? t('saved') : t('unchanged')}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <div className={`${css.wide} ${css.switches}`}>{check('enabled')}</div>

      <FieldSet id={`${id}-bands`} label={t('bands.title')} hint={t('bands.hint')} error={errorOf('bands')}>
        {() => (
          <>
            {bands.fields.length === 0 ? <p className={css.muted}>{t('bands.none')}</p> : null}
            <ol className={css.races}>
              {bands.fields.map((row, i) => (
                <li key={row.id} className={css.classRow}>
                  <Field id={`${id}-band-${row.id}-age`} className={css.classField} label={t('bands.minAge', { n: i + 1 })} error={errorOf(`bands.${i}.minAge`)}>
                    {(aria) => <input {...register(`bands.${i}.minAge`)} {...aria} defaultValue={row.minAge} type="text" inputMode="numeric" maxLength={3} className={ui.input} autoComplete="off" />}
                  </Field>
                  <Field id={`${id}-band-${row.id}-price`} className={css.classField} label={t('bands.price', { n: i + 1 })} error={errorOf(`bands.${i}.price`)}>
                    {(aria) => <input {...register(`bands.${i}.price`)} {...aria} defaultValue={row.price} type="text" inputMode="decimal" placeholder="0.00" className={ui.input} autoComplete="off" />}
                  </Field>
                  <span className={css.classMeta}>
                    <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => bands.remove(i)}>
                      {t('bands.remove', { n: i + 1 })}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <p className={css.actions}>
              <button type="button" className={`${ui.button} ${ui.outlined}`} disabled={bands.fields.length >= SPECTATOR_FORM_LIMITS.bands} onClick={() => bands.append({ minAge: '', price: '' })}>
                {t('bands.add')}
              </button>
            </p>
          </>
        )}
      </FieldSet>

      <div className={css.grid}>
        {input('freeUnderAge', { inputMode: 'numeric', maxLength: 3, placeholder: '0' })}
        {input('dailyCapacity', { inputMode: 'numeric', maxLength: 6, placeholder: t('fields.noLimit') })}
        <div className={`${css.wide} ${css.switches}`}>
          {check('selfie')}
          {check('payAtGate')}
        </div>
      </div>

      <div>
        <button type="submit" disabled={saving} className={`${ui.button} ${ui.contained}`}>
          {saving ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {saving ? td('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
