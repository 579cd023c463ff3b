/**
 * The results index (spec §2 /results, "Race results … results search"; issue 25 "a results
 * index lists every public event with results, newest first, filterable by season, discipline
 * and promoter"): every public event (of a public promoter) that has results in at least one
 * public race, newest first, filtered and paged. One query for the page and its total.
 */
import 'server-only';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { eventShownJoined } from '../policy/visibility';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

/** An event of the index: where, when, what, whose, and how many of its public races have results. */
export interface ResultsEvent {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD, null for a one-day event. */
  endDate: string | null;
  location: string | null;
  city: string | null;
  /** EVENT_DISCIPLINES, or null when unknown. */
  discipline: string | null;
  promoter: { userId: number; name: string };
  /** Public races of the event holding results. */
  raceCount: number;
  /** Whether its promoter marked the event complete (results final). */
  complete: boolean;
}

/** The filters of the index (each optional) and the page asked for. */
export interface ResultsIndexQuery {
  /** A season: the calendar year of the event's start. */
  season?: number | null;
  discipline?: string | null;
  /** The promoter's user id (as in /results/{promoterUserId}). */
  promoterUserId?: number | null;
  /** 1-based. */
  page?: number;
  /** Events per page (1–100; 25 by default). */
  size?: number;
}

export interface ResultsIndexPage {
  events: ResultsEvent[];
  /** Events matching the filters, every page. */
  total: number;
  page: number;
  size: number;
  pageCount: number;
}

export const RESULTS_PAGE_SIZE = 25;

/** SQL: the event of the current row has a result in one of its public races. */
export function eventHasResults(): SQL {
  return sql`exists (select 1 from races hr join results hx on hx.race_id = hr.id where hr.event_id = ${events.id} and hr.is_public)`;
}

/** SQL: the public events with results, matching `query`'s filters (needs `promoters` joined). */
export function resultsWhere(query: Pick<ResultsIndexQuery, 'season' | 'discipline' | 'promoterUserId'>): SQL {
  const where: SQL[] = [eventShownJoined(), eventHasResults()];
  if (query.season) where.push(sql`extract(year from ${events.startDate}) = ${query.season}`);
  if (query.discipline) where.push(eq(events.discipline, query.discipline));
  if (query.promoterUserId) where.push(eq(promoters.userId, query.promoterUserId));
  return and(...where)!;
}

/**
 * One page of the public events with results matching `query`, newest first (start date, then
 * id). A page past the last answers no events with the true total. Tagged `events` (every
 * import, desk change and end of a live session revalidates it).
 */
export const listResultsEvents = cachedRead('listResultsEvents', async function listResultsEvents(query: ResultsIndexQuery): Promise<ResultsIndexPage> {
  tagRead(tags.events);
  const size = Math.min(100, Math.max(1, Math.floor(query.size ?? RESULTS_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const rows = await getDb()
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      city: events.city,
      discipline: events.discipline,
      complete: events.isComplete,
      promoter: { userId: promoters.userId, name: promoters.name },
      raceCount: sql<number>`(select count(*) from races cr where cr.event_id = ${events.id} and cr.is_public and exists (select 1 from results cx where cx.race_id = cr.id))`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(resultsWhere(query))
    .orderBy(desc(events.startDate), desc(events.id))
    .limit(size)
    .offset((page - 1) * size);
  const total = rows[0]?.total ?? (page > 1 ? await countResultsEvents(query) : 0);
  return {
    events: rows.map(({ total: _total, endDate, ...e }) => ({ ...e, endDate: endDate && endDate > e.startDate ? endDate : null })),
    total,
    page,
    size,
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
});

async function countResultsEvents(query: ResultsIndexQuery): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(resultsWhere(query));
  return row?.n ?? 0;
}
