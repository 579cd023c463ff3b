/**
 * Top banner (logo from the parameter images), top menu and language globe (spec §2 Layouts:
 * main layout). Server component; the menu and globe are client leaves.
 */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getMenu, getParameterImages, getSiteSettings, mediaUrl } from '@/lib/cms';
import { visibleMenu } from '@/lib/navigation';
import { LanguageMenu, type LanguageOption } from '../menu/LanguageMenu';
import { TopMenu } from '../menu/TopMenu';
import { languageOptions } from './languages';

export async function SiteHeader({ locale }: { locale: Locale }) {
  const [menu, images, settings, t] = await Promise.all([
    getMenu(locale),
    getParameterImages(),
    getSiteSettings(),
    getTranslations({ locale, namespace: 'shell' }),
  ]);
  const tMeta = await getTranslations({ locale, namespace: 'meta' });
  const logo = images.TopBannerLogo ?? images.Logo;
  const logoSrc = mediaUrl(logo?.url);
  const languages: LanguageOption[] = languageOptions(settings.languageList);
  const c = settings.colors;
  return (
    <Box component="header" sx={{ bgcolor: c.navbar, color: c.menuFont, borderBottom: `3px solid ${c.menuBorder}` }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 1.5, md: 3 }, py: 1 }}>
        <Link href="/" aria-label={t('home')} style={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
          {logoSrc ? (
            // eslint-disable-next-line @next/next/no-img-element -- CMS uploads are served as they are (SVG).
            <img src={logoSrc} alt={t('logoAlt')} height={56} style={{ height: 56, width: 'auto', maxWidth: '60vw' }} />
          ) : (
            <Box component="span" sx={{ fontWeight: 700, fontSize: { xs: 18, md: 24 } }}>
              {settings.pageTitle ?? tMeta('siteName')}
            </Box>
          )}
        </Link>
        <Box sx={{ flex: 1 }} />
        <LanguageMenu languages={languages} color={c.menuFont} />
      </Box>
      <TopMenu items={visibleMenu(menu, 'top')} color={c.menuFont} background={c.menuButton} fontSize={settings.menuFontSize} />
    </Box>
  );
}
