/**
 * /documents (spec §2 Static pages): the documents of the page's language to download
 * (components/content/DocumentList: title, description, type, date, size, download link).
 * With none, or the CMS unavailable, a sentence says so and the page answers 200. Plain HTML
 * (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DocumentList } from '@/components/content/DocumentList';
import { EmptyState } from '@/components/content/EmptyState';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getDocuments } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/documents';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'content' });
  return pageMetadata(locale, PATH, t('titles.documents'), t('descriptions.documents'));
}

export default async function DocumentsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, documents] = await Promise.all([getTranslations({ locale, namespace: 'content' }), getDocuments(locale)]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.documents')} />
      <div className="container">
        {!documents ? (
          <EmptyState>{t('unavailable')}</EmptyState>
        ) : !documents.length ? (
          <EmptyState>{t('empty.documents')}</EmptyState>
        ) : (
          <DocumentList documents={documents} locale={locale} />
        )}
      </div>
    </>
  );
}
