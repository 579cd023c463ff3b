/**
 * /contact-us (spec §2 Navigation: contact-us loads contact content; §1 a contact page): CMS contact
 * content, sanitised, then the contact form (its captcha site key from the CMS parameters).
 */
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactForm } from '@/components/contact/ContactForm';
import { RichText } from '@/components/content/RichText';
import type { Metadata } from 'next';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getContactPage, getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'titles' });
  return pageMetadata(locale, '/contact-us', t('contact'));
}

export default async function ContactPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [content, settings, t, tc] = await Promise.all([
    getContactPage(locale),
    getSiteSettings(locale),
    getTranslations({ locale, namespace: 'titles' }),
    getTranslations({ locale, namespace: 'content' }),
  ]);
  return (
    <>
      <SubHeader locale={locale} path="/contact-us" fallback={t('contact')} />
      <Container sx={{ py: 3 }}>
        {content?.Description ? <RichText html={content.Description} locale={locale} /> : <Typography role="status">{tc('unavailable')}</Typography>}
        <ContactForm captchaSiteKey={settings.captchaSiteKey} />
      </Container>
    </>
  );
}
