/** /maytest (spec §2 Static pages): the simple page whose SeoLink is `maytest`. */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SimplePageView, simplePageMetadata } from '@/components/content/SimplePageView';
import { findSimplePage } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

const SEO_LINK = 'maytest';
const PATH = '/maytest';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const [t, page] = await Promise.all([getTranslations({ locale, namespace: 'content.titles' }), findSimplePage(locale, SEO_LINK)]);
  return simplePageMetadata(locale, page, PATH, t('maytest'));
}

export default async function MayTestPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, page] = await Promise.all([getTranslations({ locale, namespace: 'content.titles' }), findSimplePage(locale, SEO_LINK)]);
  return <SimplePageView locale={locale} page={page} path={PATH} fallback={t('maytest')} />;
}
