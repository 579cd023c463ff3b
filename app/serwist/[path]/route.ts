/**
 * Serves the trackside service worker (app/sw.ts) at /ll/serwist/sw.js (and its source map),
 * built with esbuild by @serwist/turbopack when the site is built (static: one file per
 * build). Its precache list is the build's static assets and public/ (the app shell). The
 * reply allows the scope /ll/ (`Service-Worker-Allowed`). Registered by
 * components/pwa/ServiceWorker.tsx in production builds only.
 */
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'app/sw.ts',
  // esbuild is installed (esbuild-wasm, the default off Windows, is not).
  useNativeEsbuild: true,
  // The worker is small; the app shell's largest chunks stay within this.
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
});
