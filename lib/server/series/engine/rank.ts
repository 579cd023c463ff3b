/**
 * Positions in a series table (spec §3 Series table: overall, class and group position; §4
 * Series results): standard competition ranking — competitors the comparison cannot separate
 * share a position and the next one skips (1, 2, 2, 4). Pure: no database.
 *
 * `rankByKeys` ranks thousands of competitors without a comparison sort: every criterion
 * (points, last moto, tie-breaks) is written as integer key columns and ordered by stable
 * counting sorts, linear in the number of competitors — comparison sorts over the thousands
 * of riders of every event and scope were the slowest part of the standings.
 */

/**
 * Sorts `items` in place by `compare` (negative: `a` ranks first; a stable sort, so equal
 * items keep their order) and calls `assign` with each item's position: 1 + the number of
 * items ranked strictly before it.
 */
export function competitionRank<T>(items: T[], compare: (a: T, b: T) => number, assign: (item: T, position: number) => void): void {
  items.sort(compare);
  let position = 1;
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && compare(items[i - 1], items[i]) !== 0) position = i + 1;
    assign(items[i], position);
  }
}

/** `a` before `b` when its value is smaller; null (no value) after any number. */
export function lessFirst(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** Widest key range ordered by counting; wider keys fall back to a comparison sort. */
const MAX_COUNTING_RANGE = 1 << 20;

/**
 * The positions 0 … n-1 ordered by the key columns (`keys[k][i]`: key k of item i; most
 * significant first; whole numbers, smaller first), stably: LSD counting sorts, linear in
 * n + key range; a comparison sort when a key's range is too wide or negative.
 */
export function orderByKeys(n: number, keys: readonly Int32Array[]): Int32Array {
  let src = new Int32Array(n);
  for (let i = 0; i < n; i++) src[i] = i;
  let dst = new Int32Array(n);
  for (let k = keys.length - 1; k >= 0; k--) {
    const key = keys[k];
    let min = 0;
    let max = 0;
    for (let i = 0; i < n; i++) {
      if (key[i] > max) max = key[i];
      else if (key[i] < min) min = key[i];
    }
    if (min < 0 || max >= MAX_COUNTING_RANGE) return comparisonOrder(n, keys);
    if (max === 0) continue;
    const counts = new Int32Array(max + 2);
    for (let i = 0; i < n; i++) counts[key[i] + 1]++;
    for (let v = 1; v <= max + 1; v++) counts[v] += counts[v - 1];
    for (let i = 0; i < n; i++) {
      const item = src[i];
      dst[counts[key[item]]++] = item;
    }
    const swap = src;
    src = dst;
    dst = swap;
  }
  return src;
}

function comparisonOrder(n: number, keys: readonly Int32Array[]): Int32Array {
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    for (const key of keys) {
      const d = key[a] - key[b];
      if (d !== 0) return d;
    }
    return a - b;
  });
  return Int32Array.from(order);
}

/** Whether items a and b are level on every key column. */
function level(keys: readonly Int32Array[], a: number, b: number): boolean {
  for (let k = 0; k < keys.length; k++) if (keys[k][a] !== keys[k][b]) return false;
  return true;
}

/**
 * Sorts, in place, each run of consecutive items of `order` level on every key column by
 * `compare` (items are positions, as `orderByKeys` returns them); returns `order`.
 */
export function sortRuns(order: Int32Array, keys: readonly Int32Array[], compare: (a: number, b: number) => number): Int32Array {
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && level(keys, order[i], order[j])) j++;
    if (j - i > 1) order.set(Array.from(order.subarray(i, j)).sort(compare), i);
    i = j;
  }
  return order;
}

/** Key columns for a subset of the items (`subset[j]`: an item; column entry j is its key). */
export type SubsetKeys = (subset: Int32Array) => Int32Array[];

/**
 * Standard competition ranking of the items 0 … n-1 within their fields: `field[i]` (a whole
 * number ≥ 0) splits them into separately ranked fields and the `keys` columns order them
 * (smaller first, whole numbers). Items level on every key are then ordered by the columns
 * `ties[0]` gives for just those items, those still level by `ties[1]`'s, and so on — each
 * built only for the items that need it (tie-breaks are costly to lay out for thousands).
 * Items level on everything share the position.
 * @returns each item's position.
 */
export function rankByKeys(n: number, field: Int32Array, keys: readonly Int32Array[], ties: readonly SubsetKeys[] = []): Int32Array {
  const all = [field, ...keys];
  const order = orderByKeys(n, all);
  const positions = new Int32Array(n);
  const tied: number[] = [];
  const runOfTied: number[] = [];
  const runPosition: number[] = [];
  let fieldStart = 0;
  for (let i = 0; i < n; ) {
    if (i > 0 && field[order[i]] !== field[order[i - 1]]) fieldStart = i;
    let j = i + 1;
    while (j < n && level(all, order[i], order[j])) j++;
    const position = i - fieldStart + 1;
    for (let k = i; k < j; k++) positions[order[k]] = position;
    if (j - i > 1 && ties.length) {
      for (let k = i; k < j; k++) {
        tied.push(order[k]);
        runOfTied.push(runPosition.length);
      }
      runPosition.push(position);
    }
    i = j;
  }
  if (!tied.length) return positions;
  const subset = Int32Array.from(tied);
  // The next tie levels see items of the subset; give them the original items.
  const deeper = ties.slice(1).map((next): SubsetKeys => (inner) => next(inner.map((t) => subset[t])));
  const within = rankByKeys(subset.length, Int32Array.from(runOfTied), ties[0](subset), deeper);
  for (let t = 0; t < subset.length; t++) positions[subset[t]] = runPosition[runOfTied[t]] + within[t] - 1;
  return positions;
}
