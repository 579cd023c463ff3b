/**
 * An event's registrations as table rows (spec §3 Registration: rows; §7 POST
 * livelaps/registration/loadRows `{ eventId }`): one row per registration, cancelled ones
 * included and marked, registered ones first. Public fields only (no email, phone, birthday).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { RegistrationRow } from '../../contracts/events';
import { getDb } from '../db';
import { classes, eventClasses, participants, registrations } from '../db/schema';
import { FEDERATION_TIME_ZONE } from '../../config';
import { registrationOrder } from './get-registrants';

/** Every registration of event `eventId` (no check of the event's visibility). */
export async function loadRows(eventId: number): Promise<RegistrationRow[]> {
  return getDb()
    .select({
      id: registrations.id,
      number: registrations.raceNumber,
      firstName: participants.firstName,
      lastName: participants.lastName,
      className: classes.name,
      brand: registrations.brand,
      city: participants.city,
      state: participants.state,
      status: registrations.state,
      registeredOn: sql<string>`to_char(${registrations.createdAt} at time zone ${FEDERATION_TIME_ZONE}, 'YYYY-MM-DD')`,
    })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .leftJoin(eventClasses, and(eq(eventClasses.eventId, registrations.eventId), eq(eventClasses.classId, registrations.classId)))
    .where(eq(registrations.eventId, eventId))
    .orderBy(sql`${registrations.state} = 'cancelled'`, ...registrationOrder);
}
