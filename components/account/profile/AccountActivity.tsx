/**
 * The racing of the logged-in participant on their account page (issue 11 "Profiles: sees
 * their results, series points and registrations"), from `getAccountActivity(profileId)`
 * (their own racer record and the imported ones they claimed), newest first:
 *  - `MyResults`: date, event, race (linking to /races/{id}), class, and the position or
 *    DNF/DNS/DSQ. Phone first: on a 390 px screen the race (with its event, date and class
 *    under it) and the position; the separate date, event and class columns from 600 px.
 *  - `SeriesPoints`: series (linking to /series/{id}), class, position, points.
 *  - `Registrations`: event (linking to /events/{id}), date, class, state.
 * Each has its empty state ('No results yet' …). Server components, plain HTML (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { AccountActivity } from '@/lib/contracts/account';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { EmptyState } from './AccountSection';
import styles from './account.module.css';

/** From 600 px up only. */
const wide = styles.wide;

const UNPLACED = ['DNF', 'DNS', 'DSQ'];

/** The position, else the result's state (DNF, DNS, DSQ), else a dash. */
function place(position: number | null, state: string | null, states: (key: string) => string, dash: string): string {
  if (position !== null) return String(position);
  if (state && UNPLACED.includes(state)) return states(state);
  return dash;
}

export async function MyResults({ locale, results }: { locale: Locale; results: AccountActivity['results'] }) {
  const [t, tc, ts] = await Promise.all([
    getTranslations({ locale, namespace: 'account' }),
    getTranslations({ locale, namespace: 'columns' }),
    getTranslations({ locale, namespace: 'states' }),
  ]);
  if (!results.length) return <EmptyState testId="results-empty">{t('results.empty')}</EmptyState>;
  const dash = t('none');
  return (
    <div className={styles.tableWrap}>
      <table className={ui.table} aria-label={t('results.title')} data-testid="account-results-table">
        <thead>
          <tr>
            <th className={wide}>{t('results.date')}</th>
            <th className={wide}>{t('results.event')}</th>
            <th>{t('results.race')}</th>
            <th className={wide}>{tc('class')}</th>
            <th className={ui.num}>{tc('position')}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r, i) => (
            <tr key={`${r.raceId}-${i}`}>
              <td className={`${wide} ${styles.nowrap}`}>{formatDate(r.date, locale)}</td>
              <td className={wide}>{r.eventName}</td>
              <td className={styles.anywhere}>
                <Link href={`/races/${r.raceId}`}>{r.raceName}</Link>
                <span className={styles.narrow}>{[r.eventName, formatDate(r.date, locale), r.className].filter(Boolean).join(' · ')}</span>
              </td>
              <td className={wide}>{r.className ?? dash}</td>
              <td className={`${ui.num} ${styles.strong} ${styles.nowrap}`}>{place(r.position, r.state, ts, dash)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export async function SeriesPoints({ locale, series }: { locale: Locale; series: AccountActivity['series'] }) {
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: 'account' }), getTranslations({ locale, namespace: 'columns' })]);
  if (!series.length) return <EmptyState testId="series-empty">{t('series.empty')}</EmptyState>;
  const dash = t('none');
  return (
    <div className={styles.tableWrap}>
      <table className={ui.table} aria-label={t('series.title')} data-testid="account-series-table">
        <thead>
          <tr>
            <th>{t('series.series')}</th>
            <th>{tc('class')}</th>
            <th className={ui.num}>{tc('position')}</th>
            <th className={ui.num}>{tc('points')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={`${s.seriesId}-${s.className ?? ''}`}>
              <td className={styles.anywhere}>
                <Link href={`/series/${s.seriesId}`}>{s.seriesName}</Link>
              </td>
              <td className={styles.anywhere}>{s.className ?? dash}</td>
              <td className={ui.num}>{s.position ?? dash}</td>
              <td className={`${ui.num} ${styles.strong}`}>{s.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export async function Registrations({ locale, registrations }: { locale: Locale; registrations: AccountActivity['registrations'] }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  if (!registrations.length) return <EmptyState testId="registrations-empty">{t('registrations.empty')}</EmptyState>;
  const state = (s: string) => (t.has(`registrations.states.${s}`) ? t(`registrations.states.${s}`) : s);
  return (
    <ul className={styles.regList} aria-label={t('registrations.title')} data-testid="account-registrations">
      {registrations.map((r) => (
        <li key={r.id} className={styles.regItem}>
          <div className={styles.regMain}>
            <Link href={`/events/${r.eventId}`}>{r.eventName}</Link>
            <p className={`${styles.muted} ${styles.small}`}>
              {formatDate(r.date, locale)} · {r.className}
            </p>
          </div>
          <span className={`${ui.chip} ${styles.chipSmall} ${r.state === 'cancelled' ? ui.chipOutlined : styles.chipSuccess}`}>{state(r.state)}</span>
        </li>
      ))}
    </ul>
  );
}
