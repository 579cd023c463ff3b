/**
 * A live race's board (spec §1 live laps, §2 /liveonlivelaps and the live race page; issue 10
 * "Live pages"): the rows in position order with gap and diff, the flag and time or laps to go
 * from the last `$F`, and each car's position change on its last lap. The SSE hub
 * (lib/server/timing/live/sse.ts) reads it once per change for every viewer of the race, so it
 * costs two small queries: the race, then the rows with the position each car had when it
 * completed its previous lap (ranked in SQL from the finish-line passings); a third when a car
 * came without a name from the timing software, for the registered riders' names (issue 27
 * "Sign-on": ./registered-names.ts). Times are ms.
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { LiveBoard, LiveRow, LiveState } from '../../contracts/live';
import type { RaceClock } from '../../contracts/results';
import { tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { events, races } from '../db/schema';
import { eventShown } from '../events/visibility';
import { keepUntilStale, liveStateAt } from './freshness';
import { withRegisteredNames } from './registered-names';
import { raceShown } from '../policy/visibility';

/** One row as read from the database, before the gap, diff and change are worked out. */
export interface LiveRowInput {
  entryId: number;
  position: number | null;
  number: string;
  name: string;
  className: string | null;
  laps: number | null;
  lastLapMs: number | null;
  bestLapMs: number | null;
  /** Elapsed time at the last lap completed, ms. */
  totalTimeMs: number | null;
  /** The gap and diff the ranking stored (used when total times are unknown). */
  gapMs: number | null;
  diffMs: number | null;
  /** Position when the car completed its previous lap (crossing order on that lap), null when unknown. */
  previousPosition: number | null;
}

/**
 * The board's rows from the rows read, in the order given (position order): gap to the leader
 * and diff to the car ahead in ms when on the same lap (from total times, else the stored
 * values), `gapLaps` = laps behind the leader (0 on the lead lap, null when unknown), and
 * `change` = previous position − position (positions gained on the last lap; 0 when unknown).
 */
export function toLiveRows(input: readonly LiveRowInput[]): LiveRow[] {
  const leader = input[0];
  return input.map((r, i) => {
    const ahead = i > 0 ? input[i - 1] : null;
    const lapsBehind = leader && r.laps !== null && leader.laps !== null ? Math.max(0, leader.laps - r.laps) : null;
    const sameLap = (other: LiveRowInput) => other.laps !== null && other.laps === r.laps;
    const timeTo = (other: LiveRowInput, stored: number | null) =>
      other.totalTimeMs !== null && r.totalTimeMs !== null ? Math.max(0, r.totalTimeMs - other.totalTimeMs) : stored;
    let gapMs: number | null = null;
    let diffMs: number | null = null;
    if (i > 0 && leader && (lapsBehind === 0 || (lapsBehind === null && r.gapMs !== null))) gapMs = timeTo(leader, r.gapMs);
    if (ahead && (sameLap(ahead) || (r.laps === null && r.diffMs !== null))) diffMs = timeTo(ahead, r.diffMs);
    const change = r.previousPosition !== null && r.position !== null ? r.previousPosition - r.position : 0;
    return {
      entryId: r.entryId,
      position: r.position,
      number: r.number,
      name: r.name,
      className: r.className,
      laps: r.laps,
      lastLapMs: r.lastLapMs,
      bestLapMs: r.bestLapMs,
      gapMs,
      gapLaps: i === 0 ? (lapsBehind === null ? null : 0) : lapsBehind,
      diffMs,
      change,
    };
  });
}

type RowRecord = {
  entry_id: number;
  position: number | null;
  number: string;
  first_name: string;
  last_name: string;
  transponder: string | null;
  class_id: number | null;
  class_name: string | null;
  laps: number | null;
  last_lap_ms: number | null;
  best_lap_ms: number | null;
  total_time_ms: number | null;
  gap_ms: number | null;
  diff_ms: number | null;
  previous_position: string | number | null;
};

/** A row as read, with what names its car when the timing software did not (./registered-names.ts). */
type ReadRow = LiveRowInput & { eventId: number; transponder: string | null; classId: number | null };

/**
 * The rows of race `raceId` (of event `eventId`) in position order (unplaced last, by number:
 * numerically when the number is a whole number — "2" before "10" — then the others as text),
 * each with the transponder and class that name an unnamed car (./registered-names.ts) and the
 * position it held when completing its previous lap: the finish-line passings (section null,
 * lap ≥ 0, one per car and lap) ranked by total time within each lap give each car's place at
 * every crossing; the previous lap of a car is its last crossing's lap − 1.
 */
async function readRows(raceId: number, eventId: number): Promise<ReadRow[]> {
  const { rows } = await getDb().execute<RowRecord>(sql`
    with crossing as (
      select distinct on (entry_id, lap_number) entry_id, lap_number, total_time_ms
      from passings
      where race_id = ${raceId} and section is null and lap_number >= 0 and total_time_ms is not null
      order by entry_id, lap_number, total_time_ms
    ),
    ranked as (
      select entry_id, lap_number, rank() over (partition by lap_number order by total_time_ms) as place
      from crossing
    ),
    last_lap as (
      select entry_id, max(lap_number) as lap from crossing group by entry_id
    )
    select r.entry_id, r.position, e.race_number as number, p.first_name, p.last_name, e.transponder, e.class_id, c.name as class_name,
      r.laps, r.last_lap_ms, r.best_lap_ms, r.total_time_ms, r.gap_ms, r.diff_ms,
      prev.place as previous_position
    from results r
    join entries e on e.id = r.entry_id
    join participants p on p.id = e.participant_id
    left join classes c on c.id = e.class_id
    left join last_lap l on l.entry_id = r.entry_id
    left join ranked prev on prev.entry_id = r.entry_id and prev.lap_number = l.lap - 1
    where r.race_id = ${raceId}
    order by r.position asc nulls last,
      case when e.race_number ~ '^[0-9]{1,30}$' then e.race_number::numeric end asc nulls last,
      e.race_number asc, r.entry_id asc`);
  return rows.map((r) => ({
    entryId: r.entry_id,
    position: r.position,
    number: r.number,
    name: `${r.first_name} ${r.last_name}`.trim(),
    eventId,
    transponder: r.transponder,
    classId: r.class_id,
    className: r.class_name,
    laps: r.laps,
    lastLapMs: r.last_lap_ms,
    bestLapMs: r.best_lap_ms,
    totalTimeMs: r.total_time_ms,
    gapMs: r.gap_ms,
    diffMs: r.diff_ms,
    previousPosition: r.previous_position === null ? null : Number(r.previous_position),
  }));
}

/** The live head of a race a visitor may see, or null. */
export interface LiveRaceHead {
  raceId: number;
  eventId: number;
  raceName: string;
  eventName: string;
  state: LiveState;
  seq: number;
  clock: RaceClock | null;
  updatedAt: string;
}

/**
 * The live state of race `raceId` when it has one (`live` or `finished`) and visitors may see it
 * (the race is public, its event and promoter too: lib/server/events/visibility.ts); null for an
 * unknown, hidden or imported (never live) race. One query.
 *
 * A race still `live` whose last write (`live_updated_at`) is older than `LIVE_STALE_MS` (its feed
 * died without finishing it) reads as `finished` (lib/server/live/freshness.ts). Inside a page
 * render, a head read as `live` marks the render uncacheable when a cached copy could outlive
 * that moment (`keepUntilStale`), so no cached live page is served once the race reads stale.
 */
export async function getLiveRaceHead(raceId: number, now: number = Date.now()): Promise<LiveRaceHead | null> {
  const [race] = await getDb()
    .select({
      raceId: races.id,
      eventId: races.eventId,
      raceName: races.name,
      eventName: events.name,
      state: races.liveState,
      seq: races.liveSeq,
      clock: races.clock,
      liveUpdatedAt: races.liveUpdatedAt,
      createdAt: races.createdAt,
    })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .where(and(eq(races.id, raceId), raceShown(), eventShown()));
  if (!race?.state) return null;
  const { liveUpdatedAt, createdAt, ...head } = race;
  const state = liveStateAt(race.state, liveUpdatedAt, now);
  if (state === 'live') keepUntilStale(liveUpdatedAt, now);
  return { ...head, state, updatedAt: (liveUpdatedAt ?? createdAt).toISOString() };
}

/**
 * The board of live race `raceId` (contract `LiveBoard`, lib/contracts/live.ts): null when the
 * race is unknown, not public (race, event or promoter hidden) or was never live; a `finished`
 * race (a stale one included: see `getLiveRaceHead`) still answers (its last board), so the hub
 * can say `end` — unless `liveOnly` (the race page: the board only while the session runs, no
 * rows read otherwise). Rows in position order; `gapMs` / `diffMs` in ms between cars on the
 * same lap, `gapLaps` laps behind the leader, `change` positions gained (+) or lost (−) on the
 * car's last lap. A car the timing software sent without a name shows its registered rider's
 * (issue 27; the rule: ./registered-names.ts). Names `race:{id}`, and `event:{id}` when a car
 * needed a registered name.
 */
export async function getLiveBoard(raceId: number, { liveOnly = false, now }: { liveOnly?: boolean; now?: number } = {}): Promise<LiveBoard | null> {
  tagRead(tags.race(raceId));
  const head = await getLiveRaceHead(raceId, now);
  if (!head || (liveOnly && head.state !== 'live')) return null;
  const rows = toLiveRows(await withRegisteredNames(await readRows(raceId, head.eventId)));
  return { ...head, rows };
}
