/**
 * Names and texts of organizations, clubs, classes and membership types in the page's language
 * (issue 25 "French and Spanish data … the federation's name and short name per language from
 * the CMS"): a row's French or Spanish text where it has one (`inLocale`), else its English
 * text; and a row named as the federation is named in English (the CMS parameter
 * `FederationName`) shows the federation's name the CMS gives for the page's language, so the
 * pages, the header and the PDFs spell it alike. Server-side: pages pass the resulting strings.
 */
import { cache } from 'react';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import { inLocale, type Translations } from '@/lib/contracts/translations';

/** Something with an English name and its French and Spanish names. */
export interface Named {
  name: string;
  names?: Translations | null;
}

/** Answers the display name of a `Named` row in `locale`. */
export type NameOf = (row: Named) => string;

/**
 * The name picker for pages in `locale` (deduplicated per request). The federation's row (its
 * English name equal to the CMS's English `FederationName`) takes the CMS's name in `locale`
 * when the CMS has one; any other row its own translation, else its English name.
 */
export const namesIn = cache(async function namesIn(locale: Locale): Promise<NameOf> {
  const [english, local] = await Promise.all([getSiteSettings('en'), getSiteSettings(locale)]);
  const federationEn = english.federationName?.trim() || null;
  const federationHere = local.federationName?.trim() || null;
  return (row: Named) => {
    if (federationEn && federationHere && row.name.trim() === federationEn) return federationHere;
    return inLocale(row.name, row.names, locale);
  };
});

/** A description (or any text column) in `locale`, with its English text as fallback. */
export function textIn(locale: Locale, text: string | null, translations: Translations | null | undefined): string | null {
  return inLocale(text, translations, locale);
}

/** A promoter (club) as its page shows it in `locale`: name, about text and organization's name translated where they can be. */
export async function promoterIn<T extends Named & { description: string | null; descriptions?: Translations | null; organization: (Named & { id: number }) | null }>(
  locale: Locale,
  promoter: T,
): Promise<T> {
  const nameOf = await namesIn(locale);
  return {
    ...promoter,
    name: nameOf(promoter),
    description: textIn(locale, promoter.description, promoter.descriptions),
    organization: promoter.organization ? { ...promoter.organization, name: nameOf(promoter.organization) } : null,
  };
}
