/**
 * The shell every layout shares (spec §2 Layouts): `<html lang>` in the URL's language, the
 * providers (theme from the CMS parameters, TanStack Query, the loading overlay), the
 * page-load progress bar, the online/offline notice, the trackside service worker (registered
 * in production builds), the chunk-load reload guard, the top
 * banner with menus and language globe, and the footer. The route groups below add what
 * differs: (landing) the home page, (main) content pages, (scores) and (series) the
 * results pages with a fixed title.
 */
import Box from '@mui/material/Box';
import type { Metadata } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { ChunkReload } from '@/components/layout/ChunkReload';
import { NavigationProgress } from '@/components/layout/NavigationProgress';
import { OnlineStatus } from '@/components/layout/OnlineStatus';
import { OverlayProvider } from '@/components/layout/Overlay';
import { Providers } from '@/components/layout/Providers';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { ServiceWorker } from '@/components/pwa/ServiceWorker';
import { getParameterImages, getSiteSettings, mediaUrl } from '@/lib/cms';
import { routing } from '@/lib/i18n/routing';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const lang = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const [settings, images, t] = await Promise.all([getSiteSettings(lang), getParameterImages(lang), getTranslations({ locale: lang, namespace: 'meta' })]);
  const name = settings.tabTitle ?? t('siteName');
  const icon = mediaUrl(images.TabLogo?.url);
  return {
    title: { default: name, template: `%s | ${name}` },
    description: t('description'),
    openGraph: { siteName: name, locale: t('ogLocale'), type: 'website' },
    ...(icon ? { icons: { icon } } : {}),
  };
}

export const viewport = { width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [settings, t] = await Promise.all([getSiteSettings(locale), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <Providers settings={settings}>
            <OverlayProvider>
              <a href="#main" className="skip-link">
                {t('skipToContent')}
              </a>
              <Suspense fallback={null}>
                <NavigationProgress />
              </Suspense>
              <SiteHeader locale={locale} />
              <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                {children}
              </Box>
              <SiteFooter locale={locale} />
              <OnlineStatus />
              <ServiceWorker />
              <ChunkReload />
            </OverlayProvider>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
