/**
 * The organizations list (spec §2 "Organizations list"): one card per public organization
 * with its city, its number of clubs and links to its about, events and calendar sections.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { OrganizationCard } from '@/lib/server/organizations';

export async function OrganizationList({ locale, organizations }: { locale: Locale; organizations: OrganizationCard[] }) {
  const t = await getTranslations({ locale, namespace: 'directory.organizations' });
  if (!organizations.length) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <Box
      component="ul"
      aria-label={t('title')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {organizations.map((o) => {
        const place = [o.city, o.state].filter(Boolean).join(', ');
        return (
          <Paper component="li" key={o.id} variant="outlined" sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography component="h2" variant="h6" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              <Link href={`/organizations/${o.id}`}>{o.name}</Link>
            </Typography>
            {place && (
              <Typography variant="body2" color="text.secondary">
                {place}
              </Typography>
            )}
            <Typography variant="body2">{t('clubs', { count: o.clubCount })}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, pt: 1 }}>
              <Link href={`/organizations/${o.id}/events`}>{t('sections.events')}</Link>
              <Link href={`/organizations/${o.id}/calendar`}>{t('sections.calendar')}</Link>
              <Link href={`/organizations/${o.id}/contact`}>{t('sections.contact')}</Link>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
