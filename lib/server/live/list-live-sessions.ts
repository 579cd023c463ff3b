/**
 * The sessions running now (spec §2 /liveonlivelaps, §1 live laps; issue 10 "Live pages"): every
 * live race visitors may see, newest change first, with its event, location, clock (flag, time
 * or laps to go), number of cars and leader. One query.
 */
import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LiveSession } from '../../contracts/live';
import { tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { events, races } from '../db/schema';
import { eventShown } from '../events/visibility';

/**
 * Live races (`races.live_state = 'live'`) that are public, of public events of public promoters
 * (lib/server/events/visibility.ts), by last change, newest first (contract `LiveSession`,
 * lib/contracts/live.ts). `entries` counts the cars on the board (result rows); `leader` is the
 * car in position 1, null before the first passing. Names the `live` tag.
 */
export async function listLiveSessions(): Promise<LiveSession[]> {
  tagRead(tags.live);
  const rows = await getDb()
    .select({
      raceId: races.id,
      raceName: races.name,
      eventId: events.id,
      eventName: events.name,
      location: events.location,
      city: events.city,
      clock: races.clock,
      entries: sql<number>`(select count(*) from results x where x.race_id = ${races.id})`.mapWith(Number),
      leaderNumber: sql<string | null>`(select e.race_number from results x join entries e on e.id = x.entry_id where x.race_id = ${races.id} and x.position = 1 order by x.id limit 1)`,
      leaderName: sql<string | null>`(select trim(p.first_name || ' ' || p.last_name) from results x join entries e on e.id = x.entry_id join participants p on p.id = e.participant_id where x.race_id = ${races.id} and x.position = 1 order by x.id limit 1)`,
      liveUpdatedAt: races.liveUpdatedAt,
      createdAt: races.createdAt,
    })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(and(eq(races.liveState, 'live'), eq(races.isPublic, true), eventShown()))
    .orderBy(sql`${races.liveUpdatedAt} desc nulls last`, desc(races.id));
  return rows.map((r) => ({
    raceId: r.raceId,
    raceName: r.raceName,
    eventId: r.eventId,
    eventName: r.eventName,
    location: [r.location, r.city].filter(Boolean).join(', ') || null,
    clock: r.clock,
    entries: r.entries,
    leader: r.leaderNumber !== null && r.leaderName !== null ? { number: r.leaderNumber, name: r.leaderName } : null,
    updatedAt: (r.liveUpdatedAt ?? r.createdAt).toISOString(),
  }));
}
