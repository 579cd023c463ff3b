/**
 * livelaps series calls (spec §7 Live-laps calls: GET /series, GET /promoter/series/{id},
 * GET /series/config/{id}, GET /series/filters/{id}, POST /series/results/{seriesId}, POST
 * /promoter/race/getSeriesScores, POST /series/search/participant; §3 Series, Series table,
 * Series filters; §4 Series results, Participant search) and the site's own two: a rider's
 * season (GET /series/{id}/rider) and the table as CSV (GET /series/export/{id}), see
 * `seriesPaths` in lib/contracts/series.ts. Replies keep the livelaps envelope `{ message }`;
 * the shapes are the contracts of lib/contracts/series.ts. Series are public when they and
 * their promoter are. Errors (spec §8): 400 `null_id` ('Please provide the series id') for a
 * call without its id, 400 `invalid_id` for a malformed one, 400 `invalid_<field>` /
 * `null_<field>` for a bad body or query field, 404 `not_found` for an unknown or hidden
 * series (the same reply), 405 for a GET on a POST-only path (the app's `notFound`).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { LOCALES } from '../../../config';
import {
  participantSearchRequest,
  riderSeason,
  seriesCard,
  seriesConfig,
  seriesEvent,
  seriesFilters,
  seriesParticipant,
  seriesQuery,
  seriesRequestFor,
  seriesResults,
  seriesResultsRequest,
  seriesRules,
  seriesScoresRequest,
} from '../../../contracts/series';
import {
  exportSeriesCsv,
  getRiderSeason,
  getSeriesConfig,
  getSeriesDetail,
  getSeriesFilters,
  getSeriesResults,
  getSeriesScores,
  listPublicSeries,
  searchSeriesParticipants,
} from '../../series';
import { ErrorSchema, idParam, missingId, validationHook } from '../errors';
import { json } from '../kit';
import { named } from '../openapi';

// ---- OpenAPI names of the contract schemas (the types are the contracts' own) ----
const SeriesRules = named(seriesRules, 'SeriesRules', { description: 'The scoring rules as data (points table, per moto or per event, classes, drops, minimum events, tie-breaks, excluded races, teams)' });
const SeriesEvent = named(seriesEvent, 'SeriesEvent', { description: 'A round: startDate YYYY-MM-DD; held: it has results' });
const SeriesResults = named(seriesResults, 'SeriesResults');
const SeriesResultsRequest = named(seriesResultsRequest, 'SeriesResultsRequest');
const SeriesScoresRequest = named(seriesScoresRequest, 'SeriesScoresRequest');
const SeriesFilters = named(seriesFilters, 'SeriesFilters');
const SeriesConfig = named(seriesConfig, 'SeriesConfig');
const RiderSeason = named(riderSeason, 'RiderSeason');
const SeriesParticipant = named(seriesParticipant, 'SeriesParticipant');
const ParticipantSearchRequest = named(participantSearchRequest, 'ParticipantSearchRequest');

const errors = {
  400: json(ErrorSchema, '`invalid_id` (a malformed id), `null_id` (a missing one), or `invalid_<field>` / `null_<field>` for a bad field'),
  404: json(ErrorSchema, '`not_found`: no such series, or it (or its promoter) is not public'),
};
const body = <T extends z.ZodType>(schema: T, required = true) => ({ body: { content: { 'application/json': { schema } }, required } });
const seriesId = z.object({ id: idParam('series') });

const SeriesCard = named(seriesCard, 'SeriesSummary');

const SeriesDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string().openapi({ description: 'YYYY-MM-DD' }),
    endDate: z.string().openapi({ description: 'YYYY-MM-DD' }),
    seriesType: z.enum(['final', 'overall']),
    rules: SeriesRules,
    promoter: z.object({ id: z.number().int(), userId: z.number().int().openapi({ description: 'The promoter user id (its URLs)' }), name: z.string() }),
    events: z.array(SeriesEvent),
  })
  .openapi('SeriesDetail');

/** The series sub-app (mounted at /ll/api/v1/livelaps). */
export function seriesRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  // The spec's "Please provide the series id" for calls made without their id (registered
  // before the `{id}` routes).
  for (const [method, path] of [
    ['get', '/promoter/series'],
    ['get', '/series/config'],
    ['get', '/series/filters'],
    ['get', '/series/export'],
    ['post', '/series/results'],
  ] as const) {
    app.openapi(
      createRoute({
        method,
        path,
        summary: `${path} without its id: 400 null_id 'Please provide the series id'`,
        description: 'Spec §8 General: a call made without its id.',
        responses: { 400: json(ErrorSchema, '`null_id`: the call was made without its id') },
      }),
      () => missingId('series'),
    );
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series',
      summary: 'Every public series (championship), newest season first',
      description:
        'Spec §7 livelaps/series, §2 /series, §3 Series (name, start date, end date, race count). Series of public promoters only; `rounds` counts the public events of each; dates YYYY-MM-DD.',
      responses: { 200: json(z.object({ message: z.array(SeriesCard) }), 'The series') },
    }),
    async (c) => c.json({ message: await listPublicSeries() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/series/{id}',
      summary: 'A public series with its promoter, rules and rounds',
      description:
        'Spec §7 livelaps/promoter/series/{id}, §3 Series. `events`: its public events in date order, each with its round number and `held` (it has results). Unknown or hidden: 404 `not_found`.',
      request: { params: seriesId },
      responses: { 200: json(z.object({ message: SeriesDetail }), 'The series'), ...errors },
    }),
    async (c) => c.json({ message: await getSeriesDetail(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series/config/{id}',
      summary: "A series table's configuration: classes, columns, sections",
      description:
        'Spec §7 livelaps/series/config/{id}, §3 Series (config with classes, columns, sections). `classes`: those that count (the rules’ list, else the classes raced); `columns`: the table’s columns (no group columns when no class has a group); `sections`: the rounds’ names; the series type and rules. Unknown or hidden: 404 `not_found`.',
      request: { params: seriesId },
      responses: { 200: json(z.object({ message: SeriesConfig }), 'The configuration'), ...errors },
    }),
    async (c) => c.json({ message: await getSeriesConfig(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series/filters/{id}',
      summary: "A series table's filters: brands, classes, class groups, riders, events",
      description:
        'Spec §7 livelaps/series/filters/{id}, §3 Series filters (brands, className, classGroup, participants, events). Riders by last name with their rider key (the `participants` filter of series/results). Unknown or hidden: 404 `not_found`.',
      request: { params: seriesId },
      responses: { 200: json(z.object({ message: SeriesFilters }), 'The filters'), ...errors },
    }),
    async (c) => c.json({ message: await getSeriesFilters(c.req.valid('param').id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/results/{id}',
      summary: 'The series table: overall, class and group standings with points per event',
      description:
        'Spec §7 livelaps/series/results/{seriesId}, §3 Series table, §4 Series results. Body (every field optional): filters (brands, classes, classesResults, eventsResults, groups, groupsClassesAwards, participants = rider keys), indexScore (classPointsShow), orderBy (classPosition), orderDesc (ASC), page (1), size (-1 = all, else 1–1000). Each event cell carries the overall, class and group points, place and whether it is a drop score; unclassified riders (under the minimum events) have null positions and come after the classified ones. `teams`/`clubs`: the team and club championships when the rules have them. Unknown or hidden: 404 `not_found`; a bad field: 400 `invalid_<field>`.',
      request: { params: seriesId, ...body(SeriesResultsRequest, false) },
      responses: { 200: json(z.object({ message: SeriesResults }), 'The standings'), ...errors },
    }),
    async (c) => {
      // Without a body (no Content-Type) the validator hands over `{}` unparsed: parse it here so the defaults apply.
      const request = seriesResultsRequest.parse(c.req.valid('json') ?? {});
      return c.json({ message: await getSeriesResults(c.req.valid('param').id, request) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/promoter/race/getSeriesScores',
      summary: 'A series’ standings after one of its rounds, optionally for one class',
      description:
        'Spec §7 promoter/race/getSeriesScores, §3 Series score request (eventId, raceidexclude, raceClassId, serieId). The standings as they stood after round `eventId` (later rounds not held yet), leaving out the races of `raceidexclude` (an array of race ids or a comma-separated list); `raceClassId` (classes.id) keeps that class’s rows. Every row, class-position order; `events` the rounds up to `eventId`. Missing or malformed ids: 400 `null_id` / `invalid_id`; an unknown or hidden series, an event that is not one of its public rounds, or an unknown class: 404 `not_found`.',
      request: body(SeriesScoresRequest),
      responses: { 200: json(z.object({ message: SeriesResults }), 'The standings'), ...errors },
    }),
    async (c) => c.json({ message: await getSeriesScores(c.req.valid('json')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/series/search/participant',
      summary: 'Riders of public series by name, with the series and classes they score in',
      description:
        'Spec §7 livelaps/series/search/participant (name, limit default 50, offset default 0), §3 Participant search result and Series list item (participantClasses), §4 Participant search. `name` (1–50 characters) is found in the first name, last name or full name, ignoring case and accents; one item per rider key, by last name; `meta.total` counts them all. Without a name: 400 `null_name`.',
      request: body(ParticipantSearchRequest),
      responses: {
        200: json(z.object({ message: z.object({ series: z.array(SeriesParticipant), meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }) }) }), 'The riders'),
        400: errors[400],
      },
    }),
    async (c) => c.json({ message: await searchSeriesParticipants(c.req.valid('json')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/series/export/{id}',
      summary: 'The series table as CSV (UTF-8 with BOM, headers in `lang`)',
      description:
        'Spec §3 Series table, §2 /series/{id?} (download; issue 9 "series tables export to CSV like results tables"). The page’s query (`view` riders/teams/clubs, `score` class/overall/group, `class`, `group`, `brand`, `rider`, `event`) gives the same rows as the table on screen: position and points of that scope, number, name, class, group, brand, hometown, one column per event (drop scores written `(12)`), events scored, total. Served as an attachment. Unknown or hidden: 404 `not_found`; a bad query value: 400 `invalid_<field>`.',
      request: {
        params: seriesId,
        query: seriesQuery.extend({ lang: z.enum(LOCALES, { error: 'The provided lang is invalid' }).default('en') }),
      },
      responses: {
        200: { content: { 'text/csv': { schema: z.string() } }, description: 'The file (Content-Disposition: attachment)' },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { lang, ...query } = c.req.valid('query');
      const file = await exportSeriesCsv(id, seriesRequestFor(query), lang, query.view ?? 'riders');
      return c.body(file.body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'no-store',
      });
    },
  );

  // After the literal paths above: `/series/{id}/rider` must not read `results`, `search`… as an id.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/series/{id}/rider',
      summary: 'A rider’s season in a series: the table row, every race result, the points progression',
      description:
        'Spec §3 Series table (issue 9 "a rider’s row opens their season"); `seriesPaths.riderSeason`. `key`: the rider key of the row; `class`: the row’s class (omitted: the rider’s class with the most points). `races`: every result event by event with the class points it gave; `progression`: after each held round, the class points counted so far (drops as they stood then) and the class position. Unknown or hidden series, or a rider without a row: 404 `not_found`; without a key: 400 `null_key`.',
      request: {
        params: seriesId,
        query: z.object({
          key: z.string({ error: 'Please provide the key' }).min(1, 'Please provide the key').max(300, 'The provided key is invalid'),
          class: z.string().max(100, 'The provided class is invalid').optional(),
        }),
      },
      responses: { 200: json(z.object({ message: RiderSeason }), 'The season'), ...errors },
    }),
    async (c) => {
      const { key, class: className } = c.req.valid('query');
      return c.json({ message: await getRiderSeason(c.req.valid('param').id, key, className || null) }, 200);
    },
  );

  return app;
}
