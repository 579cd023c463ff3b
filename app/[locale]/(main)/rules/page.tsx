/**
 * /rules (spec §2 Static pages, Screens: rules page): the rulebook, the simple page whose
 * SeoLink is `rulebook`, followed by the documents of type `rulebook` to download. The title
 * (heading and tab) is the menu entry for /rules, else the page's Title, else the translated
 * "Rulebook"; the description is the page's PageDescription. Plain HTML (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DocumentList } from '@/components/content/DocumentList';
import styles from '@/components/content/content.module.css';
import { SimplePageView } from '@/components/content/SimplePageView';
import { pageMetadata } from '@/components/layout/metadata';
import { findSimplePage, getDocuments } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

const SEO_LINK = 'rulebook';
const PATH = '/rules';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const [t, page] = await Promise.all([getTranslations({ locale, namespace: 'content' }), findSimplePage(locale, SEO_LINK)]);
  // The title, like the heading, is the menu entry for /rules (else the page's Title).
  const found = typeof page === 'string' ? null : page;
  return pageMetadata(locale, PATH, found?.Title ?? t('titles.rules'), found?.PageDescription ?? t('descriptions.rules'));
}

export default async function RulesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, page, documents] = await Promise.all([getTranslations({ locale, namespace: 'content' }), findSimplePage(locale, SEO_LINK), getDocuments(locale)]);
  const rulebooks = (documents ?? []).filter((d) => d.Type === 'rulebook');
  return (
    <SimplePageView locale={locale} page={page} path={PATH} fallback={t('titles.rules')} empty={t('empty.rules')}>
      {rulebooks.length > 0 && (
        <section aria-labelledby="rulebook-documents">
          <h2 id="rulebook-documents" className={styles.sectionHeading}>
            {t('documents.rulebookHeading')}
          </h2>
          <DocumentList documents={rulebooks} locale={locale} headingLevel={3} />
        </section>
      )}
    </SimplePageView>
  );
}
