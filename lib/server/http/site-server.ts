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
 *  - turns a 500 into 503 with `Retry-After` while the race database is known to be down (a
 *    page that was rendering when it went away), so an outage never reads as a server fault;
 *  - answers public pages from the page cache when one is given (lib/server/cache/page-cache.ts):
 *    a stored page first thing, before anything else is looked at (the hot path); a cacheable
 *    miss rendered by Next and stored as it goes out;
 *  - stops within a few seconds even while clients hold keep-alive connections open.
 */
import http from 'node:http';
import { BASE_PATH, BODY_LIMITS, SECURITY_HEADERS } from '../../config';
import { errorBody } from '../../errors';
import { LANGUAGE_COOKIE } from '../../i18n/routing';
import type { PageCache } from '../cache/page-cache';
import { RETRY_AFTER_S, isDatabaseDown } from '../db/availability';
import { badRequestPage, visitorLocale } from './status-page';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** Milliseconds in-flight requests get to finish once a stop is asked. */
export const DRAIN_MS = 2000;

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
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
    res.end(JSON.stringify(errorBody('invalid_url')));
    return;
  }
  const page = badRequestPage(visitorLocale(path, cookieValue(req.headers.cookie, LANGUAGE_COOKIE)));
  res.writeHead(page.status, page.headers);
  res.end(page.body);
}

function refuseTooLarge(res: http.ServerResponse) {
  res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close', ...SECURITY_HEADERS });
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
 * (a stored page is answered before anything else; only well-formed addresses are ever stored).
 */
export function createSiteServer(handle: Handler, trustedHops = 0, cache: PageCache | null = null): http.Server {
  const server = http.createServer((req, res) => {
    if (cache !== null && cache.serve(req, res)) return;
    if (!wellFormed(req.url ?? '/')) return refuseMalformed(req, res);
    // Next passes X-Forwarded-For on as it came; replace it with the one address we trust.
    req.headers['x-forwarded-for'] = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, trustedHops);
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMITS.upload) return refuseTooLarge(res);
    outageAware(res);
    Promise.resolve(cache !== null ? cache.render(req, res, handle) : handle(req, res)).catch((err: unknown) => {
      console.error('[site]', req.method, req.url, err);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
      }
      res.end();
    });
  });
  // Behind a load balancer idle connections must outlive its own timeout; 5 s by default.
  server.keepAliveTimeout = 5000;
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
