/**
 * Merge mode (the header of ./index.ts, "Merge mode"): a race found again that holds passings
 * this run did not write (a restart, a `$I` takeover; `RaceState.merge`, ./match-run.ts) keeps
 * them. While the feed repeats them from the start (a server replaying its history) the race is
 * written as usual (./diff-rows.ts); otherwise
 * - each entry's finish-line passings are numbered on from the lap the race holds (`numberOnFrom`:
 *   the run's first passing of an entry is the stored lap with the same total time, else the lap
 *   after the last stored one);
 * - passings are matched by entry + lap (loop crossings by line + read time): a changed one is
 *   updated, a new one inserted, none deleted (`mergePassings`, `updateMergedPassings`);
 * - a `$COR` names the lap as the race counts it: translated for the session, or applied to a
 *   stored passing the session never saw (`translateCorrection`);
 * - a car's laps and best lap, when the timing system does not send them (`$G`, `$H`), are read
 *   from every passing the race holds (`fillFromRacePassings`).
 * Cars the run never mentions keep the rows the race holds.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { passings } from '../../../db/schema';
import type { PassingRow } from '../../../import/rows';
import type { ImportedRace } from '../../../import/types';
import type { RMonitorMessage } from '../../rmonitor/decode';
import type { Run } from '../../rmonitor/session';
import { samePassing } from './same-row';
import type { IngestState, Tx, WrittenEntry } from './state';

/** A passing's identity when merging: a finish-line passing by entry + lap, a loop crossing by entry, line and read time. */
function mergeKey(p: PassingRow): string {
  return p.section === null ? `${p.entryId}|#${p.lapNumber}` : `${p.entryId}|${p.section}|${p.readTime?.getTime() ?? ''}`;
}

/**
 * Numbers the run's finish-line passings (`rows`, in stream order, lap numbers as the run counts
 * them from 0) on from the laps `stored` holds; mutates `rows`; returns the lap bases (entry id →
 * stored lap of the run's lap 0), those of `known` kept.
 */
export function numberOnFrom(stored: PassingRow[], rows: PassingRow[], known: Map<number, number>): Map<number, number> {
  const base = new Map(known);
  let byEntry: Map<number, PassingRow[]> | null = null;
  for (const r of rows) {
    if (r.section !== null || r.lapNumber === null) continue;
    let b = base.get(r.entryId);
    if (b === undefined) {
      if (!byEntry) {
        byEntry = new Map();
        for (const p of stored) if (p.section === null && p.lapNumber !== null) byEntry.set(p.entryId, [...(byEntry.get(p.entryId) ?? []), p]);
      }
      const mine = byEntry.get(r.entryId) ?? [];
      const same = mine.find((p) => p.totalTimeMs === r.totalTimeMs);
      let last = -1;
      for (const p of mine) last = Math.max(last, p.lapNumber!);
      b = (same ? same.lapNumber! : last + 1) - r.lapNumber;
      base.set(r.entryId, b);
    }
    r.lapNumber += b;
  }
  return base;
}

/**
 * What the race must hold — the stored passings, each replaced by the run's passing with the same
 * identity (`mergeKey`) when that differs, then the run's new ones, then the corrections of stored
 * passings applied (their lap time, and the next lap's, from the totals).
 */
export function mergePassings(stored: PassingRow[], rows: PassingRow[], corrections: Map<string, number>): PassingRow[] {
  const desired = [...stored];
  const at = new Map<string, number>();
  desired.forEach((p, i) => at.set(mergeKey(p), i));
  for (const r of rows) {
    const key = mergeKey(r);
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, desired.length);
      desired.push(r);
    } else if (!samePassing(desired[i], r)) {
      desired[i] = r;
    }
  }
  for (const [key, total] of corrections) {
    const i = at.get(key);
    if (i === undefined) continue;
    const p = desired[i];
    if (p.lapNumber === null) continue;
    if (p.totalTimeMs !== total) {
      const prev = at.get(`${p.entryId}|#${p.lapNumber - 1}`);
      const prevTotal = prev === undefined ? null : desired[prev].totalTimeMs;
      const lapTimeMs = p.lapTimeMs === null ? null : prevTotal !== null ? total - prevTotal : p.lapTimeMs + (total - (p.totalTimeMs ?? total));
      desired[i] = { ...p, totalTimeMs: total, lapTimeMs };
    }
    // Every time: the run's own passing of the next lap carries the lap time sent before the correction.
    const next = at.get(`${p.entryId}|#${p.lapNumber + 1}`);
    if (next !== undefined) {
      const n = desired[next];
      if (n.lapTimeMs !== null && n.totalTimeMs !== null) desired[next] = { ...n, lapTimeMs: n.totalTimeMs - total };
    }
  }
  return desired;
}

/** Updates in place the stored finish-line passings (`written`) that `merged` (`mergePassings`) changes; returns how many. */
export async function updateMergedPassings(tx: Tx, raceId: number, written: PassingRow[], merged: PassingRow[]): Promise<number> {
  let updated = 0;
  for (let i = 0; i < written.length; i++) {
    const p = merged[i];
    if (samePassing(p, written[i]) || p.section !== null || p.lapNumber === null) continue;
    await tx
      .update(passings)
      .set({ lapTimeMs: p.lapTimeMs, totalTimeMs: p.totalTimeMs })
      .where(and(eq(passings.raceId, raceId), eq(passings.entryId, p.entryId), eq(passings.lapNumber, p.lapNumber), isNull(passings.section)));
    updated++;
  }
  return updated;
}

/**
 * Before ranking: a car's laps (when no `$G` gave them), last lap and best lap (when no `$H` gave
 * it) from every finish-line passing the race holds (`kept`), not only the run's. Mutates `race`.
 */
export function fillFromRacePassings(run: Run, race: ImportedRace, kept: PassingRow[], next: Map<string, WrittenEntry>): void {
  const finishLaps = new Map<number, PassingRow[]>();
  for (const p of [...kept].sort((a, b) => (a.lapNumber ?? 0) - (b.lapNumber ?? 0))) {
    if (p.section === null && p.lapNumber !== null) finishLaps.set(p.entryId, [...(finishLaps.get(p.entryId) ?? []), p]);
  }
  for (const e of race.entries) {
    const laps = finishLaps.get(next.get(e.key)!.entryId);
    if (!laps?.length) continue;
    if (run.standings.get(e.key)?.laps == null) e.result.laps = laps.at(-1)!.lapNumber;
    e.result.lastLapMs = laps.at(-1)!.lapTimeMs;
    if (!run.bests.has(e.key)) {
      let best: PassingRow | null = null;
      for (const p of laps) if (p.lapTimeMs !== null && (best === null || p.lapTimeMs < best.lapTimeMs!)) best = p;
      e.result.bestLapMs = best?.lapTimeMs ?? null;
      e.result.bestLapNumber = best?.lapNumber ?? null;
    }
  }
}

/**
 * A `$COR` for the current run, before the session applies it: in merge mode it names the lap as
 * the race counts it, the session counts from the run's first passing. Returns the correction
 * for the session, or null when it corrects a stored passing the run never saw (kept for the next
 * write, the run marked).
 */
export function translateCorrection(state: IngestState, msg: Extract<RMonitorMessage, { tag: 'COR' }>): RMonitorMessage | null {
  const run = state.runs.current;
  const race = run ? state.runs.states.get(run) : undefined;
  if (!run || !race?.merge) return msg;
  const entryId = race.entries.get(msg.regNo)?.entryId;
  if (!entryId) return msg;
  const base = race.lapBase.get(entryId);
  const stored = race.passings.find((p) => p.entryId === entryId && p.section === null && p.lapNumber === msg.laps);
  // As the session does for the laps it counts: a standing that showed the old total shows the new one.
  const standing = run.standings.get(msg.regNo);
  const correctStanding = (old: number | null | undefined) => {
    if (standing && standing.laps === msg.laps && old != null && standing.totalTimeMs === old) standing.totalTimeMs = msg.totalTimeMs;
  };
  if (base === undefined ? stored : msg.laps < base) {
    race.corrections.set(`${entryId}|#${msg.laps}`, msg.totalTimeMs);
    correctStanding(stored?.totalTimeMs);
    state.marks.forced.add(run);
    return null;
  }
  if (!base) return msg;
  const lap = msg.laps - base;
  correctStanding(run.laps.get(msg.regNo)?.[lap]?.totalTimeMs);
  return { ...msg, laps: lap };
}
