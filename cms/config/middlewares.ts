/**
 * CORS allows only the website's origin (CMS_CORS_ORIGINS, comma separated; `npm start` passes
 * the site's) and the admin panel's own address: any other Origin gets no
 * Access-Control-Allow-Origin, so no other site can read the CMS with a visitor's credentials.
 * Without Strapi's `poweredBy` middleware: no `X-Powered-By` banner (issue 29).
 */
export default ({ env }) => {
  const port = env.int('CMS_PORT', 1337);
  const origins = [
    ...env.array('CMS_CORS_ORIGINS', ['http://localhost:3000']),
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
    ...(env('CMS_PUBLIC_URL', '') ? [new URL(env('CMS_PUBLIC_URL')).origin] : []),
  ];
  return [
    'strapi::logger',
    'strapi::errors',
    'strapi::security',
    { name: 'strapi::cors', config: { origin: origins, credentials: true } },
    // No 'strapi::poweredBy' (issue 29): the CMS does not announce itself (`X-Powered-By: Strapi`).
    'strapi::query',
    // Accepts populate[relation]=*, pagination[limit]=-1 and locale=fr-ca / fr
    // (see src/middlewares/query-compat.ts).
    'global::query-compat',
    'strapi::body',
    'strapi::session',
    'strapi::favicon',
    'strapi::public',
  ];
};
