/**
 * Tests only: writes a small hand-built live race into a test database with Drizzle, the way the
 * live feed's ingest leaves it (races.live_state / live_seq / clock, entries, results recomputed,
 * finish-line passings with lap numbers and total times). Used by the board and session tests
 * (lib/server/live/*.test.ts) and tests/integration/live-api.test.ts.
 *
 * The race: three cars and one without a passing.
 *   lap 0 (start): #1 1.000 s, #2 2.000 s, #3 3.000 s
 *   lap 1:         #2 61.000, #1 62.000, #3 65.000
 *   lap 2:         #2 121.000, #3 123.000 (passes #1), #1 125.000
 *   lap 3:         #2 180.000
 * Board: #2 P1 (3 laps, change 0); #3 P2 (2 laps, 1 lap down, +1); #1 P3 (2 laps, diff 2.000 s
 * to #3, −1); #4 unplaced, no laps.
 */
import { eq } from 'drizzle-orm';
import type { RaceClock } from '../../lib/contracts/results';
import type { Db } from '../../lib/server/db';
import { entries, events, participants, passings, promoters, races, results } from '../../lib/server/db/schema';

export interface TestLiveRace {
  eventId: number;
  raceId: number;
  /** entry id by race number. */
  entryIds: Record<string, number>;
}

const CARS = [
  { number: '1', firstName: 'Ana', lastName: 'Lopes', position: 3, laps: 2, total: 125_000, lastLap: 63_000, best: 61_000, crossings: [1_000, 62_000, 125_000] },
  { number: '2', firstName: 'Bea', lastName: 'Roy', position: 1, laps: 3, total: 180_000, lastLap: 59_000, best: 59_000, crossings: [2_000, 61_000, 121_000, 180_000] },
  { number: '3', firstName: 'Cy', lastName: 'Tremblay', position: 2, laps: 2, total: 123_000, lastLap: 58_000, best: 58_000, crossings: [3_000, 65_000, 123_000] },
  { number: '4', firstName: 'Dee', lastName: 'Nadeau', position: null, laps: null, total: null, lastLap: null, best: null, crossings: [] },
] as const;

export const TEST_CLOCK: RaceClock = { flag: 'Green', lapsToGo: null, timeToGoMs: 1_200_000, timeOfDay: '10:00:00', raceTimeMs: 180_000 };

/**
 * Writes an event (public unless told) with one race in `state` (`live` by default, seq 12) and
 * the cars above, plus one unplaced car without a passing per number of `moreUnplaced`.
 * `updatedAt` sets races.live_updated_at (default: now).
 */
export async function writeTestLiveRace(
  db: Db,
  options: { eventName?: string; raceName?: string; state?: 'live' | 'finished' | null; seq?: number; eventPublic?: boolean; racePublic?: boolean; updatedAt?: Date; moreUnplaced?: string[] } = {},
): Promise<TestLiveRace> {
  const [promoter] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, 1));
  const [event] = await db
    .insert(events)
    .values({ promoterId: promoter.id, name: options.eventName ?? 'Live Test Event', startDate: '2026-11-23', location: 'Test Track', city: 'Deschambault', isPublic: options.eventPublic ?? true })
    .returning({ id: events.id });
  const [race] = await db
    .insert(races)
    .values({
      eventId: event.id,
      name: options.raceName ?? 'Live Test Race',
      isPublic: options.racePublic ?? true,
      config: { classes: [], clases_team: [], columns: ['position', 'number', 'name', 'laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'state'], team_columns: [], sections: [] },
      clock: TEST_CLOCK,
      liveState: options.state === undefined ? 'live' : options.state,
      liveRunKey: '1|Live Test Race',
      liveSeq: options.seq ?? 12,
      liveUpdatedAt: options.updatedAt ?? new Date(),
    })
    .returning({ id: races.id });
  const entryIds: Record<string, number> = {};
  const more = (options.moreUnplaced ?? []).map((number) => ({ ...CARS[3], number, firstName: 'Car', lastName: number }));
  for (const car of [...CARS, ...more]) {
    const [person] = await db.insert(participants).values({ firstName: car.firstName, lastName: car.lastName }).returning({ id: participants.id });
    const [entry] = await db.insert(entries).values({ raceId: race.id, participantId: person.id, sourceKey: car.number, raceNumber: car.number }).returning({ id: entries.id });
    entryIds[car.number] = entry.id;
    await db.insert(results).values({
      raceId: race.id,
      entryId: entry.id,
      position: car.position,
      laps: car.laps,
      totalTimeMs: car.total,
      lastLapMs: car.lastLap,
      bestLapMs: car.best,
      state: 'running',
    });
    if (car.crossings.length) {
      await db.insert(passings).values(
        car.crossings.map((total, lap) => ({ raceId: race.id, entryId: entry.id, lapNumber: lap, totalTimeMs: total, lapTimeMs: lap === 0 ? null : total - car.crossings[lap - 1] })),
      );
    }
  }
  return { eventId: event.id, raceId: race.id, entryIds };
}
