/**
 * The promoters list (spec §2 "Promoters list", /promoters): one card per club with its city,
 * its organization, its number of upcoming events and links to its page (calendar, events)
 * and its results. Phone first: one column, two from 600 px, three from 900 px.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { PromoterCard } from '@/lib/server/promoters';

export async function PromoterList({ locale, promoters }: { locale: Locale; promoters: PromoterCard[] }) {
  const t = await getTranslations({ locale, namespace: 'directory' });
  if (!promoters.length) return <EmptyState>{t('promoters.empty')}</EmptyState>;
  return (
    <Box
      component="ul"
      aria-label={t('promoters.title')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {promoters.map((p) => {
        const place = [p.city, p.state].filter(Boolean).join(', ');
        return (
          <Paper component="li" key={p.userId} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
            <Typography component="h2" variant="h6" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              <Link href={`/promoters/${p.userId}`}>{p.name}</Link>
            </Typography>
            {place && (
              <Typography variant="body2" color="text.secondary">
                {place}
              </Typography>
            )}
            {p.organization && !p.isListed && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('promoters.memberOf', { organization: p.organization.name })}
              </Typography>
            )}
            <Typography variant="body2" sx={{ fontWeight: p.upcomingEvents ? 600 : 400 }}>
              {t('promoters.upcoming', { count: p.upcomingEvents })}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 'auto', pt: 1 }}>
              <Link href={`/promoters/${p.userId}`}>{t('promoters.calendar')}</Link>
              <Link href={`/promoters/${p.userId}?tab=events`}>{t('promoter.tabs.events')}</Link>
              <Link href={`/results/${p.userId}`}>{t('promoters.results')}</Link>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
