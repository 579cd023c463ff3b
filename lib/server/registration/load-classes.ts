/**
 * The classes an event offers for registration (spec §3 Registration: classes; §7 POST
 * livelaps/registration/loadClasses `{ eventId }`): entry fee in cents (CAD) with its early and
 * late fees (issue 27), age limits, capacity, riders registered, waiting and spots left.
 */
import 'server-only';
import type { EventClassOffer } from '../../contracts/events';
import { offeredClasses, registrationTallies } from './queries';
import { spotsLeft } from './tally';

/** The classes event `eventId` offers, in the event's order (no check of the event's visibility). */
export async function loadClasses(eventId: number): Promise<EventClassOffer[]> {
  const [offered, tallies] = await Promise.all([offeredClasses(eventId), registrationTallies(eventId)]);
  return offered.map((c) => {
    const count = (state: 'registered' | 'waiting') => tallies.filter((t) => t.classId === c.classId && t.state === state).reduce((n, t) => n + t.count, 0);
    const registered = count('registered');
    return { ...c, registered, waiting: count('waiting'), spotsLeft: spotsLeft(c.capacity, registered) };
  });
}
