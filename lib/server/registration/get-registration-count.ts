/**
 * An event's registration counts (spec §3 Registration: counts; §7 POST
 * livelaps/registration/getRegistrationCount `{ eventId }`): riders registered, on a waiting
 * list (issue 27) and registrations cancelled, in total and per class, with each class's capacity and spots left.
 */
import 'server-only';
import type { RegistrationCount } from '../../contracts/events';
import { offeredClasses, registrationTallies } from './queries';
import { tallyByClass } from './tally';

/** The counts of event `eventId` (no check of the event's visibility: the caller does it). */
export async function getRegistrationCount(eventId: number): Promise<RegistrationCount> {
  const [offered, tallies] = await Promise.all([offeredClasses(eventId), registrationTallies(eventId)]);
  const classes = tallyByClass(offered, tallies);
  return {
    eventId,
    registered: classes.reduce((n, c) => n + c.registered, 0),
    waiting: classes.reduce((n, c) => n + c.waiting, 0),
    cancelled: classes.reduce((n, c) => n + c.cancelled, 0),
    classes,
  };
}
