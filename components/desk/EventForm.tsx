'use client';
/**
 * The desk's event form (issue 24; spec §3 Event, §6 Event display and the online-registration
 * permission): name and days, venue and address, discipline, host clubs, description (and its
 * French and Spanish translations), and the
 * three switches (public, online registration with its last day, complete). Checked with the
 * shared contract (./schemas.ts, fetched on the form's first focus), errors under each field in
 * the page's language (`desk.errors.<code>`), the server's field codes landing on their fields.
 * Saves with `useSaveDeskEvent`; a new event then opens its own desk page. Native controls, one
 * column on a phone, two from 720 px (./desk.module.css).
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskEvent } from '@/lib/api/desk';
import type { DeskEventInput } from '@/lib/contracts/desk';
import { EVENT_DISCIPLINES } from '@/lib/contracts/events';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';

/** The form's values: the contract's, the host clubs as one line, blanks as ''. */
export interface EventFormValues {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  discipline: string;
  hostClubsLine: string;
  description: string;
  descriptionFr: string;
  descriptionEs: string;
  isPublic: boolean;
  registrationOpen: boolean;
  registrationOpensOn: string;
  registrationClosesOn: string;
  isComplete: boolean;
  isCancelled: boolean;
}

const resolver = lazyResolver<EventFormValues, unknown, DeskEventInput>(() => import('./schemas').then((m) => m.deskEventResolver));

/** The form's text and date inputs. */
type TextField = 'name' | 'startDate' | 'endDate' | 'location' | 'address' | 'city' | 'state' | 'postalCode' | 'country' | 'description' | 'descriptionFr' | 'descriptionEs' | 'registrationOpensOn' | 'registrationClosesOn';

/** The stored event as the form's values. */
export function toFormValues(event: DeskEventInput | null): EventFormValues {
  return {
    name: event?.name ?? '',
    startDate: event?.startDate ?? '',
    endDate: event?.endDate ?? '',
    location: event?.location ?? '',
    address: event?.address ?? '',
    city: event?.city ?? '',
    state: event?.state ?? '',
    postalCode: event?.postalCode ?? '',
    country: event?.country ?? '',
    discipline: event?.discipline ?? '',
    hostClubsLine: event?.hostClubs.join(', ') ?? '',
    description: event?.description ?? '',
    descriptionFr: event?.descriptionFr ?? '',
    descriptionEs: event?.descriptionEs ?? '',
    isPublic: event?.isPublic ?? false,
    registrationOpen: event?.registrationOpen ?? false,
    registrationOpensOn: event?.registrationOpensOn ?? '',
    registrationClosesOn: event?.registrationClosesOn ?? '',
    isComplete: event?.isComplete ?? false,
    isCancelled: event?.isCancelled ?? false,
  };
}

export interface EventFormProps {
  /** The event edited; null for a new one. */
  eventId: number | null;
  /** A new event's promoter (`promoters.id`), and the promoters the login may choose from. */
  promoters?: { id: number; name: string }[];
  initial: DeskEventInput | null;
}

/** The form (see the file's docstring). */
export function EventForm({ eventId, promoters = [], initial }: EventFormProps) {
  const t = useTranslations('desk');
  const id = useId();
  const router = useRouter();
  const mutation = useSaveDeskEvent();
  const savedRef = useRef<HTMLDivElement>(null);
  const promoterRef = useRef<HTMLSelectElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EventFormValues, unknown, DeskEventInput>({ resolver, defaultValues: toFormValues(initial), mode: 'onSubmit', reValidateMode: 'onChange' });

  useEffect(() => {
    if (mutation.isSuccess && eventId !== null) savedRef.current?.focus();
  }, [mutation.isSuccess, eventId]);

  const text = (code: string | undefined) => (code ? (t.has(`errors.${code}`) ? t(`errors.${code}`) : t('errors.request_error')) : undefined);
  /** A field's error: its own, or (host clubs) the first club's. */
  const errorOf = (name: keyof EventFormValues) => {
    if (name === 'hostClubsLine') {
      const clubs = (errors as Record<string, { message?: string } | { message?: string }[] | undefined>).hostClubs;
      const first = Array.isArray(clubs) ? clubs.find(Boolean)?.message : clubs?.message;
      return text(first);
    }
    return text(errors[name]?.message);
  };

  const onSubmit = (event: DeskEventInput) => {
    const save = eventId === null ? { id: null, promoterId: Number(promoterRef.current?.value ?? promoters[0]?.id), event } : { id: eventId, event };
    mutation.mutate(save, {
      onSuccess: (savedId) => {
        if (eventId === null) router.push(`/desk/events/${savedId}`);
        else {
          reset(toFormValues(event));
          router.refresh();
        }
      },
      onError: (err) => {
        let focused = false;
        for (const issue of err.issues) {
          const key = issue.path[0] === 'hostClubs' ? 'hostClubsLine' : (issue.path[0] as keyof EventFormValues);
          setError(key, { message: issue.code }, { shouldFocus: !focused });
          focused = true;
        }
      },
    });
  };

  const failure = mutation.isError && !mutation.error.issues.length ? text(mutation.error.apiCode && t.has(`errors.${mutation.error.apiCode}`) ? mutation.error.apiCode : mutation.error.code) : null;
  const saving = mutation.isPending;
  const input = (name: TextField, type: 'text' | 'date' = 'text', extra: Record<string, unknown> = {}) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} required={name === 'name' || name === 'startDate'} error={errorOf(name)} hint={t.has(`fields.${name}Hint`) ? t(`fields.${name}Hint`) : undefined}>
      {(aria) => <input {...register(name)} {...aria} type={type} className={ui.input} {...extra} />}
    </Field>
  );
  const check = (name: 'isPublic' | 'registrationOpen' | 'isComplete' | 'isCancelled') => (
    <label className={ui.choice}>
      <input type="checkbox" {...register(name)} />
      {t(`fields.${name}`)}
    </label>
  );

  return (
    <form noValidate aria-labelledby={`${id}-title`} aria-busy={saving} className={css.form} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <h2 id={`${id}-title`} className={css.formTitle}>
        {eventId === null ? t('newTitle') : t('editTitle', { name: initial?.name ?? '' })}
      </h2>
      {mutation.isSuccess && eventId !== null ? (
        <Alert severity="success" role="status" ref={savedRef} tabIndex={-1}>
          {t('saved')}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <div className={css.grid}>
        {eventId === null && promoters.length > 1 ? (
          <Field id={`${id}-promoter`} label={t('fields.promoter')} required>
            {(aria) => (
              <select ref={promoterRef} {...aria} className={ui.input} defaultValue={promoters[0]?.id}>
                {promoters.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <div className={css.wide}>{input('name', 'text', { maxLength: 120, autoComplete: 'off' })}</div>
        {input('startDate', 'date')}
        {input('endDate', 'date')}
        <div className={css.wide}>{input('location')}</div>
        <div className={css.wide}>{input('address', 'text', { autoComplete: 'street-address' })}</div>
        {input('city')}
        {input('state', 'text', { maxLength: 20 })}
        {input('postalCode', 'text', { maxLength: 20, autoComplete: 'postal-code' })}
        {input('country', 'text', { maxLength: 20 })}
        <Field id={`${id}-discipline`} label={t('fields.discipline')} error={errorOf('discipline')}>
          {(aria) => (
            <select {...register('discipline', { setValueAs: (v: string) => v || null })} {...aria} className={ui.input}>
              <option value="">{t('fields.disciplineNone')}</option>
              {EVENT_DISCIPLINES.map((d) => (
                <option key={d} value={d}>
                  {t(`disciplines.${d}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-hostClubs`} label={t('fields.hostClubs')} error={errorOf('hostClubsLine')} hint={t('fields.hostClubsHint')}>
          {(aria) => <input {...register('hostClubsLine')} {...aria} type="text" className={ui.input} autoCapitalize="characters" spellCheck={false} />}
        </Field>
        {(['description', 'descriptionFr', 'descriptionEs'] as const).map((name) => (
          <div key={name} className={css.wide}>
            <Field id={`${id}-${name}`} label={t(`fields.${name}`)} error={errorOf(name)} hint={t(`fields.${name}Hint`)}>
              {(aria) => <textarea {...register(name)} {...aria} rows={name === 'description' ? 5 : 3} lang={name === 'descriptionFr' ? 'fr' : name === 'descriptionEs' ? 'es' : undefined} className={`${ui.input} ${ui.textarea}`} />}
            </Field>
          </div>
        ))}
        <div className={`${css.wide} ${css.switches}`}>
          {check('isPublic')}
          {check('registrationOpen')}
          {check('isComplete')}
          {check('isCancelled')}
        </div>
        {input('registrationOpensOn', 'date')}
        {input('registrationClosesOn', 'date')}
      </div>
      <div>
        <button type="submit" disabled={saving} className={`${ui.button} ${ui.contained}`}>
          {saving ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {saving ? t('saving') : eventId === null ? t('create') : t('save')}
        </button>
      </div>
    </form>
  );
}
