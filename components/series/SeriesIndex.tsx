/**
 * /series without an id (spec §2 /series/{id?}; §3 Series: name, start date, end date, race
 * count): every public series (championship), newest season first, as cards linking to their
 * standings — the name (a level-2 heading), the season, the promoter, the rounds, the standings
 * kind and the drop scores; a sentence when there is none.
 *
 * Plain HTML (issue 23: MUI's Container, Paper and Typography and the MUI SeriesCards of
 * components/promoters before; the cards here have the same content and look).
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { namesIn } from '@/components/organizations/names';
import { SubHeader } from '@/components/layout/SubHeader';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { SeriesCard } from '@/lib/contracts/series';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listPublicSeries } from '@/lib/server/series';
import css from './series.module.css';

async function SeriesList({ locale, series }: { locale: Locale; series: SeriesCard[] }) {
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'directory.series' }), namesIn(locale)]);
  return (
    <ul className={css.cards}>
      {series.map((s) => (
        <li key={s.id} className={`${ui.outlinedPaper} ${css.card}`}>
          <h2 className={css.cardTitle}>
            <Link href={`/series/${s.id}`}>{s.name}</Link>
          </h2>
          <dl className={`${css.facts} ${css.cardFacts}`}>
            <div>
              <dt>{t('season')}</dt>
              <dd>{formatEventDates(s.startDate, s.endDate, locale)}</dd>
            </div>
            <div>
              <dt>{t('promoter')}</dt>
              <dd>
                <Link href={`/promoters/${s.promoter.userId}`}>{nameOf(s.promoter)}</Link>
              </dd>
            </div>
          </dl>
          <p className={`${ui.body2} ${css.cardLine}`}>
            {[t('rounds', { count: s.rounds }), t(`types.${s.seriesType}`), s.bestResults === null ? t('dropScores', { count: s.dropScores }) : t('bestResults', { count: s.bestResults })].join(' · ')}
          </p>
        </li>
      ))}
    </ul>
  );
}

export async function SeriesIndex({ locale }: { locale: Locale }) {
  const [t, series] = await Promise.all([getTranslations({ locale, namespace: 'series' }), listPublicSeries()]);
  return (
    <>
      <SubHeader locale={locale} path="/series" fallback={t('title')} />
      <div className="container">
        {series.length > 0 && <p className={`muted ${css.intro}`}>{t('intro')}</p>}
        {series.length ? <SeriesList locale={locale} series={series} /> : <EmptyState>{t('none')}</EmptyState>}
      </div>
    </>
  );
}
