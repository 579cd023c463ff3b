/**
 * livelaps/* calls of the event page (spec §2 Event page with races, registration, start grid,
 * results and series; §7 Live-laps calls): the accordion of races and classes, the start
 * grid, the series, a race's participants and class links, and the four registration/* calls.
 * Mounted at /ll/api/v1/livelaps beside lib/server/api/routes/livelaps.ts. Replies keep the
 * API's envelope `{ message }` (`{ message: { data, recordsTotal } }` for the data table).
 * Ids: path `{id}` and body `eventId` / `raceId` / `configId`, positive whole numbers; a
 * malformed one answers 400 `invalid_id`, a missing one 400 `null_id`; an unknown or hidden
 * event or race answers 404 `not_found` (hidden records answer like unknown ones, spec §6).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  accordionRace,
  eventClassOffer,
  eventSeries,
  participantRow,
  raceClassCount,
  raceClassesRequest,
  raceClassLinks,
  registrant,
  registrationCount,
  registrationRequest,
  registrationRow,
  startGridRace,
} from '../../../contracts/events';
import {
  getAccordionClasses,
  getAccordionRaces,
  getClassLinks,
  getEventSeries,
  getParticipantsDT,
  getRaceSeries,
  getRacesStartGrid,
  requirePublicEvent,
  requirePublicRace,
} from '../../events';
import { getRegistrants, getRegistrationCount, loadClasses, loadRows } from '../../registration';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { json } from '../kit';
import { named } from '../openapi';

// ---- OpenAPI names of the contract schemas (lib/contracts/events.ts) ----
const AccordionRace = named(accordionRace, 'AccordionRace');
const RaceClassCount = named(raceClassCount, 'RaceClassCount');
const StartGridRace = named(startGridRace, 'StartGridRace');
const EventSeries = named(eventSeries, 'EventSeries');
const ParticipantRow = named(participantRow, 'ParticipantRow');
const RaceClassLinks = named(raceClassLinks, 'RaceClassLinks');
const RegistrationCount = named(registrationCount, 'RegistrationCount');
const Registrant = named(registrant, 'Registrant', { description: 'A registered rider: public fields only (never email, phone or birthday)' });
const EventClassOffer = named(eventClassOffer, 'EventClassOffer');
const RegistrationRow = named(registrationRow, 'RegistrationRow');
const RegistrationRequest = named(registrationRequest, 'RegistrationRequest');
const RaceClassesRequest = named(raceClassesRequest, 'RaceClassesRequest');

const errors = {
  400: json(ErrorSchema, '`invalid_id` (a malformed id) or `null_id` (a missing one); `invalid_json` for a body that is not JSON'),
  404: json(ErrorSchema, '`not_found`: no such event or race, or it is not public'),
};
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/** The event-page sub-app (mounted at /ll/api/v1/livelaps). */
export function eventPageRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const eventId = z.object({ id: idParam('event') });
  const raceId = z.object({ id: idParam('race') });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/{id}/accordionRaces',
      summary: "An event's public races in running order, each with its classes and entry counts",
      description:
        'Spec §2 Event page (races), §7 promoter/event/{id}/accordionRaces. Each race: entry and result counts, and its classes (the race configuration’s order) with their entry counts and the path of their results (`/scores/{raceId}?class=…`); entries without a class count under a class `null`. Unknown or hidden event: 404 `not_found`.',
      request: { params: eventId },
      responses: { 200: json(z.object({ message: z.array(AccordionRace) }), 'The races'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await requirePublicEvent(id);
      return c.json({ message: await getAccordionRaces(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/{id}/racesStartGrid',
      summary: "The start grid of each public race of an event",
      description:
        'Spec §2 Event page (start grid), §7 promoter/event/{id}/racesStartGrid. Per race in running order, its riders by grid position (1 = front), then grid label in natural order (`23A` before `23B`: enduro start rows, motocross gate picks), then race number. A race with no grid published has `rows: []`. Unknown or hidden event: 404 `not_found`.',
      request: { params: eventId },
      responses: { 200: json(z.object({ message: z.array(StartGridRace) }), 'The start grids'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await requirePublicEvent(id);
      return c.json({ message: await getRacesStartGrid(id) }, 200);
    },
  );

  // Before `/promoter/event/{id}/series`: its literal segment must not be read as an event id.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/getRaceSeries/{id}',
      summary: "The public series of a race's event",
      description:
        'Spec §7 promoter/event/getRaceSeries/{id} (`id` is a race id). The same series as promoter/event/{id}/series for the race’s event; an empty list when there is none (the page then says “There are no series available for this race”, spec §8). Unknown or hidden race or event: 404 `not_found`.',
      request: { params: raceId },
      responses: { 200: json(z.object({ message: z.array(EventSeries) }), 'The series'), ...errors },
    }),
    async (c) => c.json({ message: await getRaceSeries(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/event/{id}/series',
      summary: 'The public series (championships) an event counts for',
      description:
        'Spec §2 Event page (series), §7 promoter/event/{id}/series. Each series: name, season (`startDate`, `endDate`, YYYY-MM-DD), type, number of rounds (its public events) and this event’s round, by season start. Unknown or hidden event: 404 `not_found`.',
      request: { params: eventId },
      responses: { 200: json(z.object({ message: z.array(EventSeries) }), 'The series'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await requirePublicEvent(id);
      return c.json({ message: await getEventSeries(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/promoter/event/accordionClasses',
      summary: 'The classes of a race with their entry counts',
      description:
        'Spec §7 promoter/event/accordionClasses `{ configId?, raceId }`. `configId` is accepted for the original callers and not needed (a race carries its own configuration). Classes in the race configuration’s order, each with its entry count and results path. Unknown or hidden race (or event): 404 `not_found`.',
      request: body(RaceClassesRequest),
      responses: { 200: json(z.object({ message: z.array(RaceClassCount) }), 'The classes'), ...errors },
    }),
    async (c) => {
      const { raceId: id } = c.req.valid('json');
      await requirePublicRace(id);
      return c.json({ message: await getAccordionClasses(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/promoter/event/getParticipantsDT',
      summary: "A race's participants as data-table rows",
      description:
        'Spec §7 promoter/event/getParticipantsDT `{ configId?, raceId }` (`configId` accepted, not needed). Every entry by race number: number, name, class and class group, brand, team, city, state, country and start-grid slot; `recordsTotal` counts them. Unknown or hidden race (or event): 404 `not_found`.',
      request: body(RaceClassesRequest),
      responses: {
        200: json(z.object({ message: z.object({ recordsTotal: z.number().int(), data: z.array(ParticipantRow) }) }), 'The participants'),
        ...errors,
      },
    }),
    async (c) => {
      const { raceId: id } = c.req.valid('json');
      await requirePublicRace(id);
      const data = await getParticipantsDT(id);
      return c.json({ message: { recordsTotal: data.length, data } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/race/classLink/{id}',
      summary: "The links to a race's results, whole and class by class",
      description:
        'Spec §7 promoter/race/classLink/{id} (`id` is a race id). Site paths without language prefix: `racePath` `/races/{id}`; per class with entries, `/scores/{id}?class=…` (the scores page in its class view on that class). Unknown or hidden race (or event): 404 `not_found`.',
      request: { params: raceId },
      responses: { 200: json(z.object({ message: RaceClassLinks }), 'The links'), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await requirePublicRace(id);
      return c.json({ message: await getClassLinks(id) }, 200);
    },
  );

  // ---- registration/* (spec §3 Registration: counts, registrants, classes, rows per event) ----

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registration/getRegistrationCount',
      summary: "An event's registration counts, in total and per class",
      description:
        'Spec §7 registration/getRegistrationCount `{ eventId }`. Riders `registered` and registrations `cancelled` (counted apart; only registered ones take a spot), in total and per class with its capacity and spots left (null: no limit). Unknown or hidden event: 404 `not_found`.',
      request: body(RegistrationRequest),
      responses: { 200: json(z.object({ message: RegistrationCount }), 'The counts'), ...errors },
    }),
    async (c) => {
      const { eventId: id } = c.req.valid('json');
      await requirePublicEvent(id);
      return c.json({ message: await getRegistrationCount(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registration/getRegistrants',
      summary: 'The riders registered for an event',
      description:
        'Spec §7 registration/getRegistrants `{ eventId }`. Registered riders only (cancelled left out), by the event’s class order then race number: name, race number, class, city and state. Never an email, phone or birthday. Unknown or hidden event: 404 `not_found`.',
      request: body(RegistrationRequest),
      responses: { 200: json(z.object({ message: z.array(Registrant) }), 'The registrants'), ...errors },
    }),
    async (c) => {
      const { eventId: id } = c.req.valid('json');
      await requirePublicEvent(id);
      return c.json({ message: await getRegistrants(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registration/loadClasses',
      summary: 'The classes an event offers for registration',
      description:
        'Spec §7 registration/loadClasses `{ eventId }`. In the event’s order: class, class group, description, entry fee in cents (CAD), age limits in years (inclusive; null: none), capacity, riders registered and spots left. Unknown or hidden event: 404 `not_found`.',
      request: body(RegistrationRequest),
      responses: { 200: json(z.object({ message: z.array(EventClassOffer) }), 'The classes'), ...errors },
    }),
    async (c) => {
      const { eventId: id } = c.req.valid('json');
      await requirePublicEvent(id);
      return c.json({ message: await loadClasses(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registration/loadRows',
      summary: "An event's registrations as table rows, cancelled ones included",
      description:
        'Spec §7 registration/loadRows `{ eventId }`. One row per registration: race number, name, class, brand, city, state, `status` (registered or cancelled) and the day registered (YYYY-MM-DD, federation time); registered rows first. Never an email, phone or birthday. Unknown or hidden event: 404 `not_found`.',
      request: body(RegistrationRequest),
      responses: { 200: json(z.object({ message: z.array(RegistrationRow) }), 'The rows'), ...errors },
    }),
    async (c) => {
      const { eventId: id } = c.req.valid('json');
      await requirePublicEvent(id);
      return c.json({ message: await loadRows(id) }, 200);
    },
  );

  return app;
}
