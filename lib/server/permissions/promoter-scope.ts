/**
 * "One of these promoters, or a club of the same organization as one of them" (spec §6
 * Promoter display and Series display, the default promoter list): the SQL condition on a
 * query's `promoters` row, shared by hasPermissionForPromoterId and the series rules.
 */
import 'server-only';
import { and, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../db';
import { promoters } from '../db/schema';

const listed = alias(promoters, 'listed_promoters');

/**
 * The condition "the `promoters` row's user id is in `userIds`, or its organization is the
 * organization of a promoter whose user id is in `userIds`"; undefined (no condition) for an
 * empty list. Evaluated inside the caller's one query (a subquery, no extra round trip).
 */
export function inPromoterScope(userIds: readonly number[]): SQL | undefined {
  if (userIds.length === 0) return undefined;
  const ids = [...userIds];
  const organizations = getDb()
    .select({ id: listed.organizationId })
    .from(listed)
    .where(and(inArray(listed.userId, ids), isNotNull(listed.organizationId)));
  return or(inArray(promoters.userId, ids), inArray(promoters.organizationId, organizations));
}
