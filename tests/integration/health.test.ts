/**
 * Liveness, readiness and metrics (issue 29 "Health and metrics") through the API app on the
 * real database: `/health` answers with nothing asked; `/ready` is 503 until this process's job
 * worker runs, then 200, the database and the (unreachable) CMS reported each; `/metrics` answers
 * this machine or the bearer token only, with the jobs run.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deskCall, setUpDeskDatabase, withCmsOutOfReach, type Api } from './desk-kit';

withCmsOutOfReach();

const db = setUpDeskDatabase('health');
let api: Api;
beforeAll(() => {
  ({ api } = db);
});

describe('health checks', () => {
  it('answers liveness at once, never cached', async () => {
    const res = await api.request('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ status: 'ok', uptimeS: expect.any(Number) });
  });

  it('is not ready until the job worker runs; then ready, with the database up and the CMS reported unreachable', async () => {
    const before = await api.request('/api/v1/ready');
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).toBe('5');
    expect(await before.json()).toEqual({ ready: false, checks: { database: 'ok', jobs: 'stopped', cms: 'unreachable' } });

    const { startJobWorker } = await import('../../lib/server/jobs');
    startJobWorker();
    await expect.poll(async () => (await deskCall(api, 'GET', '/ready')).status, { timeout: 15_000 }).toBe(200);
    expect((await deskCall(api, 'GET', '/ready')).body).toEqual({ ready: true, checks: { database: 'ok', jobs: 'ok', cms: 'unreachable' } });
  });
});

describe('metrics', () => {
  const metricsFrom = (address: string, authorization?: string) =>
    api.request('/api/v1/metrics', { headers: { 'x-forwarded-for': address, ...(authorization ? { authorization } : {}) } });

  it('answers this machine in the Prometheus format, with the jobs run; anyone else 404 unless they bring the token', async () => {
    const { runJob } = await import('../../lib/server/jobs');
    await runJob('sweep-holds', { id: 'metrics-test', data: {}, attempt: 1 });
    const local = await metricsFrom('127.0.0.1');
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await local.text();
    expect(text).toMatch(/^ll_jobs_total\{name="sweep-holds",outcome="done"\} [1-9]/m);
    expect(text).toContain('# TYPE ll_http_request_duration_seconds histogram');
    expect(text).toContain('ll_process_cpu_seconds_total');

    expect((await metricsFrom('203.0.113.9')).status).toBe(404);
    vi.stubEnv('METRICS_TOKEN', 'scrape-token-0123456789');
    try {
      expect((await metricsFrom('203.0.113.9', 'Bearer wrong-token-0123456789')).status).toBe(404);
      expect((await metricsFrom('203.0.113.9', 'Bearer scrape-token-0123456789')).status).toBe(200);
    } finally {
      vi.stubEnv('METRICS_TOKEN', undefined as unknown as string);
    }
  });
});
