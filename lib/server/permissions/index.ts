/**
 * Display permissions (spec §6): each lookup answers 1 when allowed, 0 otherwise. For
 * anonymous visitors an event may be shown when it exists and is public; a race when it
 * exists and its event is public (a race hidden from public display still resolves, and its
 * page then says so).
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { events, races } from '../db/schema';

export type Permission = 0 | 1;

/** hasPermissionDisplayEvent/{id}/{defaultPromoterUserId} */
export async function canDisplayEvent(eventId: number): Promise<Permission> {
  const [row] = await getDb()
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.isPublic, true)));
  return row ? 1 : 0;
}

/** hasPermissionDisplayRace/{id}/{defaultPromoterUserId} */
export async function canDisplayRace(raceId: number): Promise<Permission> {
  const [row] = await getDb()
    .select({ id: races.id })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(and(eq(races.id, raceId), eq(events.isPublic, true)));
  return row ? 1 : 0;
}
