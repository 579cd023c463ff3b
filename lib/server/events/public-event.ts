/**
 * The visibility rule of the event-page calls (spec §6 Event display, Race display; §8 "Not
 * found"): an event or race a visitor may see, else `not_found`, so hidden records answer
 * exactly like unknown ones.
 */
import 'server-only';
import { AppError } from '../../errors';
import { can } from '../policy/can';
import { raceListed } from '../policy/visibility';
import { getRace, type RaceInfo } from '../races';
import { getEvent, type EventDetails } from './get-event';

/**
 * The event when it exists and is public.
 * @throws AppError `not_found` ('Event not found') for an unknown or hidden event.
 */
export async function requirePublicEvent(id: number): Promise<EventDetails> {
  const event = await getEvent(id);
  if (!event || !can(null, 'event.view', event)) throw new AppError('not_found', 'Event not found');
  return event;
}

/**
 * The race when it exists, is shown in public and its event is public.
 * @throws AppError `not_found` ('Race not found') otherwise.
 */
export async function requirePublicRace(id: number): Promise<RaceInfo> {
  const race = await getRace(id);
  if (!race || !raceListed(race)) throw new AppError('not_found', 'Race not found');
  return race;
}
