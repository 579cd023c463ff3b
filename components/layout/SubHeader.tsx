/**
 * The sub-header with the page title (spec §2 Navigation: title matching). The title is the
 * menu entry matching `path`; login, contact-us and about-us have their own sources; pages
 * outside the menu pass a `fallback` (an event or race name).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { getAboutPage, getContactPage, getMenu, getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';
import { matchPageTitle } from '@/lib/navigation';

export async function resolvePageTitle(locale: Locale, path: string, fallback: string): Promise<string> {
  const source = matchPageTitle(path, await getMenu(locale));
  const t = await getTranslations({ locale, namespace: 'titles' });
  switch (source.kind) {
    case 'login':
      return t('login');
    case 'contact':
      return (await getContactPage(locale))?.Title ?? t('contact');
    case 'about':
      return (await getAboutPage(locale))?.Title ?? t('about');
    case 'menu':
      return source.title;
    default:
      return fallback;
  }
}

export async function SubHeader({ locale, path, fallback }: { locale: Locale; path: string; fallback: string }) {
  const [title, settings] = await Promise.all([resolvePageTitle(locale, path, fallback), getSiteSettings()]);
  const c = settings.colors;
  return (
    <Box sx={{ bgcolor: c.subheader, color: c.subheaderFont, px: { xs: 2, md: 4 }, py: { xs: 1.5, md: 2.5 } }} className="subheader">
      <Typography
        component="h1"
        sx={{ fontSize: { xs: Math.min(32, settings.subheaderFontSize), sm: settings.subheaderFontSize }, fontWeight: 600, lineHeight: 1.15 }}
      >
        {title}
      </Typography>
    </Box>
  );
}
