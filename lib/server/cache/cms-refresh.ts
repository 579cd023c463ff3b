/**
 * Keeping every instance's Next data cache in step with the CMS (DESIGN.md "a webhook
 * revalidates tags"; issue 10 "revalidated by tag … when a CMS publish touches them"). The CMS
 * webhook reaches one site instance: that one expires the content in its own Next data cache
 * (lib/server/cms/strapi-webhook.ts) and publishes `cms` and the content's `cms:{type}` on the
 * bus. Every other instance's Next still holds the old replies (lib/cms/client.ts keeps a reply
 * 60 s, then serves it stale once more while it fetches it again), and Next's `revalidateTag`
 * works only inside a request it handles. So the site's server (scripts/serve-site.ts), hearing
 * CMS tags on the bus, asks its own Next to expire them: a POST of
 * `{ event: CMS_INSTANCE_EVENT, tags }` to its webhook route with the webhook secret, which
 * expires them there without publishing again. The page cache calls it on every CMS drop and
 * drops the CMS pages once more when it has answered (lib/server/cache/page-cache.ts).
 *
 * No `server-only` marker: the site's server loads it under plain Node.
 */
import { BASE_PATH } from '../../config';
import { tags as tagNames } from './tags';

/** The webhook event an instance's own server sends it: expire these CMS tags here, publish nothing. */
export const CMS_INSTANCE_EVENT = 'll.instance-revalidate';

/** Where the webhook route answers, under an instance's origin. */
export const CMS_WEBHOOK_PATH = `${BASE_PATH}/api/webhooks/strapi`;

/** The CMS tags among `names`: `cms` and `cms:{type}`, in their order, without repeats. */
export function cmsTags(names: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    if (typeof name === 'string' && (name === tagNames.cms || /^cms:[\w-]{1,64}$/.test(name))) out.add(name);
  }
  return [...out];
}

/**
 * A function asking the instance at `origin` (`http://127.0.0.1:3000`) to expire CMS tags in
 * its Next data cache, authenticated with the webhook `secret`. It resolves once the instance
 * answered 200 and rejects otherwise (an error status, no answer within `timeoutMs`).
 */
export function cmsRefresher(origin: string, secret: string, timeoutMs = 5000): (tags: string[]) => Promise<void> {
  const url = new URL(CMS_WEBHOOK_PATH, origin).toString();
  return async (names) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: CMS_INSTANCE_EVENT, tags: cmsTags(names) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  };
}
