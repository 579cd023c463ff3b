/**
 * A race's participants as data-table rows (spec §7 POST livelaps/promoter/event/getParticipantsDT
 * `{ configId?, raceId }`): every entry, by race number. Only what the results pages show
 * publicly (name, number, class, brand, team, city, state, country, start grid).
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { ParticipantRow } from '../../contracts/events';
import { getDb } from '../db';
import { classGroups, classes, entries, participants, teams } from '../db/schema';
import { tagRead, tags } from '../cache/tags';

/** The entries of race `raceId`, by race number (numbers first in numeric order, then names). */
export async function getParticipantsDT(raceId: number): Promise<ParticipantRow[]> {
  tagRead(tags.race(raceId));
  return getDb()
    .select({
      entryId: entries.id,
      number: entries.raceNumber,
      firstName: participants.firstName,
      lastName: participants.lastName,
      className: classes.name,
      classGroup: classGroups.name,
      brand: entries.brand,
      team: sql<string | null>`coalesce(${teams.name}, ${entries.teamName})`,
      city: participants.city,
      state: participants.state,
      country: participants.country,
      gridPosition: entries.gridPosition,
      gridLabel: entries.gridLabel,
    })
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .leftJoin(teams, eq(teams.id, entries.teamId))
    .where(eq(entries.raceId, raceId))
    .orderBy(
      sql`case when ${entries.raceNumber} ~ '^[0-9]{1,9}$' then ${entries.raceNumber}::int end asc nulls last`,
      sql`${entries.raceNumber} asc`,
      participants.lastName,
      participants.firstName,
    );
}
