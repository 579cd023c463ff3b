'use client';
/**
 * Registers the trackside service worker (app/sw.ts, served at /ll/serwist/sw.js) with the
 * scope /ll/, in production builds only (a development server changes under it), as a
 * classic worker (the bundle has no imports: every browser with service workers runs it).
 * Pages the visitor navigates to inside the app are sent to the worker to be kept
 * (`cacheOnNavigation`; it keeps only the pages its rules allow). No reload when the
 * connection returns: OnlineStatus says so instead. Also names the home-screen icon and the
 * browser colour (hoisted into the head).
 */
import { SerwistProvider } from '@serwist/turbopack/react';
import { BASE_PATH } from '@/lib/config';

export function ServiceWorker() {
  return (
    <>
      <link rel="apple-touch-icon" href={`${BASE_PATH}/icons/apple-touch-icon.png`} />
      <meta name="theme-color" content="#0d2c54" />
      <SerwistProvider
        swUrl={`${BASE_PATH}/serwist/sw.js`}
        disable={process.env.NODE_ENV !== 'production'}
        cacheOnNavigation
        reloadOnOnline={false}
        options={{ scope: `${BASE_PATH}/`, type: 'classic' }}
      />
    </>
  );
}
