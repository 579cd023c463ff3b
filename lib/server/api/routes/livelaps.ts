/**
 * livelaps/* (spec §7 Live-laps calls and Calls on the configured API link base): events,
 * races, results and the calendar. Replies keep the spec's envelopes: `{ message: [...] }`
 * for promoter/event/{id}, `{ message: { data } }` for promoter/event/{id}/races,
 * `{ message }` for the rest. The race and results shapes are the contracts of
 * lib/contracts/results.ts, the calendar's those of lib/contracts/calendar.ts (one schema per
 * shape, named here for the OpenAPI document). Handlers throw `AppError`; the app's `onError`
 * replies: 400 `invalid_id` / `null_id`, 403 `not_public`, 404 `not_found` (spec §8).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { calendarRequest, calendarYear } from '../../../contracts/calendar';
import { LOCALES, type Locale } from '../../../config';
import { EXPORT_FORMATS, isRaceConfigured, lapChart, lapRow, raceClock, raceConfig, raceFilters, raceView, resultRow, resultState, resultsQuery, riderDetail, teamRow } from '../../../contracts/results';
import { AppError, errorBody } from '../../../errors';
import { getEventsForCalendar } from '../../calendar';
import { EVENT_DISCIPLINES, REGISTRATION_STATUSES } from '../../../contracts/events';
import { eventRegistration, listEventRaces, listPromoterEvents, requirePublicEvent, type EventDetails as EventRecord } from '../../events';
import { buildResultsTable, exportResultsTable, getLapChart, getRace, getRaceFilters, getRaceResults, getRaceTeams, getRiderDetail, tableLabels, toRaceView } from '../../races';
import { ErrorSchema, idParam, missingId, notFound, validationHook } from '../errors';
import { json } from '../kit';
import { named } from '../openapi';
import { sessionLocale } from '../session';
import { PAPER_SIZES, PRINT_MODES, parsePrintSheetQuery, type PrintMode } from '../../../contracts/print';
import { fileSlug } from '../../../format';
import { getPrintSheets, renderPrintPdf, withPrintSlot } from '../../print';

// ---- OpenAPI names of the contract schemas (the types are the contracts' own) ----
const ResultState = named(resultState, 'ResultState', { description: 'running, finished, DNF, DNS or DSQ (spec §3)' });
const RaceConfig = named(raceConfig, 'RaceConfig');
const RaceClock = named(raceClock, 'RaceClock');
const Race = named(raceView.extend({ config: RaceConfig, clock: RaceClock.nullable() }), 'Race');
const ResultRow = named(resultRow.extend({ resultState: ResultState }), 'ResultRow');
const TeamRow = named(teamRow.extend({ state: ResultState }), 'TeamRow');
const RaceFilters = named(raceFilters, 'RaceFilters');
const LapRow = named(lapRow, 'LapRow');
const RiderDetail = named(riderDetail.extend({ result: ResultRow, laps: z.array(LapRow) }), 'RiderDetail');
const LapChart = named(lapChart, 'LapChart');
const CalendarRequest = named(calendarRequest, 'CalendarRequest');
const CalendarYear = named(calendarYear, 'CalendarYear');

const errors = {
  400: json(ErrorSchema, '`invalid_id` (a malformed id) or `invalid_<field>` / `null_<field>`'),
  404: json(ErrorSchema, '`not_found`: no such record, or it is not public'),
};
const raceErrors = { ...errors, 403: json(ErrorSchema, '`not_public`: Race is not available for public display') };
const nullId = { 400: json(ErrorSchema, '`null_id`: the call was made without its id') };

const Promoter = z.object({ id: z.number().int(), userId: z.number().int(), name: z.string() }).openapi('Promoter');

const EventSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string().openapi({ example: '2026-04-12', description: 'YYYY-MM-DD' }),
    endDate: z.string().nullable(),
    location: z.string().nullable(),
    raceCount: z.number().int().openapi({ description: 'Public races of the event' }),
  })
  .openapi('EventSummary');

const EventDetails = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string().openapi({ description: 'YYYY-MM-DD' }),
    endDate: z.string().nullable().openapi({ description: 'YYYY-MM-DD; null: a one-day event' }),
    location: z.string().nullable().openapi({ description: "The venue's name" }),
    address: z.string().nullable().openapi({ description: 'Street address of the venue' }),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    discipline: z.string().nullable().openapi({ description: `One of ${EVENT_DISCIPLINES.join(', ')} (or another value); null when unknown` }),
    trackLengthKm: z.number().nullable().openapi({ description: 'Track length in km' }),
    source: z.string().nullable(),
    registrationOpen: z.boolean().openapi({ description: 'Online registration enabled for the event' }),
    registrationClosesOn: z.string().nullable().openapi({ description: 'Last day of online registration (YYYY-MM-DD); null: the day before the start' }),
    registrationStatus: z.enum(REGISTRATION_STATUSES).openapi({ description: 'Spec §4: open, closed or done, on the federation’s calendar day' }),
    isComplete: z.boolean().openapi({ description: 'Spec §4: the event has been run and its results are final' }),
    promoter: Promoter,
  })
  .openapi('EventDetails');

const EventRace = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(['sprint', 'enduro']),
    runNumber: z.number().int().nullable(),
    startTime: z.string().nullable(),
    entryCount: z.number().int(),
  })
  .openapi('EventRace');

/** The event as the API shows it: no visibility flag, no description; its registration status of today (spec §4). */
function eventOut(event: EventRecord) {
  const { isPublic: _public, description: _d, organizationId: _org, ...details } = event;
  return { ...details, registrationStatus: eventRegistration(event).status };
}

/** An event the visitor may see; unknown and hidden both throw 404 `not_found` (spec §6). */
const publicEvent = requirePublicEvent;

/**
 * A race the visitor may see: 404 `not_found` when unknown or its event is hidden, 403
 * `not_public` ('Race is not available for public display', spec §6) when the race is hidden.
 */
async function publicRace(id: number) {
  const race = await getRace(id);
  if (!race || !race.event.isPublic) notFound('Race not found');
  if (!race.isPublic) throw new AppError('not_public');
  return race;
}

/** The livelaps sub-app (mounted at /ll/api/v1/livelaps). */
export function livelapsRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  // The spec's "Please provide the … id" for calls made without their id (registered first:
  // `/race/results` would otherwise match `/race/{id}`).
  for (const [path, kind] of [
    ['/promoter/event', 'event'],
    ['/promoter/event/getRaceSeries', 'race'],
    ['/promoter/race/classLink', 'race'],
    ['/event/details', 'event'],
    ['/race/event', 'event'],
    ['/race/results', 'race'],
    ['/race/resultsbyteam', 'race'],
    ['/race/config', 'race'],
    ['/race/filters', 'race'],
    ['/race/results/classes', 'race'],
    ['/race/rider', 'race'],
    ['/race/lapchart', 'race'],
    ['/race/export', 'race'],
    ['/race/print', 'race'],
    ['/race/print-team', 'race'],
    ['/race', 'race'],
    ['/events', 'promoter'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        summary: `${path} without its id: 400 null_id 'Please provide the ${kind} id'`,
        description: 'Spec §8 General: a call made without its id.',
        responses: nullId,
      }),
      () => missingId(kind),
    );
  }

  // The event page's POST-only calls (routes/event-pages.ts) sit under /promoter/event/: asked
  // with GET (or HEAD) they would be read as `/promoter/event/{id}` with a malformed id. They
  // answer 405 with `Allow: POST` like every other POST-only path.
  for (const path of ['/promoter/event/accordionClasses', '/promoter/event/getParticipantsDT']) {
    app.get(path, (c) => {
      c.header('Allow', 'POST');
      return c.json(errorBody('method_not_allowed', 'The method GET is not allowed on this path: use POST'), 405);
    });
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}',
      summary: "A promoter's public events, newest first",
      description:
        'Spec §2 /results/{promoterUserId}, §7 livelaps/events/{x}. `id` is the promoter user id; optional `years=2026,2025` keeps events starting in those years. Dates are YYYY-MM-DD. An unknown promoter answers 404 `not_found`.',
      request: {
        params: z.object({ id: idParam('promoter') }),
        query: z.object({
          years: z
            .string()
            .max(500, 'The provided years are invalid')
            .regex(/^\d{4}(,\d{4})*$/, 'The provided years are invalid')
            .optional()
            .openapi({ example: '2026,2025' }),
        }),
      },
      responses: {
        200: json(z.object({ message: z.object({ promoter: Promoter, events: z.array(EventSummary) }) }), 'The events'),
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { years } = c.req.valid('query');
      const found = await listPromoterEvents(id);
      if (!found) notFound('Promoter not found');
      const wanted = years?.split(',');
      const events = wanted ? found.events.filter((e) => wanted.includes(e.startDate.slice(0, 4))) : found.events;
      return c.json({ message: { promoter: found.promoter, events } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/{id}',
      summary: 'Event details: a message list whose first item is the event',
      description:
        'Spec §7 promoter/event/{id}, §3 Event, §4 Registration status. The venue (name, street address, city, state, postal code, country), discipline, track length in km, dates YYYY-MM-DD, promoter, online registration (enabled, last day, status open/closed/done) and whether the event is complete. Unknown or hidden: 404 `not_found`.',
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: z.array(EventDetails) }), 'The event'), ...errors },
    }),
    async (c) => {
      const event = await publicEvent(c.req.valid('param').id);
      return c.json({ message: [eventOut(event)] }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/{id}/races',
      summary: "An event's public races, in running order (reply message.data)",
      description: 'Spec §7 promoter/event/{id}/races. Unknown or hidden event: 404 `not_found`.',
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: z.object({ data: z.array(EventRace) }) }), 'The races'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await publicEvent(id);
      return c.json({ message: { data: await listEventRaces(id) } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/event/getEventsForCalendar',
      summary: 'The event calendar, by year, month and week (reply read as data.message)',
      description:
        'Spec §7 getEventsForCalendar, §4 Calendar build and Registration status. From `date` (YYYY-MM-DD; default today shifted back 2 years; 1971 to 10 years ahead); type `regis` keeps events open to online registration; `promoterId` a promoter user id; `locale` names months and weekdays. Public events of public promoters only; each carries its end date (YYYY-MM-DD or null), city, discipline and registration status (open, closed or done).',
      request: { body: { content: { 'application/json': { schema: CalendarRequest } }, required: false } },
      responses: { 200: json(z.object({ message: z.array(CalendarYear) }), 'The calendar'), 400: errors[400] },
    }),
    async (c) => {
      return c.json({ message: await getEventsForCalendar(c.req.valid('json') ?? {}) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/{id}',
      summary: 'A race with its configuration and clock',
      description:
        'Spec §7 livelaps/race/{id}, §3 Race: configuration (classes, clases_team, columns, team_columns, sections), start time, and the race clock (times in ms). Hidden race: 403 `not_public`; unknown or hidden event: 404 `not_found`.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(z.object({ message: Race }), 'The race'), ...raceErrors },
    }),
    async (c) => {
      const race = await publicRace(c.req.valid('param').id);
      return c.json({ message: toRaceView(race) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/results/{id}',
      summary: 'The results of a race, by position, with its teams',
      description:
        'Spec §7 livelaps/race/results/{id}, §3 Race results columns. Times in ms, speed in km/h, penalty in ms and laps; positions overall, in class and in class group; points overall, class and group. Hidden race: 403 `not_public`.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: {
        200: json(z.object({ message: z.object({ race: Race, results: z.array(ResultRow), teams: z.array(TeamRow) }) }), 'The results'),
        ...raceErrors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const race = await publicRace(id);
      const [results, teams] = await Promise.all([getRaceResults(id), getRaceTeams(id)]);
      return c.json({ message: { race: toRaceView(race), results, teams } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/resultsbyteam/{id}',
      summary: 'Team standings of a race, each with its riders',
      description: 'Spec §7 livelaps/race/resultsbyteam/{id}. Rider times in ms. Hidden race: 403 `not_public`.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: {
        200: json(z.object({ message: z.array(TeamRow.extend({ riders: z.array(ResultRow) })) }), 'The teams'),
        ...raceErrors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await publicRace(id);
      const [results, teams] = await Promise.all([getRaceResults(id), getRaceTeams(id)]);
      return c.json({ message: teams.map((t) => ({ ...t, riders: results.filter((r) => r.teamId === t.id) })) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/event/details/{id}',
      summary: 'Event details (the same record as promoter/event/{id}, unwrapped)',
      description: 'Spec §7 livelaps/event/details/{id}. Track length in km. Unknown or hidden: 404 `not_found`.',
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: EventDetails }), 'The event'), ...errors },
    }),
    async (c) => {
      const event = await publicEvent(c.req.valid('param').id);
      return c.json({ message: eventOut(event) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/event/{id}',
      summary: "An event's public races (id = event id)",
      description: 'Spec §7 livelaps/race/event/{id}. Unknown or hidden event: 404 `not_found`.',
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: z.array(EventRace) }), 'The races'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await publicEvent(id);
      return c.json({ message: await listEventRaces(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/config/{id}',
      summary: "A race's configuration",
      description: 'Spec §7 livelaps/race/config/{id}, §3 Race: classes, clases_team, columns, team_columns, sections. Hidden race: 403 `not_public`.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(z.object({ message: RaceConfig }), 'The configuration'), ...raceErrors },
    }),
    async (c) => {
      const race = await publicRace(c.req.valid('param').id);
      return c.json({ message: race.config }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/filters/{id}',
      summary: "A race's filters: brands, classes, class groups and participants",
      description: 'Spec §7 livelaps/race/filters/{id}, §3 Race filters. Hidden race: 403 `not_public`.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(z.object({ message: RaceFilters }), 'The filters'), ...raceErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const race = await publicRace(id);
      return c.json({ message: getRaceFilters(race.config, await getRaceResults(id)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/rider/{raceId}/{entryId}',
      summary: "A rider's detail in a race: the result row, every lap and every section passing",
      description:
        'Spec §3 Race results columns ("modal fields"), §2 race results. Lap, total and key times in ms; read time ISO 8601. An entry not in the race: 404 `not_found`. Hidden race: 403 `not_public`.',
      request: { params: z.object({ raceId: idParam('race', 'raceId'), entryId: idParam('entry', 'entryId') }) },
      responses: { 200: json(z.object({ message: RiderDetail }), 'The rider'), ...raceErrors },
    }),
    async (c) => {
      const { raceId, entryId } = c.req.valid('param');
      await publicRace(raceId);
      const detail = await getRiderDetail(raceId, entryId);
      if (!detail) notFound('Rider not found');
      return c.json({ message: detail }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/lapchart/{id}',
      summary: "The race's lap chart: the leaders' position at the end of each lap",
      description: 'Spec §2 race results (lap chart), from the finish-line passings. Hidden race: 403 `not_public`.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(z.object({ message: LapChart }), 'The lap chart'), ...raceErrors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await publicRace(id);
      return c.json({ message: await getLapChart(id, await getRaceResults(id)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/export/{id}',
      summary: 'A results table as a file: CSV (UTF-8 with BOM, headers in `locale`) or JSON',
      description:
        'Spec §2 race results (downloads). The same view, filters and columns as the race page for the same query (`view`, `class`, `group`, `brand`, `participant`, `q`): the rows of the table on screen. Served as an attachment. Hidden race: 403 `not_public`; a race whose configuration does not pass its contract: 422 `race_not_configured` (spec §8 Results).',
      request: {
        params: z.object({ id: idParam('race') }),
        query: resultsQuery.extend({
          format: z.enum(EXPORT_FORMATS, { error: 'The provided format is invalid' }).default('csv'),
          locale: z.enum(LOCALES, { error: 'The provided locale is invalid' }).default('en'),
        }),
      },
      responses: {
        200: {
          content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: z.object({}).passthrough() } },
          description: 'The file (Content-Disposition: attachment)',
        },
        ...raceErrors,
        422: json(ErrorSchema, '`race_not_configured`: The race is not properly configured'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { format, locale, ...query } = c.req.valid('query');
      const race = toRaceView(await publicRace(id));
      if (!isRaceConfigured(race.config)) throw new AppError('race_not_configured');
      const [results, teams, labels] = await Promise.all([getRaceResults(id), getRaceTeams(id), tableLabels(locale)]);
      const file = exportResultsTable(race, buildResultsTable(race, results, teams, query, labels), format);
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'no-store',
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/results/classes/{race}',
      summary: 'The results of a race for some classes (?classes=a,b), ordered by class and place in class',
      description:
        "Spec §7 livelaps/race/results/classes/{race}?classes=a,b. Times in ms. Without classes: 400 null_classes 'Please provide the classes'. Hidden race: 403 `not_public`.",
      request: {
        params: z.object({ race: idParam('race', 'race') }),
        query: z.object({
          classes: z
            .string({ error: 'Please provide the classes' })
            .min(1, 'Please provide the classes')
            .max(2000, 'The provided classes are invalid')
            .openapi({ example: 'AA,A 250' }),
        }),
      },
      responses: { 200: json(z.object({ message: z.array(ResultRow) }), 'The results'), ...raceErrors },
    }),
    async (c) => {
      const { race: id } = c.req.valid('param');
      const wanted = new Set(c.req.valid('query').classes.split(',').map((s) => s.trim()).filter(Boolean));
      await publicRace(id);
      const rows = (await getRaceResults(id))
        .filter((r) => r.className !== null && wanted.has(r.className))
        .sort((a, b) => (a.className ?? '').localeCompare(b.className ?? '') || (a.classPosition ?? Infinity) - (b.classPosition ?? Infinity));
      return c.json({ message: rows }, 200);
    },
  );

  // ---- The printouts as PDF files (spec §7 livelaps/race/print/{id}, race/print-team/{id}) ----
  // Lenient: parsePrintSheetQuery keeps what it understands (the first `paper` and `mode`).
  const manyStrings = (description: string) => z.union([z.string(), z.array(z.string())]).optional().openapi({ description });
  const printQuery = z.object({
    race: manyStrings('More races of the same event, printed after this one (repeated); ids that are not races of the event print one line saying so'),
    class: manyStrings('Classes mode: only these classes (repeated); default every class'),
    paper: manyStrings(`${PAPER_SIZES.join(' or ')}; anything else: letter`),
    lang: z
      .enum(LOCALES, { error: 'The provided lang is invalid' })
      .optional()
      .openapi({ description: 'The language of the sheet; default the siteLanguage cookie (as langs/current reads it), else en' }),
  });
  const pdfReply = {
    200: {
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      description: 'The PDF (Content-Disposition: attachment; not cached: the stamp carries the time printed)',
    },
    ...raceErrors,
    503: json(ErrorSchema, '`service_unavailable` (with `Retry-After`, s): too many printouts are being made at once; try again'),
  };

  /**
   * The PDF of race `id` (and the `race=` ones) in `fixed` or the query's mode, in the asked or
   * the session's language. A few are made at a time (`withPrintSlot`): 503 `service_unavailable`
   * with `Retry-After` when too many are asked at once.
   */
  const printPdf = async (c: Context, id: number, fixed: PrintMode | null, lang: Locale | undefined) => {
    const race = await publicRace(id);
    const query = parsePrintSheetQuery(c.req.queries());
    const mode = fixed ?? query.mode ?? 'overall';
    const locale = lang ?? sessionLocale(c);
    // A refusal carries its Retry-After (`retryAfterS`), which the app's onError sends.
    const { parts, bytes } = await withPrintSlot(async () => {
      const parts = await getPrintSheets(race, query.races, { mode, classes: query.classes, breakClasses: mode === 'classes' }, locale);
      return { parts, bytes: await renderPrintPdf(parts, { locale, paper: query.paper, printedAt: new Date() }) };
    });
    const first = parts[0]?.kind === 'sheet' ? parts[0].sheet.mode : mode;
    // ASCII only ([a-z0-9-]): nothing in a name can break the header. The run tells apart races
    // of the same name; the event and race are cut short so the run and the sheet stay.
    const named = fileSlug([race.event.name, race.name], 'results').slice(0, 64).replace(/-+$/, '');
    const fileName = [named, race.runNumber === null ? null : `run-${race.runNumber}`, first].filter(Boolean).join('-');
    return c.body(bytes, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/print/{id}',
      summary: "A race's printed sheet as a PDF: by position, by class or by team",
      description:
        "Spec §7 livelaps/race/print/{id}, §2 Print layout, §5 Race printing. The sheet the print pages show (`mode`: `overall` by position (default), `classes` the classes' riders by place in class, each class on a new page, or `team`), with `race` (repeated) for more races of the event, on US Letter or A4 (`paper`), portrait or landscape by its columns; the federation's logo, event, race, date, a PROVISIONAL or OFFICIAL stamp with the time printed (federation's time zone), 'Page N of M', headers on every page. Malformed `mode`, `class`, `race` or `paper` values are ignored. Hidden race: 403 `not_public`; unknown race or hidden event: 404 `not_found`; a few printouts are made at a time, more at once: 503 `service_unavailable` with `Retry-After`.",
      request: {
        params: z.object({ id: idParam('race') }),
        query: printQuery.extend({ mode: manyStrings(`${PRINT_MODES.join(', ')}; anything else: overall`) }),
      },
      responses: pdfReply,
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { lang } = c.req.valid('query');
      return printPdf(c, id, null, lang);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/print-team/{id}',
      summary: "A race's team standings with their riders as a PDF",
      description:
        "Spec §7 livelaps/race/print-team/{id}: race/print/{id} with mode `team` (a race without teams prints by position). Same query (`race`, `paper`, `lang`), same replies.",
      request: { params: z.object({ id: idParam('race') }), query: printQuery },
      responses: pdfReply,
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return printPdf(c, id, 'team', c.req.valid('query').lang);
    },
  );

  return app;
}
