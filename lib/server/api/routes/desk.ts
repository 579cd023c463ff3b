/**
 * The promoter's desk (issue 24; spec §1 "Promoters and organizers manage events"). Mounted at
 * /ll/api/v1/desk; every call needs a login (401 `unauthenticated`) of a promoter's staff or a
 * federation admin, and a record of a promoter the login does not manage answers 404
 * `not_found` like an unknown one (lib/server/policy `event.edit`). Replies are never stored.
 *
 * - GET /events → `{ events: DeskEventRow[] }`: the events of the promoters the login manages
 *   (all for an admin), hidden ones included, newest first.
 * - POST /events `{ promoterId, event: DeskEventInput }` → 201 `{ id }`.
 * - GET /events/{id} → `{ id, promoterId, event: DeskEventInput, audit: DeskAuditRow[] }`.
 * - PUT /events/{id} `DeskEventInput` → 200 the event as saved (with its races and audit log).
 * - PUT /races/{id} `DeskRaceInput` → 200 the race as saved (`{ id, eventId, name, isPublic }`).
 * - POST /events/{id}/results?file=NAME&mode=preview|import[&replace=true][&mapping=JSON], the
 *   results file as the body (any type, at most 10 MB; UTF-8 text, or an .xlsx workbook):
 *   `preview` → 200 what would be imported, written nowhere, or `{ needsMapping: true, headers,
 *   guess, sample, refusal }` for a spreadsheet whose columns must be chosen; `mapping` (JSON
 *   array: the field or null of each column) reads it so; `import` → 201 `{ raceIds, entries,
 *   replaced }`. 422 `invalid_results_file` with the importer's line and field; 409
 *   `already_imported` (the same file before; `replace`); 400 for a bad `mapping`.
 *
 * A body that fails the contract (lib/contracts/desk.ts) answers 400 `{ error, message,
 * statusCode, issues: [{ path, code }] }`; not JSON 415; malformed JSON 400 `invalid_json`.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskEventInput, deskIssues, deskNewEventInput, deskRaceInput, SHEET_FIELDS, sheetMappingIssues, sheetMappingParam } from '../../../contracts/desk';
import { RESULT_COLUMNS, RESULTS_STATUSES } from '../../../contracts/results';
import { AppError } from '../../../errors';
import { createEvent, getDeskEvent, importResults, listDeskEvents, listDeskRaces, listEventAudit, previewResults, updateEvent, updateRace } from '../../desk';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { DeskAuditRowSchema, loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const deskHook = issuesHook(deskIssues);

const EventBody = named(deskEventInput, 'DeskEventInput', { description: 'The event as the desk writes it (lib/contracts/desk.ts deskEventInput).' });
const NewEventBody = named(deskNewEventInput, 'DeskNewEventInput', { description: 'A new event and its promoter (`promoters.id`, one the login manages).' });
const EventRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    isPublic: z.boolean(),
    isComplete: z.boolean(),
    isCancelled: z.boolean(),
    registrationOpen: z.boolean(),
    promoter: z.object({ id: z.number().int(), name: z.string() }),
    races: z.number().int(),
  })
  .openapi('DeskEventRow');
const AuditRow = DeskAuditRowSchema;
const RaceRow = z
  .object({ id: z.number().int(), name: z.string(), kind: z.enum(['sprint', 'enduro']), isPublic: z.boolean(), resultsStatus: z.enum(RESULTS_STATUSES), columns: z.array(z.enum(RESULT_COLUMNS)), results: z.number().int() })
  .openapi('DeskRaceRow');
const DeskEventReply = z
  .object({ id: z.number().int(), promoterId: z.number().int(), event: deskEventInput, races: z.array(RaceRow), audit: z.array(AuditRow) })
  .openapi('DeskEvent');
const RaceBody = named(deskRaceInput, 'DeskRaceInput', { description: 'A race’s name and whether visitors may see it (lib/contracts/desk.ts deskRaceInput).' });
const RaceReply = z.object({ id: z.number().int(), eventId: z.number().int(), name: z.string(), isPublic: z.boolean(), resultsStatus: z.enum(RESULTS_STATUSES), columns: z.array(z.enum(RESULT_COLUMNS)) }).openapi('DeskRace');
const raceParams = z.object({ id: idParam('race') });
const SheetColumnsShape = {
  headers: z.array(z.string()).openapi({ description: 'The header row of the spreadsheet' }),
  guess: z.array(z.enum(SHEET_FIELDS).nullable()).openapi({ description: 'The field of each column: recognised by its header, or as `mapping` chose (null: not used)' }),
  sample: z.array(z.array(z.string())).openapi({ description: 'The first rows (at most 5), each as long as the header' }),
};
const ResultsPreviewReply = z
  .object({
    format: z.string().openapi({ description: '`rmonitor`, `ecea-csv`, `ama-json`, `sheet-csv` or `sheet-xlsx`' }),
    races: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(['sprint', 'enduro']),
        entries: z.number().int(),
        teams: z.number().int(),
        classes: z.array(z.string()),
        rows: z.array(z.object({ position: z.number().int().nullable(), number: z.string(), name: z.string(), className: z.string().nullable(), laps: z.number().int().nullable(), result: z.string(), state: z.string() })),
      }),
    ),
    skipped: z.array(z.object({ line: z.number().int(), field: z.string(), detail: z.string() })),
    sheet: z.object(SheetColumnsShape).nullable().openapi({ description: 'A spreadsheet’s columns as read (to change them); null for other formats' }),
  })
  .openapi('DeskResultsPreview');
const SheetMappingReply = z
  .object({
    needsMapping: z.literal(true),
    ...SheetColumnsShape,
    refusal: z.string().openapi({ description: 'Why the importer could not read it unaided (`Refused: line 1, field …`)' }),
  })
  .openapi('DeskSheetMappingRequest');
/** English texts of a refused `mapping` (the codes of lib/contracts/desk.ts `sheetMappingInput`). */
const MAPPING_MESSAGES: Record<string, string> = {
  invalid_mapping_json: 'The column mapping is not JSON: send an array with a field or null for each column, such as ["position","number","name",null]',
  invalid_mapping: `The column mapping must be an array with, for each column, null or one of: ${SHEET_FIELDS.join(', ')}`,
  null_mapping_position: 'The column mapping has no position column',
  null_mapping_rider: 'The column mapping has no rider column: name, first name and last name, or number',
};

/** The results route's check: a refused `mapping` answers 400 with its code and a message naming the fault; anything else as every route. */
function resultsHook(result: Parameters<typeof validationHook>[0]): undefined {
  if (result.success) return undefined;
  const [first] = sheetMappingIssues({ issues: result.error.issues.filter((i) => i.path[0] === 'mapping') });
  if (result.target !== 'query' || !first) {
    validationHook(result);
    return undefined;
  }
  const message =
    first.code === 'invalid_mapping_duplicate' && first.field
      ? `The column mapping gives ${first.field} to more than one column (again column ${first.column! + 1})`
      : (MAPPING_MESSAGES[first.code] ?? MAPPING_MESSAGES.invalid_mapping!);
  throw new AppError(first.code as `invalid_${string}`, message);
}
const params = z.object({ id: idParam('event') });

const unauthenticated = unauthenticatedReply;
const notFound = json(ErrorSchema, '`not_found`: no such event, or one of a promoter the login does not manage');
const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const mediaType = mediaTypeReply;

/** The desk sub-app (mounted at /ll/api/v1/desk). */
export function deskRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events',
      summary: 'The events the login manages',
      description: 'Spec §1 (promoters manage events); issue 24: every event of the promoters the login works for (all for a federation admin), hidden ones included, newest first.',
      middleware: [loggedIn] as const,
      responses: { 200: json(z.object({ events: z.array(EventRow) }).openapi('DeskEventList'), 'The events'), 401: unauthenticated },
    }),
    async (c) => c.json({ events: await listDeskEvents(principal(c)) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events',
      summary: 'Create an event',
      description: 'Spec §1, §3 Event; issue 24. Recorded in the audit log; the lists are revalidated on every instance.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: NewEventBody } }, required: true } },
      responses: { 201: json(z.object({ id: z.number().int() }).openapi('DeskEventCreated'), 'The new event’s id'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const { promoterId, event } = c.req.valid('json');
      return c.json({ id: await createEvent(principal(c), promoterId, event) }, 201);
    },
    (result, c) => deskHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}',
      summary: 'An event to edit, with its audit log',
      description: 'Spec §1, §3 Event; issue 24: the fields the desk edits and every desk change of the event, newest first.',
      middleware: [loggedIn] as const,
      request: { params },
      responses: { 200: json(DeskEventReply, 'The event'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const event = await getDeskEvent(principal(c), id);
      const [races, audit] = await Promise.all([listDeskRaces(id), listEventAudit(id)]);
      return c.json({ ...event, races, audit }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/events/{id}',
      summary: 'Edit an event',
      description:
        'Issue 24; spec §3 Event, §6 Event display (public or hidden) and the online-registration permission. Before and after recorded in the audit log; the event’s page, its races, the lists and its series revalidated on every instance.',
      middleware: [loggedIn, requireJson] as const,
      request: { params, body: { content: { 'application/json': { schema: EventBody } }, required: true } },
      responses: { 200: json(DeskEventReply, 'The event as saved'), 400: badBody, 401: unauthenticated, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const viewer = principal(c);
      await updateEvent(viewer, id, c.req.valid('json'));
      const [event, races, audit] = await Promise.all([getDeskEvent(viewer, id), listDeskRaces(id), listEventAudit(id)]);
      return c.json({ ...event, races, audit }, 200);
    },
    (result, c) => deskHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/races/{id}',
      summary: 'Rename a race, show or hide it, mark its results provisional or official, choose its columns',
      description:
        'Spec §6 Race display (a race may be hidden from public display: its page then says so); issue 24. Before and after recorded in the audit log of its event; the race, its event, the lists and the event’s series revalidated on every instance.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: raceParams, body: { content: { 'application/json': { schema: RaceBody } }, required: true } },
      responses: { 200: json(RaceReply, 'The race as saved'), 400: badBody, 401: unauthenticated, 404: json(ErrorSchema, '`not_found`: no such race, or one of a promoter the login does not manage'), 415: mediaType },
    }),
    async (c) => c.json(await updateRace(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
    (result, c) => deskHook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/results',
      summary: 'Preview or import a results file into the event',
      description:
        'Spec §1 (promoters manage events); issue 24. Every format `npm run import` reads (RMonitor, ECEA CSV, AMA JSON, a results spreadsheet as CSV or XLSX: its first sheet). `mode=preview` parses and answers what would be imported, writing nothing; a spreadsheet whose position or rider column cannot be recognised answers `needsMapping` with its columns, and `mapping` (the field of each column) reads it. `mode=import` writes it all or nothing and revalidates the event, its races, the lists and its series on every instance.',
      middleware: [loggedIn] as const,
      request: {
        params,
        query: z.object({
          file: z.string().min(1).max(200).openapi({ description: 'The file’s name (its extension helps recognise the format)' }),
          mode: z.enum(['preview', 'import']),
          replace: z.enum(['true', 'false']).optional().openapi({ description: 'Replace an earlier import of the same file in this event' }),
          mapping: sheetMappingParam.optional().openapi({
            type: 'string',
            example: '["position","number","name",null,"totalTime"]',
            description:
              'A spreadsheet’s columns: JSON array with, for each column in order, the field it holds or null (lib/contracts/desk.ts `sheetMappingInput`: a position and a rider column, each field once). 400 `invalid_mapping_json`, `invalid_mapping`, `null_mapping_position`, `null_mapping_rider`, `invalid_mapping_duplicate`.',
          }),
        }),
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) }, 'text/plain': { schema: z.string() } }, required: true },
      },
      responses: {
        200: json(z.union([ResultsPreviewReply, SheetMappingReply]), 'What would be imported, or the spreadsheet’s columns to map'),
        201: json(z.object({ raceIds: z.array(z.number().int()), entries: z.number().int(), replaced: z.boolean() }).openapi('DeskResultsImported'), 'Imported'),
        400: json(ErrorSchema, 'A refused query: a bad `mapping` (its code and what is wrong), `mode` or `file`'),
        401: unauthenticated,
        404: notFound,
        409: json(ErrorSchema, '`already_imported`: this file was imported before (`replace=true` swaps it in this event)'),
        413: json(ErrorSchema, '`payload_too_large`: over 10 MB'),
        422: json(ErrorSchema, '`invalid_results_file`: refused, with the line and field'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { file, mode, replace, mapping } = c.req.valid('query');
      // The file's bytes: an .xlsx is read as such, any other file as UTF-8 text with its BOM kept.
      const body = new Uint8Array(await c.req.arrayBuffer());
      const viewer = principal(c);
      if (mode === 'preview') return c.json(await previewResults(viewer, id, file, body, mapping), 200);
      return c.json(await importResults(viewer, id, file, body, { replace: replace === 'true', columns: mapping }), 201);
    },
    (result) => resultsHook(result),
  );

  return app;
}
