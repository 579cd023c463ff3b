/**
 * Confirming competition licences (issue 29: "a licence … counts for matching only when the
 * federation issued it or an official confirmed it"), mounted at /ll/api/v1/desk: the racer records
 * with a typed licence, and an official's (or admin's) confirmation of one, seen on the rider's
 * card (lib/server/licences). Thin: check, call, reply.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { confirmLicence, confirmLicenceInput, licencesToConfirm } from '../../licences';
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
    city: z.string().nullable(),
    state: z.string().nullable(),
    licence: z.string().openapi({ description: 'As the rider typed it' }),
    confirmedAt: z.string().nullable().openapi({ description: 'When an official confirmed it (ISO 8601); null: it matches nobody yet' }),
  })
  .openapi('LicenceRow');
const ConfirmBody = named(confirmLicenceInput, 'ConfirmLicenceInput', { description: 'The licence number the official read on the rider’s card.' });
const notFound = json(ErrorSchema, '`not_found`: not an official or an admin, or no such record with a licence');

/** The licences sub-app (mounted at /ll/api/v1/desk). */
export function deskLicenceRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/licences',
      summary: 'Racer records with a typed licence, unconfirmed first',
      description:
        'Issue 29 (the licence claim rule; spec §3 Participant licence): at most 200, not confirmed first, then by name; `q` keeps a name or number containing it. Policy `licences.confirm` (officials, admins); else 404.',
      middleware: [loggedIn] as const,
      request: { query: z.object({ q: z.string().max(60).optional() }) },
      responses: { 200: json(z.object({ rows: z.array(Row) }).openapi('LicenceList'), 'The records'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => c.json({ rows: await licencesToConfirm(principal(c), { q: c.req.valid('query').q ?? null }) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/licences/{participantId}/confirmation',
      summary: 'Confirm a racer record’s licence, seen on the card',
      description:
        'Issue 29 (the licence claim rule; spec §3 Participant licence): the record’s licence matches the rider across events from now on (series standings, the rider page, claims). The body names the number read on the card: a record whose number changed since answers 409 `licence_changed`. Confirming twice changes nothing (`duplicate`). Policy `licences.confirm`; else 404.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ participantId: idParam('participant', 'participantId') }), body: { content: { 'application/json': { schema: ConfirmBody } }, required: true } },
      responses: {
        200: json(z.object({ row: Row, duplicate: z.boolean() }).openapi('LicenceConfirmed'), 'Confirmed (or confirmed already)'),
        400: json(ErrorSchema, '`invalid_licence`, `invalid_json`'),
        401: unauthenticatedReply,
        404: notFound,
        409: json(ErrorSchema, '`licence_changed`: the number on the record is not the one read'),
        415: mediaTypeReply,
      },
    }),
    async (c) => c.json(await confirmLicence(principal(c), c.req.valid('param').participantId, c.req.valid('json')), 200),
  );
  return app;
}
