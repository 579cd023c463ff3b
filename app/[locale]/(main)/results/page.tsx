/**
 * /results (spec §2 static pages; "race results … results search"): the results index (issue
 * 25): every public event with results, newest first, filterable by season, discipline and
 * promoter through a GET form (`?season=2026&discipline=enduro&promoter=2001&page=2`). A
 * departure from the page's first version, which showed the default promoter's events: the menu
 * led there and left out this season's events of every other club. A promoter's own events stay
 * at /results/{promoterUserId}. Plain HTML: no client code.
 */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { ResultsIndex } from '@/components/results-index/ResultsIndex';
import type { Locale } from '@/lib/config';
import { parseResultsQuery } from '@/lib/server/results-index';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'results.index' });
  return pageMetadata(locale, '/results', t('title'), t('intro'));
}

export default async function ResultsIndexPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'results.index' });
  const query = parseResultsQuery(await searchParams);
  return (
    <>
      <SubHeader locale={locale} path="/results" fallback={t('title')} />
      <div className="container">
        <ResultsIndex locale={locale} query={query} />
      </div>
    </>
  );
}
