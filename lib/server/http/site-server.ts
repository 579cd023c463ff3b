/**
 * The site's HTTP server around Next's request handler (`scripts/serve-site.ts` runs it):
 *  - binds to `HOST` (loopback unless told otherwise) while Next builds its own URLs on
 *    `localhost`: Next 16 rewrites every loopback address in a proxy's URLs to `localhost`,
 *    so `next start -H 127.0.0.1` turned next-intl's internal rewrites into external ones (a
 *    redirect loop on /ll and a 500 on /ll/fr);
 *  - answers 400 for an address whose percent-encoding is malformed (`/ll/races/%FF`) or that
 *    disguises an id with encoded controls or blanks (`/ll/races/5%00`, `/ll/races/5%20`), on every
 *    path, with the usual headers: a page in the visitor's language, or the API's JSON error;
 *  - answers 413 at once to a request announcing a body larger than the largest explicit limit
 *    (`BODY_LIMITS.upload`), on every path, before anything reads it (the API holds JSON
 *    bodies to its own, smaller limit);
 *  - answers methods and request targets no route serves itself, with the usual headers, never
 *    500 (issue 22 "bad input"): `TRACE` anywhere, and on pages any method but GET, HEAD and
 *    POST (the sign-in forms post to their own page without JavaScript), 405 with `Allow`
 *    (OPTIONS: 204 with `Allow`); `CONNECT`, 405 on the raw connection; an asterisk-form target
 *    (`GET *`, OPTIONS excepted) or an absolute-form one (`GET http://host/ll`), 400; a request
 *    Node cannot parse (an unknown method), 400 (431 for headers too large). The API
 *    (`/ll/api`) answers the other methods itself (its own 405);
 *  - turns a 500 into 503 with `Retry-After` while the race database is known to be down (a
 *    page that was rendering when it went away), so an outage never reads as a server fault;
 *  - bounds the renders of pages with the `RenderGate` when given (issue 22): the excess is
 *    answered the stale stored page when there is one, else 503 with `Retry-After` at once;
 *  - answers public pages from the page cache when one is given (lib/server/cache/page-cache.ts):
 *    a stored page first thing, before anything else is looked at (the hot path); a cacheable
 *    miss rendered by Next and stored as it goes out;
 *  - stops within a few seconds even while clients hold keep-alive connections open;
 *  - gives a request's headers `HEADERS_TIMEOUT_MS` (15 s) and the whole request, body included,
 *    `REQUEST_TIMEOUT_MS` (60 s), then answers 408 and closes (issue 29: a client that under-sent
 *    its body held a connection for Node's 5 minutes); checked every second;
 *  - counts every answered request in the metrics (../metrics/metrics.ts: kind, method, status
 *    class, page-cache answer, duration);
 *  - serves an absolute-form target (`GET http://site/ll`) only for the configured site's own
 *    origin (it goes on as its path); any other host's is 400 (issue 29: never a redirect there).
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { BASE_PATH, BODY_LIMITS, REPLY_HEADERS } from '../../config';
import { errorBody } from '../../errors';
import { LANGUAGE_COOKIE } from '../../i18n/routing';
import { isPagePath, type PageCache, type RenderGate } from '../cache/page-cache';
import { RETRY_AFTER_S, isDatabaseDown } from '../db/availability';
import { accessLogOn, loggableError, logger, requestId } from '../log';
import { recordRequest, requestKind } from '../metrics/metrics';
import { badRequestPage, methodNotAllowedPage, unavailablePage, visitorLocale } from './status-page';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** Milliseconds in-flight requests get to finish once a stop is asked. */
export const DRAIN_MS = 2000;
/** Milliseconds a request may take to send its headers, then all of it (body included). */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 60_000;

/** The site server's limits and the origin whose absolute-form targets it serves. */
export interface SiteServerOptions {
  /** The configured site's origin (`SITE_URL`): `GET <origin>/ll` goes on as `/ll`. */
  siteOrigin?: string;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** How often open connections are checked against those limits (ms). */
  checkEveryMs?: number;
}

/**
 * The origin-form (`/…`) of an absolute-form target naming `origin` (scheme, host and port), or
 * null for any other target (another host, not a URL).
 */
export function ownTarget(url: string, origin: string | undefined): string | null {
  if (!origin || url.startsWith('/') || url === '*') return null;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

/**
 * Encoded control characters anywhere, or an encoded blank at either end of a path segment:
 * no page has them, and the locale proxy trims them off when it rewrites the address, so
 * `/races/5%00` or `/races/5%20` would otherwise read as race 5. (The API checks its own ids.)
 */
const DISGUISED = /%(?:[01][0-9a-f]|7f)|(?:^|\/)(?:%20|%09)|(?:%20|%09)(?:\/|$)/i;

function wellFormed(url: string): boolean {
  const path = url.split('?')[0];
  try {
    decodeURIComponent(path);
  } catch {
    return false;
  }
  return path.startsWith(`${BASE_PATH}/api/`) || !DISGUISED.test(path);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function refuseMalformed(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? '/').split('?')[0];
  if (path.startsWith(`${BASE_PATH}/api/`)) {
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...REPLY_HEADERS });
    res.end(JSON.stringify(errorBody('invalid_url')));
    return;
  }
  const page = badRequestPage(visitorLocale(path, cookieValue(req.headers.cookie, LANGUAGE_COOKIE)));
  res.writeHead(page.status, page.headers);
  res.end(page.body);
}

/** Methods a page (anything outside the API) answers. */
export const PAGE_METHODS = 'GET, HEAD, POST, OPTIONS';
/** Methods the API routes answer between them (each path says its own in its 405). */
const API_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PAGE_METHOD_SET = new Set(['GET', 'HEAD', 'POST']);

const isApiPath = (path: string) => path === `${BASE_PATH}/api` || path.startsWith(`${BASE_PATH}/api/`);

/**
 * Answers a method or a request target no route serves (see the file's docstring); true when
 * it did. Only origin-form targets (`/…`) go on.
 */
function refuseUnserved(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = req.url ?? '/';
  const method = req.method ?? 'GET';
  if (!url.startsWith('/')) {
    if (url === '*' && method === 'OPTIONS') {
      res.writeHead(204, { Allow: PAGE_METHODS, 'Cache-Control': 'no-store', ...REPLY_HEADERS });
      res.end();
      return true;
    }
    const page = badRequestPage(visitorLocale('/', cookieValue(req.headers.cookie, LANGUAGE_COOKIE)));
    res.writeHead(page.status, page.headers);
    res.end(method === 'HEAD' ? undefined : page.body);
    return true;
  }
  const path = url.split('?')[0];
  if (isApiPath(path)) {
    if (method !== 'TRACE') return false;
    res.writeHead(405, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Allow: API_METHODS, ...REPLY_HEADERS });
    res.end(JSON.stringify(errorBody('method_not_allowed', `The method ${method} is not allowed on this path: use ${API_METHODS}`)));
    return true;
  }
  if (PAGE_METHOD_SET.has(method)) return false;
  if (method === 'OPTIONS') {
    res.writeHead(204, { Allow: PAGE_METHODS, 'Cache-Control': 'no-store', ...REPLY_HEADERS });
    res.end();
    return true;
  }
  const page = methodNotAllowedPage(visitorLocale(path, cookieValue(req.headers.cookie, LANGUAGE_COOKIE)), PAGE_METHODS);
  res.writeHead(page.status, page.headers);
  res.end(page.body);
  return true;
}

/** A whole HTTP/1.1 reply written on a raw socket (CONNECT, unparsable requests), then closed. */
function rawReply(status: number, reason: string, headers: Record<string, string>, body: string): string {
  const lines = [`HTTP/1.1 ${status} ${reason}`];
  const all = { ...headers, ...REPLY_HEADERS, 'Cache-Control': 'no-store', 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** 503 with `Retry-After` for a page over the render bound (or its stale stored copy). */
function refuseOverloaded(req: http.IncomingMessage, res: http.ServerResponse, cache: PageCache | null) {
  if (cache !== null && cache.serveStale(req, res)) return;
  const url = req.url ?? '/';
  const page = unavailablePage(visitorLocale(url.split('?')[0], cookieValue(req.headers.cookie, LANGUAGE_COOKIE)), url, RETRY_AFTER_S);
  res.writeHead(page.status, page.headers);
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

function refuseTooLarge(res: http.ServerResponse) {
  res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close', ...REPLY_HEADERS });
  res.end(JSON.stringify(errorBody('payload_too_large', `The request body is larger than ${BODY_LIMITS.upload} bytes`)));
}

/** While the database is down, a 500 on its way out becomes a 503 with `Retry-After`. */
function outageAware(res: http.ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 500 && isDatabaseDown()) {
      status = 503;
      this.setHeader('Retry-After', String(RETRY_AFTER_S));
      this.setHeader('Cache-Control', 'no-store');
      // Explicit headers passed to writeHead win over setHeader: keep theirs, fix ours.
      const headers = rest.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined;
      if (headers) {
        for (const key of Object.keys(headers)) if (key.toLowerCase() === 'cache-control') delete headers[key];
      }
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}

/**
 * The visitor's address: the socket's peer, or, behind `trustedHops` proxies that each append
 * the address they saw to `X-Forwarded-For`, the entry that many places from the right (what a
 * client writes into the header itself is never trusted). Rate limits key on it.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustedHops: number): string {
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  chain.push(socketAddress ?? 'unknown');
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? 'unknown';
}

/**
 * An HTTP server that hands every well-formed request to `handle`, through `cache` when given
 * (a stored page is answered before anything else; only well-formed addresses are ever stored),
 * and the renders of pages through `gate` when given (the excess: stale page or 503).
 */
export function createSiteServer(handle: Handler, trustedHops = 0, cache: PageCache | null = null, gate: RenderGate | null = null, options: SiteServerOptions = {}): http.Server {
  const render: Handler =
    gate === null
      ? handle
      : async (req, res) => {
          if (!isPagePath(req.url ?? '/')) return handle(req, res);
          if (await gate.enter(res)) return handle(req, res);
          if (!res.headersSent && !res.destroyed) refuseOverloaded(req, res, cache);
        };
  const server = http.createServer({ connectionsCheckingInterval: options.checkEveryMs ?? 1000 }, (req, res) => {
    const started = process.hrtime.bigint();
    // One id per request, in its log lines (the API's too: it reads the header) and its reply.
    const id = requestId(req.headers['x-request-id'], trustedHops);
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    res.once('finish', () => {
      const cache = res.getHeader('x-cache');
      const path = (req.url ?? '/').split('?')[0]!;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      recordRequest({ kind: requestKind(path, BASE_PATH), method: req.method ?? 'GET', status: res.statusCode, cache: cache ? String(cache) : 'none' }, seconds);
      if (accessLogOn()) {
        logger('access').info({ reqId: id, method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 1e4) / 10, bytes: Number(res.getHeader('content-length') ?? 0) || undefined, cache: cache ? String(cache) : undefined }, 'request');
      }
    });
    const own = ownTarget(req.url ?? '/', options.siteOrigin);
    if (own !== null) req.url = own;
    if (cache !== null && cache.serve(req, res)) return;
    if (refuseUnserved(req, res)) return;
    if (!wellFormed(req.url ?? '/')) return refuseMalformed(req, res);
    // Next passes X-Forwarded-For on as it came; replace it with the one address we trust.
    req.headers['x-forwarded-for'] = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, trustedHops);
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMITS.upload) return refuseTooLarge(res);
    outageAware(res);
    Promise.resolve(cache !== null ? cache.render(req, res, render) : render(req, res)).catch((err: unknown) => {
      logger('site').error({ reqId: id, method: req.method, path: (req.url ?? '/').split('?')[0], err: loggableError(err) }, 'the request failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...REPLY_HEADERS });
      }
      res.end();
    });
  });
  // CONNECT never reaches the request handler (Node would drop the connection): 405.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    socket.end(rawReply(405, 'Method Not Allowed', { Allow: PAGE_METHODS, 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed\n'));
  });
  // What Node cannot parse (an unknown method, a bad header): 400 with the usual headers.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const sent = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || !socket.writable || sent) return void socket.destroy();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    // Headers or body not sent within their time (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS): 408.
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.end(rawReply(408, 'Request Timeout', { 'Content-Type': 'text/plain; charset=utf-8' }, 'Request timed out\n'));
    socket.end(rawReply(tooLarge ? 431 : 400, tooLarge ? 'Request Header Fields Too Large' : 'Bad Request', { 'Content-Type': 'text/plain; charset=utf-8' }, tooLarge ? 'Request headers too large\n' : 'Bad request\n'));
  });
  // Behind a load balancer idle connections must outlive its own timeout; 5 s by default.
  server.keepAliveTimeout = 5000;
  server.headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  server.requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  return server;
}

/**
 * Stops accepting, lets in-flight requests finish for `DRAIN_MS`, then closes every
 * connection (idle keep-alive ones at once). Resolves when the server is closed.
 */
export function stopSiteServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
  });
}
