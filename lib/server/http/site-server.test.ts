/**
 * Bad input at the site's HTTP server (issue 22): methods and request targets no route serves
 * are answered 405 (with `Allow`) or 400, with the site's security headers, never 500 and never
 * handed to Next. The server runs on port 0 with a trivial handler that counts what reaches it.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { captureLogLines } from '../../../tests/support/log-lines';
import { REPLY_HEADERS } from '../../config';
import { createSiteServer } from './site-server';

let server: http.Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  server = createSiteServer(
    (req, res) => {
      reached.push(`${req.method} ${req.url}`);
      // As Next does for a form or the API: the body is read before the answer.
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('ok');
      });
    },
    0,
    null,
    null,
    { siteOrigin: 'http://site.example', headersTimeoutMs: 400, requestTimeoutMs: 800, checkEveryMs: 100 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends `head` as it is on a fresh connection; the status line and headers of the reply. */
function raw(head: string): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      const [top] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text });
    });
    socket.on('error', reject);
    socket.write(head);
    setTimeout(() => socket.end(), 200);
  });
}

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>) {
  for (const [name, value] of Object.entries(REPLY_HEADERS)) expect(headers[name.toLowerCase()], name).toBe(value);
}

it('answers TRACE 405 with Allow on pages and on the API, never reaching Next', async () => {
  for (const path of ['/ll/races/1', '/ll', '/', '/ll/_next/static/x.js']) {
    const reply = await raw(`TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(reply.status, path).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(reply.headers);
  }
  const api = await raw('TRACE /ll/api/v1/livelaps/events/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect(api.status).toBe(405);
  expect(api.headers.allow).toContain('GET');
  expect(api.text).toContain('"error":"method_not_allowed"');
  expectSecurityHeaders(api.headers);
  expect(reached.filter((r) => r.startsWith('TRACE'))).toEqual([]);
});

it('answers methods no page serves 405 in the visitor’s language, OPTIONS 204, and lets GET, HEAD and POST through', async () => {
  for (const method of ['PUT', 'DELETE', 'PATCH', 'PROPFIND']) {
    const reply = await raw(`${method} /ll/fr/races/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(reply.status, method).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(reply.text).toContain('lang="fr"');
    expectSecurityHeaders(reply.headers);
  }
  const options = await raw('OPTIONS /ll/races/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect(options.status).toBe(204);
  expect(options.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  expectSecurityHeaders(options.headers);
  reached.length = 0;
  for (const method of ['GET', 'HEAD', 'POST']) {
    const reply = await raw(`${method} /ll/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(reply.status, method).toBe(200);
  }
  // The API answers its own methods (its own 405 per path).
  expect((await raw('DELETE /ll/api/v1/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).status).toBe(200);
  expect(reached).toEqual(['GET /ll/login', 'HEAD /ll/login', 'POST /ll/login', 'DELETE /ll/api/v1/x']);
});

it('answers CONNECT 405 on the connection', async () => {
  const reply = await raw('CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
  expect(reply.status).toBe(405);
  expect(reply.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  expectSecurityHeaders(reply.headers);
});

it('answers asterisk-form and absolute-form targets 400 (OPTIONS * 204), and what Node cannot parse 400', async () => {
  reached.length = 0;
  for (const head of ['GET * HTTP/1.1', 'HEAD * HTTP/1.1', 'GET http://evil.example/ll/races/1 HTTP/1.1']) {
    const reply = await raw(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(reply.status, head).toBe(400);
    expectSecurityHeaders(reply.headers);
  }
  const star = await raw('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect(star.status).toBe(204);
  expect(star.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  const unknown = await raw('FOO /ll HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  expect(unknown.status).toBe(400);
  expectSecurityHeaders(unknown.headers);
  expect(reached).toEqual([]);
  // The configured site's own absolute-form target is served as its path (issue 29); another port or scheme is another site.
  const own = await raw('GET http://site.example/ll/races/1?x=1 HTTP/1.1\r\nHost: site.example\r\nConnection: close\r\n\r\n');
  expect(own.status).toBe(200);
  expect(reached).toEqual(['GET /ll/races/1?x=1']);
  for (const head of ['GET https://site.example/ll HTTP/1.1', 'GET http://site.example:8080/ll HTTP/1.1']) {
    expect((await raw(`${head}\r\nHost: site.example\r\nConnection: close\r\n\r\n`)).status, head).toBe(400);
  }
  expect(reached).toHaveLength(1);
});

it('counts the requests it answers in the metrics, by kind, method and status class', async () => {
  const { metricsText } = await import('../metrics/metrics');
  const count = async (labels: string) => Number(new RegExp(`^ll_http_requests_total\\{${labels}\\} (\\d+)`, 'm').exec((await metricsText()).body)?.[1] ?? 0);
  const pages = await count('kind="page",method="GET",status="2xx",cache="none"');
  const refused = await count('kind="page",method="TRACE",status="4xx",cache="none"');
  await raw('GET /ll/races/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  await raw('TRACE /ll HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect(await count('kind="page",method="GET",status="2xx",cache="none"')).toBe(pages + 1);
  expect(await count('kind="page",method="TRACE",status="4xx",cache="none"')).toBe(refused + 1);
});

it('answers 408 and closes a connection whose headers or body never finish (issue 29: held for minutes)', async () => {
  /** Sends `data` and waits (at most 5 s) for the server to answer and close. */
  const stalled = (data: string) =>
    new Promise<{ text: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve({ text, ms: Date.now() - started }));
      socket.on('error', reject);
      socket.write(data);
      setTimeout(() => socket.destroy(), 5000);
    });
  const body = await stalled('POST /ll/api/v1/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
  expect(body.text).toMatch(/^HTTP\/1\.1 408/);
  expect(body.ms).toBeLessThan(3000);
  const headers = await stalled('GET /ll HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  expect(headers.text).toMatch(/^HTTP\/1\.1 408/);
  expect(headers.ms).toBeLessThan(3000);
});

it('gives every request an id in its reply and, with ACCESS_LOG=1, one structured access line without the query (issue 29)', async () => {
  vi.stubEnv('ACCESS_LOG', '1');
  const log = captureLogLines();
  try {
    const reply = await raw('GET /ll/results/12?q=zoe%40example.org HTTP/1.1\r\nHost: site.example\r\nX-Request-Id: forged-by-visitor\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(200);
    // No trusted proxy here: a visitor's id is not taken.
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 50));
    const access = log.lines().filter((l) => l.service === 'access');
    expect(access).toEqual([expect.objectContaining({ level: 'info', msg: 'request', reqId: reply.headers['x-request-id'], method: 'GET', path: '/ll/results/12', status: 200, ms: expect.any(Number) })]);
    expect(JSON.stringify(access)).not.toContain('zoe');
  } finally {
    log.stop();
    vi.unstubAllEnvs();
  }
});
