/**
 * Display permissions (spec §6): each lookup answers 1 when allowed, 0 otherwise. For
 * anonymous visitors an event may be shown when it exists and is public; a race when it
 * exists and its event is public (a race hidden from public display still resolves, and its
 * page then says 'Race is not available for public display').
 */
import 'server-only';
import { isDatabaseUnavailable } from '../db/availability';
import { parseOptionalId } from '../../contracts/ids';
import { getEvent, type EventDetails } from '../events';
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

/**
 * A display check as the pages run it (spec §6): a check that fails or errors counts as "not
 * allowed", except when the database cannot be reached: that is an outage, not a refusal, and
 * is rethrown so the visitor gets 503 "temporarily unavailable" instead of a redirect.
 */
export async function permitted(check: Promise<Permission>): Promise<boolean> {
  try {
    return (await check) === 1;
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    console.error('[permissions] lookup failed:', err instanceof Error ? err.message : err);
    return false;
  }
}

/**
 * The event of an `/events/{id?}`-style route when the visitor may see it (spec §6 Event
 * display): null with no id, a malformed one, or when the lookup is not 1 or fails (the page
 * then goes to the default promoter's results). A database outage is rethrown (503).
 */
export async function displayableEvent(segments: string[] | undefined): Promise<EventDetails | null> {
  const id = parseOptionalId(segments);
  return id !== null && (await permitted(canDisplayEvent(id))) ? getEvent(id) : null;
}
