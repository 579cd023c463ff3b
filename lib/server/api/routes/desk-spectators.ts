/**
 * An event's spectator-ticket settings on the promoter's desk (issue 28 "the event sets ticket
 * prices, age bands, daily capacity and whether a selfie is required, in the desk"; spec §4
 * Spectator registration, §5 Spectator). Mounted at /ll/api/v1/desk: a login is needed (401); an
 * event the login does not work for answers 404 like an unknown one (policy `event.edit`);
 * replies are never stored.
 *
 * - GET /events/{id}/spectator-settings → `{ settings }` (lib/contracts/spectator-settings.ts;
 *   prices in cents, ages in whole years; the defaults for an event that never set any).
 * - PUT /events/{id}/spectator-settings `DeskSpectatorSettingsInput` → 200 `{ settings, changed }`;
 *   400 with `issues` when a field or a rule between fields fails (`invalid_band_order`,
 *   `invalid_band_duplicate`, `null_bands`, `invalid_band_age`, `invalid_band_price` …).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskIssues } from '../../../contracts/desk';
import { deskSpectatorSettingsInput, spectatorSettings } from '../../../contracts/spectator-settings';
import { getSpectatorSettings, saveSpectatorSettings } from '../../desk';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskIssues);
const Body = named(deskSpectatorSettingsInput, 'DeskSpectatorSettingsInput', {
  description: 'Tickets on sale, price bands by age (cents), free under an age, daily capacity, selfie, paying at the gate (lib/contracts/spectator-settings.ts).',
});
const Reply = z.object({ settings: spectatorSettings }).openapi('DeskSpectatorSettings');
const Saved = z.object({ settings: spectatorSettings, changed: z.boolean() }).openapi('DeskSpectatorSettingsSaved');
const notFound = json(ErrorSchema, '`not_found`: unknown, or an event of a promoter the login does not work for');

/** The desk's spectator-settings sub-app (mounted at /ll/api/v1/desk). */
export function deskSpectatorRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/spectator-settings',
      summary: 'An event’s spectator-ticket settings',
      description: 'Issue 28 (ticket prices by age band, free under an age, daily capacity, selfie, paying at the gate); spec §4 Spectator registration, §5 Spectator. Policy event.edit; else 404.',
      middleware: [loggedIn] as const,
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(Reply, 'The settings (defaults filled in)'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => c.json({ settings: await getSpectatorSettings(principal(c), c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/events/{id}/spectator-settings',
      summary: 'Set an event’s spectator-ticket settings',
      description: 'Issue 28; spec §4 Spectator registration, §5 Spectator. Saved as a whole with its desk audit record in one transaction; the event’s pages revalidated. Bands must go up by age, without two at the same age.',
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
    async (c) => c.json(await saveSpectatorSettings(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
    (result, c) => hook(result, c),
  );
  return app;
}
