/**
 * Layouts for the routes whose pages still use MUI components (issue 23): the page inside MUI's
 * theme and Emotion cache (./MuiProviders.tsx), the theme built from the CMS colours of the
 * page's language. Kept apart from the shell so that a plain-HTML page never loads MUI.
 */
import type { ReactNode } from 'react';
import { getSiteSettings } from '@/lib/cms';
import { hasLocale } from 'next-intl';
import { routing } from '@/lib/i18n/routing';
import { MuiProviders } from './MuiProviders';

/** `page` inside MUI's providers with the theme of `locale`'s site settings. */
export async function withMui(locale: string, page: ReactNode): Promise<ReactNode> {
  const settings = await getSiteSettings(hasLocale(routing.locales, locale) ? locale : routing.defaultLocale);
  return <MuiProviders settings={settings}>{page}</MuiProviders>;
}

