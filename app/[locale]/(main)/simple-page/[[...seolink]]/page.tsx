/**
 * /simple-page/{seolink?} (spec §2 Routes with an optional id, §3 Simple page, §7 simple-pages):
 * without a SeoLink, every simple page of the language (Title, PageDescription) linking to
 * /simple-page/{SeoLink}; with one, that page (components/content/SimplePageView: PageTitle and
 * PageDescription for the tab and the description, Title as the heading when no menu entry
 * names the path, Description as rich text). An unknown SeoLink, or more than one segment,
 * answers 404; with the CMS unavailable the page says so and answers 200. Plain HTML (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/content/EmptyState';
import { PageList } from '@/components/content/PageList';
import { SimplePageView, simplePageMetadata } from '@/components/content/SimplePageView';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { findSimplePage, getSimplePages, SLUG_PATTERN, type Lookup, type SimplePage } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale; seolink?: string[] }> };

/** The page asked for: the list (no segment), a page, or 404 (more than one segment, unknown SeoLink). */
async function resolve(locale: Locale, segments: string[] | undefined): Promise<'list' | { page: Lookup<SimplePage>; path: string }> {
  if (!segments?.length) return 'list';
  if (segments.length > 1) notFound();
  const page = await findSimplePage(locale, segments[0]);
  if (page === 'missing') notFound();
  return { page, path: `/simple-page/${segments[0]}` };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, seolink } = await params;
  const [t, target] = await Promise.all([getTranslations({ locale, namespace: 'content' }), resolve(locale, seolink)]);
  if (target === 'list') return pageMetadata(locale, '/simple-page', t('titles.simplePages'), t('descriptions.simplePages'));
  return simplePageMetadata(locale, target.page, target.path, t('titles.simplePages'));
}

export default async function SimplePageRoute({ params }: Props) {
  const { locale, seolink } = await params;
  setRequestLocale(locale);
  const [t, target] = await Promise.all([getTranslations({ locale, namespace: 'content' }), resolve(locale, seolink)]);
  if (target !== 'list') return <SimplePageView locale={locale} page={target.page} path={target.path} fallback={t('titles.simplePages')} />;

  const pages = await getSimplePages(locale);
  const items = (pages ?? []).flatMap((p) =>
    p.SeoLink && SLUG_PATTERN.test(p.SeoLink) ? [{ key: p.id, href: `/simple-page/${p.SeoLink}`, title: p.Title ?? p.PageName ?? p.SeoLink, description: p.PageDescription }] : [],
  );
  return (
    <>
      <SubHeader locale={locale} path="/simple-page" fallback={t('titles.simplePages')} />
      <div className="container">
        {!pages ? (
          <EmptyState>{t('unavailable')}</EmptyState>
        ) : items.length ? (
          <PageList items={items} testId="simple-page-list" />
        ) : (
          <EmptyState>{t('empty.simplePages')}</EmptyState>
        )}
      </div>
    </>
  );
}
