/**
 * The series on the promoter's desk (issue 24 "Series: create, add or remove events, the rules as
 * a form over the engine's rules … with a live preview of the standings before saving"; spec §3
 * Series). Mounted at /ll/api/v1/desk beside ./desk.ts, with its rules: a login is needed (401
 * `unauthenticated`), a series or event of a promoter the login does not manage answers 404
 * `not_found` like an unknown one (policy `series.edit`), replies are never stored.
 *
 * - GET /series → `{ series: DeskSeriesRow[] }`.
 * - POST /series `{ promoterId, series: DeskSeriesInput }` → 201 `{ id }`.
 * - GET /series/{id} → `{ id, promoterId, series, rulesValid, audit }`.
 * - PUT /series/{id} `DeskSeriesInput` → 200 as GET.
 * - POST /series/{id}/preview `DeskSeriesInput` → 200 `SeriesPreview`, written nowhere.
 * - POST /series/preview `{ promoterId, series }` → 200 `SeriesPreview` of a series not created yet.
 *
 * A body that fails the contract answers 400 `{ error, message, statusCode, issues: [{ path, code }] }`
 * (a rule's issue on the rule: `['rules', 'dropScores']`, `invalid_drop_scores`); not JSON 415.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskNewSeriesInput, deskSeriesInput, deskSeriesIssues } from '../../../contracts/desk-series';
import { createSeries, getDeskSeries, listDeskSeries, listSeriesAudit, previewSeries, updateSeries } from '../../desk';
import type { Viewer } from '../../policy';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { DeskAuditRowSchema, loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskSeriesIssues);

const SeriesBody = named(deskSeriesInput, 'DeskSeriesInput', { description: 'A series as the desk writes it (lib/contracts/desk-series.ts): name, dates, type, public, its events and its rules (lib/contracts/series.ts seriesRules).' });
const NewSeriesBody = named(deskNewSeriesInput, 'DeskNewSeriesInput', { description: 'A new series and its promoter (`promoters.id`, one the login manages).' });
const SeriesReply = z
  .object({ id: z.number().int(), promoterId: z.number().int(), series: deskSeriesInput, rulesValid: z.boolean(), audit: z.array(DeskAuditRowSchema) })
  .openapi('DeskSeries');
const SeriesRow = z
  .object({ id: z.number().int(), name: z.string(), startDate: z.string(), endDate: z.string(), isPublic: z.boolean(), promoter: z.object({ id: z.number().int(), name: z.string() }), events: z.number().int() })
  .openapi('DeskSeriesRow');
const Standing = z.object({ position: z.number().int().nullable(), points: z.number().int() });
const PreviewReply = z
  .object({
    classes: z.array(z.object({ name: z.string(), riders: z.number().int(), rows: z.array(z.object({ riderKey: z.string(), name: z.string(), number: z.string().nullable(), before: Standing.nullable(), after: Standing })) })),
    events: z.number().int(),
    changed: z.number().int(),
  })
  .openapi('DeskSeriesPreview');
const params = z.object({ id: idParam('series') });

const unauthenticated = unauthenticatedReply;
const notFound = json(ErrorSchema, '`not_found`: no such series or event, or one of a promoter the login does not manage');
const badBody = json(IssuesErrorSchema, 'A field or rule failed its check (`issues`), or `invalid_json`');
const mediaType = mediaTypeReply;

/** The desk's series sub-app (mounted at /ll/api/v1/desk). */
export function deskSeriesRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  const reply = async (viewer: Viewer, id: number) => {
    const [found, audit] = await Promise.all([getDeskSeries(viewer, id), listSeriesAudit(id)]);
    return { ...found, audit };
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series',
      summary: 'The series the login manages',
      description: 'Spec §3 Series; issue 24: every series of the promoters the login works for (all for a federation admin), hidden ones included, newest first.',
      middleware: [loggedIn] as const,
      responses: { 200: json(z.object({ series: z.array(SeriesRow) }).openapi('DeskSeriesList'), 'The series'), 401: unauthenticated },
    }),
    async (c) => c.json({ series: await listDeskSeries(principal(c)) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series',
      summary: 'Create a series',
      description: 'Spec §3 Series; issue 24. Recorded in the audit log; the lists and the pages of its events revalidated on every instance.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: NewSeriesBody } }, required: true } },
      responses: { 201: json(z.object({ id: z.number().int() }).openapi('DeskSeriesCreated'), 'The new series’ id'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const { promoterId, series } = c.req.valid('json');
      return c.json({ id: await createSeries(principal(c), promoterId, series) }, 201);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/preview',
      summary: 'Preview the standings of a series not created yet',
      description: 'Spec §3 Series; issue 24 (live preview of the standings before saving): the class standings its events would give with its rules; written nowhere.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: NewSeriesBody } }, required: true } },
      responses: { 200: json(PreviewReply, 'The standings'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const { promoterId, series } = c.req.valid('json');
      return c.json(await previewSeries(principal(c), null, promoterId, series), 200);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series/{id}',
      summary: 'A series to edit, with its audit log',
      description: 'Spec §3 Series; issue 24: the fields, events and rules the desk edits, and every desk change of the series, newest first.',
      middleware: [loggedIn] as const,
      request: { params },
      responses: { 200: json(SeriesReply, 'The series'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => c.json(await reply(principal(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/series/{id}',
      summary: 'Edit a series: its fields, events and rules',
      description: 'Spec §3 Series; issue 24. Before and after recorded in the audit log; its standings, the lists and the pages of the events it gained or lost revalidated on every instance.',
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: SeriesBody } }, required: true } },
      responses: { 200: json(SeriesReply, 'The series as saved'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await updateSeries(principal(c), id, c.req.valid('json'));
      return c.json(await reply(principal(c), id), 200);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/{id}/preview',
      summary: 'Preview the standings with rules and events not saved yet',
      description: 'Spec §3 Series; issue 24 (live preview of the standings before saving): each class’s first riders with these rules, beside their standing with the stored ones; written nowhere. Public events and races only, as visitors see them.',
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: SeriesBody } }, required: true } },
      responses: { 200: json(PreviewReply, 'The standings'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => c.json(await previewSeries(principal(c), c.req.valid('param').id, null, c.req.valid('json')), 200),
    (result, c) => hook(result, c),
  );

  return app;
}
