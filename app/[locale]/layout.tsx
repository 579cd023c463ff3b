/**
 * The shell every layout shares (spec §2 Layouts): `<html lang>` in the URL's language, the
 * CMS colours as CSS custom properties, the loading overlay, the
 * page-load progress bar, the online/offline notice, the trackside service worker (registered
 * in production builds), the chunk-load reload guard, the top
 * banner with menus and language globe, and the footer. The route groups below add what
 * differs: (landing) the home page, (main) content pages, (scores) and (series) the
 * results pages with a fixed title.
 */
import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Activity, type CSSProperties, type ReactNode } from 'react';
import { ChunkReload } from '@/components/layout/ChunkReload';
import { SHELL_MESSAGES, withClientMessages } from '@/components/layout/client-messages';
import { NavigationProgress } from '@/components/layout/NavigationProgress';
import { OnlineStatus } from '@/components/layout/OnlineStatus';
import { OverlayProvider } from '@/components/layout/Overlay';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { ServiceWorkerLoader } from '@/components/pwa/ServiceWorkerLoader';
import { BASE_PATH } from '@/lib/config';
import { getParameterImages, getSiteSettings, mediaUrl } from '@/lib/cms';
import type { SiteSettings } from '@/lib/contracts/site';
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

/** The CMS colours (spec §3 Theme settings, §9) as CSS custom properties for the plain-HTML shell and pages (app/globals.css). */
function colorProperties(colors: SiteSettings['colors']): CSSProperties {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return Object.fromEntries(Object.entries(colors).map(([name, value]) => [`--c-${kebab(name)}`, value])) as CSSProperties;
}

export const viewport = { width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [settings, t] = await Promise.all([getSiteSettings(locale), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <html lang={locale}>
      <body style={colorProperties(settings.colors)}>
        {/* The shell's message groups only; each route group adds its pages' (components/layout/client-messages.tsx). */}
        {await withClientMessages(
          SHELL_MESSAGES,
          <OverlayProvider>
            <a href="#main" className="skip-link">
              {t('skipToContent')}
            </a>
            {/* Header, page and footer, and the shell's watchers, each hydrate in an Activity
                boundary: React hydrates such a boundary at a low priority, in short slices the
                browser can interrupt, and at once where the visitor clicks or types first. No
                long task while a page starts (issue 23: Lighthouse's total blocking time). */}
            <Activity mode="visible">
              <SiteHeader locale={locale} />
            </Activity>
            <Activity mode="visible">
              <main id="main" tabIndex={-1} className="main">
                {children}
              </main>
              <SiteFooter locale={locale} />
            </Activity>
            <Activity mode="visible">
              <NavigationProgress />
              <OnlineStatus />
              <ServiceWorkerLoader />
              <ChunkReload />
            </Activity>
            <link rel="apple-touch-icon" href={`${BASE_PATH}/icons/apple-touch-icon.png`} />
            <meta name="theme-color" content="#0d2c54" />
          </OverlayProvider>
        )}
      </body>
    </html>
  );
}
