/**
 * The sessions running now (spec §2 /liveonlivelaps, §1 live laps; issue 10 "Live pages"): every
 * live race visitors may see, newest change first, with its event, location, clock (flag, time
 * or laps to go), number of cars and leader. One query; a second when a leader came without a name
 * from the timing software, for the registered riders' names (issue 27 "Sign-on":
 * ./registered-names.ts). A race whose feed died (no write for `LIVE_STALE_MS`,
 * lib/server/timing/live/ingest.ts) is not running any more.
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
import { withRegisteredNames } from './registered-names';
import { raceShown } from '../policy/visibility';

/** The car in position 1 of a race, as read (its name as the timing software sent it). */
type LeaderRecord = { number: string; name: string; transponder: string | null; classId: number | null };

/**
 * Live races (`races.live_state = 'live'` written within `LIVE_STALE_MS` of `now`: a race left
 * `live` by a feed that died is over) that are public, of public events of public promoters
 * (lib/server/events/visibility.ts), by last change, newest first (contract `LiveSession`,
 * lib/contracts/live.ts). `entries` counts the cars on the board (result rows); `leader` is the
 * car in position 1, null before the first passing; a leader the timing software sent without a
 * name shows its registered rider's (./registered-names.ts, naming that event's `event:{id}`).
 * Names the `live` tag; inside a page render, marks it uncacheable when a cached copy could still
 * list a session once it reads stale (lib/server/live/freshness.ts `keepUntilStale`).
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
      leader: sql<LeaderRecord | null>`(select json_build_object('number', e.race_number, 'name', trim(p.first_name || ' ' || p.last_name), 'transponder', e.transponder, 'classId', e.class_id) from results x join entries e on e.id = x.entry_id join participants p on p.id = e.participant_id where x.race_id = ${races.id} and x.position = 1 order by x.id limit 1)`,
      liveUpdatedAt: races.liveUpdatedAt,
      createdAt: races.createdAt,
    })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(and(eq(races.liveState, 'live'), gt(races.liveUpdatedAt, new Date(now - LIVE_STALE_MS)), raceShown(), eventShown()))
    .orderBy(sql`${races.liveUpdatedAt} desc nulls last`, desc(races.id));
  for (const r of rows) if (keepUntilStale(r.liveUpdatedAt, now)) break;
  const leaders = await withRegisteredNames(rows.flatMap((r) => (r.leader ? [{ ...r.leader, eventId: r.eventId, raceId: r.raceId }] : [])));
  const leaderOf = new Map(leaders.map((l) => [l.raceId, { number: l.number, name: l.name }]));
  return rows.map((r) => ({
    raceId: r.raceId,
    raceName: r.raceName,
    eventId: r.eventId,
    eventName: r.eventName,
    location: [r.location, r.city].filter(Boolean).join(', ') || null,
    clock: r.clock,
    entries: r.entries,
    leader: leaderOf.get(r.raceId) ?? null,
    updatedAt: (r.liveUpdatedAt ?? r.createdAt).toISOString(),
  }));
}
