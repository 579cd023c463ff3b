/**
 * users/current/hasPermission… (spec §6 Roles and permissions, §7 Permission calls): each
 * answers the JSON number 1 when the visitor may see (or register for) the record, 0
 * otherwise, decided by lib/server/permissions (the module `proxy.ts` runs for the §6
 * redirects). A malformed id answers 400 `invalid_id` ('The provided event id is invalid'); a
 * wrong method 405 (the app's `notFound`). Answers are not cached (`no-store`): hiding an
 * event takes effect at once.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { parsePromoterList, permissionReply, promoterPermissionRequest, type Permission } from '../../../contracts/permissions';
import { AppError } from '../../../errors';
import {
  canDisplayEvent,
  canDisplayPromoter,
  canDisplayRace,
  canDisplaySeries,
  canDisplaySeriesForPromoter,
  canRegisterOnline,
} from '../../permissions';
import { ErrorSchema, idMessages, idParam, validationError, validationHook } from '../errors';
import { requireJson } from '../kit';

const reply = {
  200: { content: { 'application/json': { schema: permissionReply.openapi({ example: 1 }) } }, description: '1 when allowed, else 0' },
  400: { content: { 'application/json': { schema: ErrorSchema } }, description: '`invalid_id`: a malformed id' },
};

/** The `{promoters}` segment: `1,2` or `[1,2]` (promoter user ids), else 400 `invalid_id`. */
const promoterList = z
  .string()
  .transform((raw, ctx) => {
    const ids = parsePromoterList(raw);
    if (ids === null) {
      ctx.addIssue({ code: 'custom', message: idMessages.promoter.invalid });
      return z.NEVER;
    }
    return ids;
  })
  .openapi({
    param: { name: 'promoters', in: 'path' },
    example: '[1,2]',
    description: 'The default promoter list: promoter user ids, comma-separated (`1,2`) or bracketed (`[1,2]`, `[]`); at most 100',
  });

type HookResult = Parameters<typeof validationHook>[0];

/**
 * The body check of hasPermissionForPromoterId: any fault in `users_id` is about ids, so it
 * answers `null_id` ('Please provide the user ids') or `invalid_id` ('The provided user id is
 * invalid'); any other fault as every route does.
 */
function promoterBodyHook(result: HookResult): undefined {
  if (result.success) return undefined;
  if (result.target === 'json') {
    const issue = result.error.issues[0];
    if (issue?.path[0] === 'users_id') {
      const body = result.data as { users_id?: unknown } | undefined;
      const missing = body?.users_id === undefined || body.users_id === null;
      throw new AppError(missing ? 'null_id' : 'invalid_id', issue.message);
    }
  }
  throw validationError(result);
}

function answer(c: Context, permission: Permission) {
  c.header('Cache-Control', 'no-store');
  return c.json(permission, 200);
}

/** The permission sub-app (mounted at /ll/api/v1/users/current). */
export function permissionRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const promoterUserId = idParam('promoter', 'defaultPromoterUserId');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplayEvent/{id}/{defaultPromoterUserId}',
      summary: 'May the visitor see this event? 1 or 0',
      description:
        'Spec §6 Event display, §7 Permission calls: 1 when the event exists, is public and its promoter is public, else 0 (the page then goes to the default promoter’s results).',
      request: { params: z.object({ id: idParam('event'), defaultPromoterUserId: promoterUserId }) },
      responses: reply,
    }),
    async (c) => {
      const { id, defaultPromoterUserId } = c.req.valid('param');
      return answer(c, await canDisplayEvent(id, defaultPromoterUserId));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/hasPermissionForPromoterId/{id}',
      summary: 'May the visitor see this promoter? 1 or 0',
      description:
        'Spec §6 Promoter display, §7 Permission calls. `id` is a promoter user id; the body `{ users_id: number[] }` the default promoter list (promoter user ids, at most 100). 1 when the promoter exists, is public and is one of `users_id` or a club of the same organization as one of them (an empty list: any public promoter), else 0 (the page then goes to /error). A missing `users_id` answers 400 `null_id`, a malformed one `invalid_id`; a body that is not JSON `invalid_json`, one not sent as JSON 415 `unsupported_media_type`.',
      middleware: [requireJson] as const,
      request: {
        params: z.object({ id: idParam('promoter') }),
        body: { content: { 'application/json': { schema: promoterPermissionRequest } }, required: true },
      },
      responses: {
        ...reply,
        415: { content: { 'application/json': { schema: ErrorSchema } }, description: '`unsupported_media_type`: the body is not sent as JSON' },
      },
    }),
    async (c) => answer(c, await canDisplayPromoter(c.req.valid('param').id, c.req.valid('json').users_id)),
    (result) => promoterBodyHook(result),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplayRace/{id}/{defaultPromoterUserId}',
      summary: 'May the visitor see this race? 1 or 0',
      description:
        'Spec §6 Race display, §7 Permission calls: 1 when the race exists and its event may be displayed (a race hidden from public display still answers 1: its page shows “Race is not available for public display”), else 0 (the page then goes to /error).',
      request: { params: z.object({ id: idParam('race'), defaultPromoterUserId: promoterUserId }) },
      responses: reply,
    }),
    async (c) => {
      const { id, defaultPromoterUserId } = c.req.valid('param');
      return answer(c, await canDisplayRace(id, defaultPromoterUserId));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplayRace/{id}',
      summary: 'May the visitor see this race? 1 or 0 (short form)',
      description: 'Spec §7 Permission calls (also seen as …/hasPermissionDisplayRace/{id}): the same answer without the default promoter.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: reply,
    }),
    async (c) => answer(c, await canDisplayRace(c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplaySeriesForPromoter/{id}/{promoters}',
      summary: 'May the visitor see this series among the default promoters’? 1 or 0',
      description:
        'Spec §6 Series display (the default promoter list configured), §7 Permission calls: 1 when the series exists, is public, its promoter is public and is one of `promoters` or a club of the same organization as one of them (`[]`: any public promoter), else 0 (the page then goes to /error).',
      request: { params: z.object({ id: idParam('series'), promoters: promoterList }) },
      responses: reply,
    }),
    async (c) => {
      const { id, promoters } = c.req.valid('param');
      return answer(c, await canDisplaySeriesForPromoter(id, promoters));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplaySeries/{id}/{defaultPromoterUserId}',
      summary: 'May the visitor see this series of the default promoter? 1 or 0',
      description:
        'Spec §6 Series display (no default promoter list), §7 Permission calls: 1 when the series exists, is public and belongs to the promoter with user id `defaultPromoterUserId` (public) or a club of its organization, else 0 (the page then goes to /error).',
      request: { params: z.object({ id: idParam('series'), defaultPromoterUserId: promoterUserId }) },
      responses: reply,
    }),
    async (c) => {
      const { id, defaultPromoterUserId } = c.req.valid('param');
      return answer(c, await canDisplaySeries(id, defaultPromoterUserId));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionRegisterOnline/{id}/{defaultPromoterUserId}',
      summary: 'May the visitor register online for this event? 1 or 0',
      description:
        'Spec §6 Online registration, §4 Registration status, §7 Permission calls: 1 when the event may be displayed and its registration status is open today (federation time, America/Toronto): online registration enabled, on or before the closing day (default the day before the start), the event neither complete nor past; else 0 (the page then goes to /error).',
      request: { params: z.object({ id: idParam('event'), defaultPromoterUserId: promoterUserId }) },
      responses: reply,
    }),
    async (c) => {
      const { id, defaultPromoterUserId } = c.req.valid('param');
      return answer(c, await canRegisterOnline(id, defaultPromoterUserId));
    },
  );
  return app;
}
