/**
 * /series/oldPage (spec §2 Static pages): the series archive, the simple page whose SeoLink is
 * `series-archive`. Its HTML table scrolls sideways inside its own box on a phone
 * (components/content/ContentBody), never widening the page.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SimplePageView, simplePageMetadata } from '@/components/content/SimplePageView';
import { findSimplePage } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

const SEO_LINK = 'series-archive';
const PATH = '/series/oldPage';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const [t, page] = await Promise.all([getTranslations({ locale, namespace: 'content.titles' }), findSimplePage(locale, SEO_LINK)]);
  return simplePageMetadata(locale, page, PATH, t('seriesArchive'));
}

export default async function SeriesArchivePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, page] = await Promise.all([getTranslations({ locale, namespace: 'content.titles' }), findSimplePage(locale, SEO_LINK)]);
  return <SimplePageView locale={locale} page={page} path={PATH} fallback={t('seriesArchive')} />;
}
