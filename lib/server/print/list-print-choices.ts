/**
 * What an official can print (spec §2 /races/printScores, /scores/printScores; §5 Race
 * printing): the public events that have public races, newest first, and for the chosen event
 * its public races in running order with their classes (the race's own order) and whether they
 * have teams. Two queries, plus two for a chosen event.
 */
import 'server-only';
import { and, desc, eq, exists, inArray, isNotNull } from 'drizzle-orm';
import type { PrintEventChoice, PrintRaceChoice } from '../../contracts/print';
import { getDb } from '../db';
import { entries, events, races } from '../db/schema';
import { tagRead, tags } from '../cache/tags';
import { eventShown } from '../events/visibility';
import { listEventRaces } from '../events/list-event-races';
import { raceClassCounts } from '../events/race-classes';
import { raceShown } from '../policy/visibility';

export type { PrintEventChoice, PrintRaceChoice };

/** At most this many events in the selection list (the newest). */
export const PRINT_EVENT_LIMIT = 500;

export interface PrintChoices {
  events: PrintEventChoice[];
  /** The chosen event when it is public; null otherwise (none chosen, unknown or hidden). */
  event: PrintEventChoice | null;
  races: PrintRaceChoice[];
}

/** The choices of the selection page for the event `eventId` (null: none chosen yet). */
export async function listPrintChoices(eventId: number | null): Promise<PrintChoices> {
  tagRead(tags.events);
  const db = getDb();
  const list = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate })
    .from(events)
    .where(printable())
    .orderBy(desc(events.startDate), desc(events.id))
    .limit(PRINT_EVENT_LIMIT);
  const event = eventId === null ? null : (list.find((e) => e.id === eventId) ?? (await shownEvent(eventId)));
  if (!event) return { events: list, event: null, races: [] };
  const eventRaces = await listEventRaces(event.id);
  const ids = eventRaces.map((r) => r.id);
  const [classCounts, teamed] = await Promise.all([
    raceClassCounts(ids),
    ids.length
      ? db.selectDistinct({ raceId: entries.raceId }).from(entries).where(and(inArray(entries.raceId, ids), isNotNull(entries.teamId)))
      : Promise.resolve([]),
  ]);
  const withTeams = new Set(teamed.map((t) => t.raceId));
  return {
    events: list,
    event,
    races: eventRaces.map((r) => ({
      id: r.id,
      name: r.name,
      runNumber: r.runNumber,
      entryCount: r.entryCount,
      classes: (classCounts.get(r.id) ?? []).flatMap((c) => (c.name === null ? [] : [c.name])),
      hasTeams: withTeams.has(r.id),
    })),
  };
}

/** SQL: the event of the current row may be shown and has a public race (something to print). */
function printable() {
  const publicRace = getDb().select({ id: races.id }).from(races).where(and(eq(races.eventId, events.id), raceShown()));
  return and(eventShown(), exists(publicRace));
}

/** An event not in the list (beyond its limit), when it may be shown and has public races. */
async function shownEvent(id: number): Promise<PrintEventChoice | null> {
  tagRead(tags.event(id));
  const [row] = await getDb()
    .select({ id: events.id, name: events.name, startDate: events.startDate })
    .from(events)
    .where(and(eq(events.id, id), printable()));
  return row ?? null;
}
