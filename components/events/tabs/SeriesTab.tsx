/**
 * The series tab (spec §2 Event page: series; §3 Series: name, start date, end date, race
 * count; §8 'There are no series available for this race'): the public series (championships)
 * this event counts for, each with its season, this event's round, and its standings where
 * they stand now — the top three of each class that raced this event, each class linking to its
 * full table on /series/{id}. A series whose standings fail says so ('Failed to fetch series
 * results') without hiding the others.
 */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { getEventSeries } from '@/lib/server/events';
import { SeriesLeaders } from '@/components/series/SeriesLeaders';

export async function SeriesTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [series, t] = await Promise.all([getEventSeries(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  if (!series.length) return <Typography role="status">{t('series.none')}</Typography>;
  return (
    <Stack spacing={2}>
      {series.map((s) => {
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
            <SeriesLeaders locale={locale} seriesId={s.id} seriesName={s.name} eventId={eventId} />
          </Paper>
        );
      })}
    </Stack>
  );
}
