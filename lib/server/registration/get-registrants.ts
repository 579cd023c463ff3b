/**
 * The riders registered for an event (spec §3 Registration: registrants; §7 POST
 * livelaps/registration/getRegistrants `{ eventId }`): name, race number, class, city and
 * state; cancelled registrations left out. Contact details (email, phone) and birthdays are
 * never read here.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Registrant } from '../../contracts/events';
import { getDb } from '../db';
import { classes, eventClasses, participants, registrations } from '../db/schema';
import { byName } from '../db/order';

/** Orders registrations: the event's class order, then race number (numeric first), then name. */
export const registrationOrder = [
  sql`${eventClasses.sortOrder} asc nulls last`,
  asc(classes.sortOrder),
  asc(classes.name),
  sql`case when ${registrations.raceNumber} ~ '^[0-9]{1,9}$' then ${registrations.raceNumber}::int end asc nulls last`,
  sql`${registrations.raceNumber} asc nulls last`,
  byName(participants.lastName),
  byName(participants.firstName),
];

/** The registered riders of event `eventId` (no check of the event's visibility). */
export async function getRegistrants(eventId: number): Promise<Registrant[]> {
  return getDb()
    .select({
      number: registrations.raceNumber,
      firstName: participants.firstName,
      lastName: participants.lastName,
      className: classes.name,
      city: participants.city,
      state: participants.state,
    })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .leftJoin(eventClasses, and(eq(eventClasses.eventId, registrations.eventId), eq(eventClasses.classId, registrations.classId)))
    .where(and(eq(registrations.eventId, eventId), eq(registrations.state, 'registered')))
    .orderBy(...registrationOrder);
}
