/**
 * /contact-us (spec §2 Navigation: contact-us loads contact content; §1 a contact page): CMS contact
 * content, sanitised, then the contact form (its captcha site key from the CMS parameters).
 * Plain HTML (issue 23): the form is the only client part (components/contact/ContactForm).
 */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactFormIsland } from '@/components/contact/islands';
import contact from '@/components/contact/contact.module.css';
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
      <div className="container">
        {content?.Description ? <RichText html={content.Description} locale={locale} /> : (
          <p role="status" className={contact.unavailable}>
            {tc('unavailable')}
          </p>
        )}
        <ContactFormIsland captchaSiteKey={settings.captchaSiteKey} />
      </div>
    </>
  );
}
