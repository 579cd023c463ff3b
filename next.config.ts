import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { BASE_PATH, SECURITY_HEADERS } from './lib/config';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  basePath: BASE_PATH,
  // A second `next dev` beside the first needs its own build folder (NEXT_DIST_DIR=.next-2).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // pg and the importers run only on the server.
  serverExternalPackages: ['pg'],
  images: { unoptimized: true },
  async headers() {
    return [{ source: '/:path*', headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default withNextIntl(nextConfig);
