/**
 * Content fetchers for the content pages (spec §2 Static pages and Routes with an optional
 * id: /news, /faqs, /documents, /rules, /sponsors, /presentation/{id?}, /simple-page/{seolink?},
 * /maytest, /series/oldPage; spec §7 Content service calls). Every fetcher asks for the page's
 * language (French content is `fr-CA`), is tagged for revalidation (`cms` plus its own tag),
 * is memoised per request with React `cache`, and parses with the lenient schemas of
 * `content-schemas.ts`, dropping (and logging) malformed entries.
 *
 * Lists answer `T[]` (possibly empty: the CMS has none) or `null` when the CMS did not answer
 * (unreachable, an error status, or the content type absent): pages then say the content is
 * unavailable and still answer 200. Single entries answer a `Lookup`: the entry, `'missing'`
 * (the CMS answered and has no such entry: the page answers 404) or `'unavailable'`.
 */
import 'server-only';
import { cache } from 'react';
import type { z } from 'zod';
import { parseId } from '../contracts/ids';
import { contentLocale, DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/routing';
import { intlLocale } from '../format';
import { cmsGet } from './client';
import { bySortOrder, parseEntries } from './parse';
import {
  cmsDocumentSchema,
  faqSchema,
  newsArticleSchema,
  presentationSchema,
  SLUG_PATTERN,
  sponsorSchema,
  type CmsDocument,
  type CmsFile,
  type Faq,
  type NewsArticle,
  type Presentation,
  type Sponsor,
} from './content-schemas';
import { simplePageSchema, type SimplePage } from './schemas';

export * from './content-schemas';

/** One entry looked up in the CMS: the entry, `'missing'` (404) or `'unavailable'` (CMS down). */
export type Lookup<T> = T | 'missing' | 'unavailable';

/** Tags of the content pages' fetches (each also carries `cms`, see client.ts). */
export const CONTENT_TAGS = {
  news: 'cms:news',
  faqs: 'cms:faqs',
  documents: 'cms:documents',
  presentations: 'cms:presentations',
  simplePages: 'cms:simple-pages',
  sponsors: 'cms:sponsors',
} as const;

export { parseEntries };

async function entries<T>(what: string, schema: z.ZodType<T>, path: string, tag: string): Promise<T[] | null> {
  return parseEntries(what, schema, await cmsGet(path, [tag]));
}

/** Newest first: by date (undated last), then by id, newest entry first. */
export function newestFirst<T extends { PublishedDate: string | null; id: number }>(a: T, b: T): number {
  if (a.PublishedDate !== b.PublishedDate) {
    if (!a.PublishedDate) return 1;
    if (!b.PublishedDate) return -1;
    return a.PublishedDate < b.PublishedDate ? 1 : -1;
  }
  return b.id - a.id;
}

// --- Simple pages ---------------------------------------------------------------------

/** Every simple page in `locale` (spec §7: simple-pages, limit -1), by title. Tag `cms:simple-pages`. */
export const getSimplePages = cache(async (locale: Locale): Promise<SimplePage[] | null> => {
  const list = await entries(
    'simple page',
    simplePageSchema,
    `/api/simple-pages?pagination[pageSize]=1000&locale=${contentLocale(locale)}`,
    CONTENT_TAGS.simplePages,
  );
  return list && list.sort((a, b) => (a.Title ?? a.SeoLink ?? '').localeCompare(b.Title ?? b.SeoLink ?? '', locale));
});

/** The simple page whose SeoLink is `seoLink` (case-sensitive) in `locale`. Tag `cms:simple-pages`. */
export async function findSimplePage(locale: Locale, seoLink: string): Promise<Lookup<SimplePage>> {
  if (!SLUG_PATTERN.test(seoLink)) return 'missing';
  const pages = await getSimplePages(locale);
  if (!pages) return 'unavailable';
  return pages.find((p) => p.SeoLink === seoLink) ?? 'missing';
}

// --- News -------------------------------------------------------------------------------

const NEWS_LIST_FIELDS = ['Title', 'Slug', 'Summary', 'PublishedDate'].map((f, i) => `fields[${i}]=${f}`).join('&');

/**
 * The news articles of `locale`, newest first (PublishedDate, then id), without their Content;
 * up to 1000 (the CMS's page-size limit; /news pages them 10 at a time). Tag `cms:news`.
 */
export const getNewsArticles = cache(async (locale: Locale): Promise<NewsArticle[] | null> => {
  const list = await entries(
    'news article',
    newsArticleSchema,
    `/api/news-articles?${NEWS_LIST_FIELDS}&populate[0]=Image&sort[0]=PublishedDate:desc&pagination[pageSize]=1000&locale=${contentLocale(locale)}`,
    CONTENT_TAGS.news,
  );
  return list && list.sort(newestFirst);
});

const newsBy = cache(async (filter: 'documentId', value: string, cmsLocale: string): Promise<NewsArticle[] | null> =>
  entries(
    'news article',
    newsArticleSchema,
    `/api/news-articles?filters[${filter}][$eq]=${encodeURIComponent(value)}&populate[0]=Image&locale=${cmsLocale}`,
    CONTENT_TAGS.news,
  ),
);

/**
 * The article whose Slug is `slug`, in `locale`, with its Content. A slug of another language
 * (after a language switch) answers this language's version of the same article (same
 * documentId), whose own `Slug` may differ: the page redirects to it. Slugs are looked up in
 * the cached lists, so an unknown slug costs the CMS no request of its own. Tag `cms:news`.
 */
export async function getNewsArticle(locale: Locale, slug: string): Promise<Lookup<NewsArticle>> {
  if (!SLUG_PATTERN.test(slug)) return 'missing';
  const here = await getNewsArticles(locale);
  if (!here) return 'unavailable';
  let documentId = here.find((a) => a.Slug === slug)?.documentId ?? null;
  for (const other of LOCALES.filter((l) => l !== locale)) {
    if (documentId) break;
    documentId = (await getNewsArticles(other))?.find((a) => a.Slug === slug)?.documentId ?? null;
  }
  if (!documentId) return 'missing';
  const found = await newsBy('documentId', documentId, contentLocale(locale));
  if (!found) return 'unavailable';
  return found[0] ?? 'missing';
}

// --- FAQs -------------------------------------------------------------------------------

/** The FAQs of `locale`, by sort_order then id (the page groups them by Category). Tag `cms:faqs`. */
export const getFaqs = cache(async (locale: Locale): Promise<Faq[] | null> => {
  const list = await entries('FAQ', faqSchema, `/api/faqs?pagination[pageSize]=1000&sort[0]=sort_order:asc&locale=${contentLocale(locale)}`, CONTENT_TAGS.faqs);
  return list && list.sort(bySortOrder((a, b) => a.id - b.id));
});

// --- Documents --------------------------------------------------------------------------

/** The documents of `locale` with their File, by sort_order, then newest first, then title. Tag `cms:documents`. */
export const getDocuments = cache(async (locale: Locale): Promise<CmsDocument[] | null> => {
  const list = await entries(
    'document',
    cmsDocumentSchema,
    `/api/documents?populate[0]=File&pagination[pageSize]=1000&sort[0]=sort_order:asc&locale=${contentLocale(locale)}`,
    CONTENT_TAGS.documents,
  );
  return (
    list &&
    list.sort(
      bySortOrder((a, b) => {
        const da = documentDate(a) ?? '';
        const db = documentDate(b) ?? '';
        return da === db ? a.Title.localeCompare(b.Title, locale) : da < db ? 1 : -1;
      }),
    )
  );
});

/** The date a document shows: its Date, else when it was last updated (YYYY-MM-DD), else null. */
export function documentDate(doc: Pick<CmsDocument, 'Date' | 'updatedAt'>): string | null {
  return doc.Date ?? doc.updatedAt;
}

/** The file's format for people: its extension in capitals (`PDF`, `DOCX`), from ext, name, url or mime. */
export function fileFormat(file: Pick<CmsFile, 'ext' | 'name' | 'url' | 'mime'>): string | null {
  const ext = file.ext && /^\.?([A-Za-z0-9]{1,8})$/.exec(file.ext);
  if (ext) return ext[1].toUpperCase();
  for (const source of [file.name, file.url.split(/[?#]/)[0]]) {
    const match = source && /[^./]\.([A-Za-z0-9]{1,8})$/.exec(source);
    if (match) return match[1].toUpperCase();
  }
  const sub = file.mime?.split('/')[1];
  return sub && /^[a-z0-9]{1,8}$/i.test(sub) ? sub.toUpperCase() : null;
}

/**
 * A file size for people, from Strapi's size in KB: under 1000 KB whole KB (`182 KB`, at least
 * 1), else MB with one decimal (`1,2 Mo` in French), numbers in `locale`'s format. The unit
 * words come from `units` (translated: KB/Ko, MB/Mo).
 */
export function formatFileSize(kb: number, locale: Locale, units: { kb: string; mb: string }): string {
  const lang = intlLocale(locale);
  if (kb < 999.5) return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(kb)))}\u00a0${units.kb}`;
  return `${new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(kb / 1024)}\u00a0${units.mb}`;
}

// --- Presentations ----------------------------------------------------------------------

/** A Strapi 5 documentId (the same for every language of an entry): 16 to 64 lower-case letters and digits. */
export const DOCUMENT_ID_PATTERN = /^[a-z0-9]{16,64}$/;

/**
 * What `/presentation/{id}` names: a numeric id (`^[1-9][0-9]*$`, within int4), or a documentId
 * (links on the site use it: it stays the same across languages); anything else null.
 */
export function parsePresentationRef(segment: string): { id: number } | { documentId: string } | null {
  const id = parseId(segment);
  if (id !== null) return { id };
  if (/^\d+$/.test(segment)) return null;
  return DOCUMENT_ID_PATTERN.test(segment) ? { documentId: segment } : null;
}

/** The presentations of `locale`, by sort_order then id, with their Images. Tag `cms:presentations`. */
export const getPresentations = cache(async (locale: Locale): Promise<Presentation[] | null> => {
  const list = await entries(
    'presentation',
    presentationSchema,
    `/api/presentations?populate[0]=Images&pagination[pageSize]=1000&sort[0]=sort_order:asc&locale=${contentLocale(locale)}`,
    CONTENT_TAGS.presentations,
  );
  return list && list.sort(bySortOrder((a, b) => a.id - b.id));
});

/**
 * The presentation `ref` names in `locale`: by documentId (the same in every language), or by
 * numeric id, this language's entry first, else the English entry's id. Looked up in the cached
 * lists (which hold whole entries), so an unknown id costs the CMS no request of its own.
 */
export async function getPresentation(locale: Locale, ref: { id: number } | { documentId: string }): Promise<Lookup<Presentation>> {
  const here = await getPresentations(locale);
  if (!here) return 'unavailable';
  let documentId = 'documentId' in ref ? ref.documentId : here.find((p) => p.id === ref.id)?.documentId ?? null;
  if (!documentId && 'id' in ref && locale !== DEFAULT_LOCALE) {
    documentId = (await getPresentations(DEFAULT_LOCALE))?.find((p) => p.id === ref.id)?.documentId ?? null;
  }
  return (documentId && here.find((p) => p.documentId === documentId)) || 'missing';
}

// --- Sponsors ---------------------------------------------------------------------------

/** The sponsors of `locale` with their Logo, by sort_order then name. Tag `cms:sponsors`. */
export const getSponsors = cache(async (locale: Locale): Promise<Sponsor[] | null> => {
  const list = await entries(
    'sponsor',
    sponsorSchema,
    `/api/sponsors?populate[0]=Logo&pagination[pageSize]=1000&sort[0]=sort_order:asc&locale=${contentLocale(locale)}`,
    CONTENT_TAGS.sponsors,
  );
  return list && list.sort(bySortOrder((a, b) => a.Name.localeCompare(b.Name, locale)));
});

/**
 * Where a sponsor's Link goes: a site path (`/series`) stays on the site, an http(s) address
 * (or a bare `www.…` host) opens in a new tab; anything else (`javascript:`, blank) is no link.
 */
export function sponsorLink(link: string | null): { kind: 'site'; href: string } | { kind: 'external'; href: string } | null {
  const value = link?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'site', href: value };
  if (/^https?:\/\/[^\s]+$/i.test(value)) return { kind: 'external', href: value };
  if (/^www\.[^\s/]+\.[^\s]+$/i.test(value)) return { kind: 'external', href: `https://${value}` };
  return null;
}
