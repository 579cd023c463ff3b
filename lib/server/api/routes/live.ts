/**
 * (issue 10, being written) live routes under /ll/api/v1/livelaps.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';

/** The live sub-app (mounted at /ll/api/v1/livelaps). */
export function liveRoutes() {
  return new OpenAPIHono({ defaultHook: validationHook });
}
