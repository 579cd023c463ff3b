/**
 * A series' standings where they stand now, in short (spec §2 Event page: series, promoter tab
 * Championship; §3 Series table): the top three of each class (of the classes that raced
 * `eventId`, when given), each class linking to its full table on /series/{id}, and a link to
 * the whole table. 'Failed to fetch series results' when the standings fail, a sentence when
 * nobody has scored yet. Used by the event page's series tab and a club's Championship tab.
 * Plain HTML from the server (issue 23: MUI's Alert, Box and Typography before), so it fits a
 * plain-HTML page as well as one still in MUI.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { seriesRequestFor, type SeriesResultRow, type SeriesResults } from '@/lib/contracts/series';
import { Link } from '@/lib/i18n/navigation';
import { markUncacheable } from '@/lib/server/cache';
import { getSeriesResults } from '@/lib/server/series';
import css from './leaders.module.css';

/** Riders shown per class. */
const TOP = 3;

/** The classes that raced `eventId` in the series (in the standings' order), each with its top riders by class position. */
export function classLeaders(results: SeriesResults, eventId: number | null, top = TOP): { className: string; rows: SeriesResultRow[] }[] {
  const index = eventId === null ? -1 : results.events.findIndex((e) => e.id === eventId);
  const classes: string[] = [];
  for (const row of results.data) {
    const cell = index >= 0 ? row.events[index] : null;
    if (row.className && (index < 0 || cell) && !classes.includes(row.className)) classes.push(row.className);
  }
  return classes.map((className) => ({
    className,
    rows: results.data
      .filter((r) => r.className === className && r.classified && r.class.position !== null)
      .sort((a, b) => a.class.position! - b.class.position!)
      .slice(0, top),
  }));
}

async function loadStandings(seriesId: number): Promise<SeriesResults | null> {
  try {
    return await getSeriesResults(seriesId, seriesRequestFor({}));
  } catch (err) {
    console.error('event series standings', seriesId, err);
    // The page shows the failure: not one to keep in the page cache.
    markUncacheable();
    return null;
  }
}

export async function SeriesLeaders({ locale, seriesId, seriesName, eventId = null }: { locale: Locale; seriesId: number; seriesName: string; eventId?: number | null }) {
  const [results, t, tt] = await Promise.all([loadStandings(seriesId), getTranslations({ locale, namespace: 'eventPage' }), getTranslations({ locale, namespace: 'seriesTable' })]);
  const leaders = results ? classLeaders(results, eventId).filter((c) => c.rows.length) : [];
  if (!results) {
    return (
      <div role="alert" className={`${ui.alert} ${ui.alertError} ${css.block}`}>
        <p>{t('series.failed')}</p>
      </div>
    );
  }
  if (!leaders.length) {
    return (
      <p role="status" className={css.block}>
        {t('series.noStandings')}
      </p>
    );
  }
  return (
    <section aria-labelledby={`series-${seriesId}-leaders`} className={css.block}>
      <h4 id={`series-${seriesId}-leaders`} className={css.heading}>
        {t('series.leaders')}
      </h4>
      <ul className={css.classes}>
        {leaders.map((c) => (
          <li key={c.className}>
            <h5 className={css.className}>
              <Link href={`/series/${seriesId}?class=${encodeURIComponent(c.className)}`} aria-label={t('series.classStandings', { className: c.className })}>
                {c.className}
              </Link>
            </h5>
            <table className={css.table}>
              <caption className="visually-hidden">{t('series.classStandings', { className: c.className })}</caption>
              <thead className="visually-hidden">
                <tr>
                  <th scope="col">{tt('classPosition')}</th>
                  <th scope="col">{tt('number')}</th>
                  <th scope="col">{tt('name')}</th>
                  <th scope="col">{tt('points')}</th>
                </tr>
              </thead>
              <tbody>
                {c.rows.map((r) => (
                  <tr key={r.riderKey}>
                    <td className={css.position}>{r.class.position}</td>
                    <td className={css.number}>{r.number}</td>
                    <th scope="row">{`${r.firstName} ${r.lastName}`.trim()}</th>
                    <td className={css.points}>{t('series.points', { points: r.class.points })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ul>
      <p className={`${ui.body2} ${css.more}`}>
        <Link href={`/series/${seriesId}`}>
          {t('series.fullStandings')}
          <span className="visually-hidden"> — {seriesName}</span> →
        </Link>
      </p>
    </section>
  );
}
