/**
 * Locales and URL rules (spec §2 Route variants, §9): English is the default and carries no
 * prefix, French under /fr, Spanish under /es; the choice is kept in the `siteLanguage`
 * cookie for 31104000 s (360 days).
 */
import { defineRouting } from 'next-intl/routing';
import { BASE_PATH, DEFAULT_LOCALE, LOCALES, type Locale } from '../config';

export { BASE_PATH, DEFAULT_LOCALE, LOCALES, type Locale };
export const LANGUAGE_COOKIE = 'siteLanguage';
export const LANGUAGE_COOKIE_MAX_AGE = 31_104_000;
/**
 * The query parameter of a language chosen from the globe without JavaScript (issue 23):
 * `?setLanguage=fr` stores the choice and leads to the page in that language (proxy.ts).
 */
export const CHOOSE_LANGUAGE_PARAM = 'setLanguage';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  // The language comes from the URL and the siteLanguage cookie only (see proxy.ts), never Accept-Language.
  localeDetection: false,
  // next-intl never writes it: a visit is not a choice (issue 25); the switcher and `?setLanguage=` do (proxy.ts).
  localeCookie: false,
});

/** True when `value` is one of the site's locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a site path names and the path without it: a first segment that is one of
 * `LOCALES` (exactly), else the default language and the path as given. `path` is under the
 * base path (without it); a query or fragment is kept in `rest`. `/fr/races/1?tab=laps` →
 * `{ locale: 'fr', rest: '/races/1?tab=laps' }`, `/fr` → `{ locale: 'fr', rest: '/' }`,
 * `/french` → `{ locale: 'en', rest: '/french' }`. Used by proxy.ts and the page cache.
 */
export function pathLocale(path: string): { locale: Locale; rest: string } {
  if (path.charAt(0) !== '/') return { locale: DEFAULT_LOCALE, rest: path };
  const end = path.slice(1).search(/[/?#]/);
  const first = end < 0 ? path.slice(1) : path.slice(1, end + 1);
  if (!isLocale(first)) return { locale: DEFAULT_LOCALE, rest: path };
  const rest = path.slice(first.length + 1);
  return { locale: first, rest: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The content service's locale for a site locale: French content is `fr-CA` (spec §9). */
export function contentLocale(locale: Locale): string {
  return locale === 'fr' ? 'fr-CA' : locale;
}

/** Prefixes a site path with the locale when it is not the default (spec §2 route prefix rule). */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Removes a leading language segment (fr, en, es) from a path: `/fr/results/1` → `/results/1`. */
export function stripLocale(path: string): string {
  const match = /^\/(en|fr|es)(?=\/|$)/i.exec(path);
  const rest = match ? path.slice(match[0].length) : path;
  return rest === '' ? '/' : rest;
}
