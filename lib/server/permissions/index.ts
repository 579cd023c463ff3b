/**
 * Display permissions (spec §6): each lookup answers 1 when allowed, 0 otherwise. For
 * anonymous visitors an event may be shown when it exists and is public; a race when it
 * exists and its event is public (a race hidden from public display still resolves, and its
 * page then says 'Race is not available for public display').
 */
import 'server-only';
import { getEvent } from '../events';
import { getRace } from '../races';

export type Permission = 0 | 1;

/** hasPermissionDisplayEvent/{id}/{defaultPromoterUserId} */
export async function canDisplayEvent(eventId: number): Promise<Permission> {
  const event = await getEvent(eventId);
  return event?.isPublic ? 1 : 0;
}

/** hasPermissionDisplayRace/{id}/{defaultPromoterUserId} */
export async function canDisplayRace(raceId: number): Promise<Permission> {
  const race = await getRace(raceId);
  return race?.event.isPublic ? 1 : 0;
}
