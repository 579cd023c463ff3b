/**
 * /series without an id (spec §2 /series/{id?}): every public series (championship), newest
 * season first, as cards linking to their standings; a sentence when there is none.
 */
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { SeriesCards } from '@/components/promoters/SeriesCards';
import type { Locale } from '@/lib/config';
import { listPublicSeries } from '@/lib/server/series';

export async function SeriesIndex({ locale }: { locale: Locale }) {
  const [t, series] = await Promise.all([getTranslations({ locale, namespace: 'series' }), listPublicSeries()]);
  return (
    <>
      <SubHeader locale={locale} path="/series" fallback={t('title')} />
      <Container sx={{ py: 3 }}>
        {series.length > 0 && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('intro')}
          </Typography>
        )}
        <SeriesCards locale={locale} level={2} series={series} empty={t('none')} showPromoter />
      </Container>
    </>
  );
}
