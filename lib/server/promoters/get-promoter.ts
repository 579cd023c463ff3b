/**
 * One promoter (club) as visitors see it (spec §2 /promoters/{id?}, §7 livelaps/promoter/{id}):
 * addressed by its promoter USER id, like /results/{promoterUserId}. A promoter hidden from
 * public display (promoters.is_public false, spec §6 Promoter display) is treated as unknown.
 */
import 'server-only';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { cache } from 'react';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { events, organizations, promoters, series } from '../db/schema';
import { tagRead, tags } from '../cache/tags';
import { eventShown, organizationShown, promoterShown, seriesShown } from '../policy/visibility';

export interface PromoterDetails {
  /** The promoters row id (events.promoter_id). */
  id: number;
  /** The promoter user id: the id in every URL. */
  userId: number;
  name: string;
  /** Its name and about text in French and Spanish (issue 25; `inLocale` picks one). */
  names: Translations;
  descriptions: Translations;
  city: string | null;
  state: string | null;
  email: string | null;
  website: string | null;
  phone: string | null;
  /** Plain paragraphs separated by blank lines. */
  description: string | null;
  /** Its organization (sanctioning body) when that one is public. */
  organization: { id: number; name: string; names: Translations } | null;
}

export interface PromoterCounts {
  /** Public events, all seasons. */
  events: number;
  /** Public events whose last day is `today` or later. */
  upcomingEvents: number;
  /** Public series (championships). */
  series: number;
}

/**
 * The public promoter with user id `userId`, or null when none has it or it is hidden
 * (deduplicated per request: metadata and page ask once).
 */
export const getPublicPromoter = cache(async function getPublicPromoter(userId: number): Promise<PromoterDetails | null> {
  tagRead(tags.promoter(userId));
  const [row] = await getDb()
    .select({
      id: promoters.id,
      userId: promoters.userId,
      name: promoters.name,
      names: promoters.names,
      descriptions: promoters.descriptions,
      city: promoters.city,
      state: promoters.state,
      email: promoters.email,
      website: promoters.website,
      phone: promoters.phone,
      description: promoters.description,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationNames: organizations.names,
    })
    .from(promoters)
    .leftJoin(organizations, and(eq(organizations.id, promoters.organizationId), organizationShown()))
    .where(and(eq(promoters.userId, userId), promoterShown()));
  if (!row) return null;
  const { organizationId, organizationName, organizationNames, ...promoter } = row;
  return { ...promoter, organization: organizationId !== null && organizationName !== null ? { id: organizationId, name: organizationName, names: organizationNames ?? {} } : null };
});

/** How many public events (all, and those not over on `today`, YYYY-MM-DD) and public series a promoter has (by promoters row id). */
export async function getPromoterCounts(promoterId: number, today: string): Promise<PromoterCounts> {
  tagRead(tags.events);
  const db = getDb();
  const [[ev], [se]] = await Promise.all([
    db
      .select({
        events: count(),
        upcomingEvents: sql<number>`count(*) filter (where coalesce(${events.endDate}, ${events.startDate}) >= ${today})`.mapWith(Number),
      })
      .from(events)
      .where(and(eq(events.promoterId, promoterId), eventShown())),
    db
      .select({ series: count() })
      .from(series)
      .where(and(eq(series.promoterId, promoterId), seriesShown())),
  ]);
  return { events: ev?.events ?? 0, upcomingEvents: ev?.upcomingEvents ?? 0, series: se?.series ?? 0 };
}

/** Public events not over on `today` per promoter row id (missing ids: none). */
export async function countUpcomingEvents(promoterIds: number[], today: string): Promise<Map<number, number>> {
  tagRead(tags.events);
  if (!promoterIds.length) return new Map();
  const rows = await getDb()
    .select({ promoterId: events.promoterId, n: count() })
    .from(events)
    .where(and(eventShown(), gte(sql`coalesce(${events.endDate}, ${events.startDate})`, today), inArray(events.promoterId, promoterIds)))
    .groupBy(events.promoterId);
  return new Map(rows.map((r) => [r.promoterId, r.n]));
}
