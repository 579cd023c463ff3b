/**
 * The "Site revalidation" webhook: Strapi tells the website when content changes, so that the
 * site revalidates its cached pages (DESIGN: "every writer (…, CMS webhook, …) revalidates
 * the tags it touched").
 *
 * On every start, from SITE_WEBHOOK_URL and SITE_WEBHOOK_SECRET (the site's `npm start` passes
 * both):
 * - both set: exactly one webhook named "Site revalidation" exists, enabled, posting to that
 *   URL with the header `Authorization: Bearer <secret>` on entry.create/update/delete/
 *   publish/unpublish and media.create/update/delete. It is created, or updated when the URL,
 *   secret, events or enabled flag differ; extra webhooks with that name are removed.
 * - either unset: the webhook of that name is removed.
 *
 * Like Strapi's admin webhook controller (@strapi/admin server controllers/webhooks.js), each
 * change goes to the webhook store (the database) and then to the running webhook runner
 * (add / update / remove), so it takes effect without a restart. The core webhooks provider
 * has already loaded the stored webhooks into the runner before the user bootstrap runs.
 * Webhooks an editor created under other names are never touched.
 */
import type { Core } from '@strapi/strapi';

export const SITE_WEBHOOK_NAME = 'Site revalidation';

export const SITE_WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];

type Webhook = {
  id: string;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  isEnabled: boolean;
};

type WebhookStore = {
  allowedEvents: Map<string, string>;
  findWebhooks(): Promise<Webhook[]>;
  createWebhook(data: Omit<Webhook, 'id' | 'isEnabled'>): Promise<Webhook>;
  updateWebhook(id: string, data: Omit<Webhook, 'id'>): Promise<Webhook | null>;
  deleteWebhook(id: string): Promise<Webhook | null>;
};

type WebhookRunner = {
  add(webhook: Webhook): void;
  update(webhook: Webhook): void;
  remove(webhook: Webhook): void;
};

const log = (strapi: Core.Strapi, msg: string) => strapi.log.info(`[webhook] ${msg}`);

const sameList = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export async function ensureSiteWebhook(strapi: Core.Strapi) {
  const store = strapi.get('webhookStore') as WebhookStore;
  const runner = strapi.get('webhookRunner') as WebhookRunner;
  const url = (process.env.SITE_WEBHOOK_URL ?? '').trim();
  const secret = (process.env.SITE_WEBHOOK_SECRET ?? '').trim();

  const mine = (await store.findWebhooks()).filter((w) => w.name === SITE_WEBHOOK_NAME);
  const remove = async (webhook: Webhook) => {
    await store.deleteWebhook(webhook.id);
    runner.remove(webhook);
  };

  let reason = '';
  if (!url || !secret) {
    reason = url || secret ? `${url ? 'SITE_WEBHOOK_SECRET' : 'SITE_WEBHOOK_URL'} is not set` : 'SITE_WEBHOOK_URL and SITE_WEBHOOK_SECRET are not set';
  } else if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    reason = `SITE_WEBHOOK_URL is not an http(s) URL: ${url}`;
  }
  if (reason) {
    for (const webhook of mine) await remove(webhook);
    if (url || secret) strapi.log.warn(`[webhook] ${reason}: no "${SITE_WEBHOOK_NAME}" webhook`);
    if (mine.length) log(strapi, `"${SITE_WEBHOOK_NAME}" removed (${reason})`);
    return;
  }

  // Events the store accepts (media.* are registered by the upload plugin's bootstrap).
  const allowed = new Set(store.allowedEvents.values());
  const events = SITE_WEBHOOK_EVENTS.filter((e) => allowed.has(e));
  const skipped = SITE_WEBHOOK_EVENTS.filter((e) => !allowed.has(e));
  if (skipped.length) strapi.log.warn(`[webhook] events not available here, left out: ${skipped.join(', ')}`);

  const wanted = { name: SITE_WEBHOOK_NAME, url, headers: { Authorization: `Bearer ${secret}` }, events };
  const [current, ...extra] = mine;
  for (const webhook of extra) await remove(webhook);
  if (extra.length) log(strapi, `removed ${extra.length} duplicate "${SITE_WEBHOOK_NAME}" webhook(s)`);

  if (!current) {
    const created = await store.createWebhook(wanted);
    runner.add(created);
    log(strapi, `"${SITE_WEBHOOK_NAME}" created: POST ${url} on ${events.length} events`);
    return;
  }
  const upToDate =
    current.url === url &&
    current.isEnabled === true &&
    Object.keys(current.headers ?? {}).length === 1 &&
    current.headers?.Authorization === wanted.headers.Authorization &&
    sameList(current.events ?? [], events);
  if (upToDate) {
    log(strapi, `"${SITE_WEBHOOK_NAME}" up to date: POST ${url}`);
    return;
  }
  const updated = await store.updateWebhook(current.id, { ...wanted, isEnabled: true });
  if (updated) runner.update(updated);
  log(strapi, `"${SITE_WEBHOOK_NAME}" updated: POST ${url} on ${events.length} events`);
}
