/**
 * Serves the trackside service worker (app/sw.ts) at /ll/serwist/sw.js (and its source map),
 * built with esbuild by @serwist/turbopack when the site is built (static: one file per
 * build). Its precache list is empty (`globPatterns: []`): a visitor of any page downloads
 * nothing ahead; the worker keeps the build's files as the pages load them (runtime cache).
 * The reply allows the scope /ll/ (`Service-Worker-Allowed`). Registered by
 * components/pwa/ServiceWorker.tsx in production builds only.
 */
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'app/sw.ts',
  // esbuild is installed (esbuild-wasm, the default off Windows, is not).
  useNativeEsbuild: true,
  // Nothing precached (issue 10 review: every visitor precached ~1.9 MB of scripts on mobile data).
  globPatterns: [],
});
