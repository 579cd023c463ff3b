export default [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // Accepts populate[relation]=*, pagination[limit]=-1 and locale=fr-ca / fr
  // (see src/middlewares/query-compat.ts).
  'global::query-compat',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
