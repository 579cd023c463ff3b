/**
 * The main layout (spec §2 Layouts): top banner with logo, top menu, language globe, the
 * page (which renders its own sub-header title), and the footer, all in the URL's language.
 */
import Box from '@mui/material/Box';
import type { Metadata } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { Providers } from '@/components/layout/Providers';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { getParameterImages, getSiteSettings, mediaUrl } from '@/lib/cms';
import { routing } from '@/lib/i18n/routing';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const lang = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const [settings, images, t] = await Promise.all([getSiteSettings(), getParameterImages(), getTranslations({ locale: lang, namespace: 'meta' })]);
  const name = settings.tabTitle ?? t('siteName');
  const icon = mediaUrl(images.TabLogo?.url);
  return {
    title: { default: name, template: `%s | ${name}` },
    description: t('description'),
    ...(icon ? { icons: { icon } } : {}),
  };
}

export const viewport = { width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [settings, t] = await Promise.all([getSiteSettings(), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <Providers settings={settings}>
            <a href="#main" className="skip-link">
              {t('skipToContent')}
            </a>
            <SiteHeader locale={locale} />
            <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
              {children}
            </Box>
            <SiteFooter locale={locale} />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
