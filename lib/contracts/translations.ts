/**
 * Data in the site's languages (issue 25 "French and Spanish data"): a row keeps its English
 * text in its own column (`name`, `description`) and its French and Spanish texts in a jsonb
 * column (`names`, `descriptions`: `{ fr?, es? }`). `inLocale` picks the text for a page's
 * language with the English text as fallback. Imports nothing from the server (client-safe).
 */

/** A text in French and Spanish, each optional (blank counts as absent). */
export interface Translations {
  fr?: string;
  es?: string;
}

/** The languages a row may carry a translation for (the site's locales other than English). */
export const TRANSLATED_LOCALES = ['fr', 'es'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/**
 * The text to show on a page in `locale` (`en`, `fr`, `es`): the translation when given and not
 * blank, else `text` (the English column, possibly null).
 */
export function inLocale<T extends string | null>(text: T, translations: Translations | null | undefined, locale: string): string | T {
  const translated = locale === 'fr' || locale === 'es' ? translations?.[locale]?.trim() : undefined;
  return translated || text;
}

/** `{ fr, es }` from two optional form fields, leaving out the blank ones (what a form saves). */
export function translationsOf(fr: string | null | undefined, es: string | null | undefined): Translations {
  const f = fr?.trim();
  const e = es?.trim();
  return { ...(f ? { fr: f } : {}), ...(e ? { es: e } : {}) };
}
