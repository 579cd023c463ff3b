/**
 * The CMS publish webhook (DESIGN "every writer revalidates the tags it touched"; issue 7
 * "editors see their published changes within seconds"). Strapi POSTs
 * `{ event: 'entry.publish' | 'entry.update' | … | 'media.create' …, uid?: 'api::menu.menu',
 * model?: 'menu', entry?: {…} }` with `Authorization: Bearer <REVALIDATE_SECRET>`; the tags of
 * the content it names expire at once, so the next page view reads the CMS again, and `cms` with
 * those tags goes out on the bus (`revalidateTags`): every site instance drops its cached pages
 * (each carries `cms`: its shell is CMS content; lib/server/cache/page-cache.ts).
 *
 * The other instances' own Next data caches still hold the old content: each instance's server
 * hears the tags on the bus and sends its own Next `{ event: 'll.instance-revalidate', tags }`
 * through this webhook with the same secret (lib/server/cache/cms-refresh.ts), which expires
 * those CMS tags there and publishes nothing.
 */
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { AppError } from '../../errors';
import { CMS_INSTANCE_EVENT, cmsTags } from '../cache/cms-refresh';
import { revalidateTags } from '../cache/tags';
import { revalidateSecret } from '../config/env';
import { invalidatePermissionSettings } from '../permissions/settings';

/** Cache tags of each content type (the tags lib/cms gives its fetches); anything else: all CMS content. */
const TAGS: Record<string, string[]> = {
  menu: ['cms:menu'],
  'sub-menu': ['cms:menu'],
  'static-footer': ['cms:footer'],
  'home-content': ['cms:home'],
  'home-menu': ['cms:home'],
  parameter: ['cms:parameters'],
  'parameter-image': ['cms:parameters'],
  'contact-page': ['cms:contact'],
  'about-page': ['cms:about'],
  'simple-page': ['cms:simple-pages'],
  'floating-footer': ['cms:sponsors'],
  sponsor: ['cms:sponsors'],
  'news-article': ['cms:news'],
  faq: ['cms:faqs'],
  document: ['cms:documents'],
  presentation: ['cms:presentations'],
};

/**
 * The cache tags a webhook event touches: the content type's tags for `entry.*` events of a
 * known `api::<name>.<name>` (or `model`), `['cms']` (every CMS read) for media events and for
 * unknown types, since any page may show an uploaded image.
 */
export function tagsForEvent(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return ['cms'];
  const { event, uid, model } = payload as { event?: unknown; uid?: unknown; model?: unknown };
  if (typeof event === 'string' && event.startsWith('media.')) return ['cms'];
  const fromUid = typeof uid === 'string' ? /^api::([\w-]+)\./.exec(uid)?.[1] : undefined;
  const name = fromUid ?? (typeof model === 'string' ? model : undefined);
  return (name && TAGS[name]) || ['cms'];
}

/** Largest webhook body read (bytes): Strapi's event bodies are a few KB. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Constant-time comparison that reveals neither the secret nor its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Checks the `Authorization` header before anything is read.
 * @throws AppError `webhook_not_configured` (503) without a secret on this site,
 *   `unauthorized` (401) for a missing or wrong secret.
 */
export function checkWebhookSecret(authorization: string | null): void {
  const secret = revalidateSecret();
  if (!secret) throw new AppError('webhook_not_configured');
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!given || !sameSecret(given, secret)) throw new AppError('unauthorized');
}

/**
 * Checks the bearer secret, reads the event and expires its tags.
 * @param rawBody the request body as sent (JSON)
 * @param authorization the `Authorization` header
 * @returns the tags revalidated
 * @throws AppError `webhook_not_configured` (503) without a secret on this site,
 *   `unauthorized` (401) for a missing or wrong secret, `invalid_json` (400) for a body that is not JSON.
 */
export function handleStrapiWebhook(rawBody: string, authorization: string | null): { tags: string[] } {
  checkWebhookSecret(authorization);
  let payload: unknown;
  try {
    payload = rawBody.trim() ? JSON.parse(rawBody) : {};
  } catch {
    throw new AppError('invalid_json');
  }
  const instance = instanceTags(payload);
  const tags = instance ?? tagsForEvent(payload);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  // Every instance's page cache (not again for an instance's own request: it heard them there);
  // never throws (a failed publish is logged, pages age out).
  if (!instance) void revalidateTags(['cms', ...tags]);
  // The proxy keeps its own copy of the parameters (lib/server/permissions/settings.ts).
  if (tags.includes('cms') || tags.includes('cms:parameters')) invalidatePermissionSettings();
  return { tags };
}

/**
 * The tags of an instance's own request (`{ event: 'll.instance-revalidate', tags }`, sent by its
 * server on hearing CMS tags on the bus), else null: the content types' tags (`cms:{type}`) when
 * it names any, else `cms` (every CMS reply) when it names that. The bus carries `cms` with every
 * publish, so it alone means "all of it" only when no content type is named.
 */
function instanceTags(payload: unknown): string[] | null {
  if (typeof payload !== 'object' || payload === null || (payload as { event?: unknown }).event !== CMS_INSTANCE_EVENT) return null;
  const given = (payload as { tags?: unknown }).tags;
  const names = cmsTags(Array.isArray(given) ? given.slice(0, 64) : []);
  const types = names.filter((t) => t !== 'cms');
  return types.length ? types : names;
}
