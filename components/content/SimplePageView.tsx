/**
 * One simple page (spec §3 Simple page) at a fixed route: /maytest (SeoLink `maytest`),
 * /series/oldPage (`series-archive`), /rules (`rulebook`, with its documents), and
 * /simple-page/{seolink}. The tab title is the page's PageTitle, the description its
 * PageDescription; the heading is the menu entry for the path, else the page's Title, else
 * the translated fallback. A page the CMS lacks, or a CMS that does not answer, shows a
 * sentence (role=status) and the route still answers 200. Plain HTML (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Lookup, SimplePage } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';
import { ContentBody } from './ContentBody';
import { EmptyState } from './EmptyState';

/** Metadata of a simple page at `path`: PageTitle as the whole tab title (else the menu title, Title or `fallback`, followed by the site name) and PageDescription. */
export async function simplePageMetadata(locale: Locale, page: Lookup<SimplePage>, path: string, fallback: string, fallbackDescription?: string): Promise<Metadata> {
  const found = typeof page === 'string' ? null : page;
  const description = found?.PageDescription ?? fallbackDescription ?? null;
  // The editor wrote the whole tab title ("Privacy policy – FMQR"): not followed by the site name again.
  if (found?.PageTitle) return { title: { absolute: found.PageTitle }, ...(description ? { description } : {}) };
  return pageMetadata(locale, path, found?.Title ?? fallback, description);
}

export async function SimplePageView({
  locale,
  page,
  path,
  fallback,
  empty,
  children,
}: {
  locale: Locale;
  page: Lookup<SimplePage>;
  path: string;
  fallback: string;
  /** What to say when the CMS has no such page (default: "This page has no content yet."). */
  empty?: string;
  /** Shown after the page's content (the rulebook's documents); replaces the empty message when the page has none. */
  children?: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'content' });
  const found = typeof page === 'string' ? null : page;
  const title = found?.Title ?? fallback;
  const body = found?.Description ? <ContentBody html={found.Description} locale={locale} label={title} /> : null;
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={title} />
      <div className="container">
        {body}
        {children}
        {!body && !children && <EmptyState>{page === 'unavailable' ? t('unavailable') : (empty ?? t('empty.page'))}</EmptyState>}
      </div>
    </>
  );
}
