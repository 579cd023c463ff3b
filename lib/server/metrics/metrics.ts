/**
 * Request and job metrics in the Prometheus text format (issue 29 "Health and metrics … request
 * and job metrics in the Prometheus format (`prom-client`)"), served by `GET /ll/api/v1/metrics`
 * (lib/server/api/routes/health.ts).
 *
 * One registry per process, kept on `globalThis`: the site server (scripts/serve-site.ts, loaded
 * by tsx) records the requests, the job worker its jobs, and the API route (bundled by Next) reads
 * them; two copies of this module must still share one registry. Not `server-only`: the site
 * server and the job worker load it under plain Node.
 *
 * - `ll_http_requests_total` and `ll_http_request_duration_seconds` by `kind` (page, api, static,
 *   upload, other), `method`, `status` (its class: 2xx …) and `cache` (HIT, MISS or none: the page
 *   cache's answer), so the labels stay few whatever the addresses;
 * - `ll_jobs_total` and `ll_job_duration_seconds` by job `name` and `outcome` (done, failed);
 * - Node's process metrics (`collectDefaultMetrics`, prefixed `ll_`).
 */
import client from 'prom-client';

interface Metrics {
  registry: client.Registry;
  requests: client.Counter<'kind' | 'method' | 'status' | 'cache'>;
  requestSeconds: client.Histogram<'kind' | 'method' | 'status' | 'cache'>;
  jobs: client.Counter<'name' | 'outcome'>;
  jobSeconds: client.Histogram<'name' | 'outcome'>;
}

const globalForMetrics = globalThis as unknown as { __llMetrics?: Metrics };

/** This process's metrics (made on first use). */
export function metrics(): Metrics {
  if (globalForMetrics.__llMetrics) return globalForMetrics.__llMetrics;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'll_' });
  const made: Metrics = {
    registry,
    requests: new client.Counter({ name: 'll_http_requests_total', help: 'HTTP requests answered, by kind, method, status class and page-cache answer', labelNames: ['kind', 'method', 'status', 'cache'], registers: [registry] }),
    requestSeconds: new client.Histogram({
      name: 'll_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until its last byte was handed to the connection), in seconds',
      labelNames: ['kind', 'method', 'status', 'cache'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobs: new client.Counter({ name: 'll_jobs_total', help: 'Jobs run by this process, by name and outcome', labelNames: ['name', 'outcome'], registers: [registry] }),
    jobSeconds: new client.Histogram({ name: 'll_job_duration_seconds', help: 'Time a job ran, in seconds', labelNames: ['name', 'outcome'], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60], registers: [registry] }),
  };
  globalForMetrics.__llMetrics = made;
  return made;
}

/** The kind of a request by its path under the base path `base` (a label with few values). */
export function requestKind(path: string, base: string): 'page' | 'api' | 'static' | 'upload' | 'other' {
  if (!path.startsWith(base)) return 'other';
  const rest = path.slice(base.length);
  if (rest.startsWith('/api/')) return 'api';
  if (rest.startsWith('/_next/') || rest.startsWith('/serwist/') || rest.startsWith('/scanner/')) return 'static';
  if (rest.startsWith('/uploads/')) return 'upload';
  return 'page';
}

/** Records one answered request. */
export function recordRequest(labels: { kind: string; method: string; status: number; cache: string }, seconds: number): void {
  const m = metrics();
  const values = { kind: labels.kind, method: labels.method, status: `${Math.floor(labels.status / 100)}xx`, cache: labels.cache };
  m.requests.inc(values);
  m.requestSeconds.observe(values, seconds);
}

/** Records one job run. */
export function recordJob(name: string, outcome: 'done' | 'failed', seconds: number): void {
  const m = metrics();
  m.jobs.inc({ name, outcome });
  m.jobSeconds.observe({ name, outcome }, seconds);
}

/** The registry's text (Prometheus exposition format) and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
