/**
 * The server-side Strapi client. Every reply is cached by Next's data cache under the `cms`
 * tag for `revalidate` seconds, so a visitor never waits on the CMS for content it already
 * served. When the CMS cannot be reached, calls answer `null` at once for the next 15 s
 * (callers then use the spec's fallbacks) and the outage is logged once, not per request; a page
 * render that got such a `null` is marked uncacheable (`markUncacheable`): the page cache does
 * not keep its fallbacks.
 */
import 'server-only';
import { BASE_PATH } from '../config';
import { markUncacheable } from '../server/cache/tags';
import { cmsUrl, serverEnv } from '../server/config/env';
import { replyData } from './normalize';

const RETRY_AFTER_MS = 15_000;
const REVALIDATE_S = 60;

const state = globalThis as unknown as { __llCmsDownUntil?: number; __llCmsDown?: boolean };

function markDown(reason: string) {
  markUncacheable();
  state.__llCmsDownUntil = Date.now() + RETRY_AFTER_MS;
  if (!state.__llCmsDown) {
    state.__llCmsDown = true;
    console.warn(`[cms] content service unreachable at ${cmsUrl()} (${reason}); serving fallbacks`);
  }
}

function markUp() {
  if (state.__llCmsDown) console.info('[cms] content service reachable again');
  state.__llCmsDown = false;
  state.__llCmsDownUntil = 0;
}

/**
 * GETs `path` (e.g. `/api/menus?locale=fr-CA`) from the CMS and returns its flattened `data`,
 * or `null` when the CMS is unreachable, answers an error status, or sends no JSON.
 * 404 (an absent single type) answers `null` without marking the CMS down.
 */
export async function cmsGet(path: string, tags: string[] = []): Promise<unknown> {
  if ((state.__llCmsDownUntil ?? 0) > Date.now()) {
    // The CMS is known to be down: this render shows a fallback.
    markUncacheable();
    return null;
  }
  try {
    const res = await fetch(`${cmsUrl()}${path}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(serverEnv().CMS_TIMEOUT_MS),
      next: { revalidate: REVALIDATE_S, tags: ['cms', ...tags] },
    });
    if (res.status === 404) {
      markUp();
      return null;
    }
    if (!res.ok) {
      markDown(`HTTP ${res.status} for ${path}`);
      return null;
    }
    const body: unknown = await res.json();
    markUp();
    return replyData(body);
  } catch (err) {
    markDown(err instanceof Error ? err.message : String(err));
    return null;
  }
}

/** The browser-facing URL of a CMS upload: served by the site's `/uploads` proxy route. */
export function mediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  return `${BASE_PATH}${url.startsWith('/') ? url : `/${url}`}`;
}
