/**
 * When the event's newest passing arrived (issue 24 "status (last passing …)"): the newest
 * `passings.written_at` among the event's races a live feed wrote (`races.live_run_key` set).
 * Read from the database, so it is right whichever process runs the feed (this site instance,
 * another one, `npm run live`). Finish-line passings carry no time of their own in RMonitor
 * (`read_time` is null for `$J`), hence the row's write time.
 */
import 'server-only';
import { and, eq, isNotNull, max } from 'drizzle-orm';
import type { Db } from '../../db';
import { passings, races } from '../../db/schema';

/** The write time of the newest passing of event `eventId`'s live races, or null when none. */
export async function lastPassingAt(db: Db, eventId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(passings.writtenAt) })
    .from(passings)
    .innerJoin(races, eq(races.id, passings.raceId))
    .where(and(eq(races.eventId, eventId), isNotNull(races.liveRunKey)));
  return row?.at ?? null;
}
