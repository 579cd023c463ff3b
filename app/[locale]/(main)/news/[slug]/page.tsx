/**
 * /news/{slug} (spec §2 Static pages: news): one article of the page's language, with its
 * date, image and content, and a link back to the news. An unknown slug answers 404; the
 * slug of another language's version of the article (after a language switch) redirects
 * to this language's slug. With the CMS unavailable the page says so and answers 200. Plain
 * HTML (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CmsImage } from '@/components/content/CmsImage';
import { ContentBody } from '@/components/content/ContentBody';
import styles from '@/components/content/content.module.css';
import { EntryUnavailable } from '@/components/content/EntryUnavailable';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getNewsArticle } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const [t, article] = await Promise.all([getTranslations({ locale, namespace: 'content' }), getNewsArticle(locale, slug)]);
  if (article === 'missing') notFound();
  if (article === 'unavailable') return pageMetadata(locale, '/news', t('titles.news'), t('descriptions.news'));
  return { title: article.Title, ...(article.Summary ? { description: article.Summary } : {}) };
}

export default async function NewsArticlePage({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const [t, article] = await Promise.all([getTranslations({ locale, namespace: 'content' }), getNewsArticle(locale, slug)]);
  if (article === 'missing') notFound();
  if (article !== 'unavailable' && article.Slug !== slug) redirect({ href: `/news/${article.Slug}`, locale });
  const back = (
    <p className={styles.back}>
      <Link href="/news">← {t('news.back')}</Link>
    </p>
  );
  if (article === 'unavailable') {
    return <EntryUnavailable locale={locale} path="/news" fallback={t('titles.news')} back={back} message={t('unavailable')} />;
  }
  return (
    <>
      <SubHeader locale={locale} path={`/news/${article.Slug}`} fallback={article.Title} />
      <article className="container container-md">
        {back}
        {article.PublishedDate && (
          <p className={styles.published}>
            {t('news.published')} <time dateTime={article.PublishedDate}>{formatDate(article.PublishedDate, locale)}</time>
          </p>
        )}
        {article.Image && (
          <div className={styles.figure}>
            <CmsImage media={article.Image} alt={article.Image.alternativeText ?? ''} eager style={{ width: '100%' }} />
          </div>
        )}
        {article.Summary && (
          <p className={styles.lead}>{article.Summary}</p>
        )}
        {article.Content && <ContentBody html={article.Content} locale={locale} label={article.Title} />}
      </article>
    </>
  );
}
