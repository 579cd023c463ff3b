/**
 * The API client over `fetch` (issue 23) against a real HTTP server: a 2xx reply's JSON, a
 * JSON body sent as JSON (a DELETE's too), a non-2xx reply rejected with its status, body and
 * headers (the API's `message`, `error` and field `issues` kept, a Retry-After read), a reply that is not
 * JSON kept as text, and no reply (closed port, timeout, the caller's abort) as a network error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAccountError } from './account-errors';
import { ApiHttpError, createApiClient, toClientError } from './client';

let server: http.Server;
let base: string;
const seen: { method?: string; type?: string; accept?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, type: req.headers['content-type'], accept: req.headers.accept, body });
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      if (req.url === '/v1/ok') return json(200, { message: { n: 1 } });
      if (req.url === '/v1/echo') return json(201, { got: JSON.parse(body || 'null') });
      if (req.url === '/v1/limited') return json(429, { error: 'too_many_requests', message: 'Too many requests', statusCode: 429 }, { 'Retry-After': '42' });
      if (req.url === '/v1/issues') return json(400, { error: 'invalid_email', message: 'The provided email is invalid', issues: [{ path: ['email'], code: 'invalid_email' }, 'junk'] });
      if (req.url === '/v1/html') {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<html>Bad gateway</html>');
      }
      if (req.url === '/v1/slow') return void setTimeout(() => json(200, {}), 2_000);
      json(404, { error: 'not_found', message: 'Not found', statusCode: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the API client', () => {
  it('resolves a 2xx reply with its parsed body; sends JSON bodies as JSON, a DELETE’s too', async () => {
    const api = createApiClient(base);
    expect((await api.get<{ message: unknown }>('/ok')).data).toEqual({ message: { n: 1 } });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', accept: 'application/json', body: '' });
    const posted = await api.post<{ got: unknown }>('/echo', { name: 'Émile', n: 2 });
    expect(posted).toMatchObject({ status: 201, data: { got: { name: 'Émile', n: 2 } } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', type: 'application/json' });
    expect((await api.delete<{ got: unknown }>('/echo', { data: { password: 'x' } })).data).toEqual({ got: { password: 'x' } });
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', type: 'application/json' });
  });

  it('rejects a non-2xx reply with its status, body and headers: the API’s message and code, Retry-After', async () => {
    const api = createApiClient(base);
    const err = await api.get('/limited').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiHttpError);
    const { response } = err as ApiHttpError;
    expect(response?.status).toBe(429);
    expect(response?.headers.get('retry-after')).toBe('42');
    expect(toClientError(err)).toMatchObject({ code: 'request_error', message: 'Too many requests', statusCode: 429, apiCode: 'too_many_requests' });
    expect(toAccountError(err)).toMatchObject({ code: 'request_error', statusCode: 429, apiCode: 'too_many_requests', retryAfterS: 42, issues: [] });
    const invalid = await api.post('/issues', {}).catch((e: unknown) => e);
    expect(toAccountError(invalid)).toMatchObject({ statusCode: 400, apiCode: 'invalid_email', retryAfterS: null, issues: [{ path: ['email'], code: 'invalid_email' }] });
    const html = await api.get('/html').catch((e: unknown) => e);
    expect((html as ApiHttpError).response).toMatchObject({ status: 502, data: '<html>Bad gateway</html>' });
    expect(toClientError(html)).toMatchObject({ code: 'request_error', statusCode: 502, apiCode: null });
  });

  it('no reply is a network error: a closed port, a timeout, the caller’s abort', async () => {
    const closed = await createApiClient('http://127.0.0.1:9/v1').get('/ok').catch((e: unknown) => e);
    expect(toClientError(closed)).toMatchObject({ code: 'network_error', statusCode: null });
    expect(toAccountError(closed)).toMatchObject({ code: 'network_error', statusCode: null, apiCode: null, issues: [], retryAfterS: null });
    const api = createApiClient(base);
    const started = Date.now();
    const slow = await api.get('/slow', { timeout: 200 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(slow).toMatchObject({ message: 'timeout of 200ms exceeded', response: undefined });
    expect(toClientError(slow).code).toBe('network_error');
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(toClientError(await pending).code).toBe('network_error');
  });
});
