/**
 * The page cache (DESIGN.md "Public pages are cached on the server and revalidated by tag";
 * issue 10 "pages served from cache"): rendered public pages kept in memory in front of Next's
 * request handler (lib/server/http/site-server.ts), so a results page is rendered once per
 * change, not once per visitor.
 *
 * What is cached: GET and HEAD requests of pages under the base path — not what proxy.ts's
 * matcher leaves out (`/ll/api`, `/ll/_next`, `/ll/_vercel`, `/ll/uploads`, any path with a dot:
 * files, icons, the manifest) nor the service worker (`/ll/serwist`), not React Server Component
 * requests (headers `RSC`, `Next-Router-State-Tree`, `Next-Router-Prefetch`,
 * `Next-Router-Segment-Prefetch`, or `_rsc` in the query), not a language chosen without
 * JavaScript (`?setLanguage=`, which proxy.ts stores and redirects), without `Authorization` or a request
 * body (`Content-Length: 0` is none) — whose only cookie is `siteLanguage` equal to the URL's
 * language (or no cookie at all). Any other cookie bypasses the cache both ways. An address with
 * a query is stored only at its second miss within the TTL (admission: a stream of random
 * queries costs each a render, not also two compressions and the eviction of pages in use).
 * A response is stored when it is a 200 `text/html` page, sets no cookie but `siteLanguage`,
 * carries no `private`/`no-store` of its own (Next's default for dynamic pages,
 * `private, no-cache, no-store, max-age=0, must-revalidate`, is not "of its own"; the 503 outage
 * page's `no-store` is), its render did not call `markUncacheable` (a component showing an error
 * in place of a failed read, the CMS's fallbacks while it was unreachable: lib/cms/client.ts),
 * and the race database is not down.
 *
 * API reads (issue 22: under load, uncached API reads kept both cores busy and every cached page
 * waited behind them): GET replies of the API's public reads (`isApiReadPath`: results, events,
 * series, the directory) are kept the same way when they are `application/json`, set no cookie,
 * and their reads named at least one tag; the request may carry the language cookie of any
 * language (the replies do not depend on it) but no other cookie (a session sees what the public
 * does not) and no `Authorization`. Their key is the whole address (their parameters are their
 * routes' own), with the same admission of addresses with a query; a hit sets no cookie.
 *
 * Key (issue 22: made only of what a page reads): the path and the query parameters some page
 * reads (`PAGE_QUERY_PARAMS`, in their order; `?utm_source=x&zz=1` is the bare page) and, with
 * `origin` (the configured site, `SITE_URL`), nothing of the request's host: a miss is rendered
 * with the URL reduced the same way and with that origin's host in `Host` (no `X-Forwarded-Host`
 * or `-Port`, its protocol in `X-Forwarded-Proto`), so a page stored under the key is the page any
 * request with that key would get, whatever host or parameters it sent. Without `origin` (tests)
 * the key keeps the request's host and forwarded host, protocol and port (Next builds links
 * from them). The cookie's language is always the URL's for a cacheable request (otherwise the
 * proxy redirects), so the URL names it.
 *
 * Miss: Next renders as before (streamed to the visitor, `X-Cache: MISS`) inside `recordTags`,
 * so the reads' `tagRead` calls name what the page shows; the bytes are captured as they go
 * out (not once the status or the type says the response is no page to keep: then the capture
 * stops), decoded when Next compressed them, and stored once the response has finished with
 * those tags plus `cms` (every page's shell is CMS content; a page whose reads named nothing
 * also gets the tags its address implies), an identity, a gzip and a brotli variant (compressed
 * once, off the event loop, at levels that cost a few ms a page) and a strong ETag per variant.
 * Concurrent misses of one key render once: the others wait for it and are answered from the
 * stored page, or handed to Next at once when the first response turns out not to be a page.
 *
 * Hit (synchronous, no allocation beyond the lookup: it decides the throughput): the variant
 * the `Accept-Encoding` allows (br, then gzip, then identity; `Vary: Accept-Encoding`), 304 to a
 * matching `If-None-Match`, `Cache-Control: private, no-cache` (browsers keep the page and
 * revalidate it with the ETag; a shared cache in front stores nothing, since the answer depends
 * on the language cookie), `X-Cache: HIT`, and no cookie: a visit is not a language choice
 * (issue 25; only the language switcher writes `siteLanguage`, proxy.ts).
 *
 * Invalidation: `drop(tags)` removes every page carrying one of them — the bus's `tags`
 * messages (`revalidateTags`), `live` messages (`race:{id}`, `live`: a passing changes its race's
 * board and the list of live sessions; the live feed publishes `event:{id}` itself when a race
 * appears or changes state), and `resync` (the bus may have lost messages: every page). A page
 * whose render started before a drop of one of its tags is not stored. CMS drops (`cms`,
 * `cms:*`) also reach Next's own data cache of CMS replies, which the webhook expired on the
 * instance it reached only: see `refreshCms` and `cmsSettleMs`.
 *
 * Bounds: `maxBytes` over every stored variant, least recently used pages first out (expired
 * ones first); a safety TTL so a missed invalidation never lives long. While the race database
 * is down, stored pages keep being served even past their TTL; a miss goes to Next, whose 503 is
 * not stored. An expired page stays until evicted or replaced, for `serveStale`: the site's
 * server answers with it when renders are over their bound (`RenderGate`).
 *
 * Renders (issue 22 "renders that miss the cache are bounded"): `RenderGate` lets `concurrent`
 * requests into Next at once and `queue` more wait (each at most `waitMs`); beyond, the request
 * is refused at once and the site's server answers the stale page, or 503 with `Retry-After`.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import os from 'node:os';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BASE_PATH, type Locale } from '../../config';
import { CHOOSE_LANGUAGE_PARAM, LANGUAGE_COOKIE, pathLocale } from '../../i18n/routing';
import { isDatabaseDown } from '../db/availability';
import { contentSecurityPolicy, inlineScriptHashes } from '../http/csp';
import type { Bus, BusMessage } from '../timing/live/bus';
import { cmsTags } from './cms-refresh';
import { DropLog } from './drop-log';
import { recordTags, tags as tagNames, type TagRecorder } from './tags';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/**
 * Seconds lib/cms/client.ts keeps a CMS reply in Next's data cache (its `REVALIDATE_S`; that
 * module is server-only, not loadable here): after them a read still answers the old reply once
 * while Next fetches it again.
 */
const CMS_REVALIDATE_S = 60;
/** Seconds a render may take (the CMS timeout and the slowest page), for the settle window. */
const RENDER_S = 15;

/**
 * Defaults: 128 MB, pages live at most 10 min; without a CMS refresher (or when it fails), pages
 * stored within 2 × 60 + 15 = 135 s of a CMS drop expire at its end (see `cmsSettleMs`).
 */
export const PAGE_CACHE_DEFAULTS = { maxMb: 128, ttlS: 600, cmsSettleS: 2 * CMS_REVALIDATE_S + RENDER_S } as const;

export interface PageCacheOptions {
  /** Bytes over every stored variant (identity + gzip + br); 0 disables the cache. */
  maxBytes: number;
  /** Safety TTL of a stored page (ms). */
  ttlMs?: number;
  /**
   * Without a CMS refresher, or when it failed: after a CMS drop, pages stored within this window
   * expire at its end (ms). See `PageCache.refreshCms`.
   */
  cmsSettleMs?: number;
  /** After a CMS refresher answered, this long before the CMS pages are dropped again (ms; default 1000). */
  cmsGraceMs?: number;
  /**
   * The configured site's origin (`siteOrigin()`: SITE_URL): the only host pages are rendered
   * and stored for (see the file's docstring). Without it the request's host is in the key.
   */
  origin?: string;
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

/**
 * Compression levels: a store is off the request's path but not off the CPU (2 cores, shared
 * with the renders). Measured on this machine on a 175 KB race page: gzip 9 + brotli 6 took
 * 8.5 ms, gzip 6 + brotli 5 take 5.1 ms (−40%) for 1.4% (gzip) and 1.0% (brotli) more bytes; on
 * a 107 KB event page 4.5 ms → 3.3 ms, +0.6% and +0.8%.
 */
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * The hit's Cache-Control: the browser keeps the page and revalidates every use with the ETag
 * (a 304); a shared cache (a CDN) keeps nothing, since the answer depends on the language cookie
 * (a visitor who chose another language is redirected) and may set it.
 */
export const HIT_CACHE_CONTROL = 'private, no-cache';
/** What Next sends on every dynamic page: not a deliberate refusal to be cached. */
const NEXT_DYNAMIC_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';
/** Response headers never stored (recomputed per reply, or per hop). */
const NOT_STORED = new Set(['set-cookie', 'date', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'etag', 'cache-control', 'x-cache', 'vary']);
/** Headers a 304 repeats from the 200 (RFC 9110 §15.4.5) besides ETag, Cache-Control and Vary. */
const NOT_MODIFIED_KEEPS = new Set(['x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy', 'content-location', 'expires']);
/** A longer wait for a concurrent render than this and the waiter renders itself (ms). */
const WAIT_MS = 15_000;
/** Addresses with a query seen once, kept to admit their second miss (bounded: oldest out). */
const SEEN_ONCE_MAX = 10_000;
/**
 * First path segments under the base path that are no pages: what proxy.ts's matcher leaves
 * out (`api`, `_next`, `_vercel`, `uploads`, as prefixes like there) and the service worker.
 */
const NOT_PAGES = /^\/(?:api|_next|_vercel|uploads|serwist)/;

/**
 * The query parameters a page reads (issue 22: one allow-list, for the cache key). Any other
 * parameter (`utm_*`, `fbclid`, a random one) changes nothing a page shows: it is left out of
 * the key and of the URL a miss is rendered with. Who reads each (grep app/ and components/ for
 * `searchParams` and `useSearchParams` when a page starts reading a new one, and add it here):
 *  - calendar (event-calendar, promoters/{id}, organizations): view, date, from, until;
 *  - tabs: tab (events, promoters, trackside); page, q (news, FAQ, organization members, trackside);
 *  - results/{id}: years; login: next; resetPassword: token; error: message;
 *  - races, scores (lib/contracts/results): id_test, view, class, group, brand, participant, q,
 *    rider (the rider dialog);
 *  - series (lib/contracts/series, components/series/params): view, score, class, group, brand,
 *    rider, event, season, seasonClass;
 *  - trackside (liveonlivelaps): type, racer;
 *  - print selection and sheets (lib/contracts/print): go, event, race, mode, class, paper.
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'view', 'date', 'from', 'until',
  'tab', 'page', 'q',
  'years', 'next', 'token', 'message',
  'id_test', 'class', 'group', 'brand', 'participant', 'rider',
  'score', 'event', 'season', 'seasonClass',
  'type', 'racer',
  'go', 'race', 'mode', 'paper',
]);

/**
 * A page address with only the query parameters some page reads (`PAGE_QUERY_PARAMS`), in
 * their order and spelling: `/ll/series/1?utm_source=x&view=teams` → `/ll/series/1?view=teams`;
 * no parameter left → no `?`.
 */
export function pageKeyUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  let kept = '';
  for (const part of url.slice(q + 1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    let name = raw;
    if (raw.includes('%') || raw.includes('+')) {
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        continue;
      }
    }
    if (PAGE_QUERY_PARAMS.has(name)) kept += kept ? `&${part}` : part;
  }
  return kept ? `${url.slice(0, q)}?${kept}` : url.slice(0, q);
}

/** Variant order: identity, gzip, br. */
type Coding = 0 | 1 | 2;
const CODING_NAMES = [null, 'gzip', 'br'] as const;

interface Variant {
  body: Buffer;
  etag: string;
  /** Flat header lists for `writeHead` (name, value, …): 200 and 304. */
  ok: string[];
  notModified: string[];
}

interface Entry {
  key: string;
  /** An API read (`isApiReadPath`): no language of its own, never sets the language cookie. */
  api: boolean;
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
  return pathLocale(url.slice(BASE_PATH.length)).locale;
}

/**
 * Whether an address under the base path may be a page: not what proxy.ts's matcher leaves out
 * (the API, Next's files, uploads, any path with a dot: a file) nor the service worker.
 */
export function isPagePath(url: string): boolean {
  if (url !== BASE_PATH && !url.startsWith(`${BASE_PATH}/`) && !url.startsWith(`${BASE_PATH}?`)) return false;
  const query = url.indexOf('?');
  const path = url.slice(BASE_PATH.length, query < 0 ? undefined : query);
  return !NOT_PAGES.test(path) && !path.includes('.');
}

/** The public reads of the API under the base path whose replies the cache may keep (`isApiReadPath`). */
const API_READS = `${BASE_PATH}/api/v1/livelaps/`;
/** Under `API_READS`, what is never kept: the live feed (its stream and sessions) and racers' own profiles. */
const API_NOT_KEPT = /^\/(?:live|trackside)(?:\/|$|\?)/;

/**
 * Whether an address is one of the API's public reads the cache may keep (issue 22: the results,
 * events, series, directory and event-page reads a phone at the track polls): GET under
 * `/ll/api/v1/livelaps/`, but not the live feed nor a racer's trackside profile. A reply is kept
 * only when its reads named what they show (tags), it is JSON, and the request carried no
 * credentials (a promoter's session sees events the public does not: never stored nor served).
 */
export function isApiReadPath(url: string): boolean {
  return url.startsWith(API_READS) && !API_NOT_KEPT.test(url.slice(API_READS.length - 1));
}

/**
 * The tags a page's address implies, for a page whose reads named none (they do name theirs:
 * checked in a production build, the render's AsyncLocalStorage reaches every read):
 * `/races/{id}`, `/scores/{id}` → `race:{id}`; `/events/{id}`, `/eventScores/{id}` →
 * `event:{id}`; `/series/{id}` → `series:{id}`; always `events`.
 */
export function urlTags(url: string): string[] {
  const path = pathLocale(url.slice(BASE_PATH.length)).rest.split('?')[0];
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

/**
 * True when a Cookie header holds only `siteLanguage=<locale>` (any spacing, trailing `;`); with
 * `locale` null, the language cookie of any language (API reads do not depend on it).
 */
function onlyLanguageCookie(header: string, locale: Locale | null): boolean {
  let seen = false;
  for (const part of header.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    if (eq < 0 || item.slice(0, eq).trim() !== LANGUAGE_COOKIE || (locale !== null && item.slice(eq + 1).trim() !== locale)) return false;
    seen = true;
  }
  return seen;
}

/** A capture of a response's body as Next writes it; `overflow` once it stopped (too large, or no page). */
interface Capture {
  chunks: Buffer[];
  size: number;
  overflow: boolean;
}

/** Stops a capture and lets go of what it held. */
function stopCapture(capture: Capture): void {
  capture.overflow = true;
  capture.chunks = [];
}

/** The Content-Type a `writeHead(status, [message,] headers)` call sends: its own headers', else the one set before. */
function contentTypeOf(res: http.ServerResponse, args: unknown[]): string {
  for (const arg of args) {
    if (Array.isArray(arg)) {
      // Flat [name, value, …] or [[name, value], …].
      const pairs: unknown[][] = Array.isArray(arg[0]) ? (arg as unknown[][]) : Array.from({ length: arg.length >> 1 }, (_, i) => [arg[2 * i], arg[2 * i + 1]]);
      for (const [name, value] of pairs) if (String(name).toLowerCase() === 'content-type') return String(value);
    } else if (arg !== null && typeof arg === 'object') {
      for (const [name, value] of Object.entries(arg)) if (name.toLowerCase() === 'content-type') return String(value);
    }
  }
  return String(res.getHeader('content-type') ?? '');
}

const isHtml = (type: string) => type.trimStart().toLowerCase().startsWith('text/html');
const isJson = (type: string) => type.trimStart().toLowerCase().startsWith('application/json');

/** A render of a key in progress: waiters wait for `done`; `bypass` when its response was no page to store. */
interface Flight {
  done: Promise<void>;
  bypass: boolean;
}

function captureBody(res: http.ServerResponse, limit: number): Capture {
  const capture: Capture = { chunks: [], size: 0, overflow: false };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (capture.overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding) : Buffer.from(chunk as Uint8Array);
    capture.size += buf.length;
    if (capture.size > limit) return stopCapture(capture);
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
  readonly cmsGraceMs: number;
  /**
   * How this instance's Next forgets the CMS tags of a drop in its own data cache
   * (lib/server/cache/cms-refresh.ts; the site's server sets it when the webhook secret is
   * known). On a CMS drop the cache calls it and, once it answered and `cmsGraceMs` passed, drops
   * the CMS pages again: a page rendered before Next had forgotten the old content is never kept.
   *
   * Without it (or when it fails) Next's data cache on this instance may hold the old content
   * until its revalidate time (lib/cms/client.ts: 60 s) has passed AND a render has read it once
   * more (that read still answers the old reply, and fetches the new one). The fallback is a
   * settle window of `cmsSettleMs` (default 2 × 60 s + a render): pages stored within it expire at
   * its end. It covers the shell (menus, footer, parameters: every render reads them, so they are
   * fetched again early in the window); a page with content of its own (a news article) that no
   * visitor asked for between 60 s after the drop and the window's end may still be stored once
   * with the old content, for its TTL. Hence the refresher.
   */
  refreshCms: ((tags: string[]) => Promise<void>) | null = null;
  private readonly now: () => number;
  private readonly origin: URL | null;
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Flight>();
  /** Responses never stored (a stale page answered in place of a render). */
  private readonly notStored = new WeakSet<http.ServerResponse>();
  /** Keys of addresses with a query missed once, and when (admission). */
  private readonly seenOnce = new Map<string, number>();
  private bytes = 0;
  /** Which tags were dropped when: a render is stored only if none of its tags was dropped while it ran. */
  private readonly drops = new DropLog();
  private cmsSettleUntil = 0;
  private readonly codingOf = new Map<string, Coding>();
  private readonly counters = { hits: 0, misses: 0, stores: 0, dropped: 0 };

  constructor(options: PageCacheOptions) {
    this.maxBytes = Math.max(0, options.maxBytes);
    this.ttlMs = options.ttlMs ?? PAGE_CACHE_DEFAULTS.ttlS * 1000;
    this.cmsSettleMs = options.cmsSettleMs ?? PAGE_CACHE_DEFAULTS.cmsSettleS * 1000;
    this.cmsGraceMs = options.cmsGraceMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.origin = options.origin ? new URL(options.origin) : null;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, ...this.counters };
  }

  /**
   * The cache key of a request: its address with only the parameters pages read; without a
   * configured origin, also the host, with the forwarded host, protocol and port when sent.
   */
  private keyOf(req: http.IncomingMessage): string {
    const url = req.url ?? '/';
    // An API read's parameters are its own (validated by its route): all of them are the key.
    const key = url.includes('?') && !url.startsWith(API_READS) ? pageKeyUrl(url) : url;
    if (this.origin !== null) return key;
    const h = req.headers;
    const fh = h['x-forwarded-host'];
    const fp = h['x-forwarded-proto'];
    const fport = h['x-forwarded-port'];
    if (fh === undefined && fp === undefined && fport === undefined) return JSON.stringify([h.host ?? null, key]);
    return JSON.stringify([h.host ?? null, key, fh ?? null, fp ?? null, fport ?? null]);
  }

  /**
   * Answers `req` from the cache when a stored page fits it: synchronous, true when answered.
   * Call it first thing for every request.
   */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    return this.answer(req, res, false);
  }

  /**
   * Answers `req` with its stored page even when expired (the site's server, when renders are
   * over their bound: a page up to a TTL late beats a 503). True when answered.
   */
  serveStale(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    // Answered inside a render that was refused: what goes out is no fresh page to store.
    this.notStored.add(res);
    return this.answer(req, res, true);
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, stale: boolean): boolean {
    if (this.entries.size === 0) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '/';
    // An RSC request named only in the query (its parameter is not in the key); a language
    // choice made without JavaScript (`?setLanguage=`: proxy.ts stores it and redirects).
    if (url.includes('_rsc=') || url.includes(`${CHOOSE_LANGUAGE_PARAM}=`)) return false;
    const entry = this.entries.get(this.keyOf(req));
    if (entry === undefined) return false;
    const h = req.headers;
    if (
      h.rsc !== undefined ||
      h['next-router-state-tree'] !== undefined ||
      h['next-router-prefetch'] !== undefined ||
      h['next-router-segment-prefetch'] !== undefined ||
      h.authorization !== undefined ||
      (h['content-length'] !== undefined && h['content-length'] !== '0') ||
      h['transfer-encoding'] !== undefined
    ) {
      return false;
    }
    const cookie = h.cookie;
    const withCookie = cookie === undefined || cookie === '';
    if (!withCookie && cookie !== entry.cookie && !onlyLanguageCookie(cookie, entry.api ? null : entry.locale)) return false;
    const now = this.now();
    // Expired: rendered again (kept meanwhile for `serveStale`), unless the database is down.
    if (now >= entry.expiresAt && !stale && !isDatabaseDown()) return false;
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
      res.writeHead(304, variant.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, variant.ok);
    if (method === 'HEAD') res.end();
    else res.end(variant.body);
    return true;
  }

  /**
   * What a request that was not a hit may be stored as (null: nothing): a GET of a page under the
   * base path or of an API read, no RSC request, no body, no credentials, no cookie but the
   * language's (the URL's, for a page).
   */
  private storable(req: http.IncomingMessage, url: string): 'page' | 'api' | null {
    if (req.method !== 'GET') return null;
    const kind = isApiReadPath(url) ? 'api' : isPagePath(url) ? 'page' : null;
    if (kind === null) return null;
    if (url.includes('_rsc=') || url.includes(`${CHOOSE_LANGUAGE_PARAM}=`) || url.length > 2048) return null;
    const h = req.headers;
    if (h.rsc !== undefined || h['next-router-state-tree'] !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-segment-prefetch'] !== undefined) return null;
    if (h['next-action'] !== undefined || h.authorization !== undefined || h['transfer-encoding'] !== undefined) return null;
    if (h['content-length'] !== undefined && h['content-length'] !== '0') return null;
    const cookie = h.cookie;
    return cookie === undefined || cookie === '' || onlyLanguageCookie(cookie, kind === 'api' ? null : urlLocale(url)) ? kind : null;
  }

  /**
   * Admission of a miss: an address without a query at once; with a query at its second miss
   * within the TTL (the first is only remembered, in a bounded set).
   */
  private admit(key: string, url: string, api: boolean): boolean {
    if (!(api ? url : pageKeyUrl(url)).includes('?')) return true;
    const now = this.now();
    const seen = this.seenOnce.get(key);
    this.seenOnce.delete(key);
    if (seen !== undefined && now - seen < this.ttlMs) return true;
    this.seenOnce.set(key, now);
    if (this.seenOnce.size > SEEN_ONCE_MAX) this.seenOnce.delete(this.seenOnce.keys().next().value!);
    return false;
  }

  /**
   * Hands a request that `serve` did not answer to Next (`handle`); when it may be stored,
   * waits for a concurrent render of the same page or renders it inside `recordTags`,
   * capturing and storing the response. Resolves when the request is handled.
   */
  async render(req: http.IncomingMessage, res: http.ServerResponse, handle: Handler): Promise<unknown> {
    const url = req.url ?? '/';
    const kind = this.enabled ? this.storable(req, url) : null;
    if (kind === null) return handle(req, res);
    const key = this.keyOf(req);
    const api = kind === 'api';
    // Rendered as every request with this key would be (see the file's docstring).
    if (url.includes('?') && !api) req.url = pageKeyUrl(url);
    if (this.origin !== null) {
      req.headers.host = this.origin.host;
      req.headers['x-forwarded-proto'] = this.origin.protocol.slice(0, -1);
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-port'];
    }
    const pending = this.inflight.get(key);
    if (pending) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([pending.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
      clearTimeout(timer);
      if (pending.bypass) return handle(req, res);
      if (this.serve(req, res)) return undefined;
      if (this.inflight.has(key)) return handle(req, res);
    } else if (!this.admit(key, url, api)) {
      return handle(req, res);
    }
    this.counters.misses++;
    let settle!: () => void;
    const flight: Flight = { done: new Promise<void>((resolve) => (settle = resolve)), bypass: false };
    this.inflight.set(key, flight);
    const finish = () => {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
      settle();
    };
    const startEpoch = this.drops.epoch;
    const locale = urlLocale(url);
    const capture = captureBody(res, this.maxBytes);
    // The whole page, whatever the visitor's browser holds: a 304 from Next would store nothing.
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    res.setHeader('X-Cache', 'MISS');
    const writeHead = res.writeHead;
    res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
      if (status !== 200 || !(api ? isJson : isHtml)(contentTypeOf(this, rest))) {
        // No page to keep (a redirect, an error, a file): `MISS` marks a page on its way into
        // the cache; nothing more is captured, and the waiters go to Next at once.
        this.removeHeader('X-Cache');
        stopCapture(capture);
        flight.bypass = true;
        finish();
      }
      return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
    } as typeof res.writeHead;
    let recorder: TagRecorder | null = null;
    // 'close' follows 'finish' on a complete response, or comes alone when the visitor left.
    res.once('close', () => {
      if (!res.writableFinished || recorder === null) return finish();
      this.store(key, url, api, locale, res, capture, recorder, startEpoch).then(finish, (err: unknown) => {
        console.error('[page-cache] store failed:', url, err instanceof Error ? err.message : err);
        finish();
      });
    });
    const recorded = recordTags(() => handle(req, res));
    recorder = recorded.recorder;
    return recorded.result;
  }

  /** Stores a finished response when it qualifies (see the file's docstring). */
  private async store(key: string, url: string, api: boolean, locale: Locale, res: http.ServerResponse, capture: Capture, recorder: TagRecorder, startEpoch: number): Promise<void> {
    if (res.statusCode !== 200 || capture.overflow || this.notStored.has(res)) return;
    // A render that showed an error or a fallback in place of a failed read, or one that may
    // have (the database went down while it rendered).
    if (recorder.uncacheable || isDatabaseDown()) return;
    // An API read kept only when its reads named what they show (nothing else would drop it).
    if (api && recorder.tags.size === 0) return;
    const type = String(res.getHeader('content-type') ?? '');
    if (!(api ? isJson : isHtml)(type)) return;
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (cacheControl && cacheControl !== NEXT_DYNAMIC_CACHE_CONTROL && /\b(?:private|no-store)\b/i.test(cacheControl)) return;
    for (const cookie of headerValues(res.getHeader('set-cookie'))) {
      if (api || !cookie.trim().startsWith(`${LANGUAGE_COOKIE}=`)) return;
    }
    const encoding = res.getHeader('content-encoding');
    const identity = decode(Buffer.concat(capture.chunks, capture.size), encoding === undefined ? undefined : String(encoding));
    if (!identity) return;
    const pageTags = new Set(recorder.tags);
    if (pageTags.size === 0) for (const tag of urlTags(url)) pageTags.add(tag);
    // A page's shell is CMS content; an API reply holds none.
    if (!api) pageTags.add(tagNames.cms);
    if (!this.drops.fresh(pageTags, startEpoch)) return;

    const [gzipped, brotlied] = await Promise.all([gzip(identity, GZIP_OPTIONS), brotli(identity, { ...BROTLI_OPTIONS, params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })]);
    if (!this.drops.fresh(pageTags, startEpoch)) return;

    const base: string[] = [];
    const notModifiedBase: string[] = [];
    let vary = 'Accept-Encoding';
    // Issue 29: the page was rendered with a nonce (proxy.ts), no secret once the page is served to
    // many: the stored page allows its inline scripts by their hashes instead.
    const storedPolicy = (value: string) => (api ? value : contentSecurityPolicy({ hashes: inlineScriptHashes(identity.toString('utf8')) }));
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
        if (lower === 'content-security-policy') {
          base.push(name, storedPolicy(value));
          continue;
        }
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
      return { body, etag, ok, notModified };
    };
    const variants: Entry['variants'] = [variant(identity, 0), variant(gzipped, 1), variant(brotlied, 2)];
    const bytes = identity.length + gzipped.length + brotlied.length + key.length * 2 + 2048;
    if (bytes > this.maxBytes) return;
    const now = this.now();
    const expiresAt = Math.min(now + this.ttlMs, now < this.cmsSettleUntil ? this.cmsSettleUntil : Infinity);
    const old = this.entries.get(key);
    if (old) this.remove(old);
    this.entries.set(key, { key, api, locale, cookie: `${LANGUAGE_COOKIE}=${locale}`, tags: pageTags, storedAt: now, expiresAt, lastUsed: now, bytes, variants });
    this.bytes += bytes;
    this.counters.stores++;
    if (this.bytes > this.maxBytes) this.evict(now);
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

  /**
   * Drops every stored page carrying any of `names` (and keeps renders in flight from storing
   * one). CMS tags also go to `refreshCms` (then dropped once more when it answered), or open
   * the settle window.
   */
  drop(names: readonly string[]): number {
    const count = this.dropNow(names);
    const cms = cmsTags(names);
    if (cms.length) this.settleCms(cms);
    return count;
  }

  private dropNow(names: readonly string[]): number {
    if (!names.length) return 0;
    const wanted = new Set(names);
    this.drops.drop(wanted);
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

  /** After a CMS drop: this instance's Next forgets the old content, then its pages go again (see `refreshCms`). */
  private settleCms(cms: string[]): void {
    const openWindow = () => {
      this.cmsSettleUntil = this.now() + this.cmsSettleMs;
    };
    const refresh = this.refreshCms;
    if (!refresh) return openWindow();
    refresh(cms)
      .then(() => new Promise((resolve) => setTimeout(resolve, this.cmsGraceMs).unref()))
      .then(
        // Every page carries `cms` (its shell), whichever content type changed.
        () => void this.dropNow([...new Set([tagNames.cms, ...cms])]),
        (err: unknown) => {
          console.error('[page-cache] refreshing the CMS content of this instance failed:', err instanceof Error ? err.message : err);
          // Pages stored since the drop expire with the window's end, like those stored from now.
          const until = this.now() + this.cmsSettleMs;
          this.cmsSettleUntil = until;
          for (const entry of this.entries.values()) if (entry.expiresAt > until && entry.tags.has(tagNames.cms)) entry.expiresAt = until;
        },
      );
  }

  /** Drops every stored page. */
  clear(): void {
    this.drops.clear();
    this.counters.dropped += this.entries.size;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * What a bus message makes stale: a `tags` message its tags; a `live` one its race and the
   * list of live sessions; a `resync` (messages may have been lost) every page.
   */
  onMessage(message: BusMessage): void {
    if (message.type === 'tags') this.drop(message.tags);
    else if (message.type === 'live') this.drop([tagNames.race(message.raceId), tagNames.live]);
    else if (message.type === 'resync') this.clear();
  }

  /** Subscribes to `bus` (the process bus, or a test's); returns the unsubscribe function. */
  listen(bus: Bus): () => void {
    return bus.subscribe((message) => this.onMessage(message));
  }
}

/** Bounds on the renders handed to Next (see `RenderGate`). */
export interface RenderLimits {
  /** Renders in Next at once. */
  concurrent: number;
  /** Requests waiting for a render slot; beyond, refused at once. */
  queue: number;
  /** Longest wait in the queue before refusing (ms). */
  waitMs: number;
}

/**
 * Defaults: 4 renders at once per core (a render mostly waits on the database and the CMS), 64
 * waiting at most 10 s each. On the 2-core machine of issue 22: 8 + 64.
 */
export function defaultRenderLimits(cores: number = os.availableParallelism?.() ?? os.cpus().length): RenderLimits {
  return { concurrent: Math.max(2, 4 * cores), queue: 64, waitMs: 10_000 };
}

/**
 * Bounds the renders that miss the cache (issue 22: a stream of uncached requests must not slow
 * every visitor down): at most `concurrent` requests in Next at once, `queue` more waiting in
 * arrival order for at most `waitMs`; the excess is refused at once (the caller answers the stale
 * page or 503 with `Retry-After`). A slot is held until the response closes.
 */
export class RenderGate {
  private active = 0;
  private readonly waiting: { grant: () => void }[] = [];
  private readonly counters = { admitted: 0, queued: 0, refused: 0 };

  constructor(readonly limits: RenderLimits) {}

  /** Renders running, requests waiting, and the counts so far (tests, the bench). */
  stats(): { active: number; waiting: number; admitted: number; queued: number; refused: number } {
    return { active: this.active, waiting: this.waiting.length, ...this.counters };
  }

  /**
   * Takes a render slot for the response `res` (released when it closes): resolves true at once
   * or after a wait in the queue, false when the queue is full, the wait ran out, or the visitor
   * left while waiting.
   */
  enter(res: http.ServerResponse): Promise<boolean> {
    if (res.destroyed || res.writableFinished) return Promise.resolve(false);
    if (this.active < this.limits.concurrent) {
      this.take(res);
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.limits.queue) {
      this.counters.refused++;
      return Promise.resolve(false);
    }
    this.counters.queued++;
    return new Promise<boolean>((resolve) => {
      const leave = (admitted: boolean) => {
        clearTimeout(timer);
        res.off('close', left);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        if (!admitted) this.counters.refused++;
        resolve(admitted);
      };
      const left = () => leave(false);
      const waiter = {
        grant: () => {
          leave(true);
          this.take(res);
        },
      };
      const timer = setTimeout(left, this.limits.waitMs);
      res.once('close', left);
      this.waiting.push(waiter);
    });
  }

  private take(res: http.ServerResponse): void {
    this.active++;
    this.counters.admitted++;
    res.once('close', () => {
      this.active--;
      this.waiting[0]?.grant();
    });
  }
}

/**
 * The render bounds from the environment: `RENDER_CONCURRENCY` (default 4 per core) and
 * `RENDER_QUEUE` (default 64); a queued request waits at most 10 s.
 * @throws Error naming the variable when it is not a positive integer (the queue may be 0).
 */
export function renderLimitsFromEnv(env: Record<string, string | undefined> = process.env): RenderLimits {
  const defaults = defaultRenderLimits();
  const read = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`Invalid environment variable ${name}: expected an integer ≥ ${min}, got "${raw}"`);
    return value;
  };
  return { concurrent: read('RENDER_CONCURRENCY', defaults.concurrent, 1), queue: read('RENDER_QUEUE', defaults.queue, 0), waitMs: defaults.waitMs };
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
