/**
 * STUB — livelaps/series/* routes (spec §7), filled by the series API helper.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';

/** The series sub-app (mounted at /ll/api/v1/livelaps). */
export function seriesRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  return app;
}
