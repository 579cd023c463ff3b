/**
 * The start grid of each public race of an event (spec §2 Event page: start grid; §7 GET
 * livelaps/promoter/event/{id}/racesStartGrid): the riders by grid slot, gate pick or enduro
 * start row, from the entries (entries.grid_position, entries.grid_label).
 */
import 'server-only';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { StartGridRace, StartGridRow } from '../../contracts/events';
import { getDb } from '../db';
import { classes, entries, participants, races } from '../db/schema';
import { tagRead, tags } from '../cache/tags';
import { raceShown } from '../policy/visibility';

const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/**
 * Grid order: by position (1 = front; rows without one after), then by label in natural order
 * (`23A` before `23B`, `9` before `10`), then by race number.
 */
export function compareGridRows(a: StartGridRow, b: StartGridRow): number {
  return (
    (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) ||
    (a.label === null ? 1 : 0) - (b.label === null ? 1 : 0) ||
    natural(a.label ?? '', b.label ?? '') ||
    natural(a.number, b.number)
  );
}

/**
 * The public races of event `eventId` in running order, each with its riders in grid order;
 * a race with no grid published has no rows. No check of the event's visibility.
 */
export async function getRacesStartGrid(eventId: number): Promise<StartGridRace[]> {
  tagRead(tags.event(eventId));
  const db = getDb();
  const list = await db
    .select({ raceId: races.id, name: races.name, kind: races.kind, runNumber: races.runNumber })
    .from(races)
    .where(and(eq(races.eventId, eventId), raceShown()))
    .orderBy(asc(races.sortOrder), asc(races.id));
  if (!list.length) return [];
  const rows = await db
    .select({
      raceId: entries.raceId,
      entryId: entries.id,
      position: entries.gridPosition,
      label: entries.gridLabel,
      number: entries.raceNumber,
      firstName: participants.firstName,
      lastName: participants.lastName,
      className: classes.name,
    })
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .where(
      and(
        inArray(
          entries.raceId,
          list.map((r) => r.raceId),
        ),
        or(isNotNull(entries.gridPosition), isNotNull(entries.gridLabel)),
      ),
    );
  return list.map((race) => ({
    ...race,
    rows: rows
      .filter((r) => r.raceId === race.raceId)
      .map(({ raceId: _race, ...row }) => row)
      .sort(compareGridRows),
  }));
}
