/**
 * Tie-breaks of a series table (spec §3 Series table; §4 Series results; CrossMgr SeriesMgr;
 * the ECEA rules): applied in the order the rules list them (`TIE_BREAKS` in
 * lib/contracts/series.ts) to competitors level on points. Each comparison is negative when
 * `a` ranks first, 0 when it cannot separate them (they then share the position). Used for
 * riders, teams and clubs alike. Pure: no database.
 */
import type { TieBreak } from '../../../contracts/series';

/** What the tie-breaks read of a competitor in one standings scope. */
export interface TieBreakData {
  /** The competitor's event places in the events that count (drops left out), ascending; unplaced events left out. */
  places: number[];
  /** Points per series event (same order as the events); null where the competitor did not score. */
  eventPoints: readonly (number | null)[];
  /** Emergency points over the events that count (lower is better). */
  emergency: number;
}

/**
 * `better-finishes`: more 1st places, then more 2nd places, and so on. On the ascending place
 * lists: at the first index where they differ the smaller place wins; a list that ends first
 * has fewer of the other's next place and loses.
 */
export function compareBetterFinishes(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return b.length - a.length;
}

/**
 * `latest-race`: from the latest event either competitor scored at, going back, the first
 * event where their points differ decides (having scored beats not having scored there).
 */
export function compareLatestRace(a: readonly (number | null)[], b: readonly (number | null)[]): number {
  for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--) {
    const pa = a[i] ?? null;
    const pb = b[i] ?? null;
    if (pa === pb) continue;
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pb - pa;
  }
  return 0;
}

/** `emergency-points`: the lower total wins. */
export function compareEmergencyPoints(a: number, b: number): number {
  return a - b;
}

/** The tie-breaks in `order`, the first that separates `a` and `b` deciding; 0 when none does. */
export function compareTieBreaks(order: readonly TieBreak[], a: TieBreakData, b: TieBreakData): number {
  for (const rule of order) {
    const d =
      rule === 'better-finishes'
        ? compareBetterFinishes(a.places, b.places)
        : rule === 'latest-race'
          ? compareLatestRace(a.eventPoints, b.eventPoints)
          : compareEmergencyPoints(a.emergency, b.emergency);
    if (d !== 0) return d;
  }
  return 0;
}

/*
 * The same tie-breaks as integer key columns (smaller first) for `rankByKeys` (./rank.ts), for
 * the engine's thousands of rider rows: competitors level on every column of a rule are
 * exactly those its comparison above finds level, and the columns order the others as it does.
 */

/**
 * `better-finishes` as key columns: column k = the (k+1)-th best place, past the end of a
 * competitor's list after every place. Competitor j's counted places, ascending, are
 * `places[j * stride]` … (`placeCount[j]` of them).
 */
export function betterFinishesKeys(places: Int32Array, placeCount: Int32Array, stride: number): Int32Array[] {
  const n = placeCount.length;
  let width = 0;
  let maxPlace = 0;
  for (let j = 0; j < n; j++) {
    if (placeCount[j] > width) width = placeCount[j];
    for (let k = 0; k < placeCount[j]; k++) if (places[j * stride + k] > maxPlace) maxPlace = places[j * stride + k];
  }
  const columns: Int32Array[] = [];
  for (let k = 0; k < width; k++) {
    const column = new Int32Array(n);
    for (let j = 0; j < n; j++) column[j] = k < placeCount[j] ? places[j * stride + k] : maxPlace + 1;
    columns.push(column);
  }
  return columns;
}

/**
 * `latest-race` as key columns: column i = the points at the i-th event from the last (more
 * first; no score after 0). Competitor j's points at event e: `eventPoints[j * eventCount + e]`,
 * negative where it did not score.
 */
export function latestRaceKeys(eventPoints: Float64Array, eventCount: number): Int32Array[] {
  const n = eventCount === 0 ? 0 : eventPoints.length / eventCount;
  let maxPoints = 0;
  for (let k = 0; k < eventPoints.length; k++) if (eventPoints[k] > maxPoints) maxPoints = eventPoints[k];
  const columns: Int32Array[] = [];
  for (let e = eventCount - 1; e >= 0; e--) {
    const column = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      const points = eventPoints[j * eventCount + e];
      column[j] = points < 0 ? maxPoints + 1 : maxPoints - points;
    }
    columns.push(column);
  }
  return columns;
}

/** `emergency-points` as a key column: the total, lower first. */
export function emergencyPointsKeys(emergency: Float64Array): Int32Array[] {
  return [Int32Array.from(emergency)];
}
