/**
 * A series' standings where they stand now, in short (spec §2 Event page: series, promoter tab
 * Championship; §3 Series table): the top three of each class (of the classes that raced
 * `eventId`, when given), each class linking to its full table on /series/{id}, and a link to
 * the whole table. 'Failed to fetch series results' when the standings fail, a sentence when
 * nobody has scored yet. Used by the event page's series tab and a club's Championship tab.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { seriesRequestFor, type SeriesResultRow, type SeriesResults } from '@/lib/contracts/series';
import { Link } from '@/lib/i18n/navigation';
import { markUncacheable } from '@/lib/server/cache';
import { getSeriesResults } from '@/lib/server/series';

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
  return (
    <>
      {!results ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t('series.failed')}
        </Alert>
      ) : !leaders.length ? (
        <Typography role="status" sx={{ mt: 1.5 }}>
          {t('series.noStandings')}
        </Typography>
      ) : (
        <Box component="section" aria-labelledby={`series-${seriesId}-leaders`} sx={{ mt: 1.5 }}>
          <Typography id={`series-${seriesId}-leaders`} component="h4" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('series.leaders')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {leaders.map((c) => (
              <Box component="li" key={c.className} sx={{ minWidth: 0 }}>
                <Typography component="h5" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  <Link href={`/series/${seriesId}?class=${encodeURIComponent(c.className)}`} aria-label={t('series.classStandings', { className: c.className })}>
                    {c.className}
                  </Link>
                </Typography>
                <Box
                  component="table"
                  sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14, fontVariantNumeric: 'tabular-nums', '& th, & td': { py: 0.25, pr: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' }, '& td:last-of-type': { textAlign: 'right', pr: 0 } }}
                >
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
                        <td style={{ width: '2rem' }}>{r.class.position}</td>
                        <td style={{ width: '3rem' }}>{r.number}</td>
                        <Box component="th" scope="row" sx={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
                          {`${r.firstName} ${r.lastName}`.trim()}
                        </Box>
                        <td>{t('series.points', { points: r.class.points })}</td>
                      </tr>
                    ))}
                  </tbody>
                </Box>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            <Link href={`/series/${seriesId}`}>
              {t('series.fullStandings')}
              <span className="visually-hidden"> — {seriesName}</span> →
            </Link>
          </Typography>
        </Box>
      )}
    </>
  );
}
