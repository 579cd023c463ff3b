/**
 * A promoter's results page (spec §2 /results/{promoterUserId}): the promoter's public events,
 * newest first, with a year filter kept in the URL ('No events found for the filtered years').
 * Plain HTML (issue 23): a server component; the year filter is a row of links
 * (`?years=2026,2025`), so it works without JavaScript. It lists one club's events only: a link
 * leads to the results index of every club (/results, issue 25: the menu's results list left
 * out this season's events of the other clubs).
 */
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { namesIn } from '@/components/organizations/names';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { elide } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listPromoterEvents } from '@/lib/server/events';
import { EventList } from './EventList';
import styles from './PromoterResults.module.css';

/** The tab title of a promoter's results page: the menu entry's name, else "Events of {promoter}". */
export async function promoterResultsMetadata(locale: Locale, promoterUserId: number, basePath: string): Promise<Metadata> {
  const found = await listPromoterEvents(promoterUserId);
  if (!found) return {};
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'results' }), namesIn(locale)]);
  const promoter = nameOf(found.promoter);
  return pageMetadata(locale, basePath, t('eventsOf', { promoter, elide: elide(promoter) }));
}

export async function PromoterResults({ locale, promoterUserId, years, basePath }: {
  locale: Locale;
  promoterUserId: number;
  years: string | string[] | undefined;
  /** The page's path: `/results/{id}`. */
  basePath: string;
}) {
  const found = await listPromoterEvents(promoterUserId);
  if (!found) notFound();
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'results' }), namesIn(locale)]);
  // The federation's name as the CMS gives it in the page's language (issue 25).
  const promoter = nameOf(found.promoter);
  const selected = new Set(
    (Array.isArray(years) ? years.join(',') : (years ?? ''))
      .split(',')
      .filter((y) => /^\d{4}$/.test(y)),
  );
  const all = [...new Set(found.events.map((e) => e.startDate.slice(0, 4)))];
  const shown = selected.size ? found.events.filter((e) => selected.has(e.startDate.slice(0, 4))) : found.events;
  const toggle = (year: string) => {
    const next = new Set(selected);
    if (next.has(year)) next.delete(year);
    else next.add(year);
    return next.size ? `${basePath}?years=${[...next].sort().reverse().join(',')}` : basePath;
  };
  return (
    <>
      <SubHeader locale={locale} path={basePath} fallback={t('eventsOf', { promoter, elide: elide(promoter) })} />
      <div className="container">
        <h2 className={styles.title}>{t('eventsOf', { promoter, elide: elide(promoter) })}</h2>
        <p className={`${ui.body2} ${styles.allResults}`}>
          <Link href={`/results?promoter=${promoterUserId}`}>{t('index.onlyWithResults')}</Link>
          {' · '}
          <Link href="/results">{t('index.everyClub')}</Link>
        </p>
        {all.length > 0 && (
          <nav aria-label={t('filterYears')} className={styles.years}>
            <Link href={basePath} className={ui.chip} aria-current={selected.size ? undefined : 'true'}>
              {t('allYears')}
            </Link>
            {all.map((y) => (
              <Link key={y} href={toggle(y)} className={ui.chip} aria-current={selected.has(y) ? 'true' : undefined}>
                {y}
              </Link>
            ))}
          </nav>
        )}
        <p className={styles.count} aria-live="polite">
          {t('count', { count: shown.length })}
        </p>
        {shown.length ? (
          <EventList events={shown} locale={locale} />
        ) : (
          <p role="status" className={styles.empty}>
            {t('noEvents')}
          </p>
        )}
      </div>
    </>
  );
}
