/**
 * Who may be seen (spec §6 Event display, Promoter display): the one SQL condition every list,
 * count, feed and lookup of events uses. An event is shown when it is public and so is its
 * promoter (a hidden club hides its events); a series likewise. The permission checks
 * (lib/server/permissions) answer with the same rule.
 */
import 'server-only';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { events, promoters, series } from '../db/schema';

/** SQL: the event of the current row may be shown (events.is_public and its promoter's is_public). */
export function eventShown() {
  return sql<boolean>`(${events.isPublic} and exists (select 1 from promoters shown_promoter where shown_promoter.id = ${events.promoterId} and shown_promoter.is_public))`;
}

/** SQL: the series of the current row may be shown (series.is_public and its promoter's is_public). */
export function seriesShown() {
  return sql<boolean>`(${series.isPublic} and exists (select 1 from promoters shown_promoter where shown_promoter.id = ${series.promoterId} and shown_promoter.is_public))`;
}

/**
 * SQL: the event of the current row belongs to organization `id`: the one it names
 * (events.organization_id), else its club's (needs `promoters` joined).
 */
export function organizationEvents(id: number) {
  return or(eq(events.organizationId, id), and(isNull(events.organizationId), eq(promoters.organizationId, id)));
}
