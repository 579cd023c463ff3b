import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  basePath: '/ll',
  poweredByHeader: false,
  reactStrictMode: true,
  // The PGlite socket server, pg and the importers run only on the server.
  serverExternalPackages: ['pg', '@electric-sql/pglite', '@electric-sql/pglite-socket'],
  images: { unoptimized: true },
};

export default withNextIntl(nextConfig);
