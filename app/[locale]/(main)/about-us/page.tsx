/**
 * /about-us (spec §2 Navigation: about-us loads about content): CMS about content, sanitised;
 * without it, a sentence (role=status) says it is unavailable. Plain HTML (issue 23).
 */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RichText } from '@/components/content/RichText';
import styles from '@/components/content/content.module.css';
import type { Metadata } from 'next';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getAboutPage } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'titles' });
  return pageMetadata(locale, '/about-us', t('about'));
}

export default async function AboutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [content, t, tc] = await Promise.all([
    getAboutPage(locale),
    getTranslations({ locale, namespace: 'titles' }),
    getTranslations({ locale, namespace: 'content' }),
  ]);
  return (
    <>
      <SubHeader locale={locale} path="/about-us" fallback={t('about')} />
      <div className="container">
        {content?.Description ? (
          <RichText html={content.Description} locale={locale} />
        ) : (
          <p role="status" className={styles.text}>
            {tc('unavailable')}
          </p>
        )}
      </div>
    </>
  );
}
