/**
 * (issue 10, being written) trackside routes under /ll/api/v1/livelaps.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';

/** The trackside sub-app (mounted at /ll/api/v1/livelaps). */
export function tracksideRoutes() {
  return new OpenAPIHono({ defaultHook: validationHook });
}
