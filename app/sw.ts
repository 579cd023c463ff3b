/// <reference lib="webworker" />
/**
 * The trackside service worker (issue 10: "the last viewed results and the racer's own pages
 * kept for offline reading by a service worker, and the offline state shown"; spec §4, §8
 * "Offline status is tracked"). Built by @serwist/turbopack from this file (route
 * app/serwist/[path]/route.ts → /ll/serwist/sw.js), registered in production builds only
 * with the scope /ll/ (components/pwa/ServiceWorker.tsx). Rules in components/pwa/sw-rules.ts.
 *  - Precaches nothing: a visitor on mobile data downloads only what they open. The build's
 *    scripts, styles and fonts (/_next/static/, immutable) are kept as pages load them
 *    (CacheFirst, 200 files, 30 days since last use), in a cache a new build does not delete:
 *    a page saved before a deploy keeps its styles and scripts.
 *  - Pages: /liveonlivelaps (every tab, racer and search) and the race pages /races/… in each
 *    language, network first with a 3 s timeout, the copy kept (dated and titled) for offline
 *    reading, and answering too when the site answers 5xx (a 503 while the database is down);
 *    API: the GET reads under livelaps/trackside/ and livelaps/live/ likewise. Never a POST, a
 *    Server Component fetch, the event stream, a reply other than 200, or a reply to a request
 *    carrying a cookie other than siteLanguage.
 *  - A page never saved, asked offline: the same page saved in the language of the siteLanguage
 *    cookie (cookieStore, where the browser has it) or in another language, opened by a
 *    redirect (the installed app's start URL /ll/liveonlivelaps is a redirect for a French or
 *    Spanish visitor, never stored); else the offline page in the page's language (the
 *    cookie's for an address without prefix) listing the pages saved on this device.
 *  - Tells a page whether it came from a saved copy and when that was saved
 *    (`PAGE_SOURCE_MESSAGE`), for components/layout/OnlineStatus.
 */
import { CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, StaleWhileRevalidate, type PrecacheEntry, type SerwistGlobalConfig, type SerwistPlugin } from 'serwist';
import { BASE_PATH } from '../lib/config';
import { trackside as en } from '../messages/en.json';
import { trackside as es } from '../messages/es.json';
import { trackside as fr } from '../messages/fr.json';
import {
  CACHE_NAMES,
  KEEP,
  NETWORK_TIMEOUT_S,
  LANGUAGE_COOKIE,
  PAGE_SOURCE_MESSAGE,
  SAVED_AT_HEADER,
  cookieLocale,
  hasOtherCookies,
  htmlTitle,
  isEventStream,
  isRscRequest,
  isSavedApi,
  isSavedPage,
  isSignOnPage,
  isStaticAsset,
  localeVariants,
  offlineLocale,
  offlinePageHtml,
  pageLocale,
  savedTitle,
  serverErrorFallback,
  storable,
  storableSignOn,
  type PageSource,
} from '../components/pwa/sw-rules';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** The title of a saved page, kept beside it (percent-encoded: a header holds Latin-1 only). */
const TITLE_HEADER = 'x-ll-title';

/** The Cookie Store API where the browser gives it to workers (Chromium); undefined elsewhere. */
const cookieStore = (self as unknown as { cookieStore?: { getAll(): Promise<{ name: string }[]>; get(name: string): Promise<{ value: string } | null> } }).cookieStore;

/** Whether the browser holds a cookie other than siteLanguage that the worker can see (HttpOnly ones it cannot: the server marks those replies). */
async function otherCookiesVisible(): Promise<boolean> {
  if (!cookieStore) return false;
  try {
    return hasOtherCookies((await cookieStore.getAll()).map((c) => c.name));
  } catch {
    return false;
  }
}

/** The language of the siteLanguage cookie, or null (unset, or no Cookie Store API here). */
async function chosenLocale() {
  if (!cookieStore) return null;
  try {
    return cookieLocale((await cookieStore.get(LANGUAGE_COOKIE))?.value);
  } catch {
    return null;
  }
}

/** Where each open page's document came from, by client id (the latest 50). */
const pageSources = new Map<string, PageSource>();
function remember(clientId: string, source: PageSource) {
  pageSources.set(clientId, source);
  while (pageSources.size > 50) pageSources.delete(pageSources.keys().next().value!);
}

/** Stores only what may be stored, dated (and titled, for the offline page's list); records where a page came from. */
const savedCopy: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!storable(response) || (await otherCookiesVisible())) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    const body = await response.arrayBuffer();
    if ((headers.get('Content-Type') ?? '').includes('text/html')) {
      const title = htmlTitle(new TextDecoder().decode(body.slice(0, 64 * 1024)));
      if (title) headers.set(TITLE_HEADER, encodeURIComponent(title));
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  },
  handlerDidRespond: async ({ request, response, event }) => {
    const id = (event as FetchEvent | undefined)?.resultingClientId;
    if (request.mode !== 'navigate' || !id) return;
    remember(id, { url: request.url, savedAt: response?.headers.get(SAVED_AT_HEADER) ?? null });
  },
};

/** Keeps the sign-on page (personal, on the official's own device: components/pwa/sw-rules.ts `isSignOnPage`), dated. */
const signOnCopy: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!storableSignOn(response)) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
  },
};

const keep = (maxEntries: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: KEEP.maxAgeS, maxAgeFrom: 'last-used' });

/** The saved copy answers when the site answers 5xx (looked up in `cacheName`, as the strategy would). */
const savedOn5xx = (cacheName: string): SerwistPlugin =>
  serverErrorFallback(async (request) => (await caches.open(cacheName)).match(request, { ignoreVary: true }));

const serwist = new Serwist({
  // Empty (app/serwist/[path]/route.ts globs nothing): kept so an older worker's precache is cleaned up.
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4 },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      // The desk's sign-on list: the network first, the device's copy with no connection (issue 27).
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && isSignOnPage(url.pathname) && !isRscRequest(request.headers, url),
      handler: new NetworkFirst({
        cacheName: CACHE_NAMES.desk,
        networkTimeoutSeconds: NETWORK_TIMEOUT_S,
        plugins: [savedOn5xx(CACHE_NAMES.desk), signOnCopy, keep(KEEP.desk)],
        matchOptions: { ignoreVary: true },
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isSavedPage(url.pathname) && !isRscRequest(request.headers, url),
      handler: new NetworkFirst({
        cacheName: CACHE_NAMES.pages,
        networkTimeoutSeconds: NETWORK_TIMEOUT_S,
        plugins: [savedOn5xx(CACHE_NAMES.pages), savedCopy, keep(KEEP.pages)],
        // Pages vary on Next's router headers, which a navigation never sends.
        matchOptions: { ignoreVary: true },
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isSavedApi(url.pathname) && !isEventStream(request.headers),
      handler: new NetworkFirst({
        cacheName: CACHE_NAMES.api,
        networkTimeoutSeconds: NETWORK_TIMEOUT_S,
        plugins: [savedOn5xx(CACHE_NAMES.api), savedCopy, keep(KEEP.api)],
        matchOptions: { ignoreVary: true },
      }),
    },
    {
      // The build's scripts, styles and fonts, kept as pages load them (immutable: the cache answers first).
      matcher: ({ url, sameOrigin }) => sameOrigin && isStaticAsset(url.pathname),
      handler: new CacheFirst({ cacheName: CACHE_NAMES.static, plugins: [keep(KEEP.static)] }),
    },
    {
      // The CMS images the pages show (logo, sponsors), through the site's own /uploads.
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${BASE_PATH}/uploads/`),
      handler: new StaleWhileRevalidate({ cacheName: CACHE_NAMES.images, plugins: [keep(KEEP.images)] }),
    },
    {
      // Every other page: the network only, the offline page when it fails.
      matcher: ({ request }) => request.mode === 'navigate',
      handler: new NetworkOnly(),
    },
  ],
});

/** The pages saved on this device, those in `locale` first, newest first (at most 20). */
async function savedPages(locale: ReturnType<typeof pageLocale>): Promise<{ url: string; title: string }[]> {
  const cache = await caches.open(CACHE_NAMES.pages);
  const requests = [...(await cache.keys())].reverse().slice(0, 60);
  const pages = await Promise.all(
    requests.map(async (request) => {
      const url = new URL(request.url);
      const title = (await cache.match(request, { ignoreVary: true }))?.headers.get(TITLE_HEADER);
      const path = `${url.pathname}${url.search}`;
      return { url: path, title: title ? savedTitle(decodeURIComponent(title)) : path, mine: pageLocale(url.pathname) === locale };
    }),
  );
  return [...pages.filter((p) => p.mine), ...pages.filter((p) => !p.mine)].slice(0, 20).map(({ url, title }) => ({ url, title }));
}

const OFFLINE_TEXTS = { en: en.offlinePage, fr: fr.offlinePage, es: es.offlinePage } as const;

/** The first of `urls` saved on this device, or null. */
async function firstSaved(urls: string[]): Promise<string | null> {
  const cache = await caches.open(CACHE_NAMES.pages);
  for (const url of urls) if (await cache.match(url, { ignoreVary: true })) return url;
  return null;
}

serwist.setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate' && request.destination !== 'document') return Response.error();
  const url = new URL(request.url);
  const chosen = await chosenLocale();
  // The same page saved in the visitor's language (or another): open it (served from the copy).
  const saved = await firstSaved(localeVariants(url, chosen)).catch(() => null);
  if (saved) return Response.redirect(saved, 302);
  const locale = offlineLocale(url.pathname, chosen);
  const html = offlinePageHtml(locale, OFFLINE_TEXTS[locale], await savedPages(locale).catch(() => []));
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== PAGE_SOURCE_MESSAGE) return;
  const client = event.source as Client | null;
  event.ports[0]?.postMessage((client && pageSources.get(client.id)) ?? null);
});

serwist.addEventListeners();
