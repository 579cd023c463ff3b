/** /contact-us (spec §2 Navigation: contact-us loads contact content): CMS contact content, sanitised. */
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RichText } from '@/components/content/RichText';
import { SubHeader } from '@/components/layout/SubHeader';
import { getContactPage } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

export default async function ContactPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [content, t, tc] = await Promise.all([
    getContactPage(locale),
    getTranslations({ locale, namespace: 'titles' }),
    getTranslations({ locale, namespace: 'content' }),
  ]);
  return (
    <>
      <SubHeader locale={locale} path="/contact-us" fallback={t('contact')} />
      <Container sx={{ py: 3 }}>
        {content?.Description ? <RichText html={content.Description} locale={locale} /> : <Typography role="status">{tc('unavailable')}</Typography>}
      </Container>
    </>
  );
}
