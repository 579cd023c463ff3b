/**
 * Cache tags (DESIGN.md "Every public read is cached and tagged … every writer revalidates the
 * tags it touched"). A read names what it shows with `tagRead(tags.race(12))`; the page cache
 * (lib/server/cache/page-cache.ts) stores each rendered page with the tags its reads named; a
 * writer calls `revalidateTags([...])`, which goes out on the bus so every site instance drops
 * the pages (and reads) carrying any of them.
 *
 * Tags: `race:{id}` a race's results and live board; `event:{id}` an event's page and anything
 * listing its races; `series:{id}` a series' standings; `events` lists of events (calendar,
 * promoter and organization lists, results lists, the series list); `promoter:{userId}` and
 * `organization:{id}` a promoter's or an organization's own details (members, classes,
 * membership types); `live` the list of sessions running now; `cms` anything from the CMS
 * (every page: its shell is CMS content), `cms:{type}` one content type.
 *
 * A render that shows an error or a fallback in place of a failed read calls `markUncacheable()`
 * (components catching a database error, lib/cms when the CMS is unreachable): the page cache
 * does not keep that page.
 *
 * State lives on `globalThis`: the site's server (scripts/serve-site.ts, loaded by Node) and
 * the pages (bundled by Next) each load their own copy of this module in one process, and the
 * recorder a page render's reads write into, like the publisher, must be the one the server set.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const tags = {
  race: (id: number) => `race:${id}`,
  event: (id: number) => `event:${id}`,
  series: (id: number) => `series:${id}`,
  promoter: (userId: number) => `promoter:${userId}`,
  organization: (id: number) => `organization:${id}`,
  events: 'events',
  live: 'live',
  cms: 'cms',
} as const;

/** What one page render collected: the tags its reads named, and whether it may be kept at all. */
export interface TagRecorder {
  tags: Set<string>;
  /** Set by `markUncacheable`: the render shows an error or a fallback, not what its reads name. */
  uncacheable: boolean;
}

type Publish = (tags: string[]) => Promise<void>;

interface TagState {
  recorder: AsyncLocalStorage<TagRecorder>;
  publisher: Publish | null;
  /** What `revalidateTags` drops in this process before publishing (the read cache, once enabled). */
  localDrop?: ((tags: string[]) => void) | null;
}

const KEY = Symbol.for('ll.cache.tags');
const holder = globalThis as unknown as Record<symbol, TagState | undefined>;
const state: TagState = (holder[KEY] ??= { recorder: new AsyncLocalStorage<TagRecorder>(), publisher: null });

/** Runs `fn` (a page render) collecting the tags its reads name into the returned recorder. */
export function recordTags<T>(fn: () => T): { recorder: TagRecorder; result: T } {
  const store: TagRecorder = { tags: new Set(), uncacheable: false };
  const result = state.recorder.run(store, fn);
  return { recorder: store, result };
}

/**
 * Runs `fn` (a read) in a recorder of its own and returns its value with what it named; the
 * caller hands the tags on (the read cache: lib/server/cache/read-cache.ts).
 */
export async function collectTags<T>(fn: () => Promise<T>): Promise<{ recorder: TagRecorder; value: T }> {
  const store: TagRecorder = { tags: new Set(), uncacheable: false };
  const value = await state.recorder.run(store, fn);
  return { recorder: store, value };
}

/** Sets what `revalidateTags` drops in this process before it publishes (the read cache). */
export function setLocalDrop(fn: ((tags: string[]) => void) | null): void {
  state.localDrop = fn;
}

/** Names what the current read shows; a no-op outside a recorded render (scripts, API). */
export function tagRead(...names: string[]): void {
  const store = state.recorder.getStore();
  if (store) for (const name of names) store.tags.add(name);
}

/**
 * Declares that the current render must not be stored: it caught a failed read and shows an
 * error message or a fallback in its place (a database error caught by a component, the CMS
 * unreachable and its spec fallbacks shown). The page is still sent to its visitor, with its
 * status, but the page cache renders it again for the next one. A no-op outside a recorded
 * render (scripts, API).
 */
export function markUncacheable(): void {
  const store = state.recorder.getStore();
  if (store) store.uncacheable = true;
}

/**
 * Sets how `revalidateTags` reaches the instances: the site and the scripts set a publisher on
 * the process bus (lib/server/cache/publisher.ts); tests may set their own.
 */
export function setTagPublisher(fn: Publish | null): void {
  state.publisher = fn;
}

/** True when `revalidateTags` has somewhere to publish (a publisher was set in this process). */
export function hasTagPublisher(): boolean {
  return state.publisher !== null;
}

/**
 * Declares `names` stale everywhere: every instance's page cache drops the pages carrying any
 * of them, and its read cache the reads (this instance's at once, before publishing). Never throws: a failed publish is logged (the pages then age out, see page-cache).
 */
export async function revalidateTags(names: string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length) state.localDrop?.(unique);
  const publisher = state.publisher;
  if (!unique.length || !publisher) return;
  try {
    await publisher(unique);
  } catch (err) {
    console.error('[cache] revalidate failed:', err instanceof Error ? err.message : err);
  }
}
