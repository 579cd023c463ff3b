/**
 * Test helpers of the live feed (ingest.test.ts, tests/integration/live-feed.test.ts): a race as
 * its results page reads it, to compare what the feed wrote with what the importer writes.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { classes, entries, participants, passings, races, results } from '../../db/schema';

/** Race columns, each entry (by key) with its rider, class and result, and the passings in write order; no ids. */
export async function dumpRace(db: Db, raceId: number) {
  const [race] = await db
    .select({ name: races.name, runNumber: races.runNumber, kind: races.kind, startTime: races.startTime, config: races.config, clock: races.clock })
    .from(races)
    .where(eq(races.id, raceId));
  const rows = await db
    .select({ entry: entries, person: participants, className: classes.name, result: results })
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .leftJoin(results, eq(results.entryId, entries.id))
    .where(eq(entries.raceId, raceId))
    .orderBy(asc(entries.sourceKey));
  const riders = rows.map(({ entry, person, className, result }) => {
    const { id: _e, raceId: _r, participantId: _p, classId: _c, teamId: _t, ...e } = entry;
    const { id: _pid, isSample: _s, ...p } = person;
    let r: Record<string, unknown> | null = null;
    if (result) {
      const { id: _rid, raceId: _rr, entryId: _re, ...rest } = result;
      r = rest;
    }
    return { ...e, ...p, className, result: r };
  });
  const laps = await db
    .select({ key: entries.sourceKey, lapNumber: passings.lapNumber, lapTimeMs: passings.lapTimeMs, totalTimeMs: passings.totalTimeMs, section: passings.section, readTime: passings.readTime })
    .from(passings)
    .innerJoin(entries, eq(entries.id, passings.entryId))
    .where(eq(passings.raceId, raceId))
    .orderBy(asc(passings.id));
  return { race, entries: riders, passings: laps };
}
