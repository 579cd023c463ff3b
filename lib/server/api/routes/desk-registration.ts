/**
 * An event's online-registration settings on the promoter's desk (issue 27 "Fees by date (early,
 * regular, late fee after the deadline), set by the promoter in the desk"; waiting-list offer
 * time, refund policy, transponder rental, the promoter's questions, paying at the gate, a selfie
 * before the waiver; spec §6 Online registration). Mounted at /ll/api/v1/desk beside
 * ./desk-classes.ts: a login is needed (401); an event the login does not work for answers 404
 * like an unknown one (policy `event.edit`); replies are never stored.
 *
 * - GET /events/{id}/registration-settings → `{ settings, window: { opensOn, closesOn } }`.
 * - GET /events/{id}/entries.csv → the entry list for timing software (issue 27).
 * - POST /events/{id}/classes/{classId}/start-grid/draw (no body) → 200 `StartGridClass`: the
 *   class's registered riders drawn into a random start grid (issue 27 "the start grid follows
 *   registration order or the promoter's draw"); POST …/start-grid/clear → 200 `StartGridClass`
 *   back in registration order. Audited; the event's pages revalidated.
 * - PUT /events/{id}/registration-settings `DeskRegistrationSettingsInput` → 200 as GET plus
 *   `changed`; 400 with `issues` when a field or a rule between fields fails
 *   (lib/contracts/registration-settings.ts codes), or when a fee date falls outside the event's
 *   registration window (`invalid_early_until_window`, `invalid_late_from_window`).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskIssues } from '../../../contracts/desk';
import { deskRegistrationSettingsInput, registrationSettings } from '../../../contracts/registration-settings';
import { getRegistrationSettings, saveRegistrationSettings } from '../../desk';
import { clearStartGrid, drawStartGrid, exportEntryList } from '../../registrations';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskIssues);
const Body = named(deskRegistrationSettingsInput, 'DeskRegistrationSettingsInput', {
  description: 'Fee dates, gate payment, selfie, waiting-list offer hours, refund policy, transponder rental (cents) and questions (lib/contracts/registration-settings.ts).',
});
const Window = z.object({ opensOn: z.string().nullable(), closesOn: z.string().nullable() });
const Reply = z.object({ settings: registrationSettings, window: Window }).openapi('DeskRegistrationSettings');
const Saved = z.object({ settings: registrationSettings, window: Window, changed: z.boolean() }).openapi('DeskRegistrationSettingsSaved');
const notFound = json(ErrorSchema, '`not_found`: unknown, or an event of a promoter the login does not work for');

/** The desk's registration-settings sub-app (mounted at /ll/api/v1/desk). */
export function deskRegistrationRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/registration-settings',
      summary: 'An event’s online-registration settings',
      description: 'Issue 27 (fees by date, waiting list, refund policy, transponder rental, questions, gate payment, selfie); spec §6 Online registration. With the registration window the fee dates must fit.',
      middleware: [loggedIn] as const,
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(Reply, 'The settings'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => c.json(await getRegistrationSettings(principal(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/events/{id}/registration-settings',
      summary: 'Set an event’s online-registration settings',
      description: 'Issue 27; spec §6 Online registration. Saved as a whole with its audit record in one transaction; the event’s pages revalidated. Fee dates outside the registration window: 400 with their field codes.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('event') }), body: { content: { 'application/json': { schema: Body } }, required: true } },
      responses: {
        200: json(Saved, 'Saved; `changed` false when the settings were already these (nothing recorded)'),
        400: json(IssuesErrorSchema, 'A field or a rule between fields failed its check (`issues`), or `invalid_json`'),
        401: unauthenticatedReply,
        404: notFound,
        415: mediaTypeReply,
      },
    }),
    async (c) => c.json(await saveRegistrationSettings(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/entries.csv',
      summary: 'The entry list for timing software (CSV)',
      description:
        'Spec §3 Registration (rows per event); issue 27 "The entry list exports for timing software (number, name, class, transponder as CSV)": registered riders only, by class then in start-grid order (the promoter’s draw, else registration order); a rented transponder reads RENTAL. Staff of the event’s promoter and admins (`registrations.list`); else 404. An attachment, never stored.',
      middleware: [loggedIn] as const,
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: { content: { 'text/csv': { schema: z.string() } }, description: 'The file (Content-Disposition: attachment)' }, 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => {
      const file = await exportEntryList(principal(c), c.req.valid('param').id);
      return c.body(file.body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' });
    },
  );
  const GridParams = z.object({ id: idParam('event'), classId: idParam('class', 'classId') });
  const Grid = z
    .object({
      classId: z.number().int(),
      className: z.string(),
      drawn: z.boolean().openapi({ description: 'True when the promoter drew it; riders registered later follow in registration order' }),
      rows: z.array(
        z.object({
          registrationId: z.number().int(),
          position: z.number().int().openapi({ description: '1…n as shown' }),
          number: z.string().nullable(),
          firstName: z.string(),
          lastName: z.string(),
          club: z.string().nullable(),
          city: z.string().nullable(),
          state: z.string().nullable(),
        }),
      ),
    })
    .openapi('StartGridClass');
  const gridNotFound = json(ErrorSchema, '`not_found`: unknown, an event of a promoter the login does not work for, or a class the event does not offer');
  for (const [action, summary, description, run] of [
    [
      'draw',
      'Draw a class’s start grid',
      'Issue 27 “the start grid follows registration order or the promoter’s draw”; spec §2 Event page (start grid): the class’s registered riders shuffled (Fisher–Yates, crypto.randomInt) into positions 1…n in one transaction with the class locked and its desk audit record; riders registered later go after them. Policy event.edit; else 404.',
      drawStartGrid,
    ],
    ['clear', 'Return a class’s start grid to registration order', 'Issue 27 “the start grid follows registration order or the promoter’s draw”; spec §2 Event page (start grid): the draw’s positions taken away, audited. Policy event.edit; else 404.', clearStartGrid],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/events/{id}/classes/{classId}/start-grid/${action}`,
        summary,
        description,
        middleware: [loggedIn] as const,
        request: { params: GridParams },
        responses: { 200: json(Grid, 'The class’s start grid as it now stands'), 400: json(ErrorSchema, '`invalid_id`'), 401: unauthenticatedReply, 404: gridNotFound },
      }),
      async (c) => {
        const { id, classId } = c.req.valid('param');
        return c.json(await run(principal(c), id, classId), 200);
      },
    );
  }
  return app;
}
