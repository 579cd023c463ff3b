/**
 * GET users/current/hasPermissionDisplaySeries/{id}/{defaultPromoterUserId} (spec §6 Series
 * display without a default promoter list, §7 Permission calls).
 */
import 'server-only';
import type { Permission } from '../../contracts/permissions';
import { canDisplaySeriesForPromoter } from './display-series-for-promoter';

/**
 * 1 when the series exists, is public, and belongs to the promoter with user id
 * `defaultPromoterUserId` (public) or to a club of that promoter's organization; else 0.
 * The one-promoter form of `canDisplaySeriesForPromoter`. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canDisplaySeries(id: number, defaultPromoterUserId: number): Promise<Permission> {
  return canDisplaySeriesForPromoter(id, [defaultPromoterUserId]);
}
