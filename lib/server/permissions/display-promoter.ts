/**
 * POST users/current/hasPermissionForPromoterId/{id} with `{ users_id }` (spec §6 Promoter
 * display, §7 Permission calls).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { promoterShown } from '../policy/visibility';
import type { Permission } from '../../contracts/permissions';
import { getDb } from '../db';
import { promoters } from '../db/schema';
import { inPromoterScope } from './promoter-scope';

/**
 * 1 when the promoter with user id `promoterUserId` exists, is public, and is one of
 * `usersId` (the default promoter list, promoter user ids) or a club of the same organization
 * as one of them; with an empty list any public promoter answers 1. Else 0. Ids in the list
 * that name no promoter simply match nothing. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canDisplayPromoter(promoterUserId: number, usersId: readonly number[]): Promise<Permission> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(promoters)
    .where(and(eq(promoters.userId, promoterUserId), promoterShown(), inPromoterScope(usersId)))
    .limit(1);
  return row ? 1 : 0;
}
