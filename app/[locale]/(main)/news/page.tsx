/**
 * /news (spec §2 Static pages, §3 Paging state): the news articles of the page's language,
 * newest first, 10 a page (`?page=N`). A missing or malformed page number (`0`, `-1`, `abc`)
 * shows page 1; a page past the last answers 404. With no article, or the CMS unavailable,
 * a sentence says so and the page answers 200. Plain HTML (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import styles from '@/components/content/content.module.css';
import { EmptyState } from '@/components/content/EmptyState';
import { NewsList } from '@/components/content/NewsList';
import { Pagination } from '@/components/content/Pagination';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getNewsArticles } from '@/lib/cms';
import { lastPage, NEWS_PAGE_SIZE, parsePage } from '@/lib/contracts/content';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ page?: string | string[] }> };

const PATH = '/news';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const page = parsePage((await searchParams).page);
  const t = await getTranslations({ locale, namespace: 'content' });
  const meta = await pageMetadata(locale, PATH, t('titles.news'), t('descriptions.news'));
  return page > 1 ? { ...meta, title: `${String(meta.title)} – ${t('pagination.page', { page })}` } : meta;
}

export default async function NewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, articles, { page: rawPage }] = await Promise.all([getTranslations({ locale, namespace: 'content' }), getNewsArticles(locale), searchParams]);
  const page = parsePage(rawPage);
  const last = lastPage(articles?.length ?? 0, NEWS_PAGE_SIZE);
  if (articles && page > last) notFound();
  const shown = (articles ?? []).slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.news')} />
      <div className="container">
        {!articles ? (
          <EmptyState>{t('unavailable')}</EmptyState>
        ) : !shown.length ? (
          <EmptyState>{t('empty.news')}</EmptyState>
        ) : (
          <>
            {last > 1 && (
              <p className={`${styles.small} ${styles.status}`}>{t('pagination.status', { page, count: last })}</p>
            )}
            <NewsList articles={shown} locale={locale} />
            <Pagination locale={locale} path={PATH} page={page} last={last} />
          </>
        )}
      </div>
    </>
  );
}
