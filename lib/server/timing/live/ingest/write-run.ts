/**
 * One run's race in one savepoint of a write (the header of ./index.ts, "Each write recomputes the
 * race"): the race found again or created (./match-run.ts; a race another run of this ingest
 * holds — the same key after a `$I` — is taken over), then entries and participants, passings
 * (./diff-rows.ts; merge mode ./merge-passings.ts), standings ranked as the importer ranks them
 * (`rankImportedRace`), results, and the race row — clock, config, `live_state`, `live_seq + 1`,
 * `live_updated_at` — each written only when it differs from what the race holds.
 */
import { eq, sql } from 'drizzle-orm';
import type { LiveState } from '../../../../contracts/live';
import { races } from '../../../db/schema';
import { classIdsFor } from '../../../import/class-ids';
import { rankImportedRace } from '../../../import/rank';
import { passingRow, raceColumns } from '../../../import/rows';
import type { ImportedRace } from '../../../import/types';
import type { Run } from '../../rmonitor/session';
import { writeEntries, writePassings, writeResults } from './diff-rows';
import { claimOrCreate } from './match-run';
import { fillFromRacePassings } from './merge-passings';
import { sameRow } from './same-row';
import type { IngestState, RaceCols, RaceState, Tx } from './state';

/** A run to write, as prepared before the write's first await. */
export interface Plan {
  run: Run;
  /** The run's race as `toRace` saw it when the write began (ranked by `writeRun`). */
  race: ImportedRace;
  liveState: LiveState;
}

/** What `writeRun` wrote of one run. */
export interface Written {
  run: Run;
  state: RaceState;
  created: boolean;
  /** The run of this ingest that held the race before (a `$I` started the run over). */
  tookOver: Run | null;
  finishedNow: boolean;
  /** The race went live with this write (created, found again, or reopened). */
  liveNow: boolean;
  /** Passing rows inserted and updated. */
  inserted: number;
  updated: number;
  /** The run's passings were rewritten. */
  rewritten: boolean;
}

/** Makes sure every class the races name exists (the event organization's first: lib/server/import/class-ids.ts); fills `classIds`. */
export async function ensureClasses({ classIds, eventId }: IngestState, tx: Tx, plans: ImportedRace[]): Promise<void> {
  const missing = plans.flatMap((r) => r.entries.map((e) => e.className).filter((c): c is string => !!c && !classIds.has(c)));
  if (!missing.length) return;
  for (const [name, id] of await classIdsFor(tx, eventId, missing)) classIds.set(name, id);
}

/**
 * Writes one run's race inside `tx`: only what differs from what it holds; null when nothing
 * did, or when another run took its race over in this transaction. `owners` (race id → run) is
 * the transaction's view of `runs.holder`.
 */
export async function writeRun(state: IngestState, tx: Tx, { run, race, liveState }: Plan, owners: Map<number, Run>): Promise<Written | null> {
  const cols: RaceCols = { ...raceColumns(race), liveState };
  let base = state.runs.states.get(run);
  if (base && owners.get(base.raceId) !== run) return null;
  let created = false;
  if (!base) {
    const claim = await claimOrCreate(state, tx, run, cols);
    base = claim.state;
    created = claim.created;
  }
  const previousOwner = owners.get(base.raceId);
  const tookOver = previousOwner && previousOwner !== run ? previousOwner : null;
  const raceId = base.raceId;

  // Entries and their participants: new ones, and the ones whose details changed.
  const entries = await writeEntries(state, tx, base, race);
  const next = entries.next;
  let changed = entries.changed;

  // Passings: append the new ones; when ones already written changed ($COR), rewrite the run's;
  // in merge mode number them on from the race's laps and match them.
  const rows = race.passings.map((p) => passingRow(p, raceId, next.get(p.entryKey)!.entryId));
  const { kept, merge, lapBase, inserted, updated, rewritten } = await writePassings(tx, base, rows);
  changed ||= inserted > 0 || updated > 0 || rewritten;

  // Standings, ranked as the importer ranks them; in merge mode a car's laps and best lap come
  // from every passing the race holds when the timing system did not send them ($G, $H).
  if (merge) fillFromRacePassings(run, race, kept, next);
  rankImportedRace(race);

  // Results: one multi-row upsert of the rows that changed.
  if (await writeResults(tx, race, raceId, next)) changed = true;

  if (!changed && !created && !tookOver && base.race && sameRow(base.race, cols)) return null;
  let seq = base.seq;
  if (!created) {
    const [row] = await tx
      .update(races)
      .set({ ...cols, liveSeq: sql`${races.liveSeq} + 1`, liveUpdatedAt: sql`now()` })
      .where(eq(races.id, raceId))
      .returning({ seq: races.liveSeq });
    seq = row.seq;
  }
  return {
    run,
    state: { raceId, runKey: base.runKey, seq, liveState, race: cols, entries: next, passings: kept, merge, lapBase, corrections: base.corrections },
    created,
    tookOver,
    finishedNow: liveState === 'finished' && base.liveState !== 'finished',
    liveNow: liveState === 'live' && base.liveState !== 'live',
    inserted,
    updated,
    rewritten,
  };
}
