/**
 * A list of events (date, name, location, race count) linking to each event's page (spec §2
 * /results, /results/{promoterUserId}): a table that scrolls sideways inside its frame on a
 * phone, where the location column is left out. The results index (issue 25) adds under each
 * name its club and discipline, and links to the event's results tab. Plain HTML (issue 23): a
 * server component, no MUI.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import styles from './PromoterResults.module.css';

/** One row: an event, with (results index) its club and already-translated discipline. */
export interface EventListRow {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  location: string | null;
  raceCount: number;
  promoterName?: string | null;
  discipline?: string | null;
}

export async function EventList({ events, locale, tab }: {
  events: EventListRow[];
  locale: string;
  /** The event page's tab the names open (`results` from the results index); its first tab when absent. */
  tab?: 'results';
}) {
  const t = await getTranslations({ locale, namespace: 'results' });
  return (
    <div className={`${ui.tableScroll} ${styles.frame}`}>
      <table className={ui.table}>
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('event')}</th>
            <th scope="col" className={styles.wide}>
              {t('location')}
            </th>
            <th scope="col" className={ui.num}>
              {t('races')}
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => {
            const meta = [e.promoterName, e.discipline].filter(Boolean).join(' · ');
            return (
              <tr key={e.id} data-testid="event-row">
                <td className={styles.date}>
                  <time dateTime={e.startDate}>{formatDate(e.startDate, locale)}</time>
                </td>
                <td className={styles.name}>
                  <Link href={tab ? `/events/${e.id}?tab=${tab}` : `/events/${e.id}`}>{e.name}</Link>
                  {meta && <span className={styles.meta}>{meta}</span>}
                </td>
                <td className={styles.wide}>{e.location}</td>
                <td className={ui.num}>{e.raceCount}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
