/**
 * The cache domain (DESIGN.md "Public pages are cached on the server and revalidated by tag"):
 * tags and what reads and writers do with them, the page cache, the read cache, how writers publish on the bus,
 * and keeping each instance's CMS content in step. Only re-exports.
 */
export { cmsRefresher, cmsTags, CMS_INSTANCE_EVENT, CMS_WEBHOOK_PATH } from './cms-refresh';
export {
  chooseCoding,
  createPageCache,
  HIT_CACHE_CONTROL,
  isPagePath,
  PAGE_CACHE_DEFAULTS,
  PageCache,
  pageCacheOptionsFromEnv,
  urlLocale,
  urlTags,
  type Handler,
  type PageCacheOptions,
  type PageCacheStats,
} from './page-cache';
export { closePublisher, publishTagsOnProcessBus } from './publisher';
export { cachedRead, clearReads, disableReadCache, dropReads, enableReadCache, listenReads, READ_CACHE_DEFAULTS, readCacheOptionsFromEnv, readCacheStats } from './read-cache';
export { importTags, revalidateImport } from './revalidate-import';
export { revalidateRiders, riderTags } from './revalidate-riders';
export { seriesOfEvents } from './series-of-events';
export { hasTagPublisher, markUncacheable, recordTags, revalidateTags, setTagPublisher, tagRead, tags, type TagRecorder } from './tags';
