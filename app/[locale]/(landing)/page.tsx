/**
 * Home (spec §2 Landing page): rotating image carousel, action buttons and up to 4 content
 * sections, from the CMS home content in the current language; and for race day (issue 25):
 * the sessions running now above the carousel (hidden when none), then the next events, the
 * latest results and the season's series leaders (components/home/RaceDay.tsx, from the
 * database, cached and tagged) above the CMS sections. Plain HTML (issue 23): a server
 * component; only the carousel is a small client leaf (its timer and controls).
 */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Carousel } from '@/components/home/Carousel';
import { LiveNow, RaceDay } from '@/components/home/RaceDay';
import styles from '@/components/home/home.module.css';
import { RichText } from '@/components/content/RichText';
import { SubHeader } from '@/components/layout/SubHeader';
import ui from '@/components/ui/ui.module.css';
import { getHomeButtons, getHomeContent, mediaUrl } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { isExternalLink } from '@/lib/navigation';

type Props = { params: Promise<{ locale: Locale }> };

const BUTTON = `${ui.button} ${ui.contained} ${ui.upper}`;

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [content, buttons, t, tMeta] = await Promise.all([
    getHomeContent(locale),
    getHomeButtons(locale),
    getTranslations({ locale, namespace: 'home' }),
    getTranslations({ locale, namespace: 'meta' }),
  ]);
  const slides = (content?.Images ?? []).flatMap((img) => {
    const src = mediaUrl(img.url);
    return src ? [{ src, alt: img.alternativeText ?? '' }] : [];
  });
  const sections = [content?.Section1, content?.Section2, content?.Section3, content?.Section4].filter(
    (s): s is NonNullable<typeof s> => !!s && !!(s.Title || s.Content),
  );
  return (
    <>
      <SubHeader locale={locale} path="/" fallback={tMeta('siteName')} title={content?.Title} />
      <LiveNow locale={locale} />
      <Carousel slides={slides} />
      <div className="container">
        {buttons.length > 0 && (
          <nav aria-label={t('actions')} className={styles.actions}>
            {buttons.map((b) => {
              const href = b.Link ?? b.page_path;
              if (!href) return null;
              return isExternalLink(href) ? (
                <a key={b.id} href={href} className={BUTTON}>
                  {b.name}
                </a>
              ) : (
                <Link key={b.id} href={href} className={BUTTON}>
                  {b.name}
                </Link>
              );
            })}
          </nav>
        )}
        <RaceDay locale={locale} />
        <div className={styles.sections}>
          {sections.map((s, i) => (
            <section key={i} className={`${ui.outlinedPaper} ${styles.section}`}>
              {s.Title && <h2 className={styles.sectionTitle}>{s.Title}</h2>}
              <RichText html={s.Content} locale={locale} />
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
