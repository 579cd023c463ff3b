/**
 * The rules of the trackside service worker (app/sw.ts; issue 10 "the last viewed results and
 * the racer's own pages kept for offline reading by a service worker, and the offline state
 * shown"), kept apart from the worker so they are plain functions with unit tests:
 *  - which pages are saved (NetworkFirst, 3 s): /liveonlivelaps (every tab, racer and search)
 *    and the race pages /races/… , in every language (/fr/…, /es/…); which API reads are saved:
 *    the GET calls under livelaps/trackside/ and livelaps/live/ except the SSE stream;
 *  - the saved copy answers too when the site answers 5xx (a 503 while the database is down:
 *    `serverErrorFallback`);
 *  - the build's scripts, styles and fonts (/_next/static/, immutable) are kept as pages load
 *    them (`isStaticAsset`, CacheFirst, `KEEP.static` files for 30 days), so a saved page keeps
 *    them after a deploy; nothing is precached (a visitor downloads only what they open);
 *  - what is never saved: anything but GET, React Server Component fetches (a payload made
 *    for another page state), the event stream, replies other than 200, a copy already saved,
 *    and replies to a request that carried a cookie other than siteLanguage (the server marks
 *    those with `X-LL-Personal: 1`, next.config.ts; the worker also checks the cookies it can see);
 *  - a page never saved, asked offline: the same page saved in the siteLanguage cookie's
 *    language, else in another (`localeVariants`: the installed app's start URL /ll/liveonlivelaps
 *    is a redirect for a French or Spanish visitor, never stored), else the offline page in the
 *    page's language, or the cookie's for an address without prefix (`offlineLocale`), listing
 *    the saved pages by their titles without the site's name (`savedTitle`);
 *  - the saved copy's time (`X-LL-Saved-At`, added when it is stored).
 * Imports only lib/config (no server code: this goes into the worker).
 */
import { BASE_PATH, LOCALES, type Locale } from '../../lib/config';

/** Response header the worker adds to the copy it stores: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-ll-saved-at';
/** Response header the server sets on replies to requests carrying a cookie other than siteLanguage: never stored. */
export const PERSONAL_HEADER = 'x-ll-personal';
/** The one cookie a saved page may have been asked with (spec §4 Language). */
export const LANGUAGE_COOKIE = 'siteLanguage';

/** Cache names (a new name drops the old copies on the next version). */
export const CACHE_NAMES = { pages: 'll-pages-v1', api: 'll-api-v1', images: 'll-images-v1', static: 'll-static-v1', desk: 'll-desk-v1' } as const;
/** Seconds the network gets before the saved copy answers (a poor connection at the track). */
export const NETWORK_TIMEOUT_S = 3;
/** How many pages, API replies, images and build files (scripts, styles, fonts) are kept, and for how long (seconds, since last used). */
export const KEEP = { pages: 80, api: 120, images: 60, static: 200, desk: 10, maxAgeS: 30 * 24 * 3600 } as const;

/** Message the page sends to ask whether it came from the saved copy; the worker answers `PageSource`. */
export const PAGE_SOURCE_MESSAGE = 'LL_PAGE_SOURCE';
export interface PageSource {
  /** The address the document was asked at. */
  url: string;
  /** When the copy it came from was saved (ISO 8601), or null when it came from the network. */
  savedAt: string | null;
}

/**
 * `Cookie` header values carrying a cookie other than siteLanguage (a Next `has` header value:
 * matched against the whole value). `siteLanguage=fr` no; `siteLanguage=fr; session=x`,
 * `a=1` yes.
 */
export const OTHER_COOKIE_PATTERN = `(?:.*;)?\\s*(?!${LANGUAGE_COOKIE}=)[^=;\\s]+=.*`;

/** The path inside the site: `/ll/fr/races/3` → `/fr/races/3`; null outside the base path. */
function sitePath(pathname: string): string | null {
  if (pathname === BASE_PATH) return '/';
  return pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : null;
}

/** The language of a page address: its prefix (/ll/fr/…, /ll/es/…), else English. */
export function pageLocale(pathname: string): Locale {
  const first = (sitePath(pathname) ?? '/').split('/')[1];
  return (LOCALES as readonly string[]).includes(first) ? (first as Locale) : 'en';
}

/** `/fr/races/3` → `/races/3`. */
function withoutLocale(path: string): string {
  const parts = path.split('/');
  return (LOCALES as readonly string[]).includes(parts[1]) ? `/${parts.slice(2).join('/')}` : path;
}

/** Whether a page address is kept for offline reading: the trackside page and race pages, any language. */
export function isSavedPage(pathname: string): boolean {
  const path = sitePath(pathname);
  if (path === null) return false;
  const rest = withoutLocale(path).replace(/\/+$/, '') || '/';
  return rest === '/liveonlivelaps' || /^\/races\/[^/]+$/.test(rest);
}

/**
 * Whether a page address is one of the desk's pages kept for a device with no connection, in any
 * language: the sign-on list (`/desk/events/{id}/sign-on`; issue 27 "It keeps working on a phone
 * with no connection … an installable page, like trackside") and the gate scanner
 * (`/desk/events/{id}/gate`; issue 28 "keeps scanning without a connection and reconciles when it
 * returns"). Kept in their own cache (`CACHE_NAMES.desk`) although they are personal, on the
 * official's own device, so they open at the track with no connection; logging out deletes that
 * cache (lib/api/auth.ts). Never their waiver-signing pages (they need the connection). (The name
 * stays from issue 27: app/sw.ts uses it.)
 */
export function isSignOnPage(pathname: string): boolean {
  const path = sitePath(pathname);
  if (path === null) return false;
  return /^\/desk\/events\/\d+\/(?:sign-on|gate)$/.test(withoutLocale(path).replace(/\/+$/, ''));
}

/**
 * Whether a reply of the sign-on page may be kept: a plain 200 HTML page that was not redirected
 * (a session that ended answers the login page after a redirect: never kept in its place).
 */
export function storableSignOn(response: Pick<Response, 'status' | 'type' | 'headers' | 'redirected'>): boolean {
  if (response.status !== 200 || response.redirected || (response.type !== 'basic' && response.type !== 'default')) return false;
  return (response.headers.get('Content-Type') ?? '').includes('text/html') && !response.headers.has(SAVED_AT_HEADER);
}

/**
 * Whether an address is one of the build's files (`/ll/_next/static/…`: scripts, styles, fonts;
 * immutable, named by their hash) or the gate scanner's decoder (`/ll/scanner/zxing_reader-{version}.wasm`,
 * immutable, named by its version: issue 28), kept so the camera scanner also works offline once loaded.
 */
export function isStaticAsset(pathname: string): boolean {
  if (pathname.startsWith(`${BASE_PATH}/_next/static/`)) return true;
  return /^\/scanner\/zxing_reader-[\d.]+\.wasm$/.test(sitePath(pathname) ?? '');
}

/** Whether an API address is kept: GET livelaps/trackside/… and livelaps/live/… reads, never a stream. */
export function isSavedApi(pathname: string): boolean {
  const api = `${BASE_PATH}/api/v1/livelaps/`;
  if (!pathname.startsWith(api)) return false;
  const rest = pathname.slice(api.length);
  return (rest.startsWith('trackside/') || rest.startsWith('live/')) && !/\/stream\/?$/.test(rest);
}

/** A React Server Component fetch (client navigation or prefetch): never saved, never answered from a copy. */
export function isRscRequest(headers: Headers, url: URL): boolean {
  return headers.get('RSC') === '1' || headers.has('Next-Router-Prefetch') || url.searchParams.has('_rsc');
}

/** An event stream request (SSE): never saved. */
export function isEventStream(headers: Headers): boolean {
  return (headers.get('Accept') ?? '').includes('text/event-stream');
}

/** Whether any of these cookie names is one other than siteLanguage. */
export function hasOtherCookies(names: readonly string[]): boolean {
  return names.some((name) => name !== LANGUAGE_COOKIE);
}

/**
 * Whether a reply may be stored: a plain 200 (not opaque, not a redirect), not marked
 * personal by the server, not a stream, not a saved copy itself (`serverErrorFallback` hands
 * one back: storing it again would date it anew).
 */
export function storable(response: Pick<Response, 'status' | 'type' | 'headers'>): boolean {
  if (response.status !== 200 || (response.type !== 'basic' && response.type !== 'default' && response.type !== 'cors')) return false;
  if (response.headers.get(PERSONAL_HEADER) === '1' || response.headers.has(SAVED_AT_HEADER)) return false;
  return !(response.headers.get('Content-Type') ?? '').includes('text/event-stream');
}

/**
 * A strategy plugin (Serwist `fetchDidSucceed`): when the site answers 5xx (a 503 while the
 * database is down, a 502 from a proxy), the saved copy of the request answers instead, if
 * there is one (`match`: the strategy's cache lookup); else the site's own reply stays.
 */
export function serverErrorFallback(match: (request: Request) => Promise<Response | undefined>) {
  return {
    fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }): Promise<Response> => {
      if (response.status < 500) return response;
      return (await match(request).catch(() => undefined)) ?? response;
    },
  };
}

/** The siteLanguage cookie's value as a language, or null (unset, or not one of the site's). */
export function cookieLocale(value: string | null | undefined): Locale | null {
  return value && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
}

/** The address `url` in language `locale` (`/ll/races/3?x` → `/ll/fr/races/3?x`), or null outside the site. */
function inLocale(url: URL, locale: Locale): string | null {
  const path = sitePath(url.pathname);
  if (path === null) return null;
  const rest = withoutLocale(path);
  const prefixed = locale === 'en' ? rest : rest === '/' ? `/${locale}` : `/${locale}${rest}`;
  return `${url.origin}${BASE_PATH}${prefixed === '/' ? '' : prefixed}${url.search}`;
}

/**
 * The same page in the other languages, to look for among the saved pages when `url` was never
 * saved: `preferred` (the siteLanguage cookie's) first, then the others in the site's order;
 * never `url` itself.
 */
export function localeVariants(url: URL, preferred: Locale | null): string[] {
  const order = [...(preferred ? [preferred] : []), ...LOCALES.filter((l) => l !== preferred)];
  const own = inLocale(url, pageLocale(url.pathname));
  return order.map((l) => inLocale(url, l)).filter((u): u is string => u !== null && u !== own);
}

/** The offline page's language: the address's prefix, else the siteLanguage cookie's, else English. */
export function offlineLocale(pathname: string, preferred: Locale | null): Locale {
  const own = pageLocale(pathname);
  if (own !== 'en') return own;
  const first = (sitePath(pathname) ?? '/').split('/')[1];
  return first === 'en' ? 'en' : (preferred ?? 'en');
}

/**
 * What a page first loaded without the worker (a first visit: the worker was installed after
 * it loaded) asks the worker to keep (`CACHE_URLS`): the page itself when it is one kept for
 * offline reading, with the build files it loaded (the browser answers those from its own
 * cache). Nothing for another page. `resources`: the addresses the page loaded
 * (`performance.getEntriesByType('resource')`).
 */
export function firstLoadUrls(page: { origin: string; pathname: string; search: string }, resources: readonly string[]): string[] {
  if (!isSavedPage(page.pathname) && !isSignOnPage(page.pathname)) return [];
  const files = resources
    .map((r) => {
      try {
        return new URL(r, page.origin);
      } catch {
        return null;
      }
    })
    .filter((u): u is URL => u !== null && u.origin === page.origin && isStaticAsset(u.pathname))
    .map((u) => u.href);
  return [`${page.pathname}${page.search}`, ...new Set(files)];
}

/** A saved page's title as the offline page lists it: without the site's name (`"Moto 1 | FMQR – …"` → `"Moto 1"`). */
export function savedTitle(title: string): string {
  const cut = title.lastIndexOf(' | ');
  return (cut > 0 ? title.slice(0, cut) : title).trim() || title;
}

/** The offline page's texts (messages `trackside.offlinePage`). */
export interface OfflineTexts {
  title: string;
  body: string;
  saved: string;
  none: string;
  retry: string;
  home: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The `<title>` of a saved page's HTML (its text only), or null. */
export function htmlTitle(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  if (!match) return null;
  const text = match[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").trim();
  return text || null;
}

/**
 * The page shown for a page never saved while offline, in `locale`: what happened, the pages
 * saved on this device (links), a retry button, a link to the live laps. Self-contained HTML
 * (no script but the retry's reload, inline style): it must show with nothing else reachable.
 */
export function offlinePageHtml(locale: Locale, texts: OfflineTexts, saved: readonly { url: string; title: string }[]): string {
  const home = `${BASE_PATH}${locale === 'en' ? '' : `/${locale}`}/liveonlivelaps`;
  const list = saved.length
    ? `<p>${escapeHtml(texts.saved)}</p><ul>${saved.map((s) => `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a></li>`).join('')}</ul>`
    : `<p>${escapeHtml(texts.none)}</p>`;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f5f7fa}
header{background:#0d2c54;color:#fff;padding:16px;border-bottom:4px solid #ff8f00}
header a{color:#fff}
main{max-width:720px;margin:0 auto;padding:16px}
h1{font-size:28px;margin:0 0 12px}
ul{padding-left:20px}li{margin:8px 0}
a{color:#1565c0}
button{font:inherit;font-weight:600;background:#1976d2;color:#fff;border:0;border-radius:4px;padding:10px 18px;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #ff8f00;outline-offset:2px}
</style></head>
<body><header><a href="${home}">${escapeHtml(texts.home)}</a></header>
<main id="main"><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.body)}</p>${list}
<p><button type="button" onclick="location.reload()">${escapeHtml(texts.retry)}</button></p></main>
</body></html>`;
}
