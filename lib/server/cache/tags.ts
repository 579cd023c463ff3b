/**
 * Cache tags (DESIGN.md "Every public read is cached and tagged … every writer revalidates the
 * tags it touched"). A read names what it shows with `tagRead(tags.race(12))`; the page cache
 * (lib/server/cache/page-cache.ts) stores each rendered page with the tags its reads named; a
 * writer calls `revalidateTags([...])`, which goes out on the bus so every site instance drops
 * the pages (and reads) carrying any of them.
 *
 * Tags: `race:{id}` a race's results and live board; `event:{id}` an event's page and anything
 * listing its races; `series:{id}` a series' standings; `events` lists of events (calendar,
 * promoter and organization lists, results lists); `live` the list of sessions running now;
 * `cms` anything from the CMS (every page: its shell is CMS content).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const tags = {
  race: (id: number) => `race:${id}`,
  event: (id: number) => `event:${id}`,
  series: (id: number) => `series:${id}`,
  events: 'events',
  live: 'live',
  cms: 'cms',
} as const;

/** The tags one page render collected. */
export interface TagRecorder {
  tags: Set<string>;
}

const recorder = new AsyncLocalStorage<TagRecorder>();

/** Runs `fn` (a page render) collecting the tags its reads name into the returned recorder. */
export function recordTags<T>(fn: () => T): { recorder: TagRecorder; result: T } {
  const store: TagRecorder = { tags: new Set() };
  const result = recorder.run(store, fn);
  return { recorder: store, result };
}

/** Names what the current read shows; a no-op outside a recorded render (scripts, API). */
export function tagRead(...names: string[]): void {
  const store = recorder.getStore();
  if (store) for (const name of names) store.tags.add(name);
}

type Publish = (tags: string[]) => Promise<void>;
let publisher: Publish | null = null;

/**
 * Sets how `revalidateTags` reaches the instances: the site and the scripts set a publisher on
 * the process bus (lib/server/cache/revalidate.ts); tests may set their own.
 */
export function setTagPublisher(fn: Publish | null): void {
  publisher = fn;
}

/**
 * Declares `names` stale everywhere: every instance's page cache drops the pages carrying any
 * of them. Never throws: a failed publish is logged (the pages then age out, see page-cache).
 */
export async function revalidateTags(names: string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (!unique.length || !publisher) return;
  try {
    await publisher(unique);
  } catch (err) {
    console.error('[cache] revalidate failed:', err instanceof Error ? err.message : err);
  }
}
