/**
 * A club's or an organization's events (spec §2 promoter tab Events, /promoters/events/{id?},
 * /organizations/{id?}/events; §4 Registration status): the upcoming events first (soonest
 * first), then the past ones by season, each with its dates, venue, registration status (open,
 * closed or done), a link to its page and, when it has races, to its results. Phone first: one
 * column of cards; no table to scroll. Plain HTML (issue 23): a server component, no MUI.
 */
import { getTranslations } from 'next-intl/server';
import { namesIn } from '@/components/organizations/names';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { EventCard, EventsBySeason } from '@/lib/server/promoters';
import { formatEventDates } from '@/lib/format';
import styles from './promoters.module.css';

/** Open stands out (filled, success); closed is outlined, done grey: every label keeps its contrast. */
const STATUS_CHIP = {
  open: `${styles.status} ${styles.open}`,
  closed: `${styles.status} ${styles.closed}`,
  done: styles.status,
} as const;

export interface EventCardsProps {
  locale: Locale;
  events: EventsBySeason;
  /** The heading level of "Upcoming events" and each season (2 under the page title, 3 under a tab heading). */
  level: 2 | 3;
  /** The page of an event: `/events/{id}` (default) or the organization's event page. */
  eventHref?: (id: number) => string;
  /** Show each event's promoter (an organization's list holds several clubs). */
  showPromoter?: boolean;
}

export async function EventCards({ locale, events, level, eventHref = (id) => `/events/${id}`, showPromoter = false }: EventCardsProps) {
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'directory.events' }), namesIn(locale)]);
  if (!events.upcoming.length && !events.seasons.length) return <EmptyState>{t('none')}</EmptyState>;
  const Heading = `h${level}` as const;

  const list = (title: string, cards: EventCard[]) => (
    <ul aria-label={t('listLabel', { title, count: cards.length })} className={`${styles.list} ${styles.two}`}>
      {cards.map((e) => {
        const venue = [e.location, [e.city, e.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
        return (
          <li key={e.id} className={styles.card}>
            <p className={styles.eventName}>
              <Link href={eventHref(e.id)}>{e.name}</Link>
            </p>
            <p className={styles.body2}>
              <time dateTime={e.startDate}>{formatEventDates(e.startDate, e.endDate, locale)}</time>
            </p>
            {venue && <p className={`${styles.body2} ${styles.muted} ${styles.wrap}`}>{venue}</p>}
            {showPromoter && <p className={`${styles.body2} ${styles.muted} ${styles.wrap}`}>{t('promoter', { name: nameOf(e.promoter) })}</p>}
            <div className={styles.meta}>
              <span className={STATUS_CHIP[e.registrationStatus]}>{t(`status.${e.registrationStatus}`)}</span>
              {e.raceCount > 0 ? (
                <span className={styles.body2}>
                  <Link href={`${eventHref(e.id)}?tab=results`}>{t('results')}</Link> ({t('races', { count: e.raceCount })})
                </span>
              ) : (
                <span className={`${styles.body2} ${styles.muted}`}>{t('races', { count: 0 })}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className={styles.sections}>
      <section aria-labelledby="events-upcoming">
        <Heading id="events-upcoming" className={styles.heading}>
          {t('upcoming')}
        </Heading>
        {events.upcoming.length ? list(t('upcoming'), events.upcoming) : <EmptyState>{t('noUpcoming')}</EmptyState>}
      </section>
      {events.seasons.map(({ season, events: cards }) => (
        <section key={season} aria-labelledby={`events-season-${season}`}>
          <Heading id={`events-season-${season}`} className={styles.heading}>
            {t('season', { season: String(season) })}
          </Heading>
          {list(t('season', { season: String(season) }), cards)}
        </section>
      ))}
    </div>
  );
}
