/**
 * The series (championships) of an organization's clubs (spec §2 /organizations/{id?}/series):
 * the public series of its public clubs, newest season first, with their promoter and rounds.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { promoters } from '../db/schema';
import { listSeriesOfPromoters, type SeriesCard } from '../promoters/list-series';
import { tagRead, tags } from '../cache/tags';
import { promoterShown } from '../policy/visibility';

/** The public series of organization `id`'s public clubs. */
export async function listOrganizationSeries(id: number): Promise<SeriesCard[]> {
  tagRead(tags.events);
  const clubs = await getDb()
    .select({ id: promoters.id })
    .from(promoters)
    .where(and(eq(promoters.organizationId, id), promoterShown()));
  return listSeriesOfPromoters(clubs.map((c) => c.id));
}
