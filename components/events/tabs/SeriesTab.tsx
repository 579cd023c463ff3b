/**
 * The series tab (spec §2 Event page: series; §3 Series: name, start date, end date, race
 * count; §8 'There are no series available for this race'): the public series (championships)
 * this event counts for, each with its season, this event's round, and its standings where
 * they stand now — the top three of each class that raced this event, each class linking to its
 * full table on /series/{id}. A series whose standings fail says so ('Failed to fetch series
 * results') without hiding the others.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { seriesRequestFor, type SeriesResultRow, type SeriesResults } from '@/lib/contracts/series';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { getEventSeries } from '@/lib/server/events';
import { getSeriesResults } from '@/lib/server/series';

/** Riders shown per class. */
const TOP = 3;

/** The classes that raced `eventId` in the series (in the standings' order), each with its top riders by class position. */
export function classLeaders(results: SeriesResults, eventId: number, top = TOP): { className: string; rows: SeriesResultRow[] }[] {
  const index = results.events.findIndex((e) => e.id === eventId);
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
    return null;
  }
}

export async function SeriesTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [series, t, tt] = await Promise.all([getEventSeries(eventId), getTranslations({ locale, namespace: 'eventPage' }), getTranslations({ locale, namespace: 'seriesTable' })]);
  if (!series.length) return <Typography role="status">{t('series.none')}</Typography>;
  const standings = await Promise.all(series.map((s) => loadStandings(s.id)));
  return (
    <Stack spacing={2}>
      {series.map((s, i) => {
        const results = standings[i];
        const leaders = results ? classLeaders(results, eventId).filter((c) => c.rows.length) : [];
        return (
          <Paper key={s.id} component="article" variant="outlined" aria-labelledby={`series-${s.id}-title`} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="event-series">
            <Typography id={`series-${s.id}-title`} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              <Link href={`/series/${s.id}`}>{s.name}</Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('series.season', { dates: formatEventDates(s.startDate, s.endDate, locale) })}
              {' · '}
              {s.round > 0 ? t('series.round', { round: s.round, count: s.roundCount }) : t('series.rounds', { count: s.roundCount })}
            </Typography>
            {!results ? (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {t('series.failed')}
              </Alert>
            ) : !leaders.length ? (
              <Typography role="status" sx={{ mt: 1.5 }}>
                {t('series.noStandings')}
              </Typography>
            ) : (
              <Box component="section" aria-labelledby={`series-${s.id}-leaders`} sx={{ mt: 1.5 }}>
                <Typography id={`series-${s.id}-leaders`} component="h4" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('series.leaders')}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
                  {leaders.map((c) => (
                    <Box component="li" key={c.className} sx={{ minWidth: 0 }}>
                      <Typography component="h5" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                        <Link href={`/series/${s.id}?class=${encodeURIComponent(c.className)}`} aria-label={t('series.classStandings', { className: c.className })}>
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
                  <Link href={`/series/${s.id}`}>
                    {t('series.fullStandings')}
                    <span className="visually-hidden"> — {s.name}</span> →
                  </Link>
                </Typography>
              </Box>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
