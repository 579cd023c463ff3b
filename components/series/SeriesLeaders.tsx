/**
 * A series' standings where they stand now, in short (spec §2 Event page: series, promoter tab
 * Championship; §3 Series table): the top three of each class (of the classes that raced
 * `eventId`, when given), each class linking to its full table on /series/{id}, and a link to
 * the whole table. 'Failed to fetch series results' when the standings fail, a sentence when
 * nobody has scored yet. The leaders are the first rows of each class as the series page lists
 * them, from the same engine output (lib/server/series/series-leaders.ts; issue 25): riders
 * under the series' minimum of events show "NC" with their points, as on the series page. Used by the event page's series tab, a club's Championship tab and the home page (`top` 1).
 * Plain HTML from the server (issue 23: MUI's Alert, Box and Typography before), so it fits a
 * plain-HTML page as well as one still in MUI.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { seriesRequestFor, type SeriesResults } from '@/lib/contracts/series';
import { Link } from '@/lib/i18n/navigation';
import { markUncacheable } from '@/lib/server/cache';
import { classLeaders, getSeriesResults } from '@/lib/server/series';
import css from './leaders.module.css';

/** Riders shown per class. */
const TOP = 3;

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

export async function SeriesLeaders({ locale, seriesId, seriesName, eventId = null, top = TOP, headingLevel = 4 }: {
  locale: Locale;
  seriesId: number;
  seriesName: string;
  eventId?: number | null;
  /** Riders per class (3; the home page shows each class's leader only). */
  top?: number;
  /** The level of the block's heading (each class's is one below). */
  headingLevel?: 3 | 4;
}) {
  const [results, t, tt, ts] = await Promise.all([
    loadStandings(seriesId),
    getTranslations({ locale, namespace: 'eventPage' }),
    getTranslations({ locale, namespace: 'seriesTable' }),
    getTranslations({ locale, namespace: 'series' }),
  ]);
  const leaders = results ? classLeaders(results, eventId, top) : [];
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
  const Heading = `h${headingLevel}` as const;
  const ClassHeading = `h${headingLevel + 1}` as 'h4' | 'h5';
  const unclassified = leaders.some((c) => c.rows.some((r) => r.position === null));
  return (
    <section aria-labelledby={`series-${seriesId}-leaders`} className={css.block} data-testid="series-leaders">
      <Heading id={`series-${seriesId}-leaders`} className={css.heading}>
        {t('series.leaders')}
      </Heading>
      <ul className={css.classes}>
        {leaders.map((c) => (
          <li key={c.className}>
            <ClassHeading className={css.className}>
              <Link href={`/series/${seriesId}?class=${encodeURIComponent(c.className)}`} aria-label={t('series.classStandings', { className: c.className })}>
                {c.className}
              </Link>
            </ClassHeading>
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
                  <tr key={r.riderKey} data-testid="leader-row">
                    <td className={css.position}>{r.position ?? <abbr title={tt('notClassified')}>{ts('notClassifiedShort')}</abbr>}</td>
                    <td className={css.number}>{r.number}</td>
                    <th scope="row">{r.name}</th>
                    <td className={css.points}>{t('series.points', { points: r.points })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ul>
      {unclassified && <p className={`${ui.body2} ${css.note}`}>{t('series.notClassifiedNote')}</p>}
      <p className={`${ui.body2} ${css.more}`}>
        <Link href={`/series/${seriesId}`}>
          {t('series.fullStandings')}
          <span className="visually-hidden"> — {seriesName}</span> →
        </Link>
      </p>
    </section>
  );
}
