/** iCalendar downloads and feeds (issue 8) */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';

export function calendarRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  return app;
}
