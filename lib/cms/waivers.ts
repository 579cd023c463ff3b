/**
 * The waiver texts and retention settings in the CMS (issue 27 "The waiver text is CMS content per
 * event type and language, versioned"; "kept as long as the federation's retention setting says"):
 *
 * - `getCmsWaiverText(kind, locale)`: the collection type `waivers` (cms/src/api/waiver: `Kind`
 *   `entry` | `spectator`, `Title`, `Body` in Markdown; localized en, fr-CA, es), the entry of that
 *   kind in the page's language, else in English. Answers null when the CMS has none or cannot be
 *   reached (the caller then uses the messages' built-in text). Tag `cms:waivers`.
 * - `getWaiverRetention()`: the site parameters `WaiverRetentionYears` (default 7) and
 *   `WaiverLimitationYears` (default 3), whole years 1 … 100 (anything else: the default). Tag
 *   `cms:parameters`.
 */
import 'server-only';
import { z } from 'zod';
import type { WaiverKind } from '../contracts/waivers';
import { contentLocale, DEFAULT_LOCALE, type Locale } from '../i18n/routing';
import { cmsGet } from './client';
import { parseEntries } from './parse';
import { DEFAULT_WAIVER_LIMITATION_YEARS, DEFAULT_WAIVER_RETENTION_YEARS } from '../server/waivers/keep-until';
import { parameterSchema } from './schemas';

/** The tag of the waiver texts' fetches. */
export const WAIVER_TEXTS_TAG = 'cms:waivers';

export const waiverEntrySchema = z.object({
  Kind: z.string(),
  Title: z.string().trim().min(1),
  Body: z.string().trim().min(1),
});

/** A waiver text as the CMS holds it, and the language it was found in. */
export interface CmsWaiverText {
  locale: Locale;
  title: string;
  body: string;
}

async function textIn(kind: WaiverKind, locale: Locale): Promise<CmsWaiverText | null> {
  const data = await cmsGet(`/api/waivers?filters[Kind][$eq]=${encodeURIComponent(kind)}&pagination[pageSize]=10&locale=${contentLocale(locale)}`, [WAIVER_TEXTS_TAG]);
  const found = parseEntries('waiver', waiverEntrySchema, data)?.find((e) => e.Kind === kind);
  return found ? { locale, title: found.Title, body: found.Body } : null;
}

/** The CMS's waiver text of `kind` in `locale`, else in English; null when it has none (see the module's docstring). */
export async function getCmsWaiverText(kind: WaiverKind, locale: Locale): Promise<CmsWaiverText | null> {
  return (await textIn(kind, locale)) ?? (locale === DEFAULT_LOCALE ? null : textIn(kind, DEFAULT_LOCALE));
}

/** Retention of waivers, in whole years. */
export interface WaiverRetention {
  retentionYears: number;
  limitationYears: number;
}

export const DEFAULT_WAIVER_RETENTION: WaiverRetention = { retentionYears: DEFAULT_WAIVER_RETENTION_YEARS, limitationYears: DEFAULT_WAIVER_LIMITATION_YEARS };

const years = z.coerce.number().int().min(1).max(100);

/** The retention parameters of `entries` (see the module's docstring). */
export function waiverRetentionFrom(entries: { Name: string; Value: string }[]): WaiverRetention {
  const pick = (name: string, fallback: number) => {
    const raw = entries.find((e) => e.Name === name)?.Value.trim();
    const parsed = raw ? years.safeParse(raw) : null;
    return parsed?.success ? parsed.data : fallback;
  };
  return {
    retentionYears: pick('WaiverRetentionYears', DEFAULT_WAIVER_RETENTION.retentionYears),
    limitationYears: pick('WaiverLimitationYears', DEFAULT_WAIVER_RETENTION.limitationYears),
  };
}

/** The federation's retention of waivers (CMS parameters, else the defaults). */
export async function getWaiverRetention(): Promise<WaiverRetention> {
  const data = await cmsGet('/api/parameters?pagination[pageSize]=100', ['cms:parameters']);
  return waiverRetentionFrom(parseEntries('parameter', parameterSchema, data) ?? []);
}
