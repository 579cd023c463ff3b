/**
 * Revalidation on the process bus (DESIGN.md "every writer revalidates the tags it touched"):
 * `publishTagsOnProcessBus()` makes `revalidateTags` (./tags.ts) publish `{ type: 'tags', tags }`
 * on this process's bus (PostgreSQL LISTEN/NOTIFY on the race database), which every site
 * instance's page cache hears. The site's server calls it at start; a writer script calls it,
 * revalidates what it wrote, then `closePublisher()` so the process can exit.
 *
 * No `server-only` marker: scripts and the site's server load this under plain Node.
 */
import { databaseUrl } from '../config/env';
import { closeProcessBus, processBus } from '../timing/live/bus';
import { setTagPublisher } from './tags';

/** `revalidateTags` publishes on the process bus of `url` (the race database by default). */
export function publishTagsOnProcessBus(url: string = databaseUrl()): void {
  const bus = processBus(url);
  setTagPublisher((names) => bus.publish({ type: 'tags', tags: names }));
}

/** Stops publishing and closes the process bus (scripts, before they exit; the site, when it stops). */
export async function closePublisher(): Promise<void> {
  setTagPublisher(null);
  await closeProcessBus();
}
