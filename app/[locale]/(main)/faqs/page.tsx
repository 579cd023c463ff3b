/**
 * /faqs (spec §1, §2 Screens: FAQ page with search): the FAQs of the page's language grouped
 * by category, each a disclosure, with a search across questions and answers that ignores
 * accents and case (components/content/FaqSearch). `?q=` holds the search, so a search can be
 * shared and works without JavaScript. With no FAQ, or the CMS unavailable, a sentence says
 * so and the page answers 200. The page is plain HTML (issue 23); the search is its one client
 * leaf.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { FaqSearch } from '@/components/content/FaqSearch';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getFaqs } from '@/lib/cms';
import { sanitizeRichText } from '@/lib/cms/html';
import type { FaqEntry } from '@/lib/contracts/content';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ q?: string | string[] }> };

const PATH = '/faqs';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'content' });
  return pageMetadata(locale, PATH, t('titles.faqs'), t('descriptions.faqs'));
}

export default async function FaqsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, faqs, { q }] = await Promise.all([getTranslations({ locale, namespace: 'content' }), getFaqs(locale), searchParams]);
  const query = typeof q === 'string' ? q : '';
  const entries: FaqEntry[] = (faqs ?? []).map((f) => ({
    id: f.id,
    question: f.Question,
    answerHtml: sanitizeRichText(f.Answer, locale),
    category: f.Category,
  }));
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.faqs')} />
      <div className="container">
        {!faqs ? (
          <EmptyState>{t('unavailable')}</EmptyState>
        ) : !entries.length ? (
          <EmptyState>{t('empty.faqs')}</EmptyState>
        ) : (
          <FaqSearch key={query} faqs={entries} initialQuery={query} />
        )}
      </div>
    </>
  );
}
