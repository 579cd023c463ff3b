/**
 * Page metadata in the page's language (spec §2 Navigation: the page title comes from the
 * menu entry matching the path, else the page's own fallback). The layout's title template
 * adds the translated site name: "Rulebook | FMQR – Fédération …".
 */
import type { Metadata } from 'next';
import type { Locale } from '@/lib/i18n/routing';
import { resolvePageTitle } from './SubHeader';

/**
 * `{ title, description? }` for a page at `path` (no language prefix, e.g. `/faqs`).
 * `fallback` is the translated title used when no menu entry matches.
 */
export async function pageMetadata(locale: Locale, path: string, fallback: string, description?: string | null): Promise<Metadata> {
  const title = await resolvePageTitle(locale, path, fallback);
  return { title, ...(description ? { description } : {}) };
}
