/**
 * Series (championships) as lists show them (spec §2 promoter tab Championship, /series,
 * /organizations/{id?}/series; §3 Series: name, start date, end date, race count, drop scores;
 * §7 livelaps/promoter/{id}/series, livelaps/series): public series of public promoters,
 * newest season first, with their rounds (public events).
 */
import 'server-only';
import { and, asc, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import { seriesRules, type SeriesCard } from '../../contracts/series';
import { getDb } from '../db';
import { events, promoters, series, seriesEvents } from '../db/schema';
import { eventShown, seriesShown } from '../events/visibility';
import { tagRead, tags } from '../cache/tags';

export type { SeriesCard };

/**
 * The public series of the promoters with these row ids (promoters.id), or of every promoter
 * when `promoterIds` is undefined; newest season first, then by name.
 */
export async function listSeriesCards(promoterIds?: number[]): Promise<SeriesCard[]> {
  tagRead(tags.events);
  if (promoterIds && !promoterIds.length) return [];
  const rows = await getDb()
    .select({
      id: series.id,
      name: series.name,
      startDate: series.startDate,
      endDate: series.endDate,
      seriesType: series.seriesType,
      rules: series.rules,
      rounds: countDistinct(events.id),
      promoter: { userId: promoters.userId, name: promoters.name, names: promoters.names },
    })
    .from(series)
    .innerJoin(promoters, eq(promoters.id, series.promoterId))
    .leftJoin(seriesEvents, eq(seriesEvents.seriesId, series.id))
    .leftJoin(events, and(eq(events.id, seriesEvents.eventId), eventShown()))
    .where(and(promoterIds ? inArray(series.promoterId, promoterIds) : undefined, seriesShown()))
    .groupBy(series.id, promoters.id)
    .orderBy(desc(series.startDate), asc(series.name), asc(series.id));
  return rows.map(({ rules, ...card }) => {
    const parsed = seriesRules.safeParse(rules ?? {});
    return { ...card, dropScores: parsed.success ? parsed.data.dropScores : 0, bestResults: parsed.success ? parsed.data.bestResults : null };
  });
}

/** The public series of the promoters with these row ids (promoters.id), newest season first. */
export const listSeriesOfPromoters = (promoterIds: number[]) => listSeriesCards(promoterIds);
