/**
 * An event's races as the event page's accordion shows them (spec §2 Event page: races; §7
 * livelaps/promoter/event/{id}/accordionRaces): the public races in running order, each with
 * its entry and result counts and its classes.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AccordionRace } from '../../contracts/events';
import { getDb } from '../db';
import { entries, races, results } from '../db/schema';
import { raceClassCounts } from './race-classes';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { raceShown } from '../policy/visibility';

/** The public races of event `eventId` in running order with their classes (no check of the event's visibility). */
export const getAccordionRaces = cachedRead('getAccordionRaces', async function getAccordionRaces(eventId: number): Promise<AccordionRace[]> {
  tagRead(tags.event(eventId));
  const rows = await getDb()
    .select({
      id: races.id,
      name: races.name,
      kind: races.kind,
      runNumber: races.runNumber,
      startTime: races.startTime,
      entryCount: sql<number>`count(distinct ${entries.id})::int`,
      resultCount: sql<number>`count(distinct ${results.id})::int`,
    })
    .from(races)
    .leftJoin(entries, eq(entries.raceId, races.id))
    .leftJoin(results, eq(results.entryId, entries.id))
    .where(and(eq(races.eventId, eventId), raceShown()))
    .groupBy(races.id)
    .orderBy(asc(races.sortOrder), asc(races.id));
  const classes = await raceClassCounts(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, classes: classes.get(r.id) ?? [] }));
});
