/**
 * A rider's detail in a race (spec §3 Race results columns, "modal fields": checkpoint,
 * section, country, city, state, class, group, points): the result row, every lap from the
 * passings (lap number, lap time, total time, position, best lap marked) and the section or
 * checkpoint passings (key time in and out, read time). Times in ms.
 */
import 'server-only';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { RiderDetail } from '../../contracts/results';
import { getDb } from '../db';
import { passings } from '../db/schema';
import { getLapPassings, positionsByLap } from './get-lap-chart';
import { getRaceResults } from './get-race-results';
import { tagRead, tags } from '../cache/tags';

/** The detail of entry `entryId` in race `raceId`, or null when the entry is not in that race. */
export async function getRiderDetail(raceId: number, entryId: number): Promise<RiderDetail | null> {
  tagRead(tags.race(raceId));
  const results = await getRaceResults(raceId);
  const result = results.find((r) => r.entryId === entryId);
  if (!result) return null;
  const [laps, sections] = await Promise.all([
    getLapPassings(raceId),
    getDb()
      .select({ section: passings.section, keyTimeInMs: passings.keyTimeInMs, keyTimeOutMs: passings.keyTimeOutMs, readTime: passings.readTime })
      .from(passings)
      .where(and(eq(passings.raceId, raceId), eq(passings.entryId, entryId), isNotNull(passings.section)))
      .orderBy(asc(passings.id)),
  ]);
  const mine = laps.filter((p) => p.entryId === entryId);
  const positions = positionsByLap(laps).get(entryId);
  const timed = mine.filter((p) => p.lapTimeMs !== null).map((p) => p.lapTimeMs as number);
  const best = result.bestLapMs ?? (timed.length ? Math.min(...timed) : null);
  let bestMarked = false;
  return {
    result,
    laps: mine.map((p) => {
      const isBest = !bestMarked && best !== null && p.lapTimeMs === best && (result.bestLapNumber === null || result.bestLapNumber === p.lap || !mine.some((q) => q.lap === result.bestLapNumber && q.lapTimeMs === best));
      if (isBest) bestMarked = true;
      return { lap: p.lap, lapTimeMs: p.lapTimeMs, totalTimeMs: p.totalTimeMs, position: positions?.get(p.lap) ?? null, best: isBest };
    }),
    sections: sections.map((s) => ({
      section: s.section ?? '',
      keyTimeInMs: s.keyTimeInMs,
      keyTimeOutMs: s.keyTimeOutMs,
      readTime: s.readTime ? s.readTime.toISOString() : null,
    })),
  };
}
