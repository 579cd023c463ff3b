/**
 * The riders of a series on the promoter's desk (issue 24 "Riders: merge and split rider records
 * (what `npm run riders` does) from the desk, with the standings effect shown before confirming";
 * spec §3 Series table, §4 Series results). Mounted at /ll/api/v1/desk beside ./desk-series.ts,
 * with its rules: a login is needed (401 `unauthenticated`), a series of a promoter the login does
 * not manage answers 404 `not_found` like an unknown one (policy `series.edit`), and so does a
 * participant id that is not a rider of the series; replies are never stored.
 *
 * - GET /series/{id}/riders?q= → `DeskRiders` `{ riders, total }`.
 * - POST /series/{id}/riders/preview `{ action: 'merge'|'split', participantIds }` → `RidersPreview`, written nowhere.
 * - POST /series/{id}/riders/merge `{ participantIds }` (2–50) → `RidersResult`.
 * - POST /series/{id}/riders/split `{ participantIds: [id] }` → `RidersResult`.
 *
 * A body that fails the contract answers 400 `{ error, message, statusCode, issues: [{ path, code }] }`
 * (`invalid_participant_ids`, `invalid_action`); not JSON 415.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { RIDERS_QUERY_MAX, ridersChangeInput, ridersIssues, ridersMergeInput, ridersSplitInput } from '../../../contracts/desk-riders';
import { applyRiders, listDeskRiders, previewRiders } from '../../desk';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(ridersIssues);
const SPEC = 'Spec §3 Series table, §4 Series results (riders); issue 24';

const ChangeBody = named(ridersChangeInput, 'DeskRidersChange', { description: 'A merge (2–50 distinct participant records) or a split (exactly one), by `participants.id`.' });
const MergeBody = named(ridersMergeInput, 'DeskRidersMerge', { description: 'The participant records (`participants.id`, 2–50 distinct) to make one rider.' });
const SplitBody = named(ridersSplitInput, 'DeskRidersSplit', { description: 'The one participant record (`participants.id`) to take out of its rider.' });

const RiderRecord = z.object({
  participantId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  numbers: z.array(z.string()),
  classes: z.array(z.string()),
  events: z.array(z.object({ id: z.number().int(), name: z.string() })),
  results: z.number().int(),
});
const RidersReply = z
  .object({
    riders: z.array(
      z.object({ riderKey: z.string(), name: z.string(), number: z.string().nullable(), classes: z.array(z.string()), results: z.number().int(), records: z.array(RiderRecord) }),
    ),
    total: z.number().int(),
  })
  .openapi('DeskRiders');
const Side = z.object({ riderKey: z.string(), name: z.string(), number: z.string().nullable(), position: z.number().int().nullable(), points: z.number().int() }).nullable();
const Action = z.enum(['merge', 'split']);
const PreviewReply = z
  .object({
    action: Action,
    participantIds: z.array(z.number().int()),
    riderKey: z.string(),
    records: z.number().int(),
    rows: z.array(z.object({ className: z.string().nullable(), before: Side, after: Side, named: z.boolean() })),
    changed: z.number().int(),
  })
  .openapi('DeskRidersPreview');
const ResultReply = z.object({ action: Action, riderKey: z.string(), changed: z.array(z.number().int()) }).openapi('DeskRidersResult');

const params = z.object({ id: idParam('series') });
const query = z.object({ q: z.string().max(RIDERS_QUERY_MAX).optional().openapi({ description: 'Part of a rider’s name, or a race number (`12`, `#12`)' }) });
const unauthenticated = unauthenticatedReply;
const notFound = json(ErrorSchema, '`not_found`: no such series, one of a promoter the login does not manage, or a participant id that is not a rider of the series');
const badBody = json(IssuesErrorSchema, '`invalid_participant_ids` / `invalid_action` (`issues`), or `invalid_json`');
const mediaType = mediaTypeReply;

/** The desk's riders sub-app (mounted at /ll/api/v1/desk). */
export function deskRidersRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series/{id}/riders',
      summary: 'The riders of a series, with their participant records',
      description: `${SPEC}: one rider per key as the standings see them (public events and races), each with its participant records, their race numbers, classes and events; \`q\` finds them by name (accents and case ignored) or race number. At most 200, \`total\` counting every match.`,
      middleware: [loggedIn] as const,
      request: { params, query },
      responses: { 200: json(RidersReply, 'The riders'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => c.json(await listDeskRiders(principal(c), c.req.valid('param').id, c.req.valid('query').q ?? ''), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/{id}/riders/preview',
      summary: 'Preview a rider merge or split: the class standings rows it changes',
      description: `${SPEC}: the class standings rows (position and points before → after) the change would move, computed by the engine on the series as it would be; a dry run (the change written in a transaction rolled back), so nothing is written, revalidated or recorded. 422 \`race_not_configured\` when the series' stored rules are invalid.`,
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: ChangeBody } }, required: true } },
      responses: { 200: json(PreviewReply, 'The standings effect'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType, 422: json(ErrorSchema, '`race_not_configured`: the series’ rules are invalid') },
    }),
    async (c) => c.json(await previewRiders(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/{id}/riders/merge',
      summary: 'Merge participant records into one rider',
      description: `${SPEC} (\`npm run riders -- merge\`): the records, and every record sharing a rider key with one of them, get the key \`rider:<lowest id>\`; one transaction with its audit record (the series'), then the standings revalidated on every instance. \`changed\` empty: already one rider, nothing recorded.`,
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: MergeBody } }, required: true } },
      responses: { 200: json(ResultReply, 'What was written'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => c.json(await applyRiders(principal(c), c.req.valid('param').id, { action: 'merge', participantIds: c.req.valid('json').participantIds }), 200),
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/{id}/riders/split',
      summary: 'Split a participant record out of its rider',
      description: `${SPEC} (\`npm run riders -- split\`): the record gets its own key \`split:<id>\`, the others keep theirs; one transaction with its audit record (the series'), then the standings revalidated on every instance. \`changed\` empty: already split, nothing recorded.`,
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: SplitBody } }, required: true } },
      responses: { 200: json(ResultReply, 'What was written'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => c.json(await applyRiders(principal(c), c.req.valid('param').id, { action: 'split', participantIds: c.req.valid('json').participantIds }), 200),
    (result, c) => hook(result, c),
  );

  return app;
}
