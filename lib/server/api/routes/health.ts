/**
 * Health checks (issue 29 "Health and metrics"), mounted at /ll/api/v1: `GET /health` (liveness)
 * and `GET /ready` (readiness: lib/server/health/readiness.ts). Never cached; no session is read;
 * both answer during a database outage (the outage is what `/ready` reports).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { readiness } from '../../health/readiness';
import { validationHook } from '../errors';
import { json } from '../kit';

const Checks = z.object({
  database: z.enum(['ok', 'down']),
  jobs: z.enum(['ok', 'stopped']),
  cms: z.enum(['ok', 'unreachable']).openapi({ description: 'Reported only: pages serve built-in fallbacks while the CMS is away' }),
});
const ReadyReply = z.object({ ready: z.boolean(), checks: Checks }).openapi('Readiness');

/** The health sub-app (mounted at /ll/api/v1). */
export function healthRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      summary: 'Liveness: the process answers',
      description: 'Issue 29 Health and metrics (for operators and load balancers; not among the spec §7 calls): 200 `{ status: "ok", uptimeS }` whenever the process runs; no dependency is asked.',
      responses: { 200: json(z.object({ status: z.literal('ok'), uptimeS: z.number().int() }).openapi('Liveness'), 'The process answers') },
    }),
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' as const, uptimeS: Math.floor(process.uptime()) }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/ready',
      summary: 'Readiness: the database answers and the job worker runs (the CMS is reported)',
      description: 'Issue 29 Health and metrics (for operators and load balancers; not among the spec §7 calls): 200 when ready, 503 (with `Retry-After`) when the database does not answer within 2 s or this process’s job worker is not running. `checks` says each.',
      responses: {
        200: json(ReadyReply, 'Ready'),
        503: json(ReadyReply, 'Not ready: send traffic elsewhere'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const state = await readiness();
      if (!state.ready) c.header('Retry-After', '5');
      return c.json(state, state.ready ? 200 : 503);
    },
  );
  return app;
}
