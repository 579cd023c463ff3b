/**
 * The choices of the results index's filters (spec §2 /results; issue 25 "filterable by season,
 * discipline and promoter"): only values some public event with results has, so no choice
 * leads to an empty list by itself.
 */
import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { resultsWhere } from './list-results-events';

export interface ResultsFilters {
  /** Years with results, newest first. */
  seasons: number[];
  /** Disciplines (EVENT_DISCIPLINES) of events with results, alphabetical. */
  disciplines: string[];
  /** Promoters (clubs) with results, by name. */
  promoters: { userId: number; name: string }[];
}

/** The seasons, disciplines and promoters of the public events with results. Tagged `events`. */
export const getResultsFilters = cachedRead('getResultsFilters', async function getResultsFilters(): Promise<ResultsFilters> {
  tagRead(tags.events);
  const db = getDb();
  const year = sql<number>`extract(year from ${events.startDate})::int`.mapWith(Number);
  const [seasons, disciplines, clubs] = await Promise.all([
    db.selectDistinct({ year }).from(events).innerJoin(promoters, eq(promoters.id, events.promoterId)).where(resultsWhere({})).orderBy(desc(year)),
    db.selectDistinct({ discipline: events.discipline }).from(events).innerJoin(promoters, eq(promoters.id, events.promoterId)).where(resultsWhere({})).orderBy(asc(events.discipline)),
    db
      .selectDistinct({ userId: promoters.userId, name: promoters.name })
      .from(events)
      .innerJoin(promoters, eq(promoters.id, events.promoterId))
      .where(resultsWhere({}))
      .orderBy(asc(promoters.name), asc(promoters.userId)),
  ]);
  return {
    seasons: seasons.map((s) => s.year),
    disciplines: disciplines.flatMap((d) => (d.discipline ? [d.discipline] : [])),
    promoters: clubs,
  };
});
