/// <reference lib="webworker" />
/**
 * The trackside service worker (issue 10: "the last viewed results and the racer's own pages
 * kept for offline reading by a service worker, and the offline state shown"; spec §4, §8
 * "Offline status is tracked"). Built by @serwist/turbopack from this file (route
 * app/serwist/[path]/route.ts → /ll/serwist/sw.js), registered in production builds only
 * with the scope /ll/ (components/pwa/ServiceWorker.tsx).
 *  - Precaches the app shell: the build's static assets (scripts, styles, fonts) and public/.
 *  - Pages: /liveonlivelaps (every tab, racer and search) and the race pages /races/… in each
 *    language, network first with a 3 s timeout, the copy kept (and dated) for offline
 *    reading; API: the GET reads under livelaps/trackside/ and livelaps/live/ likewise.
 *    Rules in components/pwa/sw-rules.ts: never a POST, a Server Component fetch, the event
 *    stream, a reply other than 200, or a reply to a request carrying a cookie other than
 *    siteLanguage.
 *  - A page never saved, asked offline: the offline page in the page's language listing the
 *    pages saved on this device.
 *  - Tells a page whether it came from a saved copy and when that was saved
 *    (`PAGE_SOURCE_MESSAGE`), for components/layout/OnlineStatus.
 */
import { ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, StaleWhileRevalidate, type PrecacheEntry, type SerwistGlobalConfig, type SerwistPlugin } from 'serwist';
import { BASE_PATH } from '../lib/config';
import { trackside as en } from '../messages/en.json';
import { trackside as es } from '../messages/es.json';
import { trackside as fr } from '../messages/fr.json';
import {
  CACHE_NAMES,
  KEEP,
  NETWORK_TIMEOUT_S,
  PAGE_SOURCE_MESSAGE,
  SAVED_AT_HEADER,
  hasOtherCookies,
  htmlTitle,
  isEventStream,
  isRscRequest,
  isSavedApi,
  isSavedPage,
  offlinePageHtml,
  pageLocale,
  storable,
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

/** Whether the browser holds a cookie other than siteLanguage that the worker can see (HttpOnly ones it cannot: the server marks those replies). */
async function otherCookiesVisible(): Promise<boolean> {
  const store = (self as unknown as { cookieStore?: { getAll(): Promise<{ name: string }[]> } }).cookieStore;
  if (!store) return false;
  try {
    return hasOtherCookies((await store.getAll()).map((c) => c.name));
  } catch {
    return false;
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

const keep = (maxEntries: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: KEEP.maxAgeS, maxAgeFrom: 'last-used' });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4 },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isSavedPage(url.pathname) && !isRscRequest(request.headers, url),
      handler: new NetworkFirst({
        cacheName: CACHE_NAMES.pages,
        networkTimeoutSeconds: NETWORK_TIMEOUT_S,
        plugins: [savedCopy, keep(KEEP.pages)],
        // Pages vary on Next's router headers, which a navigation never sends.
        matchOptions: { ignoreVary: true },
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isSavedApi(url.pathname) && !isEventStream(request.headers),
      handler: new NetworkFirst({ cacheName: CACHE_NAMES.api, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [savedCopy, keep(KEEP.api)], matchOptions: { ignoreVary: true } }),
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
      return { url: path, title: title ? decodeURIComponent(title) : path, mine: pageLocale(url.pathname) === locale };
    }),
  );
  return [...pages.filter((p) => p.mine), ...pages.filter((p) => !p.mine)].slice(0, 20).map(({ url, title }) => ({ url, title }));
}

const OFFLINE_TEXTS = { en: en.offlinePage, fr: fr.offlinePage, es: es.offlinePage } as const;

serwist.setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate' && request.destination !== 'document') return Response.error();
  const locale = pageLocale(new URL(request.url).pathname);
  const html = offlinePageHtml(locale, OFFLINE_TEXTS[locale], await savedPages(locale).catch(() => []));
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== PAGE_SOURCE_MESSAGE) return;
  const client = event.source as Client | null;
  event.ports[0]?.postMessage((client && pageSources.get(client.id)) ?? null);
});

serwist.addEventListeners();
