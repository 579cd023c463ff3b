/**
 * livelaps promoter and organization calls (spec §7 Live-laps calls: GET /promoter/{id},
 * GET /promoter/{id}/series, GET /organization/{id}; §2 /promoters/{id?}, Organization pages).
 * Promoters are addressed by their promoter USER id, as in /results/{promoterUserId}.
 * Replies keep the livelaps envelope `{ message }`. Dates are YYYY-MM-DD; "upcoming" is judged
 * on the federation's date (Eastern time). Handlers throw `AppError`; the app's `onError`
 * replies: 400 `invalid_id` for a malformed id ('The provided promoter id is invalid'),
 * 400 `null_id` for a call without its id, 404 `not_found` for an unknown or hidden promoter
 * or organization (the same reply, so hidden ones stay hidden).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { getOrganizationCounts, getPublicOrganization } from '../../organizations';
import { federationDate } from '../../../format';
import { getPromoterCounts, getPublicPromoter, listSeriesOfPromoters } from '../../promoters';
import { seriesCard } from '../../../contracts/series';
import { ErrorSchema, idParam, missingId, notFound, validationHook } from '../errors';
import { json } from '../kit';
import { named } from '../openapi';

const errors = {
  400: json(ErrorSchema, '`invalid_id`: a malformed id'),
  404: json(ErrorSchema, '`not_found`: no such record, or it is not public'),
};

const text = () => z.string().nullable();

const PromoterDetails = z
  .object({
    id: z.number().int().openapi({ description: 'The promoter record id (events.promoter_id)' }),
    userId: z.number().int().openapi({ description: 'The promoter user id: the id of every promoter URL' }),
    name: z.string(),
    city: text(),
    state: text(),
    email: text(),
    website: text(),
    phone: text(),
    description: text().openapi({ description: 'Plain paragraphs separated by blank lines' }),
    organization: z.object({ id: z.number().int(), name: z.string() }).nullable().openapi({ description: 'Its organization, when public' }),
  })
  .openapi('PromoterDetails');

const PromoterCounts = z
  .object({
    events: z.number().int().openapi({ description: 'Public events, all seasons' }),
    upcomingEvents: z.number().int().openapi({ description: 'Public events whose last day is today or later' }),
    series: z.number().int().openapi({ description: 'Public series (championships)' }),
  })
  .openapi('PromoterCounts');

const SeriesCard = named(seriesCard, 'SeriesSummary');

const Club = z.object({ userId: z.number().int(), name: z.string(), city: text(), state: text() }).openapi('Club');

const OrganizationDetails = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: text(),
    state: text(),
    country: text(),
    email: text(),
    website: text(),
    phone: text(),
    address: text().openapi({ description: 'Street address of the office' }),
    postalCode: text(),
    description: text().openapi({ description: 'Plain paragraphs separated by blank lines' }),
  })
  .openapi('OrganizationDetails');

const OrganizationCounts = z
  .object({
    clubs: z.number().int(),
    events: z.number().int().openapi({ description: 'Public events it sanctions or its clubs run' }),
    upcomingEvents: z.number().int().openapi({ description: 'Of those, the ones whose last day is today or later' }),
    series: z.number().int().openapi({ description: 'Public series of its public clubs' }),
    members: z.number().int().openapi({ description: 'Memberships valid today' }),
    membershipTypes: z.number().int(),
    classes: z.number().int(),
  })
  .openapi('OrganizationCounts');

/** A public promoter by user id; unknown or hidden: 404 `not_found`. */
async function publicPromoter(userId: number) {
  const promoter = await getPublicPromoter(userId);
  if (!promoter) notFound('Promoter not found');
  return promoter;
}

/** The directory sub-app (mounted at /ll/api/v1/livelaps). */
export function directoryRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  for (const [path, kind] of [
    ['/promoter', 'promoter'],
    ['/organization', 'organization'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        summary: `${path} without its id: 400 null_id 'Please provide the ${kind} id'`,
        description: 'Spec §8 General: a call made without its id.',
        responses: { 400: json(ErrorSchema, '`null_id`: the call was made without its id') },
      }),
      () => missingId(kind),
    );
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/{id}',
      summary: "A promoter's public details and counts",
      description:
        'Spec §7 livelaps/promoter/{id}, §2 /promoters/{id?}. `id` is the promoter user id. Reply: the promoter (city, state, email, website, phone, description, its public organization) and how many public events (all, and upcoming: last day today or later, Eastern time) and public series it has. Unknown or hidden: 404 `not_found`.',
      request: { params: z.object({ id: idParam('promoter') }) },
      responses: { 200: json(z.object({ message: z.object({ promoter: PromoterDetails, counts: PromoterCounts }) }), 'The promoter'), ...errors },
    }),
    async (c) => {
      const promoter = await publicPromoter(c.req.valid('param').id);
      const counts = await getPromoterCounts(promoter.id, federationDate());
      return c.json({ message: { promoter, counts } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promoter/{id}/series',
      summary: "A promoter's public series (championships), newest season first",
      description:
        'Spec §7 livelaps/promoter/{id}/series, §2 promoter tab Championship, §3 Series (name, start date, end date, race count). `id` is the promoter user id; `rounds` counts the public events of each series. Unknown or hidden promoter: 404 `not_found`.',
      request: { params: z.object({ id: idParam('promoter') }) },
      responses: { 200: json(z.object({ message: z.array(SeriesCard) }), 'The series'), ...errors },
    }),
    async (c) => {
      const promoter = await publicPromoter(c.req.valid('param').id);
      return c.json({ message: await listSeriesOfPromoters([promoter.id]) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/organization/{id}',
      summary: "An organization's public details, clubs and counts",
      description:
        'Spec §7 livelaps/organization/{id}, §2 Organization pages. Reply: the organization (address, phone, email, website, description), its public clubs (by promoter user id, by name) and counts (clubs, public events and upcoming ones, series of its clubs, members valid today, membership types, classes). Unknown or hidden: 404 `not_found`.',
      request: { params: z.object({ id: idParam('organization') }) },
      responses: {
        200: json(z.object({ message: z.object({ organization: OrganizationDetails, clubs: z.array(Club), counts: OrganizationCounts }) }), 'The organization'),
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const found = await getPublicOrganization(id);
      if (!found) notFound('Organization not found');
      const { clubs, ...organization } = found;
      const counts = await getOrganizationCounts(id, federationDate());
      return c.json({ message: { organization, clubs, counts } }, 200);
    },
  );

  return app;
}
