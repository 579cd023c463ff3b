/**
 * Public series (championships) of one or more promoters (spec §2 promoter tab Championship,
 * /organizations/{id?}/series; §3 Series: name, start date, end date, race count; §7
 * livelaps/promoter/{id}/series): newest season first, with their rounds (public events).
 */
import 'server-only';
import { and, asc, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import { seriesRules } from '../../contracts/series';
import { getDb } from '../db';
import { events, promoters, series, seriesEvents } from '../db/schema';
import { eventShown } from '../events/visibility';

export interface SeriesCard {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  seriesType: 'final' | 'overall';
  /** How many of a racer's worst scores are dropped. */
  dropScores: number;
  /** Public events counted in the series. */
  rounds: number;
  promoter: { userId: number; name: string };
}

/** The public series of the promoters with these row ids (promoters.id), newest season first. */
export async function listSeriesOfPromoters(promoterIds: number[]): Promise<SeriesCard[]> {
  if (!promoterIds.length) return [];
  const rows = await getDb()
    .select({
      id: series.id,
      name: series.name,
      startDate: series.startDate,
      endDate: series.endDate,
      seriesType: series.seriesType,
      rules: series.rules,
      rounds: countDistinct(events.id),
      promoter: { userId: promoters.userId, name: promoters.name },
    })
    .from(series)
    .innerJoin(promoters, eq(promoters.id, series.promoterId))
    .leftJoin(seriesEvents, eq(seriesEvents.seriesId, series.id))
    .leftJoin(events, and(eq(events.id, seriesEvents.eventId), eventShown()))
    .where(and(inArray(series.promoterId, promoterIds), eq(series.isPublic, true), eq(promoters.isPublic, true)))
    .groupBy(series.id, promoters.id)
    .orderBy(desc(series.startDate), asc(series.name), asc(series.id));
  return rows.map(({ rules, ...card }) => ({ ...card, dropScores: seriesRules.parse(rules).dropScores }));
}
