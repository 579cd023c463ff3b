/**
 * The sub-header with the breadcrumbs (Home, the menu entries above the page or the given
 * `parents`, the page) and the page title (spec §2 Navigation: title matching;
 * §2 Layouts: breadcrumbs; §9: 44 px, 32 px under 600 px wide, or the CMS SubheaderFontSize).
 * The title is the menu entry matching `path`; login, contact-us and about-us have their own
 * sources; pages outside the menu pass a translated `fallback` (an event or race name).
 * Plain HTML (issue 23); the breadcrumbs are an ordered list in a labelled `nav`.
 */
import type { CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import { getAboutPage, getContactPage, getMenu, getSiteSettings } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { breadcrumbTrail, isExternalLink, matchPageTitle, type Crumb } from '@/lib/navigation';
import styles from './shell.module.css';

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
  const trail = (parents ?? breadcrumbTrail(path, menu)).filter((crumb) => crumb.label !== title);
  return (
    <div className={`subheader ${styles.subheader}`} style={{ '--title-size': `${settings.subheaderFontSize}px` } as CSSProperties}>
      {path !== '/' && (
        <nav aria-label={t('breadcrumbs')} className={`no-print ${styles.crumbs}`}>
          <ol>
            <li>
              <Link href="/">{t('home')}</Link>
            </li>
            {trail.map((crumb) => (
              <li key={`${crumb.label}-${crumb.href ?? ''}`}>{crumb.href && !isExternalLink(crumb.href) ? <Link href={crumb.href}>{crumb.label}</Link> : crumb.label}</li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <h1 className={styles.title}>{title}</h1>
    </div>
  );
}
