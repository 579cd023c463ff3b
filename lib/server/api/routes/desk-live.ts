/**
 * The live feed of an event on the promoter's desk (issue 24 "Live feed: host and port per event,
 * start, stop, status (last passing, connected)"; spec §1 promoters manage events, visitors follow
 * live laps). Mounted at /ll/api/v1/desk beside ./desk.ts, with its rules: a login is needed (401
 * `unauthenticated`), an event of a promoter the login does not manage answers 404 `not_found`
 * like an unknown one (policy `event.edit`), replies are never stored. The feed runs in the site
 * process that started it (lib/server/desk/live-feed).
 *
 * - GET /events/{id}/live → `DeskLiveStatus` `{ state, host, port, lastPassingAt, connectedSince, error }`.
 * - PUT /events/{id}/live `{ host, port }` → 200 the status, the address saved (what `npm run live` reads).
 * - POST /events/{id}/live/start → 200 the status: `connecting`/`connected`; `busy` when another
 *   process feeds the event (nothing started); `error` when it could not start. 400 `null_host`
 *   when no address is saved.
 * - POST /events/{id}/live/stop → 200 the status, the running session finished.
 *
 * Saving a new address, starting and stopping are recorded in the desk's audit log. A body that
 * fails the contract (lib/contracts/desk-live.ts) answers 400 `{ error, message, statusCode,
 * issues: [{ path, code }] }` (`null_host`, `invalid_host`, `invalid_port`); not JSON 415.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskLiveInput, deskLiveIssues, LIVE_FEED_STATES } from '../../../contracts/desk-live';
import { getLiveFeed, saveLiveFeed, startLiveFeed, stopLiveFeed } from '../../desk';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskLiveIssues);

const AddressBody = named(deskLiveInput, 'DeskLiveInput', {
  description: 'The timing system’s RMonitor server: `host` a host name, an IPv4 or an IPv6 literal (at most 253 characters), `port` 1–65535.',
});
const StatusReply = z
  .object({
    state: z.enum(LIVE_FEED_STATES).openapi({ description: '`stopped`, `connecting`, `connected`, `reconnecting` (a connection dropped), `busy` (another process feeds the event), `error` (it could not start)' }),
    host: z.string().nullable().openapi({ description: 'The address the feed runs on, else the saved one; null when none is saved' }),
    port: z.number().int().nullable(),
    lastPassingAt: z.string().nullable().openapi({ description: 'When the newest passing of the event’s live races was written (ISO 8601), whichever process wrote it' }),
    connectedSince: z.string().nullable().openapi({ description: 'When the current connection came up (ISO 8601); null when not connected' }),
    error: z.string().nullable().openapi({ description: 'What went wrong last (the connection’s error, the feed holding the event), as the system says it' }),
  })
  .openapi('DeskLiveStatus');
const params = z.object({ id: idParam('event') });

const unauthenticated = unauthenticatedReply;
const notFound = json(ErrorSchema, '`not_found`: no such event, or one of a promoter the login does not manage');
const status = json(StatusReply, 'The feed’s status');

/** The desk's live-feed sub-app (mounted at /ll/api/v1/desk). */
export function deskLiveRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/live',
      summary: 'The live feed’s status',
      description: 'Spec §1 (promoters manage events; live laps); issue 24 (live feed: status, last passing, connected). The newest passing is read from the database, right whichever process runs the feed.',
      middleware: [loggedIn] as const,
      request: { params },
      responses: { 200: status, 401: unauthenticated, 404: notFound },
    }),
    async (c) => c.json(await getLiveFeed(principal(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/events/{id}/live',
      summary: 'Save the timing system’s address',
      description: 'Spec §1 (promoters manage events); issue 24 (live feed: host and port per event). Saved where `npm run live` reads it; recorded in the audit log when it changed. A running feed keeps its address until it is started again.',
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: AddressBody } }, required: true } },
      responses: { 200: status, 400: json(IssuesErrorSchema, 'A field failed its check (`issues`: `null_host`, `invalid_host`, `invalid_port`), or `invalid_json`'), 401: unauthenticated, 404: notFound, 415: mediaTypeReply },
    }),
    async (c) => c.json(await saveLiveFeed(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/live/start',
      summary: 'Start the live feed',
      description:
        'Spec §1 (promoters manage events; live laps); issue 24 (live feed: start). Connects to the saved address and writes passings into the event as they arrive, publishing each change to every instance; recorded in the audit log. `busy` when another process feeds the event (one feed per event): nothing is started.',
      middleware: [loggedIn] as const,
      request: { params },
      responses: { 200: status, 400: json(ErrorSchema, '`null_host`: no address saved yet'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => c.json(await startLiveFeed(principal(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/live/stop',
      summary: 'Stop the live feed',
      description: 'Spec §1 (promoters manage events; live laps); issue 24 (live feed: stop). Finishes the running session (its race becomes an ordinary results page) and releases the event; recorded in the audit log.',
      middleware: [loggedIn] as const,
      request: { params },
      responses: { 200: status, 401: unauthenticated, 404: notFound },
    }),
    async (c) => c.json(await stopLiveFeed(principal(c), c.req.valid('param').id), 200),
  );

  return app;
}
