'use client';
/**
 * The standings preview of the desk's series form (issue 24 "a live preview of the standings
 * before saving"): one class at a time (a select), its first riders by the rules being written,
 * with their points and position under the stored rules beside, and what moved. Dimmed while a
 * newer preview is on its way or the form does not pass its check.
 */
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import ui from '@/components/ui/ui.module.css';
import type { SeriesPreview as Preview } from '@/lib/contracts/desk-series';
import css from './desk.module.css';

export function SeriesPreview({ preview, compare, stale }: { preview: Preview; compare: boolean; stale: boolean }) {
  const t = useTranslations('desk.series.preview');
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!preview.classes.length) return <p>{t('empty')}</p>;
  const shown = preview.classes.find((c) => c.name === chosen) ?? preview.classes[0]!;
  const className = (name: string) => name || t('noClass');
  return (
    <div className={stale ? css.stale : undefined} data-testid="series-preview">
      <label htmlFor={`${id}-class`} className={ui.label}>
        {t('class')}
      </label>
      <select id={`${id}-class`} className={`${ui.input} ${css.previewClass}`} value={shown.name} onChange={(e) => setChosen(e.target.value)}>
        {preview.classes.map((c) => (
          <option key={c.name} value={c.name}>
            {t('classOption', { name: className(c.name), riders: c.riders })}
          </option>
        ))}
      </select>
      <div className={ui.tableScroll} role="region" aria-label={t('tableLabel', { name: className(shown.name) })} tabIndex={0}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('tableLabel', { name: className(shown.name) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('position')}</th>
              <th scope="col">{t('rider')}</th>
              <th scope="col">{t('points')}</th>
              {compare ? <th scope="col">{t('before')}</th> : null}
              {compare ? <th scope="col">{t('change')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((r) => {
              const moved = r.before && r.before.position !== null && r.after.position !== null ? r.before.position - r.after.position : 0;
              return (
                <tr key={r.riderKey}>
                  <td>{r.after.position ?? '–'}</td>
                  <th scope="row">
                    {r.number ? <span className={css.muted}>#{r.number} </span> : null}
                    {r.name}
                  </th>
                  <td>{r.after.points}</td>
                  {compare ? <td>{r.before ? t('beforeCell', { position: r.before.position ?? '–', points: r.before.points }) : t('new')}</td> : null}
                  {compare ? (
                    <td>
                      {moved > 0 ? t('up', { n: moved }) : moved < 0 ? t('down', { n: -moved }) : r.before && r.before.points !== r.after.points ? t('pointsDelta', { n: r.after.points - r.before.points }) : t('same')}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
