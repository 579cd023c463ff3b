/**
 * The sub-header with the breadcrumbs (Home, the menu entries above the page or the given
 * `parents`, the page) and the page title (spec §2 Navigation: title matching;
 * §2 Layouts: breadcrumbs; §9: 44 px, 32 px under 600 px wide, or the CMS SubheaderFontSize).
 * The title is the menu entry matching `path`; login, contact-us and about-us have their own
 * sources; pages outside the menu pass a translated `fallback` (an event or race name).
 */
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { getAboutPage, getContactPage, getMenu, getSiteSettings } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { breadcrumbTrail, isExternalLink, matchPageTitle, type Crumb } from '@/lib/navigation';

/** The page title for `path` in `locale` (spec §2 Navigation: title matching). */
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

/**
 * `title` replaces the matched title (the landing page shows its CMS Title, not the menu's
 * "Home"); `fallback` is the translated title when no menu entry matches `path`.
 */
export async function SubHeader({
  locale,
  path,
  fallback,
  title: given,
  parents,
}: {
  locale: Locale;
  path: string;
  fallback: string;
  title?: string | null;
  /** The pages above this one when the menu does not know them (a race's event), outermost first. */
  parents?: Crumb[];
}) {
  const [title, settings, menu, t] = await Promise.all([
    given ?? resolvePageTitle(locale, path, fallback),
    getSiteSettings(locale),
    getMenu(locale),
    getTranslations({ locale, namespace: 'shell' }),
  ]);
  const c = settings.colors;
  const trail = (parents ?? breadcrumbTrail(path, menu)).filter((crumb) => crumb.label !== title);
  const crumbStyle = { color: 'inherit', textDecorationColor: 'currentColor' } as const;
  return (
    <Box sx={{ bgcolor: c.subheader, color: c.subheaderFont, px: { xs: 2, md: 4 }, py: { xs: 1.25, md: 2 } }} className="subheader">
      {path !== '/' && (
        <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ color: 'inherit', fontSize: 14, mb: 0.5, '& .MuiBreadcrumbs-separator': { color: 'inherit' } }} className="no-print">
          <Link href="/" style={crumbStyle}>
            {t('home')}
          </Link>
          {trail.map((crumb) =>
            crumb.href && !isExternalLink(crumb.href) ? (
              <Link key={`${crumb.label}-${crumb.href}`} href={crumb.href} style={crumbStyle}>
                {crumb.label}
              </Link>
            ) : (
              <span key={crumb.label}>{crumb.label}</span>
            ),
          )}
          <span aria-current="page">{title}</span>
        </Breadcrumbs>
      )}
      <Typography
        component="h1"
        sx={{ fontSize: { xs: Math.min(32, settings.subheaderFontSize), sm: settings.subheaderFontSize }, fontWeight: 600, lineHeight: 1.15, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
    </Box>
  );
}
