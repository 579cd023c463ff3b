/**
 * Top banner with the logo, the menu drawer button (1366 px and less), the language globe and
 * the top menu (above 1366 px) (spec §2 Layouts: main layout; §9 breakpoints). The logo is
 * responsive at 960 px: the full banner (with its tagline, in the page's language when the CMS
 * has `TopBannerLogo:<locale>`) from 960 px up, the round mark below. Server component, plain
 * HTML (issue 23: no MUI in the shell); the menus, the globe and the account control are client
 * leaves, and each works with JavaScript off (./../menu/*.tsx say how).
 *
 * The account control (issue 11): "Log in", or the logged-in person's menu, beside the globe
 * (and at the end of the drawer). The user is read from the session cookie (`headerViewer`:
 * no database query without one; a failed lookup shows "Log in" rather than failing the page).
 * The page cache stores only renders of requests without a session cookie, so a stored page
 * always shows "Log in" and a logged-in visitor always gets a fresh render.
 */
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
import styles from './shell.module.css';

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
  return (
    <header className={`site-header ${styles.header}`}>
      <div className={styles.bar}>
        <MenuDrawer items={visibleMenu(menu, 'drawer')} user={user} />
        <Link href="/" aria-label={t('homeOf', { name: siteName })} className={styles.home}>
          {markSrc ? (
            <picture>
              {bannerSrc && bannerSrc !== markSrc && <source media="(min-width: 960px)" srcSet={bannerSrc} width={bannerWidth} height={BANNER_HEIGHT} />}
              <img src={markSrc} alt={siteName} width={markWidth} height={MARK_HEIGHT} className="site-logo" />
            </picture>
          ) : (
            <span className={styles.siteName}>{siteName}</span>
          )}
        </Link>
        <span className={styles.spacer} />
        <AccountButton user={user} />
        <LanguageMenu languages={languages} />
      </div>
      <TopMenu items={visibleMenu(menu, 'top')} fontSize={settings.menuFontSize} />
    </header>
  );
}
