/**
 * Trackside calls under /ll/api/v1/livelaps (spec §1 trackside profile search; §3 Trackside
 * participant search, Racer detail, Paging state; §5 Trackside search; §7 POST
 * user/searchUsers; §8 Trackside), `tracksidePaths` in lib/contracts/trackside.ts:
 *  - POST user/searchUsers: racers by name or location (`{ name?, location?, orgId?, page?,
 *    size? }`), cleaned with the contract's `cleanCriterion` (an empty result: an empty list);
 *  - GET trackside/racer/{id}: a racer's detail (class, class rank, class points, overall
 *    rank, overall points, brand, location, points earned);
 *  - GET trackside/racer/{id}/races: their races, newest first;
 *  - GET trackside/racer/{id}/laps: their laps in the live or last race (ms);
 *  - GET trackside/racer/{id}/points: their series points.
 * `{id}` is a racer id from the search (a participant id). Replies keep the livelaps envelope
 * `{ message }`; the shapes are the contracts'. Errors: 400 `null_name` (neither name nor
 * location), `invalid_name` / `invalid_location` (not a string, over 500 characters, or one
 * character once cleaned: spec §5 too short), 503 `service_unavailable` (the search ran too long),
 * `invalid_id` (a malformed racer id or orgId: orgId is a whole number), `invalid_page` /
 * `invalid_size`; 404 `not_found` for an unknown racer or one with no public race. Nothing a
 * client sends answers 500.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { lapRow } from '../../../contracts/results';
import {
  pagingState,
  racerDetail,
  racerLaps,
  racerPoints,
  racerRace,
  racerRaces,
  racerSeriesStanding,
  tracksideParticipant,
  tracksideSearchReply,
  tracksideSearchRequest,
} from '../../../contracts/trackside';
import { getRacer, getRacerLaps, getRacerPoints, listRacerRaces, searchRacers } from '../../trackside';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { json } from '../kit';
import { named } from '../openapi';

// ---- OpenAPI names of the contract schemas (the types are the contracts' own) ----
const TracksideSearchRequest = named(tracksideSearchRequest, 'TracksideSearchRequest', {
  description: 'name or location (either or both), orgId (whole number), page (from 1), size (1–100, default 20)',
});
const TracksideParticipant = named(tracksideParticipant, 'TracksideParticipant', { description: 'id (the racer id), racerName, raceNumber, location ("City, ST")' });
const PagingState = named(pagingState, 'PagingState', { description: 'page, lastPage (number of pages), totalItems, pageCount (items on this page), timeFormat (1)' });
const TracksideSearchReply = named(tracksideSearchReply.extend({ participants: z.array(TracksideParticipant), meta: PagingState }), 'TracksideSearchReply');
const RacerDetail = named(racerDetail, 'RacerDetail', { description: 'Spec §3 Racer detail; ranks and points from the series the racer scored in most recently' });
const RacerRace = named(racerRace, 'RacerRace', { description: 'A race of the racer: date YYYY-MM-DD, times in ms' });
const RacerRaces = named(racerRaces.extend({ races: z.array(RacerRace) }), 'RacerRaces');
const TracksideLap = named(lapRow, 'TracksideLap', { description: 'lap, lapTimeMs, totalTimeMs, position after the lap, best (the best lap)' });
const RacerLaps = named(racerLaps.extend({ race: RacerRace.nullable(), laps: z.array(TracksideLap) }), 'RacerLaps');
const RacerSeriesStanding = named(racerSeriesStanding, 'RacerSeriesStanding');
const RacerPoints = named(racerPoints.extend({ series: z.array(RacerSeriesStanding) }), 'RacerPoints');

const badRequest = json(
  ErrorSchema,
  '`invalid_id` (a malformed racer id or orgId), `null_name` (neither name nor location), `invalid_name` / `invalid_location` (not a string, over 500 characters, or a single character once cleaned), `invalid_page` / `invalid_size`',
);
const racerErrors = {
  400: json(ErrorSchema, '`invalid_id`: the racer id is not a positive whole number'),
  404: json(ErrorSchema, '`not_found`: no such racer, or none of their races may be shown'),
};
const racerId = z.object({ id: idParam('id') });

/** The trackside sub-app (mounted at /ll/api/v1/livelaps). */
export function tracksideRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/searchUsers',
      summary: 'Trackside search: racers by name (or race number) or by location',
      description:
        'Spec §7 user/searchUsers (name or location, orgId; the client waits 5 s), §5 Trackside search, §3 Trackside participant search and Paging state. Criteria are trimmed, lower-cased, stripped of characters other than word characters (letters with accents, digits, _), whitespace and hyphen, and cut to 50 characters; one left empty answers an empty list, one of a single character is refused (400). `name`: every word is in the first and last name, in any order (accents, case and punctuation aside), or the criterion is the race number; `location`: every word is in "city state". `orgId`: only entries in that organization’s events. One item per racer (their records grouped as the series standings group riders), named by their newest record; by last name. At most the 200 most recently raced racers are found; the search may run 3 s (then 503 `service_unavailable`).',
      request: { body: { content: { 'application/json': { schema: TracksideSearchRequest } }, required: true } },
      responses: {
        200: json(z.object({ message: TracksideSearchReply }), 'The racers found and the paging state'),
        400: badRequest,
        503: json(ErrorSchema, '`service_unavailable`: the search ran too long (or the database is unreachable)'),
      },
    }),
    async (c) => c.json({ message: await searchRacers(c.req.valid('json')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/trackside/racer/{id}',
      summary: 'A racer’s detail: class, ranks and points, brand, location, points earned',
      description:
        'Spec §3 Racer detail. Name, race number and brand of their latest race, location of their latest record; classRank, classPoints, overallRank, overallPoints from the series they scored in most recently (`series`), in their class with the most points there, and `pointsEarned` the class points it gave them at `lastEvent`; null without a series. `live`: the race they ride now.',
      request: { params: racerId },
      responses: { 200: json(z.object({ message: RacerDetail }), 'The racer'), ...racerErrors },
    }),
    async (c) => c.json({ message: await getRacer(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/trackside/racer/{id}/races',
      summary: 'A racer’s races, newest first',
      description: 'Spec §2 /liveonlivelaps results tab: event, race, date (YYYY-MM-DD), class, number, position, class position, laps, best lap and total time (ms), state, points; `live` while the race runs.',
      request: { params: racerId },
      responses: { 200: json(z.object({ message: RacerRaces }), 'The races'), ...racerErrors },
    }),
    async (c) => c.json({ message: await listRacerRaces(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/trackside/racer/{id}/laps',
      summary: 'A racer’s laps in the race running now, else in their last race',
      description:
        'Spec §2 /liveonlivelaps laps tab: the race, the racer’s entry there (`entryId`: their row of the live board) and every lap from the passings (lap, lap time, total time, position after the lap, the best lap marked; ms). `laps` empty: no lap passings stored for that race (the race’s `laps` and `bestLapMs` may still hold what the timing system reported).',
      request: { params: racerId },
      responses: { 200: json(z.object({ message: RacerLaps }), 'The laps'), ...racerErrors },
    }),
    async (c) => c.json({ message: await getRacerLaps(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/trackside/racer/{id}/points',
      summary: 'A racer’s series points',
      description:
        'Spec §2 /liveonlivelaps points tab, §3 Series table: one standing per public series and class the racer scored in (class position, null when not classified; class points; events counted and scored; overall position and points; the latest event scored), newest series first. `failed`: series whose standings could not be computed.',
      request: { params: racerId },
      responses: { 200: json(z.object({ message: RacerPoints }), 'The series points'), ...racerErrors },
    }),
    async (c) => c.json({ message: await getRacerPoints(c.req.valid('param').id) }, 200),
  );

  return app;
}
