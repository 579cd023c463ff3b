/**
 * GET users/current/hasPermissionDisplayRace/{id}/{defaultPromoterUserId}, also called as
 * …/hasPermissionDisplayRace/{id} (spec §6 Race display, §7 Permission calls).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { eventShownJoined } from '../policy/visibility';
import type { Permission } from '../../contracts/permissions';
import { getDb } from '../db';
import { events, promoters, races } from '../db/schema';

/**
 * 1 when the race exists and its event may be displayed (the event public and its promoter
 * public), else 0. A race hidden from public display (races.is_public false) still answers 1:
 * its page then says 'Race is not available for public display' (spec §6, §8 Results).
 * `defaultPromoterUserId` does not narrow the answer. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canDisplayRace(id: number, _defaultPromoterUserId?: number): Promise<Permission> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(eq(races.id, id), eventShownJoined()))
    .limit(1);
  return row ? 1 : 0;
}
