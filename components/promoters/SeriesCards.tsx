/**
 * A club's or an organization's series (spec §2 promoter tab Championship,
 * /organizations/{id?}/series; §3 Series: name, start date, end date, race count): name,
 * season dates, rounds, standings kind, drop scores and, for an organization (and the /series
 * list), the promoter. Each name links to the series' standings (/series/{id}).
 */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { SeriesCard } from '@/lib/server/promoters';
import { formatEventDates } from '@/lib/format';

export async function SeriesCards({ locale, series, level, empty, showPromoter = false, details }: {
  locale: Locale;
  series: SeriesCard[];
  /** The heading level of each series' name. */
  level: 2 | 3;
  /** The translated sentence when there is none. */
  empty: string;
  showPromoter?: boolean;
  /** More about each series at the bottom of its card (a club's Championship tab: the class leaders); the cards then take the whole width. */
  details?: (card: SeriesCard) => ReactNode;
}) {
  if (!series.length) return <EmptyState>{empty}</EmptyState>;
  const t = await getTranslations({ locale, namespace: 'directory.series' });
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: details ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))' } }}>
      {series.map((s) => (
        <Paper component="li" key={s.id} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Typography component={`h${level}`} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Link href={`/series/${s.id}`}>{s.name}</Link>
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, mt: 1, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('season')}
            </Typography>
            <Typography component="dd" variant="body2">
              {formatEventDates(s.startDate, s.endDate, locale)}
            </Typography>
            {showPromoter && (
              <>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('promoter')}
                </Typography>
                <Typography component="dd" variant="body2">
                  <Link href={`/promoters/${s.promoter.userId}`}>{s.promoter.name}</Link>
                </Typography>
              </>
            )}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {[t('rounds', { count: s.rounds }), t(`types.${s.seriesType}`), s.bestResults === null ? t('dropScores', { count: s.dropScores }) : t('bestResults', { count: s.bestResults })].join(' · ')}
          </Typography>
          {details?.(s)}
        </Paper>
      ))}
    </Box>
  );
}
