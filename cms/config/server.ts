export default ({ env }) => ({
  host: env('CMS_HOST', '127.0.0.1'),
  port: env.int('CMS_PORT', 1337),
  // Public address of this service, used in absolute links (admin behind a proxy).
  url: env('CMS_PUBLIC_URL', ''),
  app: {
    keys: env.array('APP_KEYS'),
  },
  logger: {
    // No network here: never ask the npm registry for a newer Strapi.
    updates: { enabled: false },
  },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
});
