/** livelaps event-page calls: registration, start grid, accordions, series (issue 8) */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';

export function eventPageRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  return app;
}
