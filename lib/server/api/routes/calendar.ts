/**
 * iCalendar downloads and feeds (spec §2: every event can be added to a personal calendar,
 * each calendar is a feed a phone can subscribe to with `webcal:`, per promoter and per
 * organization; RFC 5545), mounted at /ll/api/v1/calendar. Paths are `icsPaths` of
 * lib/contracts/calendar.ts:
 * - GET /events/{id}/event.ics — one event, as a download (`Content-Disposition: attachment`);
 * - GET /feed.ics — the whole site's public events;
 * - GET /promoters/{id}/feed.ics — one promoter's (`id`: the promoter user id);
 * - GET /organizations/{id}/feed.ics — one organization's.
 * `?lang=en|fr|es` (default en) names the calendar and picks the language of the event pages'
 * addresses. Replies are `text/calendar; charset=utf-8`, cacheable for 5 minutes; an unknown
 * or hidden event, promoter or organization answers 404 `not_found`, a malformed id 400
 * `invalid_id`, another `lang` 400 `invalid_lang` (JSON, as the rest of the API).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DEFAULT_LOCALE } from '../../../config';
import { icsQuery } from '../../../contracts/calendar';
import { getCalendarFeed, getEventIcs } from '../../calendar';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { publicOrigin } from '../../http/public-origin';

/** Seconds a reply may be reused by browsers, calendar apps and caches in between. */
const MAX_AGE_S = 300;

const ics = (description: string) => ({
  content: { 'text/calendar': { schema: z.string().openapi({ example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR' }) } },
  description,
});
const json = (description: string) => ({ content: { 'application/json': { schema: ErrorSchema } }, description });
const errors = {
  400: json('`invalid_id` (a malformed id) or `invalid_lang` (not en, fr or es)'),
  404: json('`not_found`: unknown, or not public'),
};
/** `?lang=en|fr|es`: the language of the calendar name and of the event pages' addresses. */
const Query = icsQuery;

/** The iCalendar reply: text/calendar, cacheable, downloaded as `fileName` or shown inline. */
function reply(c: Context, body: string, fileName: string, disposition: 'attachment' | 'inline') {
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `${disposition}; filename="${fileName}"`,
    'Cache-Control': `public, max-age=${MAX_AGE_S}`,
  });
}

/** The calendar sub-app (mounted at /ll/api/v1/calendar). */
export function calendarRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/event.ics',
      summary: "One event's .ics, to add it to a personal calendar",
      description:
        'Spec §2 (every event can be added to a personal calendar), RFC 5545: one all-day VEVENT (DTSTART;VALUE=DATE, DTEND the day after its last day), UID `event-{id}@{host}`, LOCATION the venue and its address, URL the event page in `lang`. Downloaded as `<event-name>.ics`. Unknown or hidden event (or promoter): 404 `not_found`.',
      request: { params: z.object({ id: idParam('event') }), query: Query },
      responses: { 200: ics('The event as iCalendar'), ...errors },
    }),
    async (c) => {
      const file = await getEventIcs(c.req.valid('param').id, c.req.valid('query').lang ?? DEFAULT_LOCALE, publicOrigin((name) => c.req.header(name)));
      return reply(c, file.body, file.fileName, 'attachment');
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/feed.ics',
      summary: "The site's event calendar as an iCalendar feed",
      description:
        'Spec §2 (each calendar is a feed a phone can subscribe to), §4 (from 2 years back): every public event from two years back to everything ahead, as all-day VEVENTs; X-WR-CALNAME in `lang`; REFRESH-INTERVAL 6 hours.',
      request: { query: Query },
      responses: { 200: ics('The feed'), 400: errors[400] },
    }),
    async (c) => reply(c, await getCalendarFeed(undefined, c.req.valid('query').lang ?? DEFAULT_LOCALE, publicOrigin((name) => c.req.header(name))), 'event-calendar.ics', 'inline'),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoters/{id}/feed.ics',
      summary: "A promoter's event calendar as an iCalendar feed",
      description:
        'Spec §2 (a feed per promoter): the public events of the promoter with user id `id`, from two years back to everything ahead. Unknown or hidden promoter: 404 `not_found`.',
      request: { params: z.object({ id: idParam('promoter') }), query: Query },
      responses: { 200: ics('The feed'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return reply(c, await getCalendarFeed({ promoterUserId: id }, c.req.valid('query').lang ?? DEFAULT_LOCALE, publicOrigin((name) => c.req.header(name))), `promoter-${id}.ics`, 'inline');
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/organizations/{id}/feed.ics',
      summary: "An organization's event calendar as an iCalendar feed",
      description:
        'Spec §2 (a feed per organization): the public events of organization `id` (the event’s own organization, else its promoter’s), from two years back to everything ahead. Unknown or hidden organization: 404 `not_found`.',
      request: { params: z.object({ id: idParam('organization') }), query: Query },
      responses: { 200: ics('The feed'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return reply(c, await getCalendarFeed({ organizationId: id }, c.req.valid('query').lang ?? DEFAULT_LOCALE, publicOrigin((name) => c.req.header(name))), `organization-${id}.ics`, 'inline');
    },
  );

  return app;
}
