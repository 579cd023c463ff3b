/**
 * The entry list for timing software (issue 27 "The entry list exports for timing software
 * (number, name, class, transponder as CSV)"): every registered rider of an event (not the waiting
 * list, not cancelled), by class (the event's order) then in start-grid order (the promoter's draw,
 * else registration order: ./start-grid.ts), as `Number,First name,Last name,Class,
 * Transponder` (a rented transponder reads `RENTAL` until sign-on gives its number). For the
 * event's promoter staff and federation admins (`registrations.list`); anyone else `not_found`.
 * CSV as the site writes it (lib/server/http/csv.ts: UTF-8 with a BOM, formulas neutralised).
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { fileSlug } from '../../format';
import { getDb } from '../db';
import { classes, eventClasses, events, participants, registrations } from '../db/schema';
import { toCsv } from '../http/csv';
import { assertAllowed, type Viewer } from '../policy';
import { startGridOrder } from './start-grid';

/** The file: its text and its name (`entries-motocross-des-pins.csv`). */
export interface EntryListFile {
  body: string;
  filename: string;
}

/** The header row (timing software maps columns by these names). */
export const ENTRY_LIST_HEADER = ['Number', 'First name', 'Last name', 'Class', 'Transponder'] as const;

/**
 * The entry list of event `eventId` for `viewer`.
 * @throws AppError `unauthenticated`; `not_found` (no such event, or not the viewer's).
 */
export async function exportEntryList(viewer: Viewer, eventId: number): Promise<EntryListFile> {
  if (viewer === null) throw new AppError('unauthenticated');
  const db = getDb();
  const [event] = await db.select({ name: events.name, promoterId: events.promoterId }).from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found');
  assertAllowed(viewer, 'registrations.list', { promoterId: event.promoterId });
  const rows = await db
    .select({ number: registrations.raceNumber, firstName: participants.firstName, lastName: participants.lastName, className: classes.name, transponder: registrations.transponder, rental: registrations.transponderRental })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .leftJoin(eventClasses, and(eq(eventClasses.eventId, registrations.eventId), eq(eventClasses.classId, registrations.classId)))
    .where(and(eq(registrations.eventId, eventId), eq(registrations.state, 'registered')))
    .orderBy(sql`${eventClasses.sortOrder} asc nulls last`, asc(classes.sortOrder), asc(classes.name), asc(classes.id), ...startGridOrder);
  const body = toCsv([ENTRY_LIST_HEADER, ...rows.map((r) => [r.number ?? '', r.firstName, r.lastName, r.className, r.transponder ?? (r.rental ? 'RENTAL' : '')])]);
  return { body, filename: `entries-${fileSlug([event.name], 'event')}.csv` };
}
