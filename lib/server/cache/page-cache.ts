/**
 * The page cache (DESIGN.md "Public pages are cached on the server and revalidated by tag";
 * issue 10 "pages served from cache"): rendered public pages kept in memory in front of Next's
 * request handler (lib/server/http/site-server.ts), so a results page is rendered once per
 * change, not once per visitor.
 *
 * What is cached: GET and HEAD page requests under the base path — not `/ll/api`, not
 * `/ll/_next`, not React Server Component requests (headers `RSC`, `Next-Router-State-Tree`,
 * `Next-Router-Prefetch`, `Next-Router-Segment-Prefetch`, or `_rsc` in the query), without
 * `Authorization` or a request body — whose only cookie is `siteLanguage` equal to the URL's
 * language (or no cookie at all). Any other cookie bypasses the cache both ways. A response is
 * stored when it is a 200 `text/html` page, sets no cookie but `siteLanguage`, and carries no
 * `private`/`no-store` of its own (Next's default for dynamic pages,
 * `private, no-cache, no-store, max-age=0, must-revalidate`, is not "of its own"; the 503 outage
 * page's `no-store` is), and was not rendered while the CMS was unreachable (its fallbacks).
 *
 * Key: the host (and `X-Forwarded-Host`/`-Proto`/`-Port` when sent: Next builds the
 * alternate-language links from them) and the full URL, path and query. The cookie's language
 * is always the URL's for a cacheable request (otherwise the proxy redirects), so the URL
 * names it.
 *
 * Miss: Next renders as before (streamed to the visitor, `X-Cache: MISS`) inside `recordTags`,
 * so the reads' `tagRead` calls name what the page shows; the bytes are captured as they go
 * out, decoded when Next compressed them, and stored once the response has finished with
 * those tags plus `cms` (every page's shell is CMS content; a page whose reads named nothing
 * also gets the tags its address implies), an identity, a gzip and a brotli variant
 * (compressed once, off the event loop) and a strong ETag per variant. Concurrent misses of one
 * key render once: the others wait for it and are answered from the stored page.
 *
 * Hit (synchronous, no allocation beyond the lookup: it decides the throughput): the variant
 * the `Accept-Encoding` allows (br, then gzip, then identity; `Vary: Accept-Encoding`), 304 to a
 * matching `If-None-Match`, `Cache-Control: public, max-age=0, must-revalidate` (browsers
 * revalidate with the ETag), `X-Cache: HIT`, and the `siteLanguage` cookie exactly as the
 * proxy sets it when the visitor has none.
 *
 * Invalidation: `drop(tags)` removes every page carrying one of them — the bus's `tags`
 * messages (`revalidateTags`), and `live` messages (`race:{id}`, `event:{id}`, `live`). A page
 * whose render started before a drop of one of its tags is not stored. After a CMS drop
 * (`cms`, `cms:*`) pages stored in the next `cmsSettleMs` expire at its end: Next's own CMS
 * data cache on the other instances catches up within its revalidate time (lib/cms/client.ts).
 *
 * Bounds: `maxBytes` over every stored variant, least recently used pages first out; a safety
 * TTL so a missed invalidation never lives long. While the race database is down, stored pages
 * keep being served even past their TTL; a miss goes to Next, whose 503 is not stored.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BASE_PATH, DEFAULT_LOCALE, LOCALES, type Locale } from '../../config';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from '../../i18n/routing';
import { isDatabaseDown } from '../db/availability';
import type { Bus, BusMessage } from '../timing/live/bus';
import { recordTags, tags as tagNames } from './tags';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** Defaults: 128 MB, pages live at most 10 min, pages stored within 2 min of a CMS drop expire then. */
export const PAGE_CACHE_DEFAULTS = { maxMb: 128, ttlS: 600, cmsSettleS: 120 } as const;

export interface PageCacheOptions {
  /** Bytes over every stored variant (identity + gzip + br); 0 disables the cache. */
  maxBytes: number;
  /** Safety TTL of a stored page (ms). */
  ttlMs?: number;
  /** After a CMS drop, pages stored within this window expire at its end (ms). */
  cmsSettleMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** Counters, for tests and the bench. */
export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  stores: number;
  dropped: number;
}

const GZIP_OPTIONS: zlib.ZlibOptions = { level: 9 };
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The hit's Cache-Control: stored, but every use revalidated with the ETag. */
export const HIT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** What Next sends on every dynamic page: not a deliberate refusal to be cached. */
const NEXT_DYNAMIC_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';
/** Response headers never stored (recomputed per reply, or per hop). */
const NOT_STORED = new Set(['set-cookie', 'date', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'etag', 'cache-control', 'x-cache', 'vary']);
/** Headers a 304 repeats from the 200 (RFC 9110 §15.4.5) besides ETag, Cache-Control and Vary. */
const NOT_MODIFIED_KEEPS = new Set(['x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy', 'content-location', 'expires']);
/** A longer wait for a concurrent render than this and the waiter renders itself (ms). */
const WAIT_MS = 15_000;

/** Variant order: identity, gzip, br. */
type Coding = 0 | 1 | 2;
const CODING_NAMES = [null, 'gzip', 'br'] as const;

interface Variant {
  body: Buffer;
  etag: string;
  /** Flat header lists for `writeHead` (name, value, …): 200, 200 + Set-Cookie, 304, 304 + Set-Cookie. */
  ok: string[];
  okCookie: string[];
  notModified: string[];
  notModifiedCookie: string[];
}

interface Entry {
  key: string;
  locale: Locale;
  /** The one Cookie header that counts as "only the language cookie, this language" without parsing. */
  cookie: string;
  tags: Set<string>;
  storedAt: number;
  expiresAt: number;
  lastUsed: number;
  bytes: number;
  variants: [Variant, Variant, Variant];
}

/** The language of a page address under the base path: its prefix, else the default. */
export function urlLocale(url: string): Locale {
  const rest = url.slice(BASE_PATH.length);
  for (const locale of LOCALES) {
    if (rest.startsWith(`/${locale}`)) {
      const next = rest.charAt(locale.length + 1);
      if (next === '' || next === '/' || next === '?') return locale;
    }
  }
  return DEFAULT_LOCALE;
}

/**
 * The tags a page's address implies, for a page whose reads named none (they do name theirs:
 * checked in a production build, the render's AsyncLocalStorage reaches every read):
 * `/races/{id}`, `/scores/{id}` → `race:{id}`; `/events/{id}`, `/eventScores/{id}` →
 * `event:{id}`; `/series/{id}` → `series:{id}`; always `events`.
 */
export function urlTags(url: string): string[] {
  const path = url.slice(BASE_PATH.length).split('?')[0].replace(/^\/(?:en|fr|es)(?=\/|$)/, '');
  const out: string[] = [tagNames.events];
  const match = /^\/(races|scores|events|eventScores|series)\/(\d{1,9})(?:\/|$)/.exec(path);
  if (match) {
    const id = Number(match[2]);
    if (match[1] === 'races' || match[1] === 'scores') out.push(tagNames.race(id));
    else if (match[1] === 'series') out.push(tagNames.series(id));
    else out.push(tagNames.event(id));
  }
  return out;
}

/** The content coding to answer for an `Accept-Encoding`: br, then gzip (q > 0), else identity. */
export function chooseCoding(header: string): Coding {
  let br = 0;
  let gz = 0;
  let star = -1;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k.trim().toLowerCase() === 'q') q = Number(v);
    }
    if (!(q > 0)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') star = q;
  }
  if (star > 0) {
    if (!header.toLowerCase().includes('br')) br = star;
    if (!header.toLowerCase().includes('gzip')) gz = star;
  }
  if (br > 0 && br >= gz) return 2;
  if (gz > 0) return 1;
  return 0;
}

/** True when a Cookie header holds only `siteLanguage=<locale>` (any spacing, trailing `;`). */
function onlyLanguageCookie(header: string, locale: Locale): boolean {
  let seen = false;
  for (const part of header.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    if (eq < 0 || item.slice(0, eq).trim() !== LANGUAGE_COOKIE || item.slice(eq + 1).trim() !== locale) return false;
    seen = true;
  }
  return seen;
}

/** A capture of a response's body as Next writes it. */
interface Capture {
  chunks: Buffer[];
  size: number;
  overflow: boolean;
}

function captureBody(res: http.ServerResponse, limit: number): Capture {
  const capture: Capture = { chunks: [], size: 0, overflow: false };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (capture.overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding) : Buffer.from(chunk as Uint8Array);
    capture.size += buf.length;
    if (capture.size > limit) {
      capture.overflow = true;
      capture.chunks = [];
      return;
    }
    capture.chunks.push(buf);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...a: unknown[]) => http.ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  return capture;
}

/** Decodes a body Next compressed for the visitor; null for a coding we do not know. */
function decode(body: Buffer, coding: string | undefined): Buffer | null {
  switch ((coding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return body;
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    default:
      return null;
  }
}

const headerValues = (value: number | string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [String(value)];

/** The in-memory page cache (see the file's docstring). */
export class PageCache {
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly cmsSettleMs: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<void>>();
  private bytes = 0;
  /** +1 per drop; `droppedAt` holds the epoch of each tag's latest drop. */
  private epoch = 0;
  private readonly droppedAt = new Map<string, number>();
  /** Renders started before this epoch are not stored (the drop log was trimmed). */
  private floorEpoch = 0;
  private cmsSettleUntil = 0;
  private readonly codingOf = new Map<string, Coding>();
  private cookieSecond = -1;
  private readonly cookies = new Map<Locale, string>();
  private readonly counters = { hits: 0, misses: 0, stores: 0, dropped: 0 };

  constructor(options: PageCacheOptions) {
    this.maxBytes = Math.max(0, options.maxBytes);
    this.ttlMs = options.ttlMs ?? PAGE_CACHE_DEFAULTS.ttlS * 1000;
    this.cmsSettleMs = options.cmsSettleMs ?? PAGE_CACHE_DEFAULTS.cmsSettleS * 1000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, ...this.counters };
  }

  /** The cache key of a request: forwarded host, protocol and port when sent, the host, the URL. */
  private keyOf(req: http.IncomingMessage): string {
    const h = req.headers;
    const fh = h['x-forwarded-host'];
    const fp = h['x-forwarded-proto'];
    const fport = h['x-forwarded-port'];
    if (fh === undefined && fp === undefined && fport === undefined) return `${h.host}${req.url}`;
    return `${String(fh)}|${String(fp)}|${String(fport)}|${h.host}${req.url}`;
  }

  /**
   * Answers `req` from the cache when a stored page fits it: synchronous, true when answered.
   * Call it first thing for every request.
   */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (this.entries.size === 0) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const entry = this.entries.get(this.keyOf(req));
    if (entry === undefined) return false;
    const h = req.headers;
    if (
      h.rsc !== undefined ||
      h['next-router-state-tree'] !== undefined ||
      h['next-router-prefetch'] !== undefined ||
      h['next-router-segment-prefetch'] !== undefined ||
      h.authorization !== undefined ||
      h['content-length'] !== undefined ||
      h['transfer-encoding'] !== undefined
    ) {
      return false;
    }
    const cookie = h.cookie;
    const withCookie = cookie === undefined || cookie === '';
    if (!withCookie && cookie !== entry.cookie && !onlyLanguageCookie(cookie, entry.locale)) return false;
    const now = this.now();
    if (now >= entry.expiresAt && !isDatabaseDown()) {
      this.remove(entry);
      return false;
    }
    entry.lastUsed = now;
    const accept = h['accept-encoding'];
    let coding: Coding = 0;
    if (accept !== undefined) {
      const known = this.codingOf.get(accept);
      if (known !== undefined) coding = known;
      else {
        coding = chooseCoding(accept);
        if (this.codingOf.size < 256) this.codingOf.set(accept, coding);
      }
    }
    const variant = entry.variants[coding];
    const inm = h['if-none-match'];
    this.counters.hits++;
    if (inm !== undefined && (inm === variant.etag || inm.trim() === '*' || inm.includes(variant.etag))) {
      res.writeHead(304, withCookie ? this.withLanguageCookie(variant.notModifiedCookie, entry.locale, now) : variant.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, withCookie ? this.withLanguageCookie(variant.okCookie, entry.locale, now) : variant.ok);
    if (method === 'HEAD') res.end();
    else res.end(variant.body);
    return true;
  }

  /** `headers` with its last value (the Set-Cookie slot) set to this second's language cookie. */
  private withLanguageCookie(headers: string[], locale: Locale, now: number): string[] {
    const second = Math.floor(now / 1000);
    if (second !== this.cookieSecond) {
      this.cookieSecond = second;
      this.cookies.clear();
    }
    let cookie = this.cookies.get(locale);
    if (cookie === undefined) {
      // As proxy.ts sets it through Next's ResponseCookies (Expires from Max-Age).
      const expires = new Date(now + LANGUAGE_COOKIE_MAX_AGE * 1000).toUTCString();
      cookie = `${LANGUAGE_COOKIE}=${locale}; Path=${BASE_PATH || '/'}; Expires=${expires}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=lax`;
      this.cookies.set(locale, cookie);
    }
    headers[headers.length - 1] = cookie;
    return headers;
  }

  /**
   * Whether a request that was not a hit may be stored: GET of a page under the base path, no
   * RSC request, no body, no credentials, no cookie but the URL's language.
   */
  private storable(req: http.IncomingMessage, url: string): boolean {
    if (req.method !== 'GET') return false;
    if (url !== BASE_PATH && !url.startsWith(`${BASE_PATH}/`) && !url.startsWith(`${BASE_PATH}?`)) return false;
    if (url.startsWith(`${BASE_PATH}/api/`) || url === `${BASE_PATH}/api` || url.startsWith(`${BASE_PATH}/_next/`)) return false;
    if (url.includes('_rsc=') || url.length > 2048) return false;
    const h = req.headers;
    if (h.rsc !== undefined || h['next-router-state-tree'] !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-segment-prefetch'] !== undefined) return false;
    if (h['next-action'] !== undefined || h.authorization !== undefined || h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return false;
    const cookie = h.cookie;
    return cookie === undefined || cookie === '' || onlyLanguageCookie(cookie, urlLocale(url));
  }

  /**
   * Hands a request that `serve` did not answer to Next (`handle`); when it may be stored,
   * waits for a concurrent render of the same page or renders it inside `recordTags`,
   * capturing and storing the response. Resolves when the request is handled.
   */
  async render(req: http.IncomingMessage, res: http.ServerResponse, handle: Handler): Promise<unknown> {
    const url = req.url ?? '/';
    if (!this.enabled || !this.storable(req, url)) return handle(req, res);
    const key = this.keyOf(req);
    const pending = this.inflight.get(key);
    if (pending) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([pending, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
      clearTimeout(timer);
      if (this.serve(req, res)) return undefined;
      if (this.inflight.has(key)) return handle(req, res);
    }
    this.counters.misses++;
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    this.inflight.set(key, done);
    const finish = () => {
      if (this.inflight.get(key) === done) this.inflight.delete(key);
      settle();
    };
    const startEpoch = this.epoch;
    const locale = urlLocale(url);
    const capture = captureBody(res, this.maxBytes);
    // The whole page, whatever the visitor's browser holds: a 304 from Next would store nothing.
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    res.setHeader('X-Cache', 'MISS');
    const writeHead = res.writeHead;
    res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
      // `MISS` marks a page on its way into the cache: not a redirect or an error.
      if (status !== 200) this.removeHeader('X-Cache');
      return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
    } as typeof res.writeHead;
    let recorded = new Set<string>();
    // 'close' follows 'finish' on a complete response, or comes alone when the visitor left.
    res.once('close', () => {
      if (!res.writableFinished) return finish();
      this.store(key, url, locale, res, capture, recorded, startEpoch).then(finish, (err: unknown) => {
        console.error('[page-cache] store failed:', url, err instanceof Error ? err.message : err);
        finish();
      });
    });
    const { recorder, result } = recordTags(() => handle(req, res));
    recorded = recorder.tags;
    return result;
  }

  /** Stores a finished response when it qualifies (see the file's docstring). */
  private async store(key: string, url: string, locale: Locale, res: http.ServerResponse, capture: Capture, recorded: Set<string>, startEpoch: number): Promise<void> {
    if (res.statusCode !== 200 || capture.overflow) return;
    // A page rendered while the CMS was unreachable holds its fallbacks (lib/cms/client.ts keeps
    // that state on globalThis; its module is server-only, not loadable here).
    if ((globalThis as { __llCmsDown?: boolean }).__llCmsDown) return;
    const type = String(res.getHeader('content-type') ?? '');
    if (!type.toLowerCase().startsWith('text/html')) return;
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (cacheControl && cacheControl !== NEXT_DYNAMIC_CACHE_CONTROL && /\b(?:private|no-store)\b/i.test(cacheControl)) return;
    for (const cookie of headerValues(res.getHeader('set-cookie'))) {
      if (!cookie.trim().startsWith(`${LANGUAGE_COOKIE}=`)) return;
    }
    const encoding = res.getHeader('content-encoding');
    const identity = decode(Buffer.concat(capture.chunks, capture.size), encoding === undefined ? undefined : String(encoding));
    if (!identity) return;
    const pageTags = new Set(recorded);
    if (pageTags.size === 0) for (const tag of urlTags(url)) pageTags.add(tag);
    pageTags.add(tagNames.cms);
    if (!this.fresh(pageTags, startEpoch)) return;

    const [gzipped, brotlied] = await Promise.all([gzip(identity, GZIP_OPTIONS), brotli(identity, { ...BROTLI_OPTIONS, params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })]);
    if (!this.fresh(pageTags, startEpoch)) return;

    const base: string[] = [];
    const notModifiedBase: string[] = [];
    let vary = 'Accept-Encoding';
    // Names as Next spelt them (Node has had getRawHeaderNames since 15; @types/node 20 omits it).
    for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const lower = name.toLowerCase();
      if (lower === 'vary') {
        const given = headerValues(res.getHeader('vary')).join(', ');
        vary = /\baccept-encoding\b/i.test(given) ? given : `${given}, Accept-Encoding`;
        continue;
      }
      if (NOT_STORED.has(lower)) continue;
      for (const value of headerValues(res.getHeader(name))) {
        base.push(name, value);
        if (NOT_MODIFIED_KEEPS.has(lower)) notModifiedBase.push(name, value);
      }
    }
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    const variant = (body: Buffer, coding: Coding): Variant => {
      const name = CODING_NAMES[coding];
      const etag = `"${hash}${name ? `.${name}` : ''}"`;
      const common = ['ETag', etag, 'Cache-Control', HIT_CACHE_CONTROL, 'Vary', vary, 'X-Cache', 'HIT'];
      const ok = [...base, ...common, 'Content-Length', String(body.length), ...(name ? ['Content-Encoding', name] : [])];
      const notModified = [...notModifiedBase, ...common];
      return { body, etag, ok, okCookie: [...ok, 'Set-Cookie', ''], notModified, notModifiedCookie: [...notModified, 'Set-Cookie', ''] };
    };
    const variants: Entry['variants'] = [variant(identity, 0), variant(gzipped, 1), variant(brotlied, 2)];
    const bytes = identity.length + gzipped.length + brotlied.length + key.length * 2 + 2048;
    if (bytes > this.maxBytes) return;
    const now = this.now();
    const expiresAt = Math.min(now + this.ttlMs, now < this.cmsSettleUntil ? this.cmsSettleUntil : Infinity);
    const old = this.entries.get(key);
    if (old) this.remove(old);
    this.entries.set(key, { key, locale, cookie: `${LANGUAGE_COOKIE}=${locale}`, tags: pageTags, storedAt: now, expiresAt, lastUsed: now, bytes, variants });
    this.bytes += bytes;
    this.counters.stores++;
    if (this.bytes > this.maxBytes) this.evict(now);
  }

  /** True when none of `pageTags` was dropped since `startEpoch`. */
  private fresh(pageTags: Set<string>, startEpoch: number): boolean {
    if (startEpoch < this.floorEpoch) return false;
    for (const tag of pageTags) if ((this.droppedAt.get(tag) ?? -1) > startEpoch) return false;
    return true;
  }

  private remove(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
  }

  /** Removes expired pages, then the least recently used ones until 90% of the budget is used. */
  private evict(now: number): void {
    for (const entry of this.entries.values()) if (now >= entry.expiresAt) this.remove(entry);
    if (this.bytes <= this.maxBytes) return;
    const byAge = [...this.entries.values()].sort((a, b) => a.lastUsed - b.lastUsed);
    const target = this.maxBytes * 0.9;
    for (const entry of byAge) {
      if (this.bytes <= target) break;
      this.remove(entry);
    }
  }

  /** Drops every stored page carrying any of `names` (and keeps renders in flight from storing one). */
  drop(names: readonly string[]): number {
    if (!names.length) return 0;
    this.epoch++;
    const wanted = new Set(names);
    for (const name of wanted) {
      this.droppedAt.set(name, this.epoch);
      if (name === tagNames.cms || name.startsWith(`${tagNames.cms}:`)) this.cmsSettleUntil = this.now() + this.cmsSettleMs;
    }
    if (this.droppedAt.size > 10_000) {
      this.droppedAt.clear();
      this.floorEpoch = this.epoch;
    }
    let count = 0;
    for (const entry of this.entries.values()) {
      for (const tag of entry.tags) {
        if (wanted.has(tag)) {
          this.remove(entry);
          count++;
          break;
        }
      }
    }
    this.counters.dropped += count;
    return count;
  }

  /** Drops every stored page. */
  clear(): void {
    this.epoch++;
    this.floorEpoch = this.epoch;
    this.counters.dropped += this.entries.size;
    this.entries.clear();
    this.bytes = 0;
  }

  /** What a bus message makes stale: a `tags` message its tags; a `live` one its race, its event and the live list. */
  onMessage(message: BusMessage): void {
    if (message.type === 'tags') this.drop(message.tags);
    else if (message.type === 'live') this.drop([tagNames.race(message.raceId), tagNames.event(message.eventId), tagNames.live]);
  }

  /** Subscribes to `bus` (the process bus, or a test's); returns the unsubscribe function. */
  listen(bus: Bus): () => void {
    return bus.subscribe((message) => this.onMessage(message));
  }
}

/** A page cache with these options. */
export function createPageCache(options: PageCacheOptions): PageCache {
  return new PageCache(options);
}

/**
 * The options from the environment: `PAGE_CACHE_MB` (default 128; 0 disables) and
 * `PAGE_CACHE_TTL_S` (default 600).
 * @throws Error naming the variable when it is not a non-negative number.
 */
export function pageCacheOptionsFromEnv(env: Record<string, string | undefined> = process.env): PageCacheOptions {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`Invalid environment variable ${name}: expected a number ≥ 0, got "${raw}"`);
    return value;
  };
  return {
    maxBytes: Math.floor(read('PAGE_CACHE_MB', PAGE_CACHE_DEFAULTS.maxMb) * 1024 * 1024),
    ttlMs: Math.floor(read('PAGE_CACHE_TTL_S', PAGE_CACHE_DEFAULTS.ttlS) * 1000),
  };
}
