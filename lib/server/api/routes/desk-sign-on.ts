/**
 * Sign-on at the event on the promoter's desk (issue 27 "Sign-on (in the desk)"; spec §3
 * Registration, §4 Registration status and Waiver). Mounted at /ll/api/v1/desk beside
 * ./desk-registration.ts: a login is needed (401); an event the login does not work for answers
 * 404 like an unknown one; replies are never stored.
 *
 * - GET /events/{id}/sign-on → `SignOnList` (lib/contracts/sign-on.ts): one line per registered
 *   rider with membership, waiver, paid, number, transponder, present.
 * - POST /events/{id}/sign-on `{ actions: SignOnAction[] }` → `{ outcomes, list }`: what a device
 *   recorded (present, transponder, gate payment), each action applied once whatever the number of
 *   times it is sent (its `id`); a refused action answers its error code in `outcomes`, the others
 *   still apply.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { signOnBatch } from '../../../contracts/sign-on';
import { getSignOnList, recordSignOn } from '../../sign-on';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const Row = z
  .object({
    participantId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    classes: z.array(z.object({ registrationId: z.number().int(), className: z.string() })),
    raceNumber: z.string().nullable(),
    transponder: z.string().nullable(),
    transponderRental: z.boolean(),
    membership: z.enum(['valid', 'with_payment', 'missing']),
    waiver: z.enum(['signed', 'not_signed', 'rejected']),
    signOnline: z.boolean(),
    paid: z.boolean(),
    dueCents: z.number().int().openapi({ description: 'Still due on the rider’s entry orders, in cents' }),
    dueOrder: z.string().nullable().openapi({ description: 'The public id of the order to take it on at the gate' }),
    presentAt: z.string().nullable(),
  })
  .openapi('SignOnRow');
const List = z.object({ eventId: z.number().int(), readAt: z.string(), rows: z.array(Row) }).openapi('SignOnList');
const Outcome = z.union([z.object({ id: z.string(), ok: z.literal(true), duplicate: z.boolean() }), z.object({ id: z.string(), ok: z.literal(false), code: z.string() })]);
const Synced = z.object({ outcomes: z.array(Outcome), list: List }).openapi('SignOnSyncResult');
const Body = named(signOnBatch, 'SignOnBatch', { description: 'What a device recorded at sign-on, oldest first (lib/contracts/sign-on.ts).' });
const notFound = json(ErrorSchema, '`not_found`: unknown, or an event of a promoter the login does not work for');

/** The desk's sign-on sub-app (mounted at /ll/api/v1/desk). */
export function deskSignOnRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/sign-on',
      summary: 'The sign-on list of an event',
      description: 'Issue 27 "Sign-on (in the desk)"; spec §3 Registration, §4 Registration status and Waiver. One line per registered rider: membership, waiver, paid, number, transponder, present. Staff of the event’s promoter and admins (`registrations.list`); else 404.',
      middleware: [loggedIn] as const,
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(List, 'The list'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await getSignOnList(principal(c), c.req.valid('param').id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/sign-on',
      summary: 'Record sign-on actions (present, transponder, gate payment)',
      description:
        'Issue 27 "take payment at the gate … mark present … sends what it recorded when the connection comes back"; spec §3 Registration and Transaction. Each action applied once by its id (a batch sent twice records nothing twice); a refused action answers its code in `outcomes` and the others still apply. Staff of the event’s promoter and admins (`event.edit`); else 404.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('event') }), body: { content: { 'application/json': { schema: Body } }, required: true } },
      responses: { 200: json(Synced, 'Each action’s outcome and the list as it now is'), 400: json(ErrorSchema, '`invalid_request`, `invalid_json`'), 401: unauthenticatedReply, 404: notFound, 415: mediaTypeReply },
    }),
    async (c) => c.json(await recordSignOn(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  return app;
}
