/**
 * The read cache (DESIGN.md "Every public read is cached and tagged"): a public read wrapped in
 * `cachedRead` answers from memory until a writer revalidates one of the tags it named. The page
 * cache keeps whole pages for visitors without cookies; this keeps the reads behind them, so a
 * page rendered for a signed-in racer, a page with a query, or the API reply of the same race
 * does not ask the database again (issue 23: the uncached render of a race page).
 *
 * - What a read shows is what it names with `tagRead` (./tags.ts), its nested cached reads
 *   included: the cache runs a miss in its own tag recorder, stores the tags with the value and
 *   hands them on to the page's recorder, on a hit as on a miss. A read that names no tag, or that
 *   marks itself uncacheable, is not stored (nothing would ever drop it).
 * - Dropped by the bus like the pages: a `tags` message drops the entries carrying any of them, a
 *   `live` message its race and the live list, a `resync` everything. `revalidateTags` also
 *   drops this instance's entries at once, before the message goes out, so a writer's next read
 *   in this process sees what it wrote. A read that started before a drop of one of its tags is
 *   not stored (it may hold the old rows).
 * - Values are deep-frozen when stored: every request gets the same objects, and a caller that
 *   tried to change one would throw (in strict mode) rather than change every later page.
 * - Bounded: `READ_CACHE_MB` (default 64; 0 turns it off) over the entries' JSON size, least
 *   recently used out first; a safety TTL (the page cache's, `PAGE_CACHE_TTL_S`).
 * - Not for everything a page reads: permission checks (spec §6) and anything that depends on
 *   the visitor or on the clock (a live race's state) read the database every time.
 * - Off until `enableReadCache` (the site's server): scripts, tests and the importers read the
 *   database each time.
 *
 * State lives on `globalThis`: the site's server (loaded by Node) enables it and feeds it the bus,
 * the pages (bundled by Next) read through it; both load their own copy of this module.
 */
import type { Bus, BusMessage } from '../timing/live/bus';
import { DropLog } from './drop-log';
import { collectTags, markUncacheable, setLocalDrop, tagRead, tags as tagNames } from './tags';

interface Entry {
  key: string;
  value: unknown;
  tags: ReadonlySet<string>;
  bytes: number;
  expiresAt: number;
}

interface ReadCacheState {
  enabled: boolean;
  maxBytes: number;
  ttlMs: number;
  bytes: number;
  /** Insertion order = least recently used first. */
  entries: Map<string, Entry>;
  /** Which tags were dropped when: a read is stored only if none of its tags was dropped while it ran. */
  drops: DropLog;
  counters: { hits: number; misses: number; stores: number; dropped: number };
}

export const READ_CACHE_DEFAULTS = { maxMb: 64, ttlS: 600 } as const;

const KEY = Symbol.for('ll.cache.reads');
const holder = globalThis as unknown as Record<symbol, ReadCacheState | undefined>;
const state: ReadCacheState = (holder[KEY] ??= {
  enabled: false,
  maxBytes: READ_CACHE_DEFAULTS.maxMb * 1048576,
  ttlMs: READ_CACHE_DEFAULTS.ttlS * 1000,
  bytes: 0,
  entries: new Map(),
  drops: new DropLog(),
  counters: { hits: 0, misses: 0, stores: 0, dropped: 0 },
});

/**
 * Turns the read cache on in this process (the site's server, at start): `maxMb` of entries
 * (0 leaves it off), each kept at most `ttlS` seconds.
 */
export function enableReadCache(options: { maxMb?: number; ttlS?: number } = {}): void {
  const maxMb = options.maxMb ?? READ_CACHE_DEFAULTS.maxMb;
  state.enabled = maxMb > 0;
  state.maxBytes = Math.floor(maxMb * 1048576);
  state.ttlMs = Math.floor((options.ttlS ?? READ_CACHE_DEFAULTS.ttlS) * 1000);
  setLocalDrop(state.enabled ? dropReads : null);
}

/** Options from the environment: `READ_CACHE_MB` (default 64, 0 = off) and `PAGE_CACHE_TTL_S` (default 600). */
export function readCacheOptionsFromEnv(env: Record<string, string | undefined> = process.env): { maxMb: number; ttlS: number } {
  const num = (name: string, fallback: number) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0 (got "${raw}")`);
    return value;
  };
  return { maxMb: num('READ_CACHE_MB', READ_CACHE_DEFAULTS.maxMb), ttlS: num('PAGE_CACHE_TTL_S', READ_CACHE_DEFAULTS.ttlS) };
}

/** Turns it off and forgets everything (tests). */
export function disableReadCache(): void {
  state.enabled = false;
  setLocalDrop(null);
  clearReads();
}

/** Entries, bytes and counts so far (tests, the bench). */
export function readCacheStats(): { enabled: boolean; entries: number; bytes: number; hits: number; misses: number; stores: number; dropped: number } {
  return { enabled: state.enabled, entries: state.entries.size, bytes: state.bytes, ...state.counters };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (value instanceof Map || value instanceof Set) return value;
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

function sizeOf(value: unknown): number {
  try {
    return (JSON.stringify(value) ?? '').length + 200;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function remove(entry: Entry): void {
  if (state.entries.get(entry.key) !== entry) return;
  state.entries.delete(entry.key);
  state.bytes -= entry.bytes;
}

/**
 * Wraps the public read `fn` (`name` unique among reads; arguments that JSON can write): while
 * the cache is on, its value is kept per arguments until one of the tags it named is dropped.
 * The wrapped read answers the same value as `fn`, deep-frozen; it throws what `fn` throws (a
 * failure is not kept). Wrap it in React's `cache` as well for the per-request deduplication.
 */
export function cachedRead<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    if (!state.enabled) return fn(...args);
    const key = `${name}:${JSON.stringify(args)}`;
    const now = Date.now();
    const hit = state.entries.get(key);
    if (hit) {
      if (hit.expiresAt > now) {
        state.counters.hits++;
        state.entries.delete(key);
        state.entries.set(key, hit);
        tagRead(...hit.tags);
        return hit.value as R;
      }
      remove(hit);
    }
    state.counters.misses++;
    const startEpoch = state.drops.epoch;
    const { value, recorder } = await collectTags(() => fn(...args));
    tagRead(...recorder.tags);
    if (recorder.uncacheable) markUncacheable();
    else if (recorder.tags.size > 0 && state.enabled && state.drops.fresh(recorder.tags, startEpoch)) store(key, deepFreeze(value), recorder.tags, now);
    return value;
  };
}

function store(key: string, value: unknown, entryTags: ReadonlySet<string>, now: number): void {
  const bytes = sizeOf(value);
  if (bytes > state.maxBytes / 8) return;
  const old = state.entries.get(key);
  if (old) remove(old);
  const entry: Entry = { key, value, tags: new Set(entryTags), bytes, expiresAt: now + state.ttlMs };
  state.entries.set(key, entry);
  state.bytes += bytes;
  state.counters.stores++;
  for (const oldest of state.entries.values()) {
    if (state.bytes <= state.maxBytes) break;
    remove(oldest);
  }
}

/** Drops every entry carrying any of `names`, and keeps reads in flight from storing one. Returns how many went. */
export function dropReads(names: readonly string[]): number {
  if (!names.length) return 0;
  const wanted = new Set(names);
  state.drops.drop(wanted);
  let count = 0;
  for (const entry of state.entries.values()) {
    for (const tag of entry.tags) {
      if (wanted.has(tag)) {
        remove(entry);
        count++;
        break;
      }
    }
  }
  state.counters.dropped += count;
  return count;
}

/** Drops every entry. */
export function clearReads(): void {
  state.drops.clear();
  state.counters.dropped += state.entries.size;
  state.entries.clear();
  state.bytes = 0;
}

/** What a bus message makes stale (the same as for the page cache: see PageCache.onMessage). */
export function onReadCacheMessage(message: BusMessage): void {
  if (message.type === 'tags') dropReads(message.tags);
  else if (message.type === 'live') dropReads([tagNames.race(message.raceId), tagNames.live]);
  else if (message.type === 'resync') clearReads();
}

/** Subscribes the read cache to `bus` (the process bus); returns the unsubscribe function. */
export function listenReads(bus: Bus): () => void {
  return bus.subscribe(onReadCacheMessage);
}
