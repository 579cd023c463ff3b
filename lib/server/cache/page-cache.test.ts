/**
 * The page cache in the site's server (createSiteServer) on a real HTTP server, with a fake
 * Next handler that renders like Next (dynamic Cache-Control, the proxy's language cookie,
 * gzip when asked, tagged reads) and counts its renders.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '../timing/live/bus';
import { reportDatabaseError, reportDatabaseUp } from '../db/availability';
import { createSiteServer } from '../http/site-server';
import { contentSecurityPolicy } from '../http/csp';
import { pathLocale } from '../../i18n/routing';
import { HIT_CACHE_CONTROL, PAGE_CACHE_DEFAULTS, PageCache, RenderGate, chooseCoding, isPagePath, pageCacheOptionsFromEnv, pageKeyUrl, renderLimitsFromEnv, urlLocale, urlTags, type PageCacheOptions, type RenderLimits } from './page-cache';
import { markUncacheable, tagRead } from './tags';

const NEXT_DYNAMIC = 'private, no-cache, no-store, max-age=0, must-revalidate';

interface Page {
  status?: number;
  body?: string;
  tags?: string[];
  type?: string;
  cacheControl?: string;
  setCookie?: string;
  delayMs?: number;
  /** Headers first, then the body this much later (a slow download). */
  bodyDelayMs?: number;
  /** The headers go in the `writeHead` call (as Next's static files do), not through setHeader. */
  headersInWriteHead?: boolean;
  /** Runs during the render (inside its recorder). */
  during?: () => void;
  /** Sent with the render's nonce policy, as proxy.ts does (issue 29). */
  csp?: boolean;
}

/** A page's inline script (Next's RSC payload). */
const FLIGHT = 'self.__next_f.push([1,"news"])';

/** What the fake Next answers per path (before the query). */
const PAGES: Record<string, Page> = {
  '/ll/races/1': { body: '<html><body>race 1</body></html>'.repeat(40), tags: ['race:1', 'event:1'] },
  '/ll/fr/races/1': { body: '<html lang="fr"><body>course 1</body></html>'.repeat(40), tags: ['race:1', 'event:1'] },
  '/ll/events/2': { body: '<html><body>event 2</body></html>'.repeat(40), tags: ['event:2'] },
  '/ll/events/1': { body: '<html><body>event 1</body></html>'.repeat(40), tags: ['event:1'] },
  '/ll/series/3': { body: '<html><body>standings failed</body></html>', tags: ['series:3'], during: () => markUncacheable() },
  '/ll/uploads/logo.png': { body: 'PNG', type: 'image/png', bodyDelayMs: 200 },
  '/ll/serwist/sw.js': { body: 'self.x = 1', type: 'application/javascript' },
  '/ll/manifest.webmanifest': { body: '{}', type: 'application/manifest+json' },
  '/ll/icon.png': { body: 'PNG', type: 'image/png' },
  '/ll/opengraph-image': { body: 'PNG', type: 'image/png', bodyDelayMs: 200, headersInWriteHead: true },
  '/ll/slow-missing': { status: 404, body: '<html>not found</html>', bodyDelayMs: 200 },
  '/ll/about-us': { body: '<html><body>about</body></html>', tags: [] },
  '/ll/news': { body: `<html><head><script src="/ll/a.js" nonce="n0nce"></script><script nonce="n0nce">${FLIGHT}</script></head><body>news</body></html>`, tags: [], csp: true },
  '/ll/slow': { body: '<html><body>slow</body></html>'.repeat(40), tags: ['race:9'], delayMs: 150 },
  '/ll/missing': { status: 404, body: '<html>not found</html>' },
  '/ll/outage': { status: 503, body: '<html>down</html>', cacheControl: 'no-store' },
  '/ll/private': { body: '<html>mine</html>', cacheControl: 'private, no-store' },
  '/ll/session': { body: '<html>session</html>', setCookie: 'session=abc; Path=/ll' },
  '/ll/text': { body: 'plain', type: 'text/plain; charset=utf-8' },
};

/** What the fake API answers per path: JSON 200 unless said, after its reads named `tags`. */
const API_READS: Record<string, { tags?: string[]; status?: number; type?: string; setCookie?: string }> = {
  '/ll/api/v1/livelaps/race/results/7': { tags: ['race:7'] },
  '/ll/api/v1/livelaps/events/1': { tags: ['events', 'promoter:1'] },
  '/ll/api/v1/livelaps/race/config/7': {},
  '/ll/api/v1/livelaps/race/missing/7': { tags: ['race:7'], status: 404 },
  '/ll/api/v1/livelaps/race/export/7': { tags: ['race:7'], type: 'text/csv; charset=utf-8' },
  '/ll/api/v1/livelaps/race/session/7': { tags: ['race:7'], setCookie: 'session=abc; Path=/ll' },
  '/ll/api/v1/livelaps/live/sessions': { tags: ['live'] },
  '/ll/api/v1/livelaps/trackside/racer/1': { tags: ['race:7'] },
  '/ll/api/v1/users/current/profile': { tags: ['race:7'] },
};

let renders: Record<string, number>;
/** What the fake Next was asked: the URL and the host headers it saw. */
let seen: { url: string; host?: string; forwardedHost?: string; forwardedProto?: string }[];
let server: http.Server;
let base: string;
let cache: PageCache;
let bus: Bus;
let clock: number;

/** Big pages of incompressible text, for the byte bound: `/ll/big/{n}`. */
const bigBody = (n: number) => `<html><body>${n}:${randomBytes(15_000).toString('base64')}</body></html>`;
const BIG = new Map<number, string>();

function fakeNext(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? '/';
  const path = url.split('?')[0];
  renders[path] = (renders[path] ?? 0) + 1;
  seen.push({ url, host: req.headers.host, forwardedHost: req.headers['x-forwarded-host'] as string | undefined, forwardedProto: req.headers['x-forwarded-proto'] as string | undefined });
  const big = /^\/ll\/big\/(\d+)$/.exec(path);
  const page: Page | undefined = big ? { body: BIG.get(Number(big[1])) ?? '', tags: [`race:${big[1]}`] } : PAGES[path];
  if (path.startsWith('/ll/api/')) {
    const read = API_READS[path];
    for (const tag of read?.tags ?? []) tagRead(tag);
    if (read?.setCookie) res.setHeader('Set-Cookie', read.setCookie);
    res.writeHead(read?.status ?? 200, { 'Content-Type': read?.type ?? 'application/json' });
    return void res.end(JSON.stringify({ path, render: renders[path] }));
  }
  if (!page) {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    return void res.end('<html>404</html>');
  }
  for (const tag of page.tags ?? []) tagRead(tag);
  page.during?.();
  // The proxy: a language cookie different from the URL's redirects; a visit sets none (issue 25).
  const locale = urlLocale(url);
  const cookie = req.headers.cookie ?? '';
  const chosen = /siteLanguage=(\w+)/.exec(cookie)?.[1];
  if (chosen && chosen !== locale) {
    res.writeHead(307, { Location: '/ll/elsewhere' });
    return void res.end();
  }
  if (page.setCookie) res.appendHeader('Set-Cookie', page.setCookie);
  if (page.headersInWriteHead) {
    res.writeHead(page.status ?? 200, { 'Content-Type': page.type ?? 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0' });
    return new Promise<void>((resolve) => setTimeout(() => resolve(void res.end(page.body)), page.bodyDelayMs ?? 0));
  }
  res.statusCode = page.status ?? 200;
  res.setHeader('Content-Type', page.type ?? 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', page.cacheControl ?? NEXT_DYNAMIC);
  res.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (page.csp) res.setHeader('Content-Security-Policy', contentSecurityPolicy({ nonce: 'n0nce' }));
  res.setHeader('Link', ['</ll/a.css>; rel=preload; as="style"', '</ll/b.js>; rel=preload; as="script"']);
  const body = Buffer.from(page.body ?? '');
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const send = () => {
    if (gzip) {
      res.setHeader('Content-Encoding', 'gzip');
      const z = zlib.gzipSync(body);
      res.write(z.subarray(0, 10));
      res.end(z.subarray(10));
    } else {
      // Streamed in pieces, as Next does.
      res.write(body.subarray(0, 20));
      res.write(body.subarray(20).toString('utf8'), 'utf8');
      res.end();
    }
  };
  if (page.delayMs) return new Promise<void>((resolve) => setTimeout(() => resolve(send()), page.delayMs));
  if (page.bodyDelayMs) {
    res.flushHeaders();
    return new Promise<void>((resolve) => setTimeout(() => resolve(void res.end(body)), page.bodyDelayMs));
  }
  send();
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Lets the store (compression on the thread pool) and bus deliveries finish. */
const settle = () => new Promise((r) => setTimeout(r, 60));

/**
 * Resolves once the fake Next has begun rendering `path` (a change made after this happens
 * during the render; a fixed wait may still fall before it on a loaded machine).
 */
async function rendering(path: string) {
  while (!renders[path]) await new Promise((r) => setTimeout(r, 5));
}

async function start(options: Partial<PageCacheOptions> = {}, gate: RenderGate | null = null) {
  cache = new PageCache({ maxBytes: 16 * 1024 * 1024, now: () => clock, ...options });
  bus = createMemoryBus();
  cache.listen(bus);
  server = createSiteServer(fakeNext, 0, cache, gate);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(async () => {
  renders = {};
  seen = [];
  clock = 1_000_000;
  await start();
});

afterEach(async () => {
  await bus.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A page requested twice: the second answer comes from the cache? */
async function storedAfterOne(path: string, headers: Record<string, string> = {}): Promise<boolean> {
  await request(path, headers);
  await settle();
  const again = await request(path, headers);
  return again.headers['x-cache'] === 'HIT';
}

describe('page cache: store and hit', () => {
  it('serves a stored page with its inline scripts allowed by hash, not by the nonce it was rendered with (issue 29)', async () => {
    const first = await request('/ll/news');
    expect(first.headers['content-security-policy']).toContain("'nonce-n0nce'");
    await settle();
    const hit = await request('/ll/news');
    expect(hit.headers['x-cache']).toBe('HIT');
    const policy = String(hit.headers['content-security-policy']);
    expect(policy).not.toContain('nonce');
    expect(policy).toContain(`'sha256-${createHash('sha256').update(FLIGHT).digest('base64')}'`);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('renders a miss once, stores it, then answers from memory with ETag, private Cache-Control, and no cookie', async () => {
    const first = await request('/ll/races/1');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    await settle();
    const hit = await request('/ll/races/1');
    expect(hit.status).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.body.equals(first.body)).toBe(true);
    expect(renders['/ll/races/1']).toBe(1);
    // Kept by the browser and revalidated with the ETag; never by a shared cache (the answer depends on the cookie).
    expect(hit.headers['cache-control']).toBe('private, no-cache');
    expect(HIT_CACHE_CONTROL).toBe('private, no-cache');
    expect(hit.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(hit.headers.vary).toMatch(/Accept-Encoding/);
    expect(hit.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hit.headers['content-length']).toBe(String(first.body.length));
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers.link).toContain('</ll/a.css>');
    expect(hit.headers.link).toContain('</ll/b.js>');
    // No cookie sent: none set either — a visit is not a language choice (issue 25).
    expect(hit.headers['set-cookie']).toBeUndefined();
    // With the cookie: none.
    const withCookie = await request('/ll/races/1', { Cookie: 'siteLanguage=en' });
    expect(withCookie.headers['x-cache']).toBe('HIT');
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, stores: 1, hits: 2, misses: 1 });
  });

  it('answers 304 to a matching If-None-Match, 200 to another', async () => {
    await storedAfterOne('/ll/races/1');
    const hit = await request('/ll/races/1', { Cookie: 'siteLanguage=en' });
    const etag = String(hit.headers.etag);
    const notModified = await request('/ll/races/1', { 'If-None-Match': etag, Cookie: 'siteLanguage=en' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe(HIT_CACHE_CONTROL);
    expect(notModified.headers['x-cache']).toBe('HIT');
    expect((await request('/ll/races/1', { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304);
    expect((await request('/ll/races/1', { 'If-None-Match': '"other"' })).status).toBe(200);
    // Without a cookie, a 304 sets none either.
    expect((await request('/ll/races/1', { 'If-None-Match': etag })).headers['set-cookie']).toBeUndefined();
    expect(renders['/ll/races/1']).toBe(1);
  });

  it('keeps identity, gzip and brotli variants, each with its own ETag, by Accept-Encoding', async () => {
    await storedAfterOne('/ll/races/1');
    const identity = await request('/ll/races/1');
    const gz = await request('/ll/races/1', { 'Accept-Encoding': 'gzip, deflate' });
    const br = await request('/ll/races/1', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const none = await request('/ll/races/1', { 'Accept-Encoding': 'gzip;q=0, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(identity.body)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(identity.body)).toBe(true);
    expect(new Set([identity.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
    expect(gz.headers['content-length']).toBe(String(gz.body.length));
    expect(renders['/ll/races/1']).toBe(1);
  });

  it('stores a page Next sent gzip-compressed, decoded', async () => {
    const first = await request('/ll/events/2', { 'Accept-Encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    await settle();
    const hit = await request('/ll/events/2');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.body.toString()).toBe(PAGES['/ll/events/2'].body);
  });

  it('answers HEAD from a stored page without a body, and does not store a HEAD miss', async () => {
    const headMiss = await request('/ll/races/1', {}, 'HEAD');
    expect(headMiss.headers['x-cache']).toBeUndefined();
    await settle();
    expect(cache.stats().entries).toBe(0);
    await storedAfterOne('/ll/races/1');
    const head = await request('/ll/races/1', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(PAGES['/ll/races/1'].body!.length);
  });

  it('keys on the host, the forwarded host and the query', async () => {
    await storedAfterOne('/ll/races/1');
    expect((await request('/ll/races/1', { Host: 'other.example' })).headers['x-cache']).toBe('MISS');
    expect((await request('/ll/races/1', { 'X-Forwarded-Host': 'proxy.example' })).headers['x-cache']).toBe('MISS');
    // Another address: not stored at its first miss (a query), stored at its second.
    expect(await storedAfterOne('/ll/races/1?tab=laps')).toBe(false);
    await settle();
    expect((await request('/ll/races/1?tab=laps')).headers['x-cache']).toBe('HIT');
  });

  it('keys on each forwarded header apart (no two header sets share a key)', async () => {
    await storedAfterOne('/ll/races/1', { 'X-Forwarded-Host': 'a|b', 'X-Forwarded-Proto': 'c' });
    expect((await request('/ll/races/1', { 'X-Forwarded-Host': 'a|b', 'X-Forwarded-Proto': 'c' })).headers['x-cache']).toBe('HIT');
    expect((await request('/ll/races/1', { 'X-Forwarded-Host': 'a', 'X-Forwarded-Proto': 'b|c' })).headers['x-cache']).toBe('MISS');
  });

  it('stores an address with a query at its second miss within the TTL only', async () => {
    const first = await request('/ll/races/1?tab=laps');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    await settle();
    expect(cache.stats()).toMatchObject({ entries: 0, misses: 0 });
    expect((await request('/ll/races/1?tab=laps')).headers['x-cache']).toBe('MISS');
    await settle();
    expect((await request('/ll/races/1?tab=laps')).headers['x-cache']).toBe('HIT');
    expect(renders['/ll/races/1']).toBe(2);
    // Random values of a parameter pages read cost a render each, and store nothing.
    for (let i = 0; i < 20; i++) await request(`/ll/races/1?q=${i}`);
    await settle();
    expect(cache.stats().entries).toBe(1);
    // Seen once more than a TTL ago: a first miss again.
    await request('/ll/events/2?tab=grid');
    clock += cache.ttlMs;
    expect((await request('/ll/events/2?tab=grid')).headers['x-cache']).toBeUndefined();
    // An address without a query is stored at its first miss.
    expect(await storedAfterOne('/ll/events/2')).toBe(true);
  });

  it('remembers a bounded number of addresses seen once', () => {
    const admit = (key: string) => (cache as unknown as { admit(key: string, url: string): boolean }).admit(key, `/ll/races/1?q=${key}`);
    for (let i = 0; i < 10_050; i++) expect(admit(String(i))).toBe(false);
    expect((cache as unknown as { seenOnce: Map<string, number> }).seenOnce.size).toBe(10_000);
    // The oldest went out first; the newest are admitted at their second miss.
    expect(admit('10049')).toBe(true);
    expect(admit('0')).toBe(false);
  });

  it('stores a GET announcing an empty body (Content-Length: 0) and answers it from the cache', async () => {
    expect(await storedAfterOne('/ll/races/1', { 'Content-Length': '0' })).toBe(true);
    expect(renders['/ll/races/1']).toBe(1);
  });

  it('renders concurrent misses of one page once', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => request('/ll/slow')));
    expect(renders['/ll/slow']).toBe(1);
    expect(replies.every((r) => r.status === 200 && r.body.toString() === PAGES['/ll/slow'].body)).toBe(true);
    expect(replies.filter((r) => r.headers['x-cache'] === 'MISS')).toHaveLength(1);
    expect(replies.filter((r) => r.headers['x-cache'] === 'HIT')).toHaveLength(5);
  });
});

describe('page cache: what is not stored', () => {
  it('bypasses the cache for a cookie other than the language’s', async () => {
    expect(await storedAfterOne('/ll/races/1', { Cookie: 'session=1' })).toBe(false);
    expect(await storedAfterOne('/ll/races/1', { Cookie: 'siteLanguage=en; session=1' })).toBe(false);
    expect(renders['/ll/races/1']).toBe(4);
    // A stored page is not given to a visitor with another cookie either.
    await storedAfterOne('/ll/races/1');
    const other = await request('/ll/races/1', { Cookie: 'account=xyz' });
    expect(other.headers['x-cache']).toBeUndefined();
  });

  it('does not store RSC requests, the API, or requests with credentials', async () => {
    expect(await storedAfterOne('/ll/races/1', { RSC: '1' })).toBe(false);
    expect(await storedAfterOne('/ll/races/1', { 'Next-Router-Prefetch': '1' })).toBe(false);
    expect(await storedAfterOne('/ll/races/1', { 'Next-Router-State-Tree': '%5B%5D' })).toBe(false);
    expect(await storedAfterOne('/ll/races/1?_rsc=abc')).toBe(false);
    expect(await storedAfterOne('/ll/api/v1/anything')).toBe(false);
    expect(await storedAfterOne('/ll/races/1', { Authorization: 'Bearer x' })).toBe(false);
    // A stored page is not an answer to an RSC request.
    await storedAfterOne('/ll/races/1');
    expect((await request('/ll/races/1', { RSC: '1' })).headers['x-cache']).toBeUndefined();
  });

  it('does not store a non-200, a non-HTML reply, another cookie set, or a deliberate private/no-store', async () => {
    for (const path of ['/ll/missing', '/ll/outage', '/ll/private', '/ll/session', '/ll/text', '/ll/nowhere']) {
      expect(await storedAfterOne(path), path).toBe(false);
    }
    expect(cache.stats().entries).toBe(0);
    // `MISS` only on a page on its way into the cache.
    expect((await request('/ll/missing')).headers['x-cache']).toBeUndefined();
  });

  it('does not store a render marked uncacheable (an error or a fallback shown in place of a read)', async () => {
    const first = await request('/ll/series/3');
    expect(first.status).toBe(200);
    expect(await storedAfterOne('/ll/series/3')).toBe(false);
    expect(renders['/ll/series/3']).toBe(3);
    // The mark is the render's own: the next render of another page is stored.
    expect(await storedAfterOne('/ll/races/1')).toBe(true);
  });

  it('does not store a page that finished while the race database was down', async () => {
    const slow = request('/ll/slow');
    await rendering('/ll/slow');
    reportDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      await slow;
      await settle();
    } finally {
      reportDatabaseUp();
    }
    expect(cache.stats().entries).toBe(0);
  });

  it('never stores files: uploads, the service worker, the manifest, icons', async () => {
    for (const path of ['/ll/uploads/logo.png', '/ll/serwist/sw.js', '/ll/manifest.webmanifest', '/ll/icon.png', '/ll/opengraph-image']) {
      expect(await storedAfterOne(path), path).toBe(false);
    }
    expect(cache.stats()).toMatchObject({ entries: 0 });
    expect(isPagePath('/ll')).toBe(true);
    expect(isPagePath('/ll?tab=1')).toBe(true);
    expect(isPagePath('/ll/fr/races/1?name=a.b')).toBe(true);
    expect(isPagePath('/ll/uploads/x')).toBe(false);
    expect(isPagePath('/ll/serwist/sw.js')).toBe(false);
    expect(isPagePath('/ll/_next/static/x')).toBe(false);
    expect(isPagePath('/ll/api/v1/races')).toBe(false);
    expect(isPagePath('/ll/fr/sitemap.xml')).toBe(false);
    expect(isPagePath('/llama')).toBe(false);
  });

  it('lets concurrent requests of a file, or of a page answered with an error, go to Next at once, without waiting for the first download', async () => {
    // A download that takes 200 ms after its headers: five at once end together, not one after another.
    for (const path of ['/ll/uploads/logo.png', '/ll/opengraph-image', '/ll/slow-missing']) {
      const started = Date.now();
      const replies = await Promise.all(Array.from({ length: 5 }, () => request(path).then((r) => ({ ...r, ms: Date.now() - started }))));
      expect(replies.map((r) => r.status), path).toEqual(Array(5).fill(PAGES[path].status ?? 200));
      expect(Math.max(...replies.map((r) => r.ms)), path).toBeLessThan(380);
      expect(replies.every((r) => r.headers['x-cache'] === undefined), path).toBe(true);
      expect(renders[path], path).toBe(5);
    }
    expect(cache.stats().entries).toBe(0);
  });
});

describe('page cache: API reads (issue 22)', () => {
  const RESULTS = '/ll/api/v1/livelaps/race/results/7';

  it('keeps a public read whose reads named tags, answers it from memory without a cookie of its own, and drops it with its tag', async () => {
    const first = await request(RESULTS);
    expect(first.headers['x-cache']).toBe('MISS');
    await settle();
    const hit = await request(RESULTS, { 'Accept-Encoding': 'gzip' });
    expect(hit.status).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(hit.body).toString())).toEqual({ path: RESULTS, render: 1 });
    expect((await request(RESULTS, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(hit.headers.etag) })).status).toBe(304);
    expect(renders[RESULTS]).toBe(1);
    // Another race's results are not dropped with race 8; race 7's are.
    await bus.publish({ type: 'tags', tags: ['race:8', 'cms'] });
    await settle();
    expect((await request(RESULTS)).headers['x-cache']).toBe('HIT');
    await bus.publish({ type: 'live', raceId: 7, eventId: 1, seq: 1, state: 'live' });
    await settle();
    const after = await request(RESULTS);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(JSON.parse(after.body.toString()).render).toBe(2);
  });

  it('serves a stored read to the language cookie of any language, never to a session or Authorization', async () => {
    expect(await storedAfterOne(RESULTS)).toBe(true);
    for (const cookie of ['siteLanguage=fr', 'siteLanguage=es; ', 'siteLanguage=en']) {
      expect((await request(RESULTS, { Cookie: cookie })).headers['x-cache'], cookie).toBe('HIT');
    }
    expect((await request(RESULTS, { Cookie: 'siteLanguage=fr; better-auth.session_token=x' })).headers['x-cache']).toBeUndefined();
    expect((await request(RESULTS, { Authorization: 'Bearer x' })).headers['x-cache']).toBeUndefined();
    expect(renders[RESULTS]).toBe(3);
  });

  it('keys on the whole address: a read with a query is kept at its second miss, each query apart', async () => {
    const url = '/ll/api/v1/livelaps/events/1?years=2026';
    expect(await storedAfterOne(url)).toBe(false);
    expect((await request(url)).headers['x-cache']).toBe('HIT');
    const other = await request('/ll/api/v1/livelaps/events/1?years=2025');
    expect(other.headers['x-cache']).toBeUndefined();
    expect(renders['/ll/api/v1/livelaps/events/1']).toBe(3);
  });

  it('keeps no untagged read, no error, no file, no cookie set, nor the live feed, a racer’s profile or an account', async () => {
    for (const path of Object.keys(API_READS).filter((p) => p !== RESULTS && p !== '/ll/api/v1/livelaps/events/1')) {
      expect(await storedAfterOne(path), path).toBe(false);
    }
    expect(cache.stats().entries).toBe(0);
  });
});

describe('page cache: the language cookie', () => {
  it('serves a prefixed page to a visitor without a cookie or with that language, not with another', async () => {
    await storedAfterOne('/ll/fr/races/1');
    const none = await request('/ll/fr/races/1');
    expect(none.headers['x-cache']).toBe('HIT');
    // A visit to a cached French page stores no language: a later English link stays English.
    expect(none.headers['set-cookie']).toBeUndefined();
    expect((await request('/ll/fr/races/1', { Cookie: 'siteLanguage=fr' })).headers['x-cache']).toBe('HIT');
    expect((await request('/ll/fr/races/1', { Cookie: ' siteLanguage=fr ; ' })).headers['x-cache']).toBe('HIT');
    // The proxy sends a visitor who chose English to the English page: not a hit, and a redirect.
    const english = await request('/ll/fr/races/1', { Cookie: 'siteLanguage=en' });
    expect(english.status).toBe(307);
  });

  it('leaves a language chosen without JavaScript (?setLanguage=) to the proxy, which stores it', async () => {
    await storedAfterOne('/ll/fr/races/1');
    expect((await request('/ll/fr/races/1')).headers['x-cache']).toBe('HIT');
    // Not answered from the stored page (which would skip the proxy), and not stored.
    for (let i = 0; i < 3; i++) expect((await request('/ll/fr/races/1?setLanguage=fr')).headers['x-cache']).not.toBe('HIT');
    expect(renders['/ll/fr/races/1']).toBe(4);
  });

  it('gives an unprefixed (default-language) page only to visitors without a cookie or with English', async () => {
    await storedAfterOne('/ll/races/1');
    expect((await request('/ll/races/1', { Cookie: 'siteLanguage=en' })).headers['x-cache']).toBe('HIT');
    const french = await request('/ll/races/1', { Cookie: 'siteLanguage=fr' });
    expect(french.status).toBe(307);
    expect((await request('/ll/races/1', { Cookie: 'siteLanguage=xx' })).headers['x-cache']).toBeUndefined();
    expect(urlLocale('/ll')).toBe('en');
    expect(urlLocale('/ll/fr')).toBe('fr');
    expect(urlLocale('/ll/es?x=1')).toBe('es');
    expect(urlLocale('/ll/french-page')).toBe('en');
  });
});

describe('page cache: invalidation and bounds', () => {
  it('drops the pages carrying a tag published on the bus, and only those', async () => {
    await storedAfterOne('/ll/races/1');
    await storedAfterOne('/ll/events/2');
    await storedAfterOne('/ll/about-us');
    await bus.publish({ type: 'tags', tags: ['race:1'] });
    await settle();
    expect((await request('/ll/races/1')).headers['x-cache']).toBe('MISS');
    expect((await request('/ll/events/2')).headers['x-cache']).toBe('HIT');
    // Every page carries `cms`; a page whose reads named nothing also carries what its address implies.
    await bus.publish({ type: 'tags', tags: ['cms'] });
    await settle();
    expect(cache.stats().entries).toBe(0);
  });

  it('drops a live race’s own page on a live message, not its event’s pages', async () => {
    await storedAfterOne('/ll/races/1');
    await storedAfterOne('/ll/events/1');
    await storedAfterOne('/ll/events/2');
    // A passing in race 1 of event 1: its board changed, not the event's list of races.
    await bus.publish({ type: 'live', raceId: 1, eventId: 1, seq: 3, state: 'live' });
    await settle();
    expect((await request('/ll/races/1')).headers['x-cache']).toBe('MISS');
    expect((await request('/ll/events/1')).headers['x-cache']).toBe('HIT');
    expect((await request('/ll/events/2')).headers['x-cache']).toBe('HIT');
    expect(cache.stats().dropped).toBe(1);
  });

  it('drops every page on a resync (the bus may have lost messages)', async () => {
    await storedAfterOne('/ll/races/1');
    await storedAfterOne('/ll/events/2');
    const slow = request('/ll/slow');
    await rendering('/ll/slow');
    await bus.publish({ type: 'resync' });
    await slow;
    await settle();
    expect(cache.stats().entries).toBe(0);
    expect((await request('/ll/races/1')).headers['x-cache']).toBe('MISS');
  });

  it('does not store a page whose tag was dropped while it rendered', async () => {
    const slow = request('/ll/slow');
    await rendering('/ll/slow');
    cache.drop(['race:9']);
    await slow;
    await settle();
    expect((await request('/ll/slow')).headers['x-cache']).toBe('MISS');
  });

  it('expires a page after its TTL (serving it on while the database is down), and pages stored just after a CMS drop sooner', async () => {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await start({ ttlMs: 60_000, cmsSettleMs: 20_000 });
    await storedAfterOne('/ll/races/1');
    clock += 59_000;
    expect((await request('/ll/races/1')).headers['x-cache']).toBe('HIT');
    clock += 2_000;
    reportDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      expect((await request('/ll/races/1')).headers['x-cache']).toBe('HIT');
    } finally {
      reportDatabaseUp();
    }
    expect((await request('/ll/races/1')).headers['x-cache']).toBe('MISS');
    await settle();
    cache.drop(['cms:menu']);
    await storedAfterOne('/ll/events/2');
    clock += 21_000;
    expect((await request('/ll/events/2')).headers['x-cache']).toBe('MISS');
  });

  it('settles a CMS drop for twice the CMS revalidate time plus a render without a refresher', () => {
    expect(PAGE_CACHE_DEFAULTS.cmsSettleS).toBeGreaterThanOrEqual(2 * 60 + 10);
    expect(new PageCache({ maxBytes: 1 }).cmsSettleMs).toBe(PAGE_CACHE_DEFAULTS.cmsSettleS * 1000);
  });

  it('on a CMS drop has this instance’s Next forget the CMS content, then drops the pages rendered meanwhile', async () => {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await start({ ttlMs: 60_000, cmsSettleMs: 20_000, cmsGraceMs: 10 });
    const asked: string[][] = [];
    let answer!: () => void;
    cache.refreshCms = (tags) => {
      asked.push(tags);
      return new Promise<void>((resolve) => (answer = resolve));
    };
    await storedAfterOne('/ll/races/1');
    await bus.publish({ type: 'tags', tags: ['cms', 'cms:menu'] });
    await settle();
    expect(asked).toEqual([['cms', 'cms:menu']]);
    expect(cache.stats().entries).toBe(0);
    // Rendered while this instance's Next may still hold the old menu: dropped once it answered.
    expect(await storedAfterOne('/ll/events/2')).toBe(true);
    answer();
    await settle();
    expect(cache.stats().entries).toBe(0);
    // A content type's tag alone does the same (every page's shell is CMS content).
    expect(await storedAfterOne('/ll/races/1')).toBe(true);
    await bus.publish({ type: 'tags', tags: ['cms:footer'] });
    await settle();
    expect(asked.at(-1)).toEqual(['cms:footer']);
    answer();
    await settle();
    expect(cache.stats().entries).toBe(0);
    // From then on pages live their whole TTL: no settle window.
    expect(await storedAfterOne('/ll/events/2')).toBe(true);
    clock += 59_000;
    expect((await request('/ll/events/2')).headers['x-cache']).toBe('HIT');
  });

  it('falls back on the settle window when the refresher fails', async () => {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await start({ ttlMs: 60_000, cmsSettleMs: 20_000, cmsGraceMs: 10 });
    const errors: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let fail!: (err: Error) => void;
    cache.refreshCms = () => new Promise<void>((_, reject) => (fail = reject));
    try {
      cache.drop(['cms']);
      expect(await storedAfterOne('/ll/events/2')).toBe(true);
      fail(new Error('401'));
      await settle();
      expect(errors).toHaveLength(1);
      // Stored before the failure, and after it: both expire at the window's end.
      expect(await storedAfterOne('/ll/races/1')).toBe(true);
      clock += 21_000;
      expect((await request('/ll/events/2')).headers['x-cache']).toBe('MISS');
      expect((await request('/ll/races/1')).headers['x-cache']).toBe('MISS');
    } finally {
      console.error = error;
    }
  });

  it('holds its bytes under the bound, least recently used out first', async () => {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const n of [1, 2, 3]) BIG.set(n, bigBody(n));
    // One page: ~20 KB identity + ~15 KB gzip + ~15 KB brotli.
    await start({ maxBytes: 140_000 });
    await storedAfterOne('/ll/big/1');
    clock += 1;
    await storedAfterOne('/ll/big/2');
    clock += 1;
    expect((await request('/ll/big/1')).headers['x-cache']).toBe('HIT');
    clock += 1;
    await request('/ll/big/3');
    await settle();
    expect(cache.stats().bytes).toBeLessThanOrEqual(140_000);
    expect(cache.stats().entries).toBe(2);
    expect((await request('/ll/big/1')).headers['x-cache']).toBe('HIT');
    expect((await request('/ll/big/3')).headers['x-cache']).toBe('HIT');
    expect((await request('/ll/big/2')).headers['x-cache']).toBe('MISS');
  });

  it('is off with PAGE_CACHE_MB=0, and refuses a bad value', async () => {
    expect(new PageCache(pageCacheOptionsFromEnv({ PAGE_CACHE_MB: '0' })).enabled).toBe(false);
    expect(pageCacheOptionsFromEnv({})).toMatchObject({ maxBytes: 128 * 1024 * 1024, ttlMs: 600_000 });
    expect(pageCacheOptionsFromEnv({ PAGE_CACHE_MB: '1.5', PAGE_CACHE_TTL_S: '30' })).toMatchObject({ maxBytes: 1572864, ttlMs: 30_000 });
    expect(() => pageCacheOptionsFromEnv({ PAGE_CACHE_MB: 'lots' })).toThrow(/PAGE_CACHE_MB/);
    expect(() => pageCacheOptionsFromEnv({ PAGE_CACHE_TTL_S: '-1' })).toThrow(/PAGE_CACHE_TTL_S/);
  });
});

describe('page cache: helpers', () => {
  it('chooses br, then gzip, then identity by q-value', () => {
    expect(chooseCoding('gzip, deflate, br')).toBe(2);
    expect(chooseCoding('gzip')).toBe(1);
    expect(chooseCoding('br;q=0, gzip')).toBe(1);
    expect(chooseCoding('gzip;q=1, br;q=0.5')).toBe(1);
    expect(chooseCoding('identity')).toBe(0);
    expect(chooseCoding('*')).toBe(2);
    expect(chooseCoding('')).toBe(0);
  });

  it('reads the language of a path one way for the proxy and the cache', () => {
    expect(pathLocale('/fr/races/1?tab=laps')).toEqual({ locale: 'fr', rest: '/races/1?tab=laps' });
    expect(pathLocale('/fr')).toEqual({ locale: 'fr', rest: '/' });
    expect(pathLocale('/es?x=1')).toEqual({ locale: 'es', rest: '/?x=1' });
    expect(pathLocale('/french')).toEqual({ locale: 'en', rest: '/french' });
    expect(pathLocale('/FR/races')).toEqual({ locale: 'en', rest: '/FR/races' });
    expect(pathLocale('/')).toEqual({ locale: 'en', rest: '/' });
    expect(pathLocale('')).toEqual({ locale: 'en', rest: '' });
  });

  it('derives tags from the address for a page whose reads named none', () => {
    expect(urlTags('/ll/races/12')).toEqual(['events', 'race:12']);
    expect(urlTags('/ll/fr/events/3?tab=grid')).toEqual(['events', 'event:3']);
    expect(urlTags('/ll/es/series/4')).toEqual(['events', 'series:4']);
    expect(urlTags('/ll/about-us')).toEqual(['events']);
    expect(urlTags('/ll/en/scores/5')).toEqual(['events', 'race:5']);
    expect(urlTags('/ll/fr')).toEqual(['events']);
  });
});

describe('page cache under load (issue 22)', () => {
  const restart = async (options: Partial<PageCacheOptions> = {}, limits: RenderLimits | null = null) => {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const gate = limits && new RenderGate(limits);
    await start(options, gate);
    return gate;
  };

  it('keys on the parameters pages read only: utm_* and random ones never cause a render', async () => {
    await restart({ origin: 'http://results.example' });
    expect(await storedAfterOne('/ll/races/1')).toBe(true);
    for (let i = 0; i < 20; i++) {
      const reply = await request(`/ll/races/1?utm_source=x&zz=${randomBytes(6).toString('hex')}`);
      expect(reply.status).toBe(200);
      expect(reply.headers['x-cache']).toBe('HIT');
    }
    expect(renders['/ll/races/1']).toBe(1);
    // A parameter some page reads is its own page (stored at its second miss), rendered without the others.
    await request('/ll/races/1?utm_campaign=spring&view=class&fbclid=1');
    expect(seen.at(-1)?.url).toBe('/ll/races/1?view=class');
    expect((await request('/ll/races/1?view=class&gclid=2')).headers['x-cache']).toBe('MISS');
    await settle();
    expect((await request('/ll/races/1?view=class&utm_medium=mail')).headers['x-cache']).toBe('HIT');
    expect(renders['/ll/races/1']).toBe(3);
  });

  it('keys on the configured site, not the request’s Host: another Host hits the same entry and never renders its own', async () => {
    await restart({ origin: 'https://results.example' });
    expect(await storedAfterOne('/ll/events/2', { Host: 'evil.example' })).toBe(true);
    // Rendered for the configured site, whatever the request said.
    expect(seen).toEqual([{ url: '/ll/events/2', host: 'results.example', forwardedHost: undefined, forwardedProto: 'https' }]);
    const variants: Record<string, string>[] = [{ Host: 'other.example' }, { Host: '127.0.0.1' }, { 'X-Forwarded-Host': 'proxy.example', 'X-Forwarded-Port': '8443' }];
    for (const headers of variants) {
      expect((await request('/ll/events/2', headers)).headers['x-cache']).toBe('HIT');
    }
    // Many hosts fill no cache (issue 22: about 450 of them flushed 128 MB): one entry.
    for (let i = 0; i < 50; i++) await request('/ll/events/2', { Host: `h${i}.example` });
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1 });
  });

  it('bounds renders: a queue, then a fast 503 with Retry-After for the excess only', async () => {
    const gate = (await restart({}, { concurrent: 1, queue: 1, waitMs: 5000 }))!;
    // A cookie other than the language's: every request is rendered (150 ms each).
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const reply = await request('/ll/slow', { Cookie: 'session=abc' });
        return { ...reply, ms: Date.now() - started };
      }),
    );
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 503);
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('5');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-store');
      // At once, not after the renders in front of them.
      expect(r.ms).toBeLessThan(140);
    }
    expect(renders['/ll/slow']).toBe(2);
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, admitted: 2, queued: 1, refused: 3 });
    // A queued request that waits too long is refused too.
    const short = (await restart({}, { concurrent: 1, queue: 4, waitMs: 50 }))!;
    const [first, second] = await Promise.all([request('/ll/slow', { Cookie: 'session=abc' }), request('/ll/slow', { Cookie: 'session=abc' })]);
    expect([first.status, second.status].sort()).toEqual([200, 503]);
    expect(short.stats().refused).toBe(1);
  });

  it('answers the stale stored page instead of a 503 when renders are over their bound', async () => {
    await restart({ ttlMs: 60_000 }, { concurrent: 1, queue: 0, waitMs: 1000 });
    expect(await storedAfterOne('/ll/races/1')).toBe(true);
    clock += 61_000;
    const stores = cache.stats().stores;
    const busy = request('/ll/slow', { Cookie: 'session=abc' });
    await new Promise((r) => setTimeout(r, 30));
    const stale = await request('/ll/races/1');
    expect(stale.status).toBe(200);
    expect(stale.headers['x-cache']).toBe('HIT');
    expect(stale.body.toString()).toBe(PAGES['/ll/races/1'].body);
    await settle();
    // Not stored again as if it were fresh.
    expect(cache.stats().stores).toBe(stores);
    // Without a stored page: 503.
    const none = await request('/ll/events/1');
    expect(none.status).toBe(503);
    expect((await busy).status).toBe(200);
    // Once the render is done, the expired page is rendered again.
    expect((await request('/ll/races/1')).headers['x-cache']).toBe('MISS');
  });

  it('reduces an address to the parameters pages read, and reads the render bounds from the environment', () => {
    expect(pageKeyUrl('/ll/series/1')).toBe('/ll/series/1');
    expect(pageKeyUrl('/ll/series/1?utm_source=x&zz=9')).toBe('/ll/series/1');
    expect(pageKeyUrl('/ll/series/1?utm=1&view=teams&x&score=overall&')).toBe('/ll/series/1?view=teams&score=overall');
    expect(pageKeyUrl('/ll/races/print/3?race=4&race=5&class=Pro%20Am&paper=a4&_rsc=1')).toBe('/ll/races/print/3?race=4&race=5&class=Pro%20Am&paper=a4');
    expect(pageKeyUrl('/ll/series/1?%76iew=teams&%zz=1')).toBe('/ll/series/1?%76iew=teams');
    expect(renderLimitsFromEnv({ RENDER_CONCURRENCY: '3', RENDER_QUEUE: '0' })).toMatchObject({ concurrent: 3, queue: 0 });
    expect(renderLimitsFromEnv({}).concurrent).toBeGreaterThanOrEqual(2);
    expect(() => renderLimitsFromEnv({ RENDER_CONCURRENCY: '0' })).toThrow(/RENDER_CONCURRENCY/);
  });
});
