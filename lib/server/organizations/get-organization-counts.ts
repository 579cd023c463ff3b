/**
 * What an organization holds, counted (spec §7 livelaps/organization/{id}): public clubs,
 * public events (all, and not over on the given day), public series of its clubs, members
 * valid that day, membership types and classes.
 */
import 'server-only';
import { and, count, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { classes, classGroups, events, memberships, membershipTypes, promoters, series } from '../db/schema';
import { eventShown, organizationEvents } from '../events/visibility';
import { tagRead, tags } from '../cache/tags';
import { promoterShown, seriesShownJoined } from '../policy/visibility';

export interface OrganizationCounts {
  clubs: number;
  events: number;
  /** Public events whose last day is `today` or later. */
  upcomingEvents: number;
  series: number;
  /** Memberships valid on `today`. */
  members: number;
  membershipTypes: number;
  classes: number;
}

/** The counts of organization `id` on `today` (YYYY-MM-DD). */
export async function getOrganizationCounts(id: number, today: string): Promise<OrganizationCounts> {
  tagRead(tags.events, tags.organization(id));
  const db = getDb();
  const [[clubs], [ev], [se], [members], [types], [cls]] = await Promise.all([
    db.select({ n: count() }).from(promoters).where(and(eq(promoters.organizationId, id), promoterShown())),
    db
      .select({
        n: count(),
        upcoming: sql<number>`count(*) filter (where coalesce(${events.endDate}, ${events.startDate}) >= ${today})`.mapWith(Number),
      })
      .from(events)
      .innerJoin(promoters, eq(promoters.id, events.promoterId))
      .where(and(eventShown(), organizationEvents(id))),
    db
      .select({ n: count() })
      .from(series)
      .innerJoin(promoters, eq(promoters.id, series.promoterId))
      .where(and(seriesShownJoined(), eq(promoters.organizationId, id))),
    db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.organizationId, id), lte(memberships.validFrom, today), gte(memberships.validUntil, today))),
    db.select({ n: count() }).from(membershipTypes).where(eq(membershipTypes.organizationId, id)),
    db
      .select({ n: count() })
      .from(classes)
      .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
      .where(or(eq(classes.organizationId, id), and(isNull(classes.organizationId), eq(classGroups.organizationId, id)))),
  ]);
  return {
    clubs: clubs?.n ?? 0,
    events: ev?.n ?? 0,
    upcomingEvents: ev?.upcoming ?? 0,
    series: se?.n ?? 0,
    members: members?.n ?? 0,
    membershipTypes: types?.n ?? 0,
    classes: cls?.n ?? 0,
  };
}
