/**
 * GET users/current/hasPermissionDisplaySeriesForPromoter/{id}/{promoters} (spec §6 Series
 * display with the default promoter list configured, §7 Permission calls).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { seriesShownJoined } from '../policy/visibility';
import type { Permission } from '../../contracts/permissions';
import { getDb } from '../db';
import { promoters, series } from '../db/schema';
import { inPromoterScope } from './promoter-scope';

/**
 * 1 when the series (championship) exists, is public, its promoter is public, and that
 * promoter is one of `promoterUserIds` (promoter user ids: the default promoter list) or a club
 * of the same organization as one of them; with an empty list any public promoter's public
 * series answers 1. Else 0. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canDisplaySeriesForPromoter(id: number, promoterUserIds: readonly number[]): Promise<Permission> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(series)
    .innerJoin(promoters, eq(promoters.id, series.promoterId))
    .where(and(eq(series.id, id), seriesShownJoined(), inPromoterScope(promoterUserIds)))
    .limit(1);
  return row ? 1 : 0;
}
