/**
 * Top banner with the logo, the menu drawer button (1366 px and less), the language globe and
 * the top menu (above 1366 px) (spec §2 Layouts: main layout; §9 breakpoints). The logo is
 * responsive at 960 px: the full banner (with its tagline, in the page's language when the CMS
 * has `TopBannerLogo:<locale>`) from 960 px up, the round mark below. Server component; the
 * menus and the globe are client leaves.
 *
 * The account control (issue 11): "Log in", or the logged-in person's menu, beside the globe
 * (and at the end of the drawer). The user is read from the session cookie (`headerViewer`:
 * no database query without one; a failed lookup shows "Log in" rather than failing the page).
 * The page cache stores only renders of requests without a session cookie, so a stored page
 * always shows "Log in" and a logged-in visitor always gets a fresh render.
 */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getMenu, getParameterImages, getSiteSettings, mediaUrl } from '@/lib/cms';
import { visibleMenu } from '@/lib/navigation';
import { LanguageMenu, type LanguageOption } from '../menu/LanguageMenu';
import { MenuDrawer } from '../menu/MenuDrawer';
import { TopMenu } from '../menu/TopMenu';
import { headerViewer, shortName } from '../account/profile/viewer';
import { AccountButton, type HeaderUser } from './AccountButton';
import { languageOptions } from './languages';

const BANNER_HEIGHT = 56;
const MARK_HEIGHT = 48;

export async function SiteHeader({ locale }: { locale: Locale }) {
  const [menu, images, settings, t, tMeta, viewer] = await Promise.all([
    getMenu(locale),
    getParameterImages(locale),
    getSiteSettings(locale),
    getTranslations({ locale, namespace: 'shell' }),
    getTranslations({ locale, namespace: 'meta' }),
    headerViewer(),
  ]);
  const user: HeaderUser | null = viewer ? { name: shortName(viewer) } : null;
  const siteName = settings.pageTitle ?? tMeta('siteName');
  const banner = images.TopBannerLogo ?? null;
  const mark = images.Logo ?? banner;
  const bannerSrc = mediaUrl(banner?.url);
  const markSrc = mediaUrl(mark?.url);
  const bannerWidth = banner?.width && banner.height ? Math.round((banner.width / banner.height) * BANNER_HEIGHT) : undefined;
  const markWidth = mark?.width && mark.height ? Math.round((mark.width / mark.height) * MARK_HEIGHT) : MARK_HEIGHT;
  const languages: LanguageOption[] = languageOptions(settings.languageList);
  const c = settings.colors;
  return (
    <Box component="header" className="site-header" sx={{ bgcolor: c.navbar, color: c.menuFont, borderBottom: `3px solid ${c.menuBorder}` }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, md: 3 }, py: 1 }}>
        <MenuDrawer items={visibleMenu(menu, 'drawer')} color={c.menuFont} user={user} />
        <Link href="/" aria-label={t('homeOf', { name: siteName })} style={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
          {markSrc ? (
            <picture>
              {bannerSrc && bannerSrc !== markSrc && <source media="(min-width: 960px)" srcSet={bannerSrc} width={bannerWidth} height={BANNER_HEIGHT} />}
              <img src={markSrc} alt={siteName} width={markWidth} height={MARK_HEIGHT} className="site-logo" />
            </picture>
          ) : (
            <Box component="span" sx={{ fontWeight: 700, fontSize: { xs: 18, md: 24 } }}>
              {siteName}
            </Box>
          )}
        </Link>
        <Box sx={{ flex: 1 }} />
        <AccountButton user={user} color={c.menuFont} />
        <LanguageMenu languages={languages} color={c.menuFont} />
      </Box>
      <TopMenu items={visibleMenu(menu, 'top')} color={c.menuFont} background={c.menuButton} fontSize={settings.menuFontSize} />
    </Box>
  );
}
