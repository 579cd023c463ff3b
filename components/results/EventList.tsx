/**
 * A list of events (date, name, location, race count) linking to /events/{id} (spec §2
 * /results): a table that scrolls sideways inside its frame on a phone, where the location
 * column is left out. Plain HTML (issue 23): a server component, no MUI.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { EventSummary } from '@/lib/server/events';
import styles from './PromoterResults.module.css';

export async function EventList({ events, locale }: { events: EventSummary[]; locale: string }) {
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
          {events.map((e) => (
            <tr key={e.id}>
              <td className={styles.date}>
                <time dateTime={e.startDate}>{formatDate(e.startDate, locale)}</time>
              </td>
              <td>
                <Link href={`/events/${e.id}`}>{e.name}</Link>
              </td>
              <td className={styles.wide}>{e.location}</td>
              <td className={ui.num}>{e.raceCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
