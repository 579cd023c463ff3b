'use client';
/**
 * Registers the trackside service worker (app/sw.ts, served at /ll/serwist/sw.js) with the
 * scope /ll/, in production builds only (a development server changes under it), as a
 * classic worker (the bundle has no imports: every browser with service workers runs it).
 * Pages the visitor navigates to inside the app are sent to the worker to be kept
 * (`cacheOnNavigation`; it keeps only the pages its rules allow). The worker precaches
 * nothing, so a trackside or race page loaded before the worker controlled it (a first visit)
 * asks it to keep the page and the build files it loaded (sw-rules `firstLoadUrls`; the
 * browser answers the files from its own cache). No reload when the connection returns:
 * OnlineStatus says so instead. Loaded after the page is interactive (./ServiceWorkerLoader.tsx,
 * issue 23: its library stays off the first load); the home-screen icon and the browser colour
 * are named by app/[locale]/layout.tsx.
 */
import { SerwistProvider } from '@serwist/turbopack/react';
import { useEffect } from 'react';
import { BASE_PATH } from '@/lib/config';
import { firstLoadUrls } from './sw-rules';

const enabled = process.env.NODE_ENV === 'production';

/** A first visit's page and files, sent to the worker once it controls the page. */
function useKeepFirstLoad() {
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
    let cancelled = false;
    void navigator.serviceWorker.ready.then((registration) => {
      const worker = navigator.serviceWorker.controller ?? registration.active;
      if (cancelled || !worker) return;
      // What the page loaded, and what its head names (a script the browser had at hand leaves no timing entry).
      const named = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet][href], link[rel=preload][href]')].map((e) => ('src' in e ? e.src : e.href));
      const urls = firstLoadUrls(window.location, [...performance.getEntriesByType('resource').map((e) => e.name), ...named]);
      if (urls.length) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
    });
    return () => {
      cancelled = true;
    };
  }, []);
}

/** The registration (see the file's docstring); the default export, for ./ServiceWorkerLoader.tsx. */
export default function ServiceWorker() {
  useKeepFirstLoad();
  return (
    <SerwistProvider
        swUrl={`${BASE_PATH}/serwist/sw.js`}
        disable={!enabled}
        cacheOnNavigation
        reloadOnOnline={false}
      options={{ scope: `${BASE_PATH}/`, type: 'classic' }}
    />
  );
}
