'use client';
/**
 * The riders of a series on the desk (issue 24 "Riders: merge and split rider records (what `npm
 * run riders` does) from the desk, with the standings effect shown before confirming"; spec §3
 * Series table).
 *
 * - A search (name or race number) over the series' riders, each with its participant records
 *   (numbers, classes, events), one checkbox per record. The ticked records stay ticked across
 *   searches (the tray at the bottom lists them, each removable).
 * - "Preview merge" (2–50 records) / "Preview split" (one record) asks the server for the class
 *   standings rows the change would move, written nowhere; the table shows each row before →
 *   after. A new tick hides a preview that no longer matches.
 * - "Confirm" writes it (one transaction, recorded in the series' audit log); the list is fetched
 *   again. Results in `role="status"`, failures in `role="alert"`, in the page's language.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { useApplyDeskRiders, useDeskRiders, usePreviewDeskRiders } from '@/lib/api/desk-riders';
import { participantIdsFit, RIDERS_QUERY_MAX, type DeskRiders, type RiderAction, type RiderEffectRow, type RiderStandingSide, type RidersChange } from '@/lib/contracts/desk-riders';
import css from './desk.module.css';
import rc from './riders.module.css';
import { personName } from '@/lib/format/person-name';

/** How long the search waits after the last key before asking (ms). */
const SEARCH_DEBOUNCE_MS = 300;

export interface RiderMergeProps {
  seriesId: number;
  /** The search the page was opened with (`?q=`), and the server's answer to it. */
  initialQuery: string;
  initial: DeskRiders;
}

const sameChange = (a: RidersChange | null, b: RidersChange | null) => !!a && !!b && a.action === b.action && a.participantIds.join() === b.participantIds.join();

/** The riders page's island (see the file's docstring). */
export function RiderMerge({ seriesId, initialQuery, initial }: RiderMergeProps) {
  const t = useTranslations('desk.riders');
  const tc = useTranslations('common');
  const id = useId();
  const [typed, setTyped] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  /** Ticked participant records, in the order ticked, with what the tray shows. */
  const [chosen, setChosen] = useState<{ participantId: number; label: string }[]>([]);
  const [asked, setAsked] = useState<RidersChange | null>(null);
  const list = useDeskRiders(seriesId, query, { query: initialQuery, riders: initial });
  const preview = usePreviewDeskRiders();
  const apply = useApplyDeskRiders();
  const effectRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    if (preview.isSuccess) effectRef.current?.focus();
  }, [preview.isSuccess, preview.data]);
  useEffect(() => {
    if (apply.isSuccess) doneRef.current?.focus();
  }, [apply.isSuccess, apply.data]);

  const ids = chosen.map((c) => c.participantId);
  const current = (action: RiderAction): RidersChange => ({ action, participantIds: ids });
  // The preview answers the change asked, while the ticks are still the ones it was asked for.
  const shown = preview.isSuccess && asked && sameChange(preview.variables.change, asked) && sameChange(asked, current(asked.action)) ? preview.data : null;

  const toggle = (participantId: number, label: string, on: boolean) => {
    apply.reset();
    preview.reset();
    setAsked(null);
    setChosen((was) => (on ? [...was.filter((c) => c.participantId !== participantId), { participantId, label }] : was.filter((c) => c.participantId !== participantId)));
  };
  const ask = (action: RiderAction) => {
    const change = current(action);
    apply.reset();
    setAsked(change);
    preview.mutate({ seriesId, change });
  };
  const confirm = () => {
    if (!shown) return;
    apply.mutate(
      { seriesId, change: { action: shown.action, participantIds: shown.participantIds } },
      {
        onSuccess: () => {
          setChosen([]);
          setAsked(null);
          preview.reset();
        },
      },
    );
  };
  const cancel = () => {
    setAsked(null);
    preview.reset();
  };

  const errorText = (code: string | null | undefined) => (code && t.has(`errors.${code}`) ? t(`errors.${code}` as 'errors.request_error') : t('errors.request_error'));
  const failure = apply.error ?? (preview.isError && asked ? preview.error : null) ?? list.error;
  const riders = list.data ?? initial;
  const who = (s: RiderStandingSide) => (s.number ? `#${s.number} ${s.name}` : s.name);
  const standing = (s: RiderStandingSide | null) => (s === null ? t('effect.none') : s.position === null ? t('effect.unclassified', { points: s.points }) : t('effect.standing', { position: s.position, points: s.points }));
  const groups = new Map<string | null, RiderEffectRow[]>();
  for (const row of shown?.rows ?? []) groups.set(row.className, [...(groups.get(row.className) ?? []), row]);

  return (
    <div className={rc.riders}>
      <form role="search" className={rc.search} onSubmit={(e) => {
          e.preventDefault();
          setQuery(typed.trim());
        }}>
        <label htmlFor={`${id}-q`} className={ui.label}>
          {t('search')}
        </label>
        <div className={rc.searchRow}>
          <input id={`${id}-q`} type="search" name="q" className={ui.input} value={typed} maxLength={RIDERS_QUERY_MAX} autoComplete="off" aria-describedby={`${id}-q-hint`} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className={`${ui.button} ${ui.outlined}`}>
            {t('searchButton')}
          </button>
        </div>
        <p id={`${id}-q-hint`} className={ui.helper}>
          {t('searchHint')}
        </p>
      </form>

      <p role="status" className={rc.count} aria-busy={list.isFetching}>
        {list.isFetching ? t('searching') : riders.total > riders.riders.length ? t('countMore', { total: riders.total, shown: riders.riders.length }) : t('count', { total: riders.total })}
      </p>

      <ul className={rc.list} data-testid="desk-riders">
        {riders.riders.map((r) => (
          <li key={r.riderKey} className={rc.rider}>
            <p className={rc.riderHead}>
              <span className={rc.riderName}>
                {r.number ? <span className={css.muted}>#{r.number} </span> : null}
                {r.name}
              </span>
              <span className={css.muted}>
                {r.classes.join(', ') || t('effect.noClass')} · {t('results', { n: r.results })}
              </span>
            </p>
            <ul className={rc.records}>
              {r.records.map((rec) => {
                const name = personName(rec.firstName, rec.lastName, tc('formerMember'));
                const label = `${rec.numbers.length ? `#${rec.numbers.join(', #')} ` : ''}${name}`;
                return (
                  <li key={rec.participantId}>
                    <label className={`${ui.choice} ${rc.record}`}>
                      <input type="checkbox" checked={ids.includes(rec.participantId)} onChange={(e) => toggle(rec.participantId, label, e.target.checked)} />
                      <span>
                        {t('recordLabel', { id: rec.participantId, name: label })}
                        <span className={rc.recordMeta}>
                          {rec.classes.join(', ') || t('effect.noClass')} · {t('events', { list: rec.events.map((e) => e.name).join(', ') })} · {t('results', { n: rec.results })}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>

      {failure ? (
        <Alert severity="error" data-testid="riders-error">
          {errorText(failure.apiCode ?? failure.code)}
        </Alert>
      ) : null}
      {apply.isSuccess ? (
        <Alert severity="success" role="status" ref={doneRef} tabIndex={-1} data-testid="riders-done">
          {apply.data.changed.length === 0 ? t('done.nothing') : apply.data.action === 'merge' ? t('done.merge', { n: apply.data.changed.length }) : t('done.split')}
        </Alert>
      ) : null}

      {shown ? (
        <section className={rc.effect} aria-labelledby={`${id}-effect`} data-testid="riders-effect">
          <h2 id={`${id}-effect`} className={css.formTitle} ref={effectRef} tabIndex={-1}>
            {t('effect.title')}
          </h2>
          <p role="status">
            {shown.records === 0
              ? t(shown.action === 'merge' ? 'effect.nothingMerge' : 'effect.nothingSplit')
              : `${shown.action === 'merge' ? t('effect.merge', { records: shown.records }) : t('effect.split')} ${t('effect.rows', { changed: shown.changed })}`}
          </p>
          {shown.rows.length ? (
            <div className={ui.tableScroll} role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
              <table className={`${ui.table} ${rc.effectTable}`}>
                <caption id={`${id}-caption`} className="visually-hidden">
                  {t('effect.caption')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('effect.rider')}</th>
                    <th scope="col">{t('effect.before')}</th>
                    <th scope="col">{t('effect.after')}</th>
                  </tr>
                </thead>
                {[...groups].map(([className, rows]) => (
                  <tbody key={className ?? ''}>
                    <tr>
                      <th scope="colgroup" colSpan={3} className={rc.classHead}>
                        {className ?? t('effect.noClass')}
                      </th>
                    </tr>
                    {rows.map((row) => (
                      <tr key={`${row.before?.riderKey ?? ''}>${row.after?.riderKey ?? ''}`} className={row.named ? rc.named : undefined}>
                        <th scope="row">
                          {who((row.before ?? row.after)!)}
                          {row.named ? <span className={rc.recordMeta}>{t('effect.named')}</span> : null}
                        </th>
                        <td>{standing(row.before)}</td>
                        <td>
                          {standing(row.after)}
                          {row.after && row.before && row.after.riderKey !== row.before.riderKey ? <span className={rc.recordMeta}>{t('effect.as', { name: who(row.after) })}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
          ) : null}
          {shown.changed > shown.rows.length ? <p className={css.muted}>{t('effect.more', { shown: shown.rows.length, changed: shown.changed })}</p> : null}
          <p className={css.muted}>{t('effect.notSaved')}</p>
          <p className={css.actions}>
            {shown.records > 0 ? (
              <button type="button" className={`${ui.button} ${ui.contained}`} onClick={confirm} disabled={apply.isPending} aria-busy={apply.isPending}>
                {apply.isPending ? t('saving') : t(shown.action === 'merge' ? 'confirmMerge' : 'confirmSplit')}
              </button>
            ) : null}
            <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={cancel} disabled={apply.isPending}>
              {t('cancel')}
            </button>
          </p>
        </section>
      ) : null}

      <section className={rc.tray} aria-labelledby={`${id}-tray`}>
        <h2 id={`${id}-tray`} className={rc.trayTitle}>
          {t('selected', { n: chosen.length })}
        </h2>
        {chosen.length ? (
          <ul className={rc.chosen}>
            {chosen.map((c) => (
              <li key={c.participantId}>
                <button type="button" className={`${ui.button} ${ui.small} ${ui.outlined}`} aria-label={t('remove', { name: c.label })} onClick={() => toggle(c.participantId, c.label, false)}>
                  {c.label} ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={`${css.muted} ${rc.trayHint}`}>{t('selectHint')}</p>
        )}
        <p className={rc.trayActions}>
          <button type="button" className={`${ui.button} ${ui.contained}`} disabled={!participantIdsFit('merge', ids) || preview.isPending} onClick={() => ask('merge')}>
            {t('previewMerge')}
          </button>
          <button type="button" className={`${ui.button} ${ui.outlined}`} disabled={!participantIdsFit('split', ids) || preview.isPending} onClick={() => ask('split')}>
            {t('previewSplit')}
          </button>
          <button type="button" className={ui.button} disabled={!chosen.length} onClick={() => {
              setChosen([]);
              cancel();
            }}>
            {t('clear')}
          </button>
          <span role="status" className={css.muted}>
            {preview.isPending ? t('previewing') : ''}
          </span>
        </p>
      </section>
    </div>
  );
}
