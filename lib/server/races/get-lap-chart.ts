/**
 * The race's lap chart and each competitor's position by lap, from the passings of the
 * finish line (spec §2 race results; DESIGN.md: passing, lap). Times in ms.
 */
import 'server-only';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { cache } from 'react';
import type { LapChart, ResultRow } from '../../contracts/results';
import { getDb } from '../db';
import { passings } from '../db/schema';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

export interface LapPassing {
  entryId: number;
  lap: number;
  lapTimeMs: number | null;
  totalTimeMs: number | null;
}

/** The finish-line passings of race `raceId` that complete a lap (lap ≥ 1). */
const lapPassingsOf = (raceId: number) => and(eq(passings.raceId, raceId), isNull(passings.section), gt(passings.lapNumber, 0));

/** Every finish-line passing of a race that completes a lap (lap ≥ 1), by entry and lap. */
export const getLapPassings = cache(cachedRead('getLapPassings', async function getLapPassings(raceId: number): Promise<LapPassing[]> {
  tagRead(tags.race(raceId));
  return getDb()
    .select({ entryId: passings.entryId, lap: passings.lapNumber, lapTimeMs: passings.lapTimeMs, totalTimeMs: passings.totalTimeMs })
    .from(passings)
    .where(lapPassingsOf(raceId))
    .orderBy(asc(passings.lapNumber), asc(passings.totalTimeMs)) as Promise<LapPassing[]>;
}));

/**
 * Position of every competitor at the end of every lap: on lap N the competitors who
 * completed it, ordered by their total time at that crossing. Returns entryId → lap → position.
 */
export function positionsByLap(laps: LapPassing[]): Map<number, Map<number, number>> {
  const byLap = new Map<number, LapPassing[]>();
  for (const p of laps) {
    const list = byLap.get(p.lap) ?? [];
    list.push(p);
    byLap.set(p.lap, list);
  }
  const out = new Map<number, Map<number, number>>();
  for (const [lap, list] of byLap) {
    list
      .filter((p) => p.totalTimeMs !== null)
      .sort((a, b) => (a.totalTimeMs ?? 0) - (b.totalTimeMs ?? 0))
      .forEach((p, i) => {
        const entry = out.get(p.entryId) ?? new Map<number, number>();
        entry.set(lap, i + 1);
        out.set(p.entryId, entry);
      });
  }
  return out;
}

/**
 * The lap chart of the `leaders` first finishers (default 10): for each lap, each leader's
 * position (null once they stopped). Empty when the race has no passings (enduro, snapshots).
 */
export async function getLapChart(raceId: number, results: ResultRow[], leaders = 10): Promise<LapChart> {
  const laps = await getLapPassings(raceId);
  if (!laps.length) return { laps: [], competitors: [] };
  const positions = positionsByLap(laps);
  const maxLap = Math.max(...laps.map((p) => p.lap));
  const lapNumbers = Array.from({ length: maxLap }, (_, i) => i + 1);
  const top = results.filter((r) => positions.has(r.entryId)).slice(0, leaders);
  return {
    laps: lapNumbers,
    competitors: top.map((r) => {
      const mine = positions.get(r.entryId);
      return {
        entryId: r.entryId,
        number: r.number,
        name: `${r.firstName} ${r.lastName}`.trim(),
        positions: lapNumbers.map((n) => mine?.get(n) ?? null),
      };
    }),
  };
}

/** Whether the race has finish-line passings (a lap chart and lap times to show). */
export const hasLapPassings = cache(cachedRead('hasLapPassings', async function hasLapPassings(raceId: number): Promise<boolean> {
  tagRead(tags.race(raceId));
  const [row] = await getDb()
    .select({ id: passings.id })
    .from(passings)
    .where(lapPassingsOf(raceId))
    .limit(1);
  return !!row;
}));
