/**
 * The sessions running now (spec §2 /liveonlivelaps, §1 live laps; issue 10 "Live pages"): every
 * live race visitors may see, newest change first, with its event, location, clock (flag, time
 * or laps to go), number of cars and leader. One query. A race whose feed died (no write for
 * `LIVE_STALE_MS`, lib/server/timing/live/ingest.ts) is not running any more.
 */
import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { LiveSession } from '../../contracts/live';
import { tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { events, races } from '../db/schema';
import { eventShown } from '../events/visibility';
import { LIVE_STALE_MS } from '../timing/live/ingest';
import { keepUntilStale } from './freshness';
import { raceShown } from '../policy/visibility';

/**
 * Live races (`races.live_state = 'live'` written within `LIVE_STALE_MS` of `now`: a race left
 * `live` by a feed that died is over) that are public, of public events of public promoters
 * (lib/server/events/visibility.ts), by last change, newest first (contract `LiveSession`,
 * lib/contracts/live.ts). `entries` counts the cars on the board (result rows); `leader` is the
 * car in position 1, null before the first passing. Names the `live` tag; inside a page render,
 * marks it uncacheable when a cached copy could still list a session once it reads stale
 * (lib/server/live/freshness.ts `keepUntilStale`).
 */
export async function listLiveSessions(now: number = Date.now()): Promise<LiveSession[]> {
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
    .where(and(eq(races.liveState, 'live'), gt(races.liveUpdatedAt, new Date(now - LIVE_STALE_MS)), raceShown(), eventShown()))
    .orderBy(sql`${races.liveUpdatedAt} desc nulls last`, desc(races.id));
  for (const r of rows) if (keepUntilStale(r.liveUpdatedAt, now)) break;
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
