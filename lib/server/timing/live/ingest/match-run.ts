/**
 * Finding a run's race again (the header of ./index.ts, "A run becomes a race"): by
 * `races.live_run_key` (`runNo|description`, `runKey`) when that race is still `live` or changed
 * within the idle window (`idleFinishMs`) — a restarted feed, or a timing system that starts
 * every connection with a `$I` reset, continues its race (./write-run.ts takes a race another run
 * of this ingest holds over); the same key on another day (a finished race older than the window)
 * gets a new race. Else a race is created after the event's races, `live`. A race found again is
 * read back (entries, participants, results, passings): what the diff (./diff-rows.ts) compares
 * with, and, when it holds passings, merge mode (./merge-passings.ts).
 */
import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { entries, participants, passings, races, results } from '../../../db/schema';
import type { ParticipantRow, ResultRow } from '../../../import/rows';
import type { Run } from '../../rmonitor/session';
import type { IngestState, RaceCols, RaceState, Tx, WrittenEntry } from './state';

/** The run's key in `races.live_run_key`. */
export function runKey(run: Run): string {
  return `${run.runNumber ?? ''}|${run.description ?? ''}`;
}

/** Finds the race a run wrote before (see the file's docstring) and reads what it holds, or creates it. */
export async function claimOrCreate(
  { eventId, idleFinishMs }: IngestState,
  tx: Tx,
  run: Run,
  cols: RaceCols,
): Promise<{ state: RaceState; created: boolean }> {
  const key = runKey(run);
  const [existing] = await tx
    .select({ id: races.id, seq: races.liveSeq, liveState: races.liveState })
    .from(races)
    .where(
      and(
        eq(races.eventId, eventId),
        eq(races.liveRunKey, key),
        or(eq(races.liveState, 'live'), gte(races.liveUpdatedAt, sql`now() - make_interval(secs => ${idleFinishMs / 1000})`)),
      ),
    )
    .orderBy(desc(races.liveUpdatedAt), desc(races.id))
    .limit(1);
  const empty = { lapBase: new Map<number, number>(), corrections: new Map<string, number>() };
  if (!existing) {
    const [row] = await tx
      .insert(races)
      .values({
        eventId,
        ...cols,
        sortOrder: sql`(select coalesce(max(${races.sortOrder}) + 1, 0) from ${races} where ${races.eventId} = ${eventId})`,
        liveRunKey: key,
        liveSeq: 1,
        liveUpdatedAt: sql`now()`,
      })
      .returning({ id: races.id });
    return { state: { raceId: row.id, runKey: key, seq: 1, liveState: null, race: null, entries: new Map(), passings: [], merge: false, ...empty }, created: true };
  }
  const raceId = existing.id;
  const entryRows = await tx.select().from(entries).where(eq(entries.raceId, raceId));
  const people = entryRows.length
    ? await tx
        .select({ id: participants.id, firstName: participants.firstName, lastName: participants.lastName, city: participants.city, state: participants.state, country: participants.country })
        .from(participants)
        .where(inArray(participants.id, entryRows.map((e) => e.participantId)))
    : [];
  const resultRows = await tx.select().from(results).where(eq(results.raceId, raceId));
  const passingRows = await tx
    .select({ raceId: passings.raceId, entryId: passings.entryId, lapNumber: passings.lapNumber, lapTimeMs: passings.lapTimeMs, totalTimeMs: passings.totalTimeMs, section: passings.section, readTime: passings.readTime })
    .from(passings)
    .where(eq(passings.raceId, raceId))
    .orderBy(asc(passings.id));
  const personById = new Map<number, ParticipantRow>(people.map(({ id, ...p }) => [id, p]));
  const resultByEntry = new Map(resultRows.map(({ id: _id, ...r }) => [r.entryId, r as ResultRow]));
  const written = new Map<string, WrittenEntry>();
  for (const { id, ...entry } of entryRows) {
    written.set(entry.sourceKey, {
      entryId: id,
      participantId: entry.participantId,
      participant: personById.get(entry.participantId)!,
      entry,
      result: resultByEntry.get(id) ?? null,
    });
  }
  return {
    state: { raceId, runKey: key, seq: existing.seq, liveState: existing.liveState, race: null, entries: written, passings: passingRows, merge: passingRows.length > 0, ...empty },
    created: false,
  };
}
