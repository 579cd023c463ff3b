/**
 * What differs from what was written before (the header of ./index.ts, "Each write recomputes the
 * race"): a run's race, recomputed as the importer does, is compared with what this ingest wrote
 * (or found: ./match-run.ts) and only the difference is written, with the importer's row builders
 * (lib/server/import/rows.ts) —
 * - new participants and entries; participants and entries that changed (`writeEntries`);
 * - passings appended, or — when passings already written changed (a `$COR` correction,
 *   timing-line crossings of a car that becomes an entrant later) — the run's passings rewritten
 *   (delete + insert), or in merge mode merged (./merge-passings.ts) (`writePassings`);
 * - results that changed, as one multi-row upsert (`writeResults`).
 * So after a whole capture and `finish()` the database holds what `importResultsFile` of the
 * same file writes.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { entries, participants, passings, results } from '../../../db/schema';
import { chunks, entryRow, participantRow, resultRow, rowsPerInsert, type EntryRow, type PassingRow, type ResultRow } from '../../../import/rows';
import type { ImportedRace } from '../../../import/types';
import { mergePassings, numberOnFrom, updateMergedPassings } from './merge-passings';
import { samePassing, sameRow } from './same-row';
import type { IngestState, RaceState, Tx, WrittenEntry } from './state';

/** `SET col = excluded.col` for every column of `table` but `skip` (an upsert that replaces the row). */
function excludedSet(table: Record<string, PgColumn>, skip: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(table)) {
    if (!skip.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

const RESULT_SET = excludedSet(getTableColumns(results), ['id', 'raceId', 'entryId']);
const ENTRY_SET = excludedSet(getTableColumns(entries), ['id', 'raceId', 'sourceKey', 'participantId']);

/** Inserts `rows` in chunks under the bind-parameter limit; returns the `returning` rows in order. */
async function insertRows<R extends Record<string, PgColumn>>(
  tx: Tx,
  table: typeof participants | typeof passings,
  rows: object[],
  returning?: R,
): Promise<{ [K in keyof R]: number }[]> {
  const out: { [K in keyof R]: number }[] = [];
  for (const chunk of chunks(rows, rowsPerInsert(rows))) {
    const q = tx.insert(table).values(chunk as never);
    if (returning) out.push(...((await q.returning(returning as never)) as never[]));
    else await q;
  }
  return out;
}

/**
 * Entries and their participants: new ones inserted, the ones whose details changed updated.
 * Returns the entries as now written (by source key; results still those written before) and
 * whether anything was written.
 */
export async function writeEntries(
  { classIds, noTeams }: IngestState,
  tx: Tx,
  base: RaceState,
  race: ImportedRace,
): Promise<{ next: Map<string, WrittenEntry>; changed: boolean }> {
  const raceId = base.raceId;
  const known = base.entries;
  const next = new Map(known);
  const fresh = race.entries.filter((e) => !known.has(e.key));
  const people = fresh.length ? await insertRows(tx, participants, fresh.map(participantRow), { id: participants.id }) : [];
  const participantOf = new Map(fresh.map((e, i) => [e.key, people[i].id]));
  const entryUpserts: EntryRow[] = [];
  let changed = false;
  for (const e of race.entries) {
    const was = known.get(e.key);
    const participantId = was?.participantId ?? participantOf.get(e.key)!;
    const person = participantRow(e);
    const entry = entryRow(e, { raceId, participantId, classIds, teamIds: noTeams });
    if (base.merge && was && entry.gridPosition === null) {
      // Merge mode: a run that joined the session late has no start grid: the race keeps the one it holds.
      entry.gridPosition = was.entry.gridPosition;
      entry.gridLabel = was.entry.gridLabel;
    }
    if (was && !sameRow(was.participant, person)) {
      await tx.update(participants).set(person).where(eq(participants.id, participantId));
      changed = true;
    }
    if (!was || !sameRow(was.entry, entry)) entryUpserts.push(entry);
    next.set(e.key, { entryId: was?.entryId ?? 0, participantId, participant: person, entry, result: was?.result ?? null });
  }
  for (const chunk of chunks(entryUpserts, rowsPerInsert(entryUpserts))) {
    const rows = await tx
      .insert(entries)
      .values(chunk)
      .onConflictDoUpdate({ target: [entries.raceId, entries.sourceKey], set: ENTRY_SET })
      .returning({ id: entries.id, sourceKey: entries.sourceKey });
    for (const r of rows) next.get(r.sourceKey)!.entryId = r.id;
    changed = true;
  }
  return { next, changed };
}

/** What `writePassings` wrote. */
export interface PassingsWritten {
  /** The passings the race holds now, in write order. */
  kept: PassingRow[];
  /** Merge mode went on (the feed did not repeat the race's passings from the start). */
  merge: boolean;
  /** Merge mode: the lap bases (see `RaceState.lapBase`). */
  lapBase: Map<number, number>;
  /** Passing rows inserted and updated. */
  inserted: number;
  updated: number;
  /** The run's passings were rewritten (delete + insert). */
  rewritten: boolean;
}

/**
 * The run's passings (`rows`, built with the ids of the entries as written): the new ones
 * appended when those written are a prefix of them; in merge mode numbered on from the race's laps
 * and merged; else the race's passings rewritten.
 */
export async function writePassings(tx: Tx, base: RaceState, rows: PassingRow[]): Promise<PassingsWritten> {
  const raceId = base.raceId;
  const written = base.passings;
  const lapBase = base.merge ? numberOnFrom(written, rows, base.lapBase) : base.lapBase;
  const prefix = base.corrections.size === 0 && written.length <= rows.length && written.every((w, i) => samePassing(w, rows[i]));
  const merge = base.merge && !prefix;
  let toInsert: PassingRow[];
  let updated = 0;
  let kept = rows;
  if (prefix) {
    toInsert = rows.slice(written.length);
  } else if (merge) {
    kept = mergePassings(written, rows, base.corrections);
    updated = await updateMergedPassings(tx, raceId, written, kept);
    toInsert = kept.slice(written.length);
  } else {
    await tx.delete(passings).where(eq(passings.raceId, raceId));
    toInsert = rows;
  }
  if (toInsert.length) await insertRows(tx, passings, toInsert);
  return { kept, merge, lapBase, inserted: toInsert.length, updated, rewritten: !prefix && !merge };
}

/** Results (the race ranked): one multi-row upsert of the rows that changed; updates `next`; returns whether anything was written. */
export async function writeResults(tx: Tx, race: ImportedRace, raceId: number, next: Map<string, WrittenEntry>): Promise<boolean> {
  let changed = false;
  const resultUpserts: ResultRow[] = [];
  for (const e of race.entries) {
    const w = next.get(e.key)!;
    const row = resultRow(e, raceId, w.entryId);
    if (!w.result || !sameRow(w.result, row)) resultUpserts.push(row);
    w.result = row;
  }
  for (const chunk of chunks(resultUpserts, rowsPerInsert(resultUpserts))) {
    await tx.insert(results).values(chunk).onConflictDoUpdate({ target: results.entryId, set: RESULT_SET });
    changed = true;
  }
  return changed;
}
