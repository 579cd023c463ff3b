/**
 * The promoters list (spec §2 "Promoters list", /promoters): one card per club with its city,
 * its organization, its number of upcoming events and links to its page (calendar, events)
 * and its results. Phone first: one column, two from 600 px, three from 900 px. Plain HTML
 * (issue 23): a server component, no MUI.
 */
import { getTranslations } from 'next-intl/server';
import { namesIn } from '@/components/organizations/names';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { PromoterCard } from '@/lib/server/promoters';
import styles from './promoters.module.css';

export async function PromoterList({ locale, promoters }: { locale: Locale; promoters: PromoterCard[] }) {
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'directory' }), namesIn(locale)]);
  if (!promoters.length) return <EmptyState>{t('promoters.empty')}</EmptyState>;
  return (
    <ul aria-label={t('promoters.title')} className={`${styles.list} ${styles.promoters}`}>
      {promoters.map((p) => {
        const place = [p.city, p.state].filter(Boolean).join(', ');
        return (
          <li key={p.userId} className={`${styles.card} ${styles.promoter}`}>
            <h2 className={styles.promoterName}>
              <Link href={`/promoters/${p.userId}`}>{nameOf(p)}</Link>
            </h2>
            {place && <p className={`${styles.body2} ${styles.muted}`}>{place}</p>}
            {p.organization && !p.isListed && (
              <p className={`${styles.body2} ${styles.muted} ${styles.wrap}`}>{t('promoters.memberOf', { organization: nameOf(p.organization) })}</p>
            )}
            <p className={p.upcomingEvents ? `${styles.body2} ${styles.strong}` : styles.body2}>{t('promoters.upcoming', { count: p.upcomingEvents })}</p>
            <div className={styles.links}>
              <Link href={`/promoters/${p.userId}`}>{t('promoters.calendar')}</Link>
              <Link href={`/promoters/${p.userId}?tab=events`}>{t('promoter.tabs.events')}</Link>
              <Link href={`/results/${p.userId}`}>{t('promoters.results')}</Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
