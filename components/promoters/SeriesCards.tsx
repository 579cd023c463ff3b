/**
 * A club's or an organization's series (spec §2 promoter tab Championship,
 * /organizations/{id?}/series; §3 Series: name, start date, end date, race count): name,
 * season dates, rounds, standings kind, drop scores and, for an organization (and the /series
 * list), the promoter. Each name links to the series' standings (/series/{id}). Phone first:
 * one column of cards, two from 900 px (one when each card has details). Plain HTML (issue 23):
 * a server component, no MUI.
 */
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { namesIn } from '@/components/organizations/names';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { SeriesCard } from '@/lib/server/promoters';
import { formatEventDates } from '@/lib/format';
import styles from './promoters.module.css';

export async function SeriesCards({ locale, series, level, empty, showPromoter = false, details }: {
  locale: Locale;
  series: SeriesCard[];
  /** The heading level of each series' name. */
  level: 2 | 3;
  /** The translated sentence when there is none. */
  empty: string;
  showPromoter?: boolean;
  /** More about each series at the bottom of its card (a club's Championship tab: the class leaders); the cards then take the whole width. */
  details?: (card: SeriesCard) => ReactNode;
}) {
  if (!series.length) return <EmptyState>{empty}</EmptyState>;
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'directory.series' }), namesIn(locale)]);
  const Heading = `h${level}` as const;
  return (
    <ul className={details ? styles.list : `${styles.list} ${styles.two}`}>
      {series.map((s) => (
        <li key={s.id} className={styles.card}>
          <Heading className={styles.seriesName}>
            <Link href={`/series/${s.id}`}>{s.name}</Link>
          </Heading>
          <dl className={`${styles.details} ${styles.tight} ${styles.body2}`}>
            <dt>{t('season')}</dt>
            <dd>{formatEventDates(s.startDate, s.endDate, locale)}</dd>
            {showPromoter && (
              <>
                <dt>{t('promoter')}</dt>
                <dd>
                  <Link href={`/promoters/${s.promoter.userId}`}>{nameOf(s.promoter)}</Link>
                </dd>
              </>
            )}
          </dl>
          <p className={`${styles.body2} ${styles.facts}`}>
            {[t('rounds', { count: s.rounds }), t(`types.${s.seriesType}`), s.bestResults === null ? t('dropScores', { count: s.dropScores }) : t('bestResults', { count: s.bestResults })].join(' · ')}
          </p>
          {details?.(s)}
        </li>
      ))}
    </ul>
  );
}
