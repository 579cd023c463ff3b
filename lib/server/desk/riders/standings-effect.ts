/**
 * The standings effect of a rider merge or split (issue 24 "with the standings effect shown before
 * confirming"; spec §3 Series table, §4 Series results): the class standings rows that differ
 * between the series before and after the change. Pure: the caller computes both standings with
 * the engine (./preview-riders.ts).
 *
 * Rows are matched through the results, which are the same before and after (only their rider
 * keys differ): each result links the row it counted for before (rider key + class) to the one
 * it counts for after. A merge shows every merged rider's row before → the one rider's row after;
 * a split the one row before → each rider's row after; any other rider whose position or points
 * move is listed too (`named: false`).
 */
import 'server-only';
import type { RiderEffectRow, RiderStandingSide } from '../../../contracts/desk-riders';
import type { SeriesResultRow } from '../../../contracts/series';
import type { LoadedResult } from '../../series';

/** One side of the comparison: the results with their rider keys, and the table rows the engine made of them. */
export interface EffectSide {
  results: readonly Pick<LoadedResult, 'entryId' | 'participantId' | 'riderKey' | 'className'>[];
  rows: readonly Pick<SeriesResultRow, 'riderKey' | 'className' | 'firstName' | 'lastName' | 'number' | 'class'>[];
}

const rowId = (riderKey: string, className: string | null) => `${riderKey}\u0000${className ?? ''}`;

function side(row: EffectSide['rows'][number] | undefined): RiderStandingSide | null {
  if (!row) return null;
  return { riderKey: row.riderKey, name: `${row.firstName} ${row.lastName}`.replace(/\s+/g, ' ').trim(), number: row.number, position: row.class.position, points: row.class.points };
}

/**
 * The class rows that change from `before` to `after`: a pair (row before, row after) for each
 * distinct (class, key before, key after) of the results, kept when the key or the class position
 * or points differ. `named` holds the participant records the change wrote (their rows are
 * `named`). Sorted by `classOrder` (then class name), the named rows first, then position after
 * (unclassified last), then position before.
 */
export function standingsEffect(before: EffectSide, after: EffectSide, named: ReadonlySet<number>, classOrder: ReadonlyMap<string, number>): RiderEffectRow[] {
  const rowsBefore = new Map(before.rows.map((r) => [rowId(r.riderKey, r.className), r]));
  const rowsAfter = new Map(after.rows.map((r) => [rowId(r.riderKey, r.className), r]));
  const keyAfter = new Map(after.results.map((r) => [r.entryId, r]));
  const pairs = new Map<string, { className: string | null; from: string | null; to: string | null; named: boolean }>();
  const add = (className: string | null, from: string | null, to: string | null, participantId: number) => {
    const id = `${className ?? ''}\u0000${from ?? ''}\u0000${to ?? ''}`;
    const pair = pairs.get(id) ?? { className, from, to, named: false };
    pair.named ||= named.has(participantId);
    pairs.set(id, pair);
  };
  const seen = new Set<number>();
  for (const r of before.results) {
    const now = keyAfter.get(r.entryId);
    seen.add(r.entryId);
    add(r.className, r.riderKey, now?.riderKey ?? null, r.participantId);
  }
  for (const r of after.results) if (!seen.has(r.entryId)) add(r.className, null, r.riderKey, r.participantId);

  const out: RiderEffectRow[] = [];
  for (const p of pairs.values()) {
    const was = side(p.from === null ? undefined : rowsBefore.get(rowId(p.from, p.className)));
    const now = side(p.to === null ? undefined : rowsAfter.get(rowId(p.to, p.className)));
    if (!was && !now) continue;
    const same = was && now && was.riderKey === now.riderKey && was.position === now.position && was.points === now.points;
    if (!same) out.push({ className: p.className, before: was, after: now, named: p.named });
  }
  const order = (name: string | null) => (name === null ? Number.MAX_SAFE_INTEGER : (classOrder.get(name) ?? Number.MAX_SAFE_INTEGER - 1));
  const position = (s: RiderStandingSide | null) => s?.position ?? Number.MAX_SAFE_INTEGER;
  return out.sort(
    (a, b) =>
      order(a.className) - order(b.className) ||
      (a.className ?? '').localeCompare(b.className ?? '') ||
      Number(b.named) - Number(a.named) ||
      position(a.after) - position(b.after) ||
      position(a.before) - position(b.before) ||
      (a.before?.name ?? a.after?.name ?? '').localeCompare(b.before?.name ?? b.after?.name ?? ''),
  );
}
