'use client';
/**
 * An event's online-registration settings on its desk page (issue 27 "Fees by date (early,
 * regular, late fee after the deadline), set by the promoter in the desk"; the waiting list's
 * offer time, the refund policy, transponder rental, the promoter's own questions, paying at the
 * gate, a selfie before the waiver): the early fee's last day and the late fee's first (inside
 * the event's registration window, the late one after the early one), two switches, the offer
 * time in hours, up to 5 refund steps (date and percent), the rental's fee and deposit in
 * dollars, up to 10 questions with their labels in English, French and Spanish. Checked with the
 * shared contract (./registration-schema.ts, fetched on the form's first focus) with the window
 * as context, errors under each field in the page's language (`desk.registration.errors.<code>`),
 * the server's field codes landing on their fields. Native controls; rows wrap on a phone.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { get, useFieldArray, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Field, FieldSet } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskRegistrationSettings } from '@/lib/api/desk-classes';
import type { RegistrationSettings as Settings, RegistrationWindow } from '@/lib/contracts/registration-settings';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import css from './desk.module.css';
import { REGISTRATION_FORM_LIMITS, fieldOfIssue, toRegistrationFormValues, type RegistrationFormValues } from './registration-form-values';

const resolver = lazyResolver<RegistrationFormValues, RegistrationWindow, Settings>(() => import('./registration-schema').then((m) => m.registrationResolver));

export interface RegistrationSettingsProps {
  eventId: number;
  initial: Settings;
  /** The event's registration window the fee dates must fit (YYYY-MM-DD; null: open-ended). */
  window: RegistrationWindow;
  /** That window in words, in the page's language (null when neither day is set). */
  windowText: string | null;
}

/** The form (see the file's docstring). */
export function RegistrationSettings({ eventId, initial, window, windowText }: RegistrationSettingsProps) {
  const t = useTranslations('desk.registration');
  const td = useTranslations('desk');
  const id = useId();
  const mutation = useSaveDeskRegistrationSettings();
  const savedRef = useRef<HTMLDivElement>(null);
  // The values the controls first show: also written into the server's HTML (react-hook-form
  // fills its registered controls only once hydrated, and an island hydrates on first use).
  const [first] = useState(() => toRegistrationFormValues(initial));
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RegistrationFormValues, RegistrationWindow, Settings>({ resolver, context: window, defaultValues: first, mode: 'onSubmit', reValidateMode: 'onChange' });
  const refunds = useFieldArray({ control, name: 'refundPolicy' });
  const questions = useFieldArray({ control, name: 'questions' });

  useEffect(() => {
    if (mutation.isSuccess) savedRef.current?.focus();
  }, [mutation.isSuccess]);

  const text = (code: unknown) => (typeof code !== 'string' ? undefined : t.has(`errors.${code}`) ? t(`errors.${code}`) : td.has(`errors.${code}`) ? td(`errors.${code}`) : t('errors.request_error'));
  /** The error of control `name` (a dotted path: `refundPolicy.1.until`). */
  const errorOf = (name: string) => text((get(errors as FieldErrors, name) as { message?: unknown } | undefined)?.message);
  /** A list's own error (too many rows), not its rows'. */
  const listError = (name: 'refundPolicy' | 'questions') => {
    const e = get(errors as FieldErrors, name) as { message?: unknown; root?: { message?: unknown } } | undefined;
    return text(e?.message ?? e?.root?.message);
  };

  const onSubmit = (settings: Settings) => {
    mutation.mutate(
      { eventId, input: settings },
      {
        onSuccess: () => reset(toRegistrationFormValues(settings)),
        onError: (err) => {
          let focused = false;
          for (const issue of err.issues) {
            setError(fieldOfIssue(issue.path) as Path<RegistrationFormValues>, { message: issue.code }, { shouldFocus: !focused });
            focused = true;
          }
        },
      },
    );
  };

  const failure = mutation.isError && !mutation.error.issues.length ? text(mutation.error.apiCode && (t.has(`errors.${mutation.error.apiCode}`) || td.has(`errors.${mutation.error.apiCode}`)) ? mutation.error.apiCode : mutation.error.code) : null;
  const saving = mutation.isPending;
  const input = (name: 'earlyUntil' | 'lateFrom' | 'offerHours' | 'transponderRental' | 'transponderDeposit', extra: Record<string, unknown>) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} error={errorOf(name)} hint={t(`fields.${name}Hint`)}>
      {(aria) => <input {...register(name)} {...aria} defaultValue={first[name]} className={ui.input} autoComplete="off" {...extra} />}
    </Field>
  );

  return (
    <form noValidate aria-labelledby="desk-registration" aria-busy={saving} className={css.form} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)} data-testid="desk-registration-settings">
      <p className={css.intro}>{t('intro')}</p>
      <p className={css.muted}>{windowText ?? t('noWindow')}</p>
      {mutation.isSuccess ? (
        <Alert severity="success" role="status" ref={savedRef} tabIndex={-1}>
          {mutation.data ? t('saved') : t('unchanged')}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <div className={css.grid}>
        {input('earlyUntil', { type: 'date' })}
        {input('lateFrom', { type: 'date' })}
        <div className={`${css.wide} ${css.switches}`}>
          <label className={ui.choice}>
            <input type="checkbox" {...register('payAtGate')} defaultChecked={first.payAtGate} />
            {t('fields.payAtGate')}
          </label>
          <label className={ui.choice}>
            <input type="checkbox" {...register('waiverSelfie')} defaultChecked={first.waiverSelfie} />
            {t('fields.waiverSelfie')}
          </label>
        </div>
        {input('offerHours', { type: 'text', inputMode: 'numeric', maxLength: 3 })}
        {input('transponderRental', { type: 'text', inputMode: 'decimal', placeholder: t('fields.noRental') })}
        {input('transponderDeposit', { type: 'text', inputMode: 'decimal', placeholder: '0.00' })}
      </div>

      <FieldSet id={`${id}-refunds`} label={t('refunds.title')} hint={t('refunds.hint')} error={listError('refundPolicy')}>
        {() => (
          <>
            {refunds.fields.length === 0 ? <p className={css.muted}>{t('refunds.none')}</p> : null}
            <ol className={css.races}>
              {refunds.fields.map((row, i) => (
                <li key={row.id} className={css.classRow}>
                  <Field id={`${id}-refund-${row.id}-until`} className={css.classField} label={t('refunds.until', { n: i + 1 })} error={errorOf(`refundPolicy.${i}.until`)}>
                    {(aria) => <input {...register(`refundPolicy.${i}.until`)} {...aria} defaultValue={row.until} type="date" className={ui.input} />}
                  </Field>
                  <Field id={`${id}-refund-${row.id}-percent`} className={css.classField} label={t('refunds.percent', { n: i + 1 })} error={errorOf(`refundPolicy.${i}.percent`)}>
                    {(aria) => <input {...register(`refundPolicy.${i}.percent`)} {...aria} defaultValue={row.percent} type="text" inputMode="numeric" maxLength={3} className={ui.input} />}
                  </Field>
                  <span className={css.classMeta}>
                    <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => refunds.remove(i)}>
                      {t('refunds.remove', { n: i + 1 })}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <p className={css.actions}>
              <button type="button" className={`${ui.button} ${ui.outlined}`} disabled={refunds.fields.length >= REGISTRATION_FORM_LIMITS.refundSteps} onClick={() => refunds.append({ until: '', percent: '' })}>
                {t('refunds.add')}
              </button>
            </p>
          </>
        )}
      </FieldSet>

      <FieldSet id={`${id}-questions`} label={t('questions.title')} hint={t('questions.hint')} error={listError('questions')}>
        {() => (
          <>
            {questions.fields.length === 0 ? <p className={css.muted}>{t('questions.none')}</p> : null}
            <ol className={css.races}>
              {questions.fields.map((row, i) => (
                <li key={row.id} className={css.classRow}>
                  <Field id={`${id}-q-${row.id}-en`} className={css.classField} label={t('questions.en', { n: i + 1 })} error={errorOf(`questions.${i}.en`)}>
                    {(aria) => <input {...register(`questions.${i}.en`)} {...aria} defaultValue={row.en} type="text" lang="en" maxLength={120} className={ui.input} />}
                  </Field>
                  <Field id={`${id}-q-${row.id}-fr`} className={css.classField} label={t('questions.fr', { n: i + 1 })} error={errorOf(`questions.${i}.fr`)}>
                    {(aria) => <input {...register(`questions.${i}.fr`)} {...aria} defaultValue={row.fr} type="text" lang="fr" maxLength={120} className={ui.input} />}
                  </Field>
                  <Field id={`${id}-q-${row.id}-es`} className={css.classField} label={t('questions.es', { n: i + 1 })} error={errorOf(`questions.${i}.es`)}>
                    {(aria) => <input {...register(`questions.${i}.es`)} {...aria} defaultValue={row.es} type="text" lang="es" maxLength={120} className={ui.input} />}
                  </Field>
                  <span className={css.classMeta}>
                    <label className={ui.choice}>
                      <input type="checkbox" {...register(`questions.${i}.required`)} defaultChecked={row.required} />
                      {t('questions.required')}
                    </label>
                    <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => questions.remove(i)}>
                      {t('questions.remove', { n: i + 1 })}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <p className={css.actions}>
              <button type="button" className={`${ui.button} ${ui.outlined}`} disabled={questions.fields.length >= REGISTRATION_FORM_LIMITS.questions} onClick={() => questions.append({ qid: '', en: '', fr: '', es: '', required: false })}>
                {t('questions.add')}
              </button>
            </p>
          </>
        )}
      </FieldSet>

      <div>
        <button type="submit" disabled={saving} className={`${ui.button} ${ui.contained}`}>
          {saving ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {saving ? td('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
