/** livelaps promoter and organization calls (issue 8) */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';

export function directoryRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  return app;
}
