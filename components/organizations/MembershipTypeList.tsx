/**
 * An organization's membership types (spec §2 /organizations/{id?}/membership-type): name,
 * price in Canadian dollars formatted for the language, validity (the season, to 31 December,
 * or one event), age limits and description.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { formatCents } from '@/lib/format';
import type { MembershipTypeRow } from '@/lib/server/organizations';
import { ageMessage } from './ages';

/** A price in cents as Canadian dollars in `locale` ("$150.00", "150,00 $"). */

export async function MembershipTypeList({ locale, types }: { locale: Locale; types: MembershipTypeRow[] }) {
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: 'directory.membershipTypes' }), getTranslations({ locale, namespace: 'directory.classes' })]);
  if (!types.length) return <EmptyState>{t('none')}</EmptyState>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
      {types.map((m) => {
        const age = ageMessage(m.minAge, m.maxAge);
        return (
          <Paper component="li" key={m.id} variant="outlined" sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography component="h2" variant="h6" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {m.name}
            </Typography>
            <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }}>
              <span className="visually-hidden">{t('price')}: </span>
              {formatCents(m.priceCents, locale)}
            </Typography>
            <Typography variant="body2">{t(`validity.${m.validity}`)}</Typography>
            <Typography variant="body2" color="text.secondary">
              <span className="visually-hidden">{tc('ages')}: </span>
              {tc(age.key, age.values)}
            </Typography>
            {m.description && (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {m.description}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
