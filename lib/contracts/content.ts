/**
 * Content pages' shared shapes and pure rules (spec §2 Static pages: FAQ page with search,
 * documents, news): the document types, the FAQ entry the FAQ search receives, the
 * accent- and case-insensitive FAQ filter, and the news paging window. Imports nothing from
 * the server: the client leaf `components/content/FaqSearch.tsx` uses it.
 */
import { stripAccents } from '../format';

/** Document types of the CMS `documents` collection (one list: the zod enum, the labels). */
export const DOCUMENT_TYPES = ['rulebook', 'form', 'bulletin', 'minutes', 'policy', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** News articles per page of /news. */
export const NEWS_PAGE_SIZE = 10;

/** A FAQ as the server hands it to the FAQ search: plain data, the answer already sanitised. */
export interface FaqEntry {
  id: number;
  question: string;
  /** Sanitised HTML (lib/cms/html sanitizeRichText), safe for `dangerouslySetInnerHTML`. */
  answerHtml: string;
  /** The category the FAQ is grouped under; null: the page's "general" group. */
  category: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML fragment, for searching: tags become spaces, character references
 * (`&amp;`, `&#233;`, `&#xE9;`, `&nbsp;`) are decoded, whitespace is collapsed.
 * `'<p>La <strong>r&egrave;gle</strong></p>'` keeps unknown named references as they are.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[ref.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text folded for searching: without accents, lower case, single spaces ("Règle  N°1" → "regle n°1"). */
export function searchKey(text: string): string {
  return stripAccents(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a search (folded), at most 50 characters of it; [] for a blank search. */
export function searchTerms(query: string): string[] {
  return searchKey(query.slice(0, 50)).split(' ').filter(Boolean);
}

/** The folded text a FAQ is searched in: its question and the text (not the tags) of its answer. */
export function faqSearchText(faq: Pick<FaqEntry, 'question' | 'answerHtml'>): string {
  return searchKey(`${faq.question} ${htmlToText(faq.answerHtml)}`);
}

/**
 * The FAQs matching `query`, in their order: every word of the query must occur in the
 * question or in the answer's text, ignoring accents and case ("regle" finds "Règle"; "casque
 * enfant" needs both words). A blank query matches every FAQ. `texts` (from `faqSearchText`,
 * same order as `faqs`) avoids recomputing the folded texts on each keystroke.
 */
export function filterFaqs<T extends Pick<FaqEntry, 'question' | 'answerHtml'>>(faqs: readonly T[], query: string, texts?: readonly string[]): T[] {
  const terms = searchTerms(query);
  if (!terms.length) return [...faqs];
  return faqs.filter((faq, i) => {
    const text = texts?.[i] ?? faqSearchText(faq);
    return terms.every((term) => text.includes(term));
  });
}

/** FAQs grouped by category, groups in the order of their first FAQ, FAQs keeping their order. */
export function groupByCategory<T extends Pick<FaqEntry, 'category'>>(faqs: readonly T[]): { category: string | null; items: T[] }[] {
  const groups = new Map<string | null, T[]>();
  for (const faq of faqs) {
    const key = faq.category?.trim() || null;
    const list = groups.get(key);
    if (list) list.push(faq);
    else groups.set(key, [faq]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/**
 * The page asked for by `?page=` (spec §3 Paging state): a whole number from 1, written as
 * plain digits; anything else (absent, `0`, `-1`, `2.5`, `abc`, repeated) is page 1.
 */
export function parsePage(raw: string | string[] | undefined): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** How many pages `total` items fill at `size` per page: at least 1 (an empty list is one empty page). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers a pagination shows: the first, the last, the current one and its
 * neighbours, with `null` where pages are skipped (`1 … 4 5 6 … 12`).
 */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev === 2) out.push(p - 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}
