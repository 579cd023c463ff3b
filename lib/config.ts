/**
 * The site's constants, each written once (DESIGN.md): the base path, the languages, the
 * bounds every request is held to, and the security headers of every reply. Safe for client
 * code: no environment or server import here (server settings: lib/server/config/env.ts).
 */

/** Everything lives under this path (spec §9). */
export const BASE_PATH = '/ll';

/** Interface languages (spec §2 Route variants, §9): English is the default and has no prefix. */
export const LOCALES = ['en', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The largest value of a PostgreSQL `integer` column: every id and numeric parameter stays below. */
export const INT4_MAX = 2_147_483_647;

/** Request-body limits in bytes: JSON bodies of the API, and (explicitly larger) file uploads. */
export const BODY_LIMITS = {
  json: 1024 * 1024,
  upload: 10 * 1024 * 1024,
} as const;

/**
 * Dates the calendar accepts (spec §4 Calendar build): from the federation's founding year
 * (1971, spec §1) to this many years ahead of today. Outside, a request answers 400.
 */
export const CALENDAR_FIRST_YEAR = 1971;

/** The federation's time zone (Quebec and Ontario, spec §1): "today" (registration closing days, the calendar) is its local date. */
export const FEDERATION_TIME_ZONE = 'America/Toronto';
export const CALENDAR_YEARS_AHEAD = 10;

/**
 * Headers on every reply of the site, pages, API and error replies alike. Issue 29: no page may be
 * framed (`DENY`, with the pages' CSP `frame-ancestors 'none'`), a page shares no browsing context
 * with another site's window (COOP) and nothing is loaded by another site's page (CORP; the
 * uploaded images are the exception, `/uploads`: mails show the logo).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The CSP of what is no page (API replies, uploaded files, the site's own error pages): nothing runs, nothing frames it. */
export const NON_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** The headers of the replies the site server writes itself (errors, status pages): `SECURITY_HEADERS` and `NON_PAGE_CSP`. */
export const REPLY_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'Content-Security-Policy': NON_PAGE_CSP };
