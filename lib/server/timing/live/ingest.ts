/**
 * The live feed's writer (issue 10 "Passings are written as they arrive; standings are
 * recomputed by the ranking module; a change is published"): RMonitor lines in, races of an
 * event in the database out, a `live` message on the bus and the touched cache tags revalidated
 * after each write.
 *
 * - ONE decoder for files and feeds: each line goes through the importer's `decodeLine` into an
 *   `RMonitorSession`; a malformed line is skipped and logged (line, field, detail) instead of
 *   stopping the feed (`stats.skipped`).
 * - Batches: everything pushed since the last write goes in ONE transaction, written as soon as
 *   the previous one committed: a catch-up of thousands of lines is a few transactions, a single
 *   live passing one small transaction (a few statements, a few ms).
 * - A run becomes a race of the event when it has a finish-line passing (as the importer
 *   decides): found again by `races.live_run_key` (`runNo|description`, so a restarted feed
 *   continues its race) or created after the event's races with `live_state = 'live'`.
 * - Each write recomputes the race of every run the batch touched exactly as the importer does
 *   (`toRace` + `rankImportedRace`) and writes what differs from what it wrote before, with the
 *   importer's row builders (lib/server/import/rows.ts): new participants and entries; entries,
 *   participants and results that changed (results as one multi-row upsert); passings appended,
 *   or — when passings already written changed (a `$COR` correction, timing-line crossings of a
 *   car that becomes an entrant later) — the run's passings rewritten (delete + insert) in that
 *   transaction; a race found again after a restart keeps the passings it holds and gets the
 *   ones it lacks, unless the feed replays them; the race's clock, config, `live_state`,
 *   `live_seq + 1`, `live_updated_at`.
 *   So after a whole capture and `finish()` the database holds what `importResultsFile` of the
 *   same file writes.
 * - A run's session ends (`live_state = 'finished'`, a last write, a `finished` message) when
 *   another run gets a new passing, on `finish()`, or after `idleFinishMs` without a new passing;
 *   a new passing in it later makes it live again.
 * - A write that fails (database down) is logged and retried after `retryMs` with everything
 *   still pending; nothing is lost while the process lives.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { LiveState } from '../../../contracts/live';
import { revalidateTags, tags } from '../../cache/tags';
import type { Db } from '../../db';
import { classes, entries, participants, passings, races, results, seriesEvents } from '../../db/schema';
import { rankImportedRace } from '../../import/rank';
import {
  chunks,
  entryRow,
  participantRow,
  passingRow,
  raceColumns,
  resultRow,
  rowsPerInsert,
  type EntryRow,
  type ParticipantRow,
  type PassingRow,
  type ResultRow,
} from '../../import/rows';
import { ImportError, type ImportedRace } from '../../import/types';
import { decodeLine } from '../rmonitor/decode';
import { RMonitorSession, type Roster, type Run } from '../rmonitor/session';
import { toRace } from '../rmonitor/to-race';
import type { Bus } from './bus';

export interface LiveIngestOptions {
  db: Db;
  /** The event the runs are written into (it must exist). */
  eventId: number;
  /** Where `live` messages go after each write (none: nothing published). */
  bus?: Bus;
  /** A run's session ends after this long without a new passing (ms); default 15 min. */
  idleFinishMs?: number;
  /** Wait before retrying a failed write (ms); default 1 s. */
  retryMs?: number;
  /** Where runs started/finished, skipped lines and failed writes are reported; default console. */
  log?: (message: string) => void;
}

export interface LiveIngestStats {
  /** Lines pushed. */
  lines: number;
  /** Malformed lines skipped. */
  skipped: number;
  /** Message types the decoder does not know, with counts (not skipped: ignored). */
  unknownMessages: Record<string, number>;
  /** Transactions committed. */
  writes: number;
  /** Writes that failed (and were retried). */
  failedWrites: number;
  /** Passing rows inserted (rewrites included). */
  passings: number;
  /** Times a run's passings were rewritten because passings already written changed. */
  rewrites: number;
  /** Races created. */
  racesCreated: number;
  /** Duration of the last committed transaction (ms). */
  lastWriteMs: number | null;
}

/** A race the ingest writes, as last committed. */
export interface LiveRaceInfo {
  raceId: number;
  runKey: string;
  state: LiveState;
  seq: number;
}

export interface LiveIngest {
  /** One RMonitor line (without its line end); decoded and applied at once, written soon. */
  push(line: string): void;
  /** The feed stopped: ends the running session, writes, resolves once everything is written. */
  finish(): Promise<void>;
  /** Resolves when everything pushed so far is written (and published). */
  idle(): Promise<void>;
  readonly stats: LiveIngestStats;
  /** The races written so far, in order of creation or claim. */
  races(): LiveRaceInfo[];
}

type RaceCols = ReturnType<typeof raceColumns> & { liveState: LiveState };

interface WrittenEntry {
  entryId: number;
  participantId: number;
  participant: ParticipantRow;
  entry: EntryRow;
  result: ResultRow | null;
}

/** What the database holds for a run's race (as this ingest wrote or found it). */
interface RaceState {
  raceId: number;
  runKey: string;
  seq: number;
  race: RaceCols | null;
  entries: Map<string, WrittenEntry>;
  passings: PassingRow[];
  /**
   * The race was found in the database with passings this ingest did not write (the feed process
   * restarted): until the feed's passings repeat them from the start (a server replaying its
   * history), new passings are added to them and none of them is deleted.
   */
  merge: boolean;
}

/** Values equal as the database returns them: dates by time, JSON by value (key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return isDeepStrictEqual(a, b);
  return false;
}

function sameRow<T extends object>(a: T, b: T): boolean {
  for (const key of Object.keys(a) as (keyof T)[]) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/** A passing's identity for merging: who, which lap, when, where. */
function passingKey(p: PassingRow): string {
  return `${p.entryId}|${p.lapNumber}|${p.totalTimeMs}|${p.section}|${p.readTime?.getTime() ?? ''}`;
}

function samePassing(a: PassingRow, b: PassingRow): boolean {
  return (
    a.entryId === b.entryId &&
    a.lapNumber === b.lapNumber &&
    a.lapTimeMs === b.lapTimeMs &&
    a.totalTimeMs === b.totalTimeMs &&
    a.section === b.section &&
    (a.readTime?.getTime() ?? null) === (b.readTime?.getTime() ?? null)
  );
}

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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The run's key in `races.live_run_key`. */
export function runKey(run: Run): string {
  return `${run.runNumber ?? ''}|${run.description ?? ''}`;
}

/** Series membership is re-read at most this often (ms). */
const SERIES_TTL_MS = 60_000;

/** Creates the writer of the live feed of event `eventId`; see the file's docstring. */
export function createLiveIngest({ db, eventId, bus, idleFinishMs = 15 * 60_000, retryMs = 1000, log = (m) => console.log(`[live] ${m}`) }: LiveIngestOptions): LiveIngest {
  const session = new RMonitorSession();
  const stats: LiveIngestStats = {
    lines: 0,
    skipped: 0,
    unknownMessages: session.unknownMessages,
    writes: 0,
    failedWrites: 0,
    passings: 0,
    rewrites: 0,
    racesCreated: 0,
    lastWriteMs: null,
  };
  const states = new Map<Run, RaceState>();
  /** Races held by a run of this ingest (a second run with the same key gets its own race). */
  const claimed = new Set<number>();
  /** Races claimed or created by the write in progress (released if it rolls back). */
  let claimedNow: number[] = [];
  const classIds = new Map<string, number>();
  const noTeams = new Map<string, number>();
  /** Passings seen per run (to find the run a `$J`/`$L` went to). */
  const seen = new Map<Run, number>();
  /** Runs with a finish-line passing: the runs that are races. */
  const isRace = new Set<Run>();

  // What the next write must look at.
  const dirtyRosters = new Set<Roster>();
  const forced = new Set<Run>();
  let allRuns = false;

  let liveRun: Run | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let scheduled = false;
  let writing = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];
  let series: { ids: number[]; at: number } | null = null;

  const pending = () => dirtyRosters.size > 0 || forced.size > 0 || allRuns;

  const settle = () => {
    if (writing || scheduled || retryTimer || pending()) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const schedule = () => {
    if (scheduled || writing || retryTimer) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (!liveRun) return;
      log(`run ${runKey(liveRun)}: no passing for ${idleFinishMs / 1000} s, session finished`);
      forced.add(liveRun);
      liveRun = null;
      schedule();
    }, idleFinishMs);
    idleTimer.unref();
  };

  /** A `$J`/`$L` was applied: the run whose passings grew (if any) had a new passing. */
  const afterPassing = (finishLine: boolean) => {
    let grown: Run | undefined;
    for (let i = session.runs.length - 1; i >= 0; i--) {
      const run = session.runs[i];
      if (run.passings.length !== (seen.get(run) ?? 0)) {
        grown = run;
        seen.set(run, run.passings.length);
        break;
      }
    }
    if (!grown) return; // a repeated passing (duplicate filter)
    if (finishLine) isRace.add(grown);
    if (!isRace.has(grown)) return;
    if (liveRun !== grown) {
      if (liveRun) forced.add(liveRun);
      liveRun = grown;
    }
    armIdle();
  };

  const push = (line: string) => {
    const lineNo = ++stats.lines;
    let msg: ReturnType<typeof decodeLine>;
    try {
      msg = decodeLine(line, lineNo);
    } catch (err) {
      stats.skipped++;
      if (err instanceof ImportError) log(`skipped line ${err.line}, field ${err.field}: ${err.detail}`);
      else log(`skipped line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (!msg) return;
    session.apply(msg);
    switch (msg.tag) {
      case 'unknown':
      case 'E':
      case 'I':
        return;
      case 'T':
        allRuns = true;
        break;
      case 'J':
      case 'L':
        afterPassing(msg.tag === 'J');
        break;
    }
    const roster = session.runs.at(-1)?.roster;
    if (roster) dirtyRosters.add(roster);
    schedule();
  };

  /** The runs the next write recomputes (and clears the marks). */
  const takeCandidates = (): Run[] => {
    const out = session.runs.filter((run) => allRuns || dirtyRosters.has(run.roster) || forced.has(run));
    dirtyRosters.clear();
    forced.clear();
    allRuns = false;
    return out.filter((run) => isRace.has(run));
  };

  const seriesTags = async (): Promise<string[]> => {
    if (!series || Date.now() - series.at > SERIES_TTL_MS) {
      const rows = await db.select({ id: seriesEvents.seriesId }).from(seriesEvents).where(eq(seriesEvents.eventId, eventId));
      series = { ids: rows.map((r) => r.id), at: Date.now() };
    }
    return series.ids.map((id) => tags.series(id));
  };

  /** Finds the race a run wrote before (a restarted feed) and reads what it holds, or creates it. */
  const claimOrCreate = async (tx: Tx, run: Run, cols: RaceCols): Promise<{ state: RaceState; created: boolean }> => {
    const key = runKey(run);
    const found = await tx
      .select({ id: races.id, seq: races.liveSeq })
      .from(races)
      .where(and(eq(races.eventId, eventId), eq(races.liveRunKey, key)))
      .orderBy(asc(races.id));
    const existing = found.find((r) => !claimed.has(r.id));
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
      claimed.add(row.id);
      claimedNow.push(row.id);
      return { state: { raceId: row.id, runKey: key, seq: 1, race: null, entries: new Map(), passings: [], merge: false }, created: true };
    }
    claimed.add(existing.id);
    claimedNow.push(existing.id);
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
    return { state: { raceId, runKey: key, seq: existing.seq, race: null, entries: written, passings: passingRows, merge: passingRows.length > 0 }, created: false };
  };

  /** Makes sure every class the races name exists; fills `classIds`. */
  const ensureClasses = async (tx: Tx, plans: ImportedRace[]) => {
    const missing = [...new Set(plans.flatMap((r) => r.entries.map((e) => e.className).filter((c): c is string => !!c && !classIds.has(c))))];
    if (!missing.length) return;
    await tx.insert(classes).values(missing.map((name) => ({ name }))).onConflictDoNothing();
    for (const row of await tx.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.name, missing))) classIds.set(row.name, row.id);
  };

  interface Written {
    run: Run;
    state: RaceState;
    created: boolean;
    finishedNow: boolean;
    /** The race went live with this write (created, found again after a restart, or reopened). */
    liveNow: boolean;
    /** Passing rows inserted. */
    inserted: number;
    /** The run's passings were rewritten. */
    rewritten: boolean;
  }

  /** Writes one run's race inside `tx`: only what differs from what it holds; null when nothing did. */
  const writeRun = async (tx: Tx, run: Run, race: ImportedRace, liveState: LiveState): Promise<Written | null> => {
    const cols: RaceCols = { ...raceColumns(race), liveState };
    let base = states.get(run);
    let created = false;
    if (!base) {
      const claim = await claimOrCreate(tx, run, cols);
      base = claim.state;
      created = claim.created;
    }
    const raceId = base.raceId;
    const known = base.entries;
    const next = new Map(known);

    // Entries and their participants: new ones, and the ones whose details changed.
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

    // Results: one multi-row upsert of the rows that changed.
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

    // Passings: append the new ones; when ones already written changed ($COR), rewrite the run's
    // (or, merging with what a previous process wrote, add the ones it lacks).
    const rows = race.passings.map((p) => passingRow(p, raceId, next.get(p.entryKey)!.entryId));
    const written = base.passings;
    const prefix = written.length <= rows.length && written.every((w, i) => samePassing(w, rows[i]));
    const merge = base.merge && !prefix;
    let toInsert: PassingRow[];
    let kept = rows;
    if (prefix) {
      toInsert = rows.slice(written.length);
    } else if (merge) {
      const have = new Set(written.map(passingKey));
      toInsert = rows.filter((r) => !have.has(passingKey(r)));
      kept = [...written, ...toInsert];
    } else {
      await tx.delete(passings).where(eq(passings.raceId, raceId));
      toInsert = rows;
    }
    if (toInsert.length) await insertRows(tx, passings, toInsert);
    const rewritten = !prefix && !merge;
    changed ||= toInsert.length > 0 || rewritten;

    if (!changed && !created && base.race && sameRow(base.race, cols)) return null;
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
      state: { raceId, runKey: base.runKey, seq, race: cols, entries: next, passings: kept, merge },
      created,
      finishedNow: liveState === 'finished' && base.race?.liveState !== 'finished',
      liveNow: liveState === 'live' && base.race?.liveState !== 'live',
      inserted: toInsert.length,
      rewritten,
    };
  };

  const flush = async () => {
    scheduled = false;
    if (!pending()) return settle();
    writing = true;
    const runs = takeCandidates();
    const sections = session.track?.sections ?? [];
    // Snapshots taken now, before any await: lines pushed meanwhile go to the next write.
    const plans = runs.map((run) => ({ run, race: rankImportedRace(toRace(run, sections)), state: (run === liveRun ? 'live' : 'finished') as LiveState }));
    let written: Written[] = [];
    try {
      const started = performance.now();
      const classesBefore = new Map(classIds);
      claimedNow = [];
      try {
        written = await db.transaction(async (tx) => {
          await ensureClasses(tx, plans.map((p) => p.race));
          const out: Written[] = [];
          for (const plan of plans) {
            const w = await writeRun(tx, plan.run, plan.race, plan.state);
            if (w) out.push(w);
          }
          return out;
        });
      } catch (err) {
        for (const id of claimedNow) claimed.delete(id);
        // Classes read inside the rolled-back transaction may not exist.
        classIds.clear();
        for (const [k, v] of classesBefore) classIds.set(k, v);
        throw err;
      }
      if (written.length) {
        stats.writes++;
        stats.lastWriteMs = performance.now() - started;
      }
    } catch (err) {
      stats.failedWrites++;
      log(`write failed (retry in ${retryMs} ms): ${err instanceof Error ? err.message : String(err)}`);
      for (const { run } of plans) forced.add(run);
      writing = false;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        schedule();
      }, retryMs);
      retryTimer.unref();
      return;
    }

    for (const w of written) {
      states.set(w.run, w.state);
      stats.passings += w.inserted;
      if (w.rewritten) stats.rewrites++;
      if (w.created) stats.racesCreated++;
      if (w.created) log(`run ${w.state.runKey}: started, race ${w.state.raceId} created`);
      else if (w.liveNow) log(`run ${w.state.runKey}: live again in race ${w.state.raceId}`);
      if (w.finishedNow) log(`run ${w.state.runKey}: session finished (race ${w.state.raceId})`);
    }
    if (written.length) {
      try {
        if (bus) {
          for (const w of written) {
            await bus.publish({ type: 'live', raceId: w.state.raceId, eventId, seq: w.state.seq, state: w.state.race!.liveState });
          }
        }
      } catch (err) {
        log(`publish failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      let extra: string[] = [];
      try {
        extra = await seriesTags();
      } catch (err) {
        log(`series lookup failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      // A new race also changes the lists of events with results (as an import does).
      const created = written.some((w) => w.created) ? [tags.events] : [];
      await revalidateTags([...written.map((w) => tags.race(w.state.raceId)), tags.event(eventId), tags.live, ...extra, ...created]);
    }
    writing = false;
    if (pending()) schedule();
    else settle();
  };

  return {
    push,
    stats,
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    async finish() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (liveRun) {
        forced.add(liveRun);
        liveRun = null;
      }
      schedule();
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    races() {
      return [...states.values()].map((s) => ({ raceId: s.raceId, runKey: s.runKey, state: s.race?.liveState ?? 'live', seq: s.seq }));
    },
  };
}

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
