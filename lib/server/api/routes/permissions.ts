/**
 * users/current/hasPermission* (spec §6, §7 Permission calls): each answers the JSON number
 * 1 when the current visitor may see the record, 0 otherwise.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { canDisplayEvent, canDisplayRace } from '../../permissions';
import { ErrorSchema, idParam, validationHook } from '../errors';

const reply = {
  200: { content: { 'application/json': { schema: z.union([z.literal(0), z.literal(1)]) } }, description: '1 when allowed' },
  400: { content: { 'application/json': { schema: ErrorSchema } }, description: '`invalid_id`: a malformed id' },
};

/** The permission sub-app (mounted at /ll/api/v1/users/current). */
export function permissionRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const promoterUserId = idParam('promoter', 'defaultPromoterUserId');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplayEvent/{id}/{defaultPromoterUserId}',
      summary: 'May the visitor see this event? 1 or 0',
      description: 'Spec §6 Event display, §7 Permission calls: 1 when the event exists and is public, else 0 (the page then goes to the default promoter’s results).',
      request: { params: z.object({ id: idParam('event'), defaultPromoterUserId: promoterUserId }) },
      responses: reply,
    }),
    async (c) => c.json(await canDisplayEvent(c.req.valid('param').id), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/hasPermissionDisplayRace/{id}/{defaultPromoterUserId}',
      summary: 'May the visitor see this race? 1 or 0',
      description: 'Spec §6 Race display, §7 Permission calls: 1 when the race exists and its event is public (a hidden race still answers 1: its page shows “Race is not available for public display”), else 0 (the page then goes to /error).',
      request: { params: z.object({ id: idParam('race'), defaultPromoterUserId: promoterUserId }) },
      responses: reply,
    }),
    async (c) => c.json(await canDisplayRace(c.req.valid('param').id), 200),
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
    async (c) => c.json(await canDisplayRace(c.req.valid('param').id), 200),
  );
  return app;
}
