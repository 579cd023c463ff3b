/**
 * Health checks and metrics (issue 29 "Health and metrics"), mounted at /ll/api/v1: `GET /health`
 * (liveness), `GET /ready` (readiness: lib/server/health/readiness.ts) and `GET /metrics`
 * (Prometheus text: lib/server/metrics/metrics.ts; from this machine, or with the bearer
 * `METRICS_TOKEN`, else 404 as if absent). Never cached; no session is read; all answer during a
 * database outage (the outage is what `/ready` reports).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../errors';
import { metricsToken } from '../../config/env';
import { readiness } from '../../health/readiness';
import { metricsText } from '../../metrics/metrics';
import { ErrorSchema } from '../errors';
import { validationHook } from '../errors';
import { clientIp, json } from '../kit';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether `given` (an Authorization header) carries `token` (compared in constant time). */
function bearerMatches(given: string | undefined, token: string | undefined): boolean {
  if (!token || !given?.startsWith('Bearer ')) return false;
  const a = Buffer.from(given.slice('Bearer '.length));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
  app.openapi(
    createRoute({
      method: 'get',
      path: '/metrics',
      summary: 'Request, job and process metrics (Prometheus text format)',
      description:
        'Issue 29 Health and metrics (for operators; not among the spec §7 calls): `ll_http_requests_total` and `ll_http_request_duration_seconds` by kind, method, status class and page-cache answer; `ll_jobs_total` and `ll_job_duration_seconds` by job and outcome; Node’s process metrics. Read from this machine, or with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 404.',
      responses: {
        200: { content: { 'text/plain': { schema: z.string() } }, description: 'The metrics' },
        404: json(ErrorSchema, '`not_found`: not from this machine and without the token'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      if (!LOOPBACK.has(clientIp(c)) && !bearerMatches(c.req.header('authorization'), metricsToken())) throw new AppError('not_found');
      const { body, contentType } = await metricsText();
      return c.text(body, 200, { 'Content-Type': contentType });
    },
  );
  return app;
}
