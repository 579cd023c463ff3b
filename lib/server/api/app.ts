/**
 * The JSON API under /ll/api/v1 (DESIGN.md: one Hono app with @hono/zod-openapi). Paths keep
 * the spec's spelling (§7) relative to this base. Every parameter is checked with zod; a bad
 * one answers 400 `{ error: 'invalid_*', message: 'The provided … is invalid' }`; unknown
 * paths answer 404 `not_found`; nothing answers a bare 500.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { apiError, validationHook } from './errors';
import { langRoutes } from './routes/langs';
import { livelapsRoutes } from './routes/livelaps';
import { permissionRoutes } from './routes/permissions';

/** Next strips its basePath (/ll) before the route handler sees the request. */
export const API_BASE = '/api/v1';

/** Builds the API app (a fresh one per call; the route handler keeps one). */
export function createApiApp() {
  const app = new OpenAPIHono({ defaultHook: validationHook }).basePath(API_BASE);
  app.route('/livelaps', livelapsRoutes());
  app.route('/users/current', permissionRoutes());
  app.route('/langs', langRoutes());

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Federation results API',
      version: '1.0.0',
      description: 'Events, races, results, calendar and display permissions (product spec §7).',
    },
  });

  app.notFound((c) => c.json(apiError(404, 'not_found', 'Not found'), 404));
  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      return c.json(apiError(err.status as 400, err.status === 404 ? 'not_found' : 'invalid_request', err.message), err.status);
    }
    if (err instanceof SyntaxError) {
      return c.json(apiError(400, 'invalid_request', 'The request body is not valid JSON'), 400);
    }
    console.error('[api]', c.req.method, c.req.path, err);
    return c.json(apiError(500, 'internal_server_error', 'Internal Server Error'), 500);
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
