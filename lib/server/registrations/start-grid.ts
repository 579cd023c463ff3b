/**
 * The start grid of an event's classes (issue 27 "the start grid follows registration order or
 * the promoter's draw"; DESIGN.md field name "start grid"): per class the live `registered`
 * riders, those placed by the promoter's draw first (`grid_position` 1…n), then everyone else in
 * registration order (`created_at`, then id), so a rider registered after a draw goes after the
 * drawn ones. Positions are counted 1…n as shown (a cancelled rider leaves no gap). Public
 * fields only: race number, name, club (the promoter of the rider's membership valid on the
 * event's first day), city and province; never contact details. A public read: cached and tagged
 * `event:{id}` (a registration, a cancellation, a draw revalidates it).
 */
import 'server-only';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { StartGridClass } from '../../contracts/event-registration';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { getDb, type Tx } from '../db';
import { classes, eventClasses, events, participants, registrations } from '../db/schema';

/** The grid's order inside a class: drawn places first, then registration order. */
export const startGridOrder: SQL[] = [sql`${registrations.gridPosition} asc nulls last`, sql`${registrations.createdAt} asc`, sql`${registrations.id} asc`];

/** The club a rider rides for at the event: the promoter named on their membership valid on the event's first day (the latest such). */
const clubOf = sql<string | null>`(
  select p.name from memberships m join promoters p on p.id = m.promoter_id
  where m.participant_id = ${registrations.participantId} and m.valid_from <= ${events.startDate} and m.valid_until >= ${events.startDate}
  order by m.valid_from desc, m.id desc limit 1)`;

/**
 * The start grid of event `eventId` (no check of the event's visibility: the caller applied it),
 * class `classId` only when given, read in `tx` when given (a draw answers what it wrote). Classes
 * in the event's order; a class without a registered rider is left out.
 */
export async function readStartGrid(eventId: number, classId?: number, tx?: Tx): Promise<StartGridClass[]> {
  const rows = await (tx ?? getDb())
    .select({
      registrationId: registrations.id,
      classId: registrations.classId,
      className: classes.name,
      gridPosition: registrations.gridPosition,
      number: registrations.raceNumber,
      firstName: participants.firstName,
      lastName: participants.lastName,
      club: clubOf,
      city: participants.city,
      state: participants.state,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .leftJoin(eventClasses, and(eq(eventClasses.eventId, registrations.eventId), eq(eventClasses.classId, registrations.classId)))
    .where(and(eq(registrations.eventId, eventId), eq(registrations.state, 'registered'), classId === undefined ? undefined : eq(registrations.classId, classId)))
    .orderBy(sql`${eventClasses.sortOrder} asc nulls last`, asc(classes.sortOrder), asc(classes.name), asc(classes.id), ...startGridOrder);
  const grid: StartGridClass[] = [];
  for (const row of rows) {
    let cls = grid.at(-1);
    if (!cls || cls.classId !== row.classId) grid.push((cls = { classId: row.classId, className: row.className, drawn: false, rows: [] }));
    if (row.gridPosition !== null) cls.drawn = true;
    cls.rows.push({ registrationId: row.registrationId, position: cls.rows.length + 1, number: row.number, firstName: row.firstName, lastName: row.lastName, club: row.club, city: row.city, state: row.state });
  }
  return grid;
}

/** The start grid of public event `eventId` as the registration tab shows it (see the module's docstring); cached, tagged `event:{id}`. */
export const getStartGrid = cachedRead('getStartGrid', async function getStartGrid(eventId: number): Promise<StartGridClass[]> {
  tagRead(tags.event(eventId));
  return readStartGrid(eventId);
});
