/** Browser side of the language choice (spec §4 Language): the siteLanguage cookie. */
import { BASE_PATH, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Locale } from './routing';

/** Stores the visitor's language choice for 31104000 s on the site's base path. */
export function storeLanguageChoice(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=${BASE_PATH}; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
}
