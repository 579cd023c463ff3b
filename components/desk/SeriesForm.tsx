'use client';
/**
 * The desk's series form (issue 24 "Series: create, add or remove events, the rules as a form over
 * the engine's rules (points table, per moto or event, best N, drops, minimum events, tie-breaks,
 * team and club rules) with a live preview of the standings before saving"; spec §3 Series).
 *
 * - The controls are a view of the engine's rules (./series-form-values.ts); the check is the
 *   contract's (./series-schema.ts, fetched on the form's first use), each error under its
 *   control in the page's language (`desk.series.errors.<code>`).
 * - Live preview: every change that passes the check asks the server for the standings with
 *   these rules and events (debounced), written nowhere; the table beside the stored rules'
 *   standings shows what the change does (./SeriesPreview.tsx). A change that does not pass
 *   says why instead.
 * - Saving writes the series, its events and rules in one go; a new series opens its own page.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Field, FieldSet } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { usePreviewDeskSeries, useSaveDeskSeries } from '@/lib/api/desk-series';
import type { DeskSeriesInput } from '@/lib/contracts/desk-series';
import { SERIES_TYPES, TIE_BREAKS } from '@/lib/contracts/series';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';
import { fieldOfIssue, keptRules, toSeriesFormValues, type SeriesFormValues } from './series-form-values';
import { SeriesPreview } from './SeriesPreview';

const loadSchema = () => import('./series-schema');
const resolver = lazyResolver<SeriesFormValues, ReturnType<typeof keptRules>, DeskSeriesInput>(() => loadSchema().then((m) => m.seriesResolver));

/** How long the preview waits after the last change before asking. */
const PREVIEW_DEBOUNCE_MS = 500;

export interface SeriesFormProps {
  /** The series edited; null for a new one. */
  seriesId: number | null;
  /** A new series' promoter (`promoters.id`; the page lets the login choose among theirs). */
  promoterId?: number;
  initial: DeskSeriesInput | null;
  /** The rules of a new series (the contract's defaults). */
  defaults: DeskSeriesInput['rules'];
  /** The events the series may hold (the promoter's, and those it holds). */
  events: { id: number; name: string; startDate: string; isPublic: boolean; date: string }[];
  /** Classes and class groups met in those events' results. */
  classOptions: string[];
  groupOptions: string[];
}

/** The form (see the file's docstring). */
export function SeriesForm({ seriesId, promoterId = 0, initial, defaults, events, classOptions, groupOptions }: SeriesFormProps) {
  const t = useTranslations('desk.series');
  const te = useTranslations('desk');
  const id = useId();
  const router = useRouter();
  const save = useSaveDeskSeries();
  const preview = usePreviewDeskSeries();
  const [kept] = useState(() => keptRules(initial));
  /** Why the preview is not shown: the first control that fails the check, and its code. */
  const [previewIssue, setPreviewIssue] = useState<{ field: string; code: string } | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<SeriesFormValues, ReturnType<typeof keptRules>, DeskSeriesInput>({ resolver, context: kept, defaultValues: toSeriesFormValues(initial, defaults), mode: 'onSubmit', reValidateMode: 'onChange' });

  useEffect(() => {
    if (save.isSuccess && seriesId !== null) savedRef.current?.focus();
  }, [save.isSuccess, seriesId]);

  // The live preview: each change, once it passes the contract, asks for the standings.
  const previewRef = useRef(preview.mutate);
  previewRef.current = preview.mutate;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = (values: SeriesFormValues) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const mine = ++asked;
        void loadSchema().then(({ checkSeries }) => {
          if (mine !== asked) return;
          const checked = checkSeries(values, kept);
          if (!checked.ok) {
            const [field, error] = Object.entries(checked.errors)[0] ?? [];
            setPreviewIssue({ field: field ?? '', code: (error as { message?: string } | undefined)?.message ?? '' });
            return;
          }
          setPreviewIssue(null);
          previewRef.current(seriesId === null ? { id: null, promoterId, series: checked.body } : { id: seriesId, series: checked.body });
        });
      }, PREVIEW_DEBOUNCE_MS);
    };
    const subscription = watch((values) => ask(values as SeriesFormValues));
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [watch, kept, seriesId, promoterId]);

  const text = (code: string | undefined) => (code ? (t.has(`errors.${code}`) ? t(`errors.${code}`) : te.has(`errors.${code}`) ? te(`errors.${code}`) : t('errors.request_error')) : undefined);
  const errorOf = (name: keyof SeriesFormValues) => text(errors[name]?.message);

  const onSubmit = (series: DeskSeriesInput) => {
    save.mutate(seriesId === null ? { id: null, promoterId, series } : { id: seriesId, series }, {
      onSuccess: (savedId) => {
        if (seriesId === null) router.push(`/desk/series/${savedId}`);
        else router.refresh();
      },
      onError: (err) => {
        let focused = false;
        for (const issue of err.issues) {
          setError(fieldOfIssue(issue.path), { message: issue.code }, { shouldFocus: !focused });
          focused = true;
        }
      },
    });
  };
  // A saved series: the form's values are the stored ones now (the preview compares with them).
  useEffect(() => {
    if (save.isSuccess && seriesId !== null) reset(undefined, { keepValues: true });
  }, [save.isSuccess, seriesId, reset]);

  const failure = save.isError && !save.error.issues.length ? text(save.error.apiCode && t.has(`errors.${save.error.apiCode}`) ? save.error.apiCode : save.error.code) : null;
  const saving = save.isPending;

  const input = (name: 'name' | 'startDate' | 'endDate' | 'pointsTableLine' | 'bestResults' | 'dropScores' | 'minEvents' | 'teamPointsLine', type: 'text' | 'date' | 'number' = 'text', extra: Record<string, unknown> = {}) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} required={name === 'name' || name === 'startDate' || name === 'endDate' || name === 'pointsTableLine'} error={errorOf(name)} hint={t.has(`fields.${name}Hint`) ? t(`fields.${name}Hint`) : undefined}>
      {(aria) => <input {...register(name)} {...aria} type={type === 'number' ? 'text' : type} className={ui.input} {...(type === 'number' ? { inputMode: 'numeric', autoComplete: 'off', spellCheck: false } : {})} {...extra} />}
    </Field>
  );
  const check = (name: 'isPublic' | 'dnfScores' | 'teamsOn' | 'hostClubScoresZero' | 'clubBestTeamOnly') => (
    <label className={ui.choice}>
      <input type="checkbox" {...register(name)} />
      {t(`fields.${name}`)}
    </label>
  );
  /** Checkboxes of the classes (or class groups) that count; nothing when there are none to choose. */
  const checkGroup = (name: 'classes' | 'classGroups', options: string[], hint?: string) =>
    options.length ? (
      <div className={css.wide}>
        <FieldSet id={`${id}-${name}`} label={t(`fields.${name}`)} error={errorOf(name)} hint={hint}>
          {() => (
            <div className={css.checkList}>
              {options.map((option) => (
                <label key={option} className={ui.choice}>
                  <input type="checkbox" value={option} {...register(name)} />
                  {option}
                </label>
              ))}
            </div>
          )}
        </FieldSet>
      </div>
    ) : null;
  const counting = watch('counting');
  const teamsOn = watch('teamsOn');
  const chosenClasses = watch('classes');
  const chosenGroups = watch('classGroups');

  return (
    <form noValidate aria-labelledby={`${id}-title`} aria-busy={saving} className={css.form} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <h2 id={`${id}-title`} className={css.formTitle}>
        {seriesId === null ? t('newTitle') : t('editTitle', { name: initial?.name ?? '' })}
      </h2>
      {save.isSuccess && seriesId !== null ? (
        <Alert severity="success" role="status" ref={savedRef} tabIndex={-1}>
          {t('saved')}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <div className={css.grid}>
        <div className={css.wide}>{input('name', 'text', { maxLength: 120, autoComplete: 'off' })}</div>
        {input('startDate', 'date')}
        {input('endDate', 'date')}
        <Field id={`${id}-seriesType`} label={t('fields.seriesType')} error={errorOf('seriesType')} hint={t('fields.seriesTypeHint')}>
          {(aria) => (
            <select {...register('seriesType')} {...aria} className={ui.input}>
              {SERIES_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={css.switches}>{check('isPublic')}</div>

        <div className={css.wide}>
          <FieldSet id={`${id}-events`} label={t('fields.events')} error={errorOf('eventIds')} hint={t('fields.eventsHint')}>
            {({ describedBy }) =>
              events.length === 0 ? (
                <p>{t('noEvents')}</p>
              ) : (
                <div className={css.checkList}>
                  {events.map((e) => (
                    <label key={e.id} className={ui.choice}>
                      <input type="checkbox" value={String(e.id)} {...register('eventIds')} aria-describedby={describedBy} />
                      <span>
                        {e.name} <span className={css.muted}>({e.date}{e.isPublic ? '' : `, ${te('status.hidden')}`})</span>
                      </span>
                    </label>
                  ))}
                </div>
              )
            }
          </FieldSet>
        </div>

        <h3 className={`${css.wide} ${css.subTitle}`}>{t('rulesTitle')}</h3>
        <div className={css.wide}>{input('pointsTableLine', 'text', { inputMode: 'numeric', spellCheck: false, autoComplete: 'off' })}</div>
        <Field id={`${id}-scoring`} label={t('fields.scoring')} error={errorOf('scoring')}>
          {(aria) => (
            <select {...register('scoring')} {...aria} className={ui.input}>
              <option value="moto">{t('scoring.moto')}</option>
              <option value="event">{t('scoring.event')}</option>
            </select>
          )}
        </Field>
        {input('minEvents', 'number')}
        <div className={css.wide}>
          <FieldSet id={`${id}-counting`} label={t('fields.counting')}>
            {() => (
              <div className={ui.choices}>
                {(['all', 'best', 'drop'] as const).map((c) => (
                  <label key={c} className={ui.choice}>
                    <input type="radio" value={c} {...register('counting')} />
                    {t(`counting.${c}`)}
                  </label>
                ))}
              </div>
            )}
          </FieldSet>
        </div>
        {counting === 'best' ? input('bestResults', 'number') : null}
        {counting === 'drop' ? input('dropScores', 'number') : null}
        <div className={css.wide}>
          <FieldSet id={`${id}-tieBreak`} label={t('fields.tieBreak')} error={errorOf('tieBreak1')} hint={t('fields.tieBreakHint')}>
            {() => (
              <div className={css.tieBreaks}>
                {(['tieBreak1', 'tieBreak2', 'tieBreak3'] as const).map((name, i) => (
                  <label key={name} className={css.tieBreak}>
                    <span className="visually-hidden">{t('tieBreakN', { n: i + 1 })}</span>
                    <select {...register(name)} className={ui.input}>
                      <option value="">{t('tieBreaks.none')}</option>
                      {TIE_BREAKS.map((b) => (
                        <option key={b} value={b}>
                          {t(`tieBreaks.${b}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </div>
            )}
          </FieldSet>
        </div>
        <div className={`${css.wide} ${css.switches}`}>{check('dnfScores')}</div>
        {classOptions.length || groupOptions.length ? (
          <details className={`${css.wide} ${css.classChoice}`} open={initial !== null && (initial.rules.classes.length > 0 || initial.rules.classGroups.length > 0)}>
            <summary>{t('classesSummary', { classes: chosenClasses.length, groups: chosenGroups.length })}</summary>
            {checkGroup('classes', classOptions, t('fields.classesHint'))}
            {checkGroup('classGroups', groupOptions)}
          </details>
        ) : null}
        <div className={`${css.wide} ${css.switches}`}>{check('teamsOn')}</div>
        {teamsOn ? (
          <>
            <div className={css.wide}>{input('teamPointsLine', 'text', { inputMode: 'numeric', spellCheck: false, autoComplete: 'off' })}</div>
            <div className={`${css.wide} ${css.switches}`}>
              {check('hostClubScoresZero')}
              {check('clubBestTeamOnly')}
            </div>
          </>
        ) : null}
      </div>

      <section aria-labelledby={`${id}-preview`} className={css.preview}>
        <h3 id={`${id}-preview`} className={css.subTitle}>
          {t('preview.title')}
        </h3>
        <p aria-live="polite" className={css.previewStatus}>
          {preview.isPending
            ? t('preview.updating')
            : previewIssue
              ? t('preview.invalid', { problem: text(previewIssue.code) ?? '', field: t.has(`fields.${previewIssue.field}`) ? t(`fields.${previewIssue.field}` as 'fields.name') : '' })
              : preview.isError
                ? text(preview.error.apiCode && t.has(`errors.${preview.error.apiCode}`) ? preview.error.apiCode : preview.error.code)
                : preview.data
                  ? t('preview.summary', { events: preview.data.events, changed: preview.data.changed, isNew: seriesId === null ? 'yes' : 'no' })
                  : t('preview.hint')}
        </p>
        {preview.data ? <SeriesPreview preview={preview.data} compare={seriesId !== null} stale={preview.isPending || previewIssue !== null} /> : null}
      </section>

      <div>
        <button type="submit" disabled={saving} className={`${ui.button} ${ui.contained}`}>
          {saving ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {saving ? te('saving') : seriesId === null ? t('create') : te('save')}
        </button>
      </div>
    </form>
  );
}
