/**
 * An event's public races in running order (spec §2 /events/{id}, /eventScores/{id}; §7
 * livelaps/promoter/event/{id}/races, livelaps/race/event/{id}).
 */
import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { entries, races } from '../db/schema';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { raceShown } from '../policy/visibility';

export interface EventRace {
  id: number;
  name: string;
  kind: 'sprint' | 'enduro';
  runNumber: number | null;
  startTime: string | null;
  entryCount: number;
}

/** The public races of an event in running order, with their entry counts. */
export const listEventRaces = cachedRead('listEventRaces', async function listEventRaces(eventId: number): Promise<EventRace[]> {
  tagRead(tags.event(eventId));
  return getDb()
    .select({
      id: races.id,
      name: races.name,
      kind: races.kind,
      runNumber: races.runNumber,
      startTime: races.startTime,
      entryCount: count(entries.id),
    })
    .from(races)
    .leftJoin(entries, eq(entries.raceId, races.id))
    .where(and(eq(races.eventId, eventId), raceShown()))
    .groupBy(races.id)
    .orderBy(asc(races.sortOrder), asc(races.id));
});
