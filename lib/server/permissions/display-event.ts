/**
 * GET users/current/hasPermissionDisplayEvent/{id}/{defaultPromoterUserId} (spec §6 Event
 * display, §7 Permission calls).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { eventShownJoined } from '../policy/visibility';
import type { Permission } from '../../contracts/permissions';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';

/**
 * 1 when the event exists, is public (events.is_public) and its promoter is public
 * (promoters.is_public), else 0. Events of every promoter may be shown, not only the default
 * promoter's: `defaultPromoterUserId` is part of the call but does not narrow it. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canDisplayEvent(id: number, _defaultPromoterUserId?: number): Promise<Permission> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(eq(events.id, id), eventShownJoined()))
    .limit(1);
  return row ? 1 : 0;
}
