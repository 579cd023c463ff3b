import { withSerwist } from '@serwist/turbopack';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { OTHER_COOKIE_PATTERN, PERSONAL_HEADER } from './components/pwa/sw-rules';
import { BASE_PATH, NON_PAGE_CSP, SECURITY_HEADERS } from './lib/config';

// The messages are compiled at build time (next-intl's `precompile`, issue 23): the browser gets
// them ready to format and no ICU parser (intl-messageformat, ~9 KiB gzip on every page).
// Code that imports messages/*.json through the build reads the compiled form: a message without
// arguments stays its plain string (what app/manifest.ts, app/not-found.tsx and the status and
// permission pages read); one with arguments becomes a compiled array, for `t()` only.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const nextConfig: NextConfig = {
  basePath: BASE_PATH,
  // A second `next dev` beside the first needs its own build folder (NEXT_DIST_DIR=.next-2).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Source maps of the browser's scripts, beside them: `npm run budget` (issue 23) reads them to
  // name the modules that weigh on a page, and an error reported from a phone can be traced to
  // its line. They hold only what the browser already receives (client code), unminified.
  productionBrowserSourceMaps: true,
  // `npm test` type-checks the whole project in its own stage (tsc --noEmit, beside lint) before
  // it builds for the browser tests; it sets SKIP_BUILD_TYPECHECK=1 so the build does not check
  // the same code a second time (~25 s of CI). Every other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  reactStrictMode: true,
  // Turbopack keeps its work in .next/cache for the next build of this tree. A CI machine builds
  // a clean clone once and throws it away: writing that cache cost 17.8 s of its run.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
  // pg and the importers run only on the server; prom-client is the one copy the site server and
  // the API share (its registry, lib/server/metrics/metrics.ts).
  serverExternalPackages: ['pg', 'pg-boss', 'prom-client'],
  images: { unoptimized: true },
  async headers() {
    return [
      { source: '/:path*', headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })) },
      // Issue 29: the pages' own CSP comes from proxy.ts (a nonce per render); what is no page gets one where nothing runs.
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: NON_PAGE_CSP }] },
      { source: '/uploads/:path*', headers: [{ key: 'Content-Security-Policy', value: `${NON_PAGE_CSP}; sandbox` }, { key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' }] },
      // A reply to a request carrying a cookie other than siteLanguage is the visitor's own:
      // the trackside service worker (app/sw.ts) never keeps it for offline reading.
      { source: '/:path*', has: [{ type: 'header', key: 'cookie', value: OTHER_COOKIE_PATTERN }], headers: [{ key: PERSONAL_HEADER, value: '1' }] },
    ];
  },
};

// withSerwist: the service worker's route (app/serwist/[path]/route.ts) bundles app/sw.ts with esbuild at build time.
export default withNextIntl(withSerwist(nextConfig));
