/**
 * livelaps/* (spec §7 Live-laps calls and Calls on the configured API link base): events,
 * races, results and the calendar. Replies keep the spec's envelopes: `{ message: [...] }`
 * for promoter/event/{id}, `{ message: { data } }` for promoter/event/{id}/races,
 * `{ message }` for the rest.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { buildCalendar } from '../../calendar/build';
import { getEvent, listCalendarEvents, listEventRaces, listPromoterEvents } from '../../events';
import { getRace, getRaceResults, getRaceTeams, toRaceView } from '../../races';
import { calendarRequestSchema, calendarFrom } from '../../../validation/calendar';
import { ErrorSchema, apiError, idMessages, idParam, validationHook } from '../errors';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
const errors = {
  400: json(ErrorSchema, 'A parameter is malformed'),
  404: json(ErrorSchema, 'No such record, or not public'),
};

const EventSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string().openapi({ example: '2026-04-12' }),
    endDate: z.string().nullable(),
    location: z.string().nullable(),
    raceCount: z.number().int(),
  })
  .openapi('EventSummary');

const EventDetails = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    location: z.string().nullable(),
    trackLengthKm: z.number().nullable(),
    source: z.string().nullable(),
    registrationOpen: z.boolean(),
    promoter: z.object({ id: z.number().int(), userId: z.number().int(), name: z.string() }),
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

const RaceConfig = z.object({
  classes: z.array(z.string()),
  clases_team: z.array(z.string()),
  columns: z.array(z.string()),
  team_columns: z.array(z.string()),
  sections: z.array(z.string()),
});

const Race = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(['sprint', 'enduro']),
    runNumber: z.number().int().nullable(),
    config: RaceConfig,
    event: z.object({ id: z.number().int(), name: z.string(), startDate: z.string() }),
  })
  .openapi('Race');

const State = z.enum(['running', 'finished', 'DNF', 'DNS', 'DSQ']);
const ms = (d: string) => z.number().int().nullable().openapi({ description: `${d} in milliseconds` });

const ResultRow = z
  .object({
    entryId: z.number().int(),
    position: z.number().int().nullable(),
    classPosition: z.number().int().nullable(),
    number: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    className: z.string().nullable(),
    classGroup: z.string().nullable(),
    brand: z.string().nullable(),
    team: z.string().nullable(),
    teamId: z.number().int().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    transponder: z.string().nullable(),
    laps: z.number().int().nullable(),
    lastLapMs: ms('Last lap time'),
    bestLapMs: ms('Best lap time'),
    bestLapNumber: z.number().int().nullable(),
    totalTimeMs: ms('Total time'),
    gapMs: ms('Gap to the leader'),
    diffMs: ms('Gap to the competitor ahead'),
    penaltyMs: ms('Penalty'),
    resultState: State,
    checkpoints: z.number().int().nullable(),
    points: z.number().int().nullable(),
    emergencyPoints: z.number().int().nullable(),
    speedKmh: z.number().nullable().openapi({ description: 'Average speed in km/h' }),
    sectionTimes: z.array(z.object({ section: z.string(), timeMs: z.number().int().nullable() })),
  })
  .openapi('ResultRow');

const TeamRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int().nullable(),
    state: State,
    totalCheckpoints: z.number().int().nullable(),
    totalPoints: z.number().int().nullable(),
    totalEmergencyPoints: z.number().int().nullable(),
  })
  .openapi('TeamRow');

const CalendarWeek = z.object({
  start: z.string(),
  end: z.string(),
  rangeText: z.string(),
  row: z.number().int(),
  bandReverse: z.boolean(),
  cont: z.boolean(),
  events: z.array(z.object({ id: z.number().int(), name: z.string(), startDate: z.string(), title: z.string(), location: z.string().nullable().optional() })),
});
const CalendarYear = z
  .object({
    year: z.number().int(),
    months: z.array(z.object({ month: z.number().int(), name: z.string(), visible: z.boolean(), weeks: z.array(CalendarWeek) })),
  })
  .openapi('CalendarYear');

const notFound = (what: string) => apiError(404, 'not_found', what);

/** The event as the API shows it. */
function eventOut(event: NonNullable<Awaited<ReturnType<typeof getEvent>>>) {
  const { isPublic: _public, city: _city, state: _state, country: _country, description: _d, ...details } = event;
  return details;
}

/** An event the visitor may see, or null when it is unknown or hidden (both answer 404). */
async function publicEvent(id: number) {
  const event = await getEvent(id);
  return event?.isPublic ? event : null;
}

type RaceLookup =
  | { ok: true; race: NonNullable<Awaited<ReturnType<typeof getRace>>> }
  | { ok: false; status: 403 | 404; body: ReturnType<typeof apiError> };

/** A race the visitor may see: 404 when unknown or its event is hidden, 403 when the race is hidden. */
async function publicRace(id: number): Promise<RaceLookup> {
  const race = await getRace(id);
  if (!race || !race.event.isPublic) return { ok: false, status: 404, body: notFound('Race not found') };
  if (!race.isPublic) return { ok: false, status: 403, body: apiError(403, 'not_public', 'Race is not available for public display') };
  return { ok: true, race };
}

const raceErrors = { 403: json(ErrorSchema, 'Race hidden from public display'), ...errors };

/** The livelaps sub-app (mounted at /ll/api/v1/livelaps). */
export function livelapsRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  // The spec's "Please provide the … id" for calls made without their id (registered first:
  // `/race/results` would otherwise match `/race/{id}`).
  app.get('/promoter/event', (c) => c.json(apiError(400, 'null_id', idMessages.event.missing), 400));
  app.get('/race/results', (c) => c.json(apiError(400, 'null_id', idMessages.race.missing), 400));
  app.get('/race/resultsbyteam', (c) => c.json(apiError(400, 'null_id', idMessages.race.missing), 400));
  app.get('/race', (c) => c.json(apiError(400, 'null_id', idMessages.race.missing), 400));
  app.get('/events', (c) => c.json(apiError(400, 'null_id', idMessages.promoter.missing), 400));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}',
      summary: "A promoter's public events, newest first (id = promoter user id; optional ?years=2026,2025)",
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
        200: json(z.object({ message: z.object({ promoter: z.object({ id: z.number(), userId: z.number(), name: z.string() }), events: z.array(EventSummary) }) }), 'The events'),
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { years } = c.req.valid('query');
      const found = await listPromoterEvents(id);
      if (!found) return c.json(apiError(404, 'invalid_promoter_id', idMessages.promoter.invalid), 404);
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
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: z.array(EventDetails) }), 'The event'), ...errors },
    }),
    async (c) => {
      const event = await publicEvent(c.req.valid('param').id);
      if (!event) return c.json(notFound('Event not found'), 404);
      return c.json({ message: [eventOut(event)] }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/{id}/races',
      summary: "An event's public races (reply message.data)",
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: z.object({ data: z.array(EventRace) }) }), 'The races'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await publicEvent(id))) return c.json(notFound('Event not found'), 404);
      return c.json({ message: { data: await listEventRaces(id) } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/event/getEventsForCalendar',
      summary: 'The event calendar from `date` (default: today shifted back 2 years); type `regis` keeps events open to online registration; reply read as data.message',
      request: { body: { content: { 'application/json': { schema: calendarRequestSchema } }, required: false } },
      responses: { 200: json(z.object({ message: z.array(CalendarYear) }), 'The calendar'), ...errors },
    }),
    async (c) => {
      const body = c.req.valid('json') ?? {};
      const today = new Date();
      const from = calendarFrom(body.date, today);
      const events = await listCalendarEvents(from, body.promoterId, body.type === 'regis');
      const locale = body.locale === 'fr' ? 'fr-CA' : (body.locale ?? 'en');
      return c.json({ message: buildCalendar(events, { today, from, locale }) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/{id}',
      summary: 'A race with its configuration (classes, clases_team, columns, sections)',
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(z.object({ message: Race }), 'The race'), ...raceErrors },
    }),
    async (c) => {
      const found = await publicRace(c.req.valid('param').id);
      if (!found.ok) return c.json(found.body, found.status);
      return c.json({ message: toRaceView(found.race) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/results/{id}',
      summary: 'The results of a race, by position; times in ms',
      request: { params: z.object({ id: idParam('race') }) },
      responses: {
        200: json(z.object({ message: z.object({ race: Race, results: z.array(ResultRow), teams: z.array(TeamRow) }) }), 'The results'),
        ...raceErrors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const found = await publicRace(id);
      if (!found.ok) return c.json(found.body, found.status);
      const [results, teams] = await Promise.all([getRaceResults(id), getRaceTeams(id)]);
      return c.json({ message: { race: toRaceView(found.race), results, teams } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/resultsbyteam/{id}',
      summary: 'Team standings of a race, each with its riders',
      request: { params: z.object({ id: idParam('race') }) },
      responses: {
        200: json(z.object({ message: z.array(TeamRow.extend({ riders: z.array(ResultRow) })) }), 'The teams'),
        ...raceErrors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const found = await publicRace(id);
      if (!found.ok) return c.json(found.body, found.status);
      const [results, teams] = await Promise.all([getRaceResults(id), getRaceTeams(id)]);
      return c.json({ message: teams.map((t) => ({ ...t, riders: results.filter((r) => r.teamId === t.id) })) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/event/details/{id}',
      summary: 'Event details (the same record as promoter/event/{id}, unwrapped)',
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: EventDetails }), 'The event'), ...errors },
    }),
    async (c) => {
      const event = await publicEvent(c.req.valid('param').id);
      if (!event) return c.json(notFound('Event not found'), 404);
      return c.json({ message: eventOut(event) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/event/{id}',
      summary: "An event's public races (id = event id)",
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(z.object({ message: z.array(EventRace) }), 'The races'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await publicEvent(id))) return c.json(notFound('Event not found'), 404);
      return c.json({ message: await listEventRaces(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/config/{id}',
      summary: "A race's configuration: classes, clases_team, columns, team_columns, sections",
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(z.object({ message: RaceConfig }), 'The configuration'), ...raceErrors },
    }),
    async (c) => {
      const found = await publicRace(c.req.valid('param').id);
      if (!found.ok) return c.json(found.body, found.status);
      return c.json({ message: found.race.config }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/filters/{id}',
      summary: "A race's filters: brands, classes, class groups and participants (spec §3 Race filters)",
      request: { params: z.object({ id: idParam('race') }) },
      responses: {
        200: json(
          z.object({
            message: z.object({
              brands: z.array(z.string()),
              classes: z.array(z.string()),
              groups: z.array(z.string()),
              participants: z.array(z.object({ entryId: z.number().int(), number: z.string(), name: z.string() })),
            }),
          }),
          'The filters',
        ),
        ...raceErrors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const found = await publicRace(id);
      if (!found.ok) return c.json(found.body, found.status);
      const results = await getRaceResults(id);
      const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
      return c.json(
        {
          message: {
            brands: distinct(results.map((r) => r.brand)),
            classes: found.race.config.classes,
            groups: distinct(results.map((r) => r.classGroup)),
            participants: results.map((r) => ({ entryId: r.entryId, number: r.number, name: `${r.firstName} ${r.lastName}`.trim() })),
          },
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/race/results/classes/{race}',
      summary: 'The results of a race for some classes (?classes=a,b), ordered by place in class',
      request: {
        params: z.object({ race: idParam('race', 'race') }),
        query: z.object({
          classes: z
            .string({ message: 'Please provide the classes' })
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
      const found = await publicRace(id);
      if (!found.ok) return c.json(found.body, found.status);
      const rows = (await getRaceResults(id))
        .filter((r) => r.className !== null && wanted.has(r.className))
        .sort((a, b) => (a.className ?? '').localeCompare(b.className ?? '') || (a.classPosition ?? Infinity) - (b.classPosition ?? Infinity));
      return c.json({ message: rows }, 200);
    },
  );

  return app;
}
