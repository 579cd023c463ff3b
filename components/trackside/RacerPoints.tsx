/**
 * The points tab of a racer (spec §2 /liveonlivelaps points (3); §3 Series table): for each
 * series they scored in, their class, class position, class points and events counted, with
 * the overall standing (from a tablet up); each series links to its table (/series/{id}).
 * 'Failed to load series results' for a series whose standings could not be computed; a
 * sentence when they have no series points yet. Plain HTML (./trackside.module.css).
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { RacerPoints as RacerPointsData } from '@/lib/contracts/trackside';
import { Link } from '@/lib/i18n/navigation';
import css from './trackside.module.css';

export async function RacerPoints({ locale, points }: { locale: Locale; points: RacerPointsData }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const dash = t('detail.none');
  /** A cell shown from a tablet up only, right-aligned. */
  const wide = `${ui.num} ${css.wide}`;
  return (
    <section aria-labelledby="racer-points-title">
      <h3 id="racer-points-title" className={`${ui.h6} ${css.partTitle}`}>
        {t('points.heading')}
      </h3>
      {points.failed.map((s) => (
        <Alert key={s.id} severity="error" className={css.partError}>
          {t('errors.loadSeriesResults')}: {s.name}
        </Alert>
      ))}
      {points.series.length === 0 ? (
        <p role="status" className={css.text}>
          {t('points.none')}
        </p>
      ) : (
        <table aria-labelledby="racer-points-title" data-testid="racer-points" className={`${ui.table} ${css.table}`}>
          <thead>
            <tr>
              <th scope="col">{t('points.series')}</th>
              <th scope="col" className={ui.num}>
                {t('points.position')}
              </th>
              <th scope="col" className={ui.num}>
                {t('points.points')}
              </th>
              <th scope="col" className={ui.num}>
                {t('points.eventsScored')}
              </th>
              <th scope="col" className={wide}>
                {t('points.overall')}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.series.map((s) => (
              <tr key={`${s.seriesId}-${s.className}`} data-series={s.seriesId}>
                <td className={css.name}>
                  <Link href={`/series/${s.seriesId}`}>{s.seriesName}</Link>
                  <span className={css.sub}>{s.className ?? dash}</span>
                </td>
                <td className={`${ui.num} ${css.place}`}>{s.position ?? <span className={css.notClassified}>{t('points.notClassified')}</span>}</td>
                <td className={`${ui.num} ${css.points}`}>{s.points}</td>
                <td className={ui.num}>{s.eventsScored}</td>
                <td className={wide}>{s.overallPosition === null ? dash : t('points.overallValue', { position: s.overallPosition, points: s.overallPoints })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
