
/**
 * The sorting core shared by every ranking rule (spec §3 "Race results columns": position,
 * DNF/DSQ standing): state tier first, then the rule's comparison, then the input order;
 * positions are consecutive and ties are flagged. Internal to `lib/server/ranking`.
 */
import type { Ranked, RankInput, ResultState } from './types';

/**
 * Ranking tier of each state: running and finished competitors rank together on their data;
 * DNF after them, then DNS, then DSQ last (the order of `RESULT_STATES`).
 */
export const STATE_TIER: Record<ResultState, number> = { running: 0, finished: 0, DNF: 1, DNS: 2, DSQ: 3 };

/** `a` before `b` when the value is larger; a missing value ranks after any number. */
export function moreFirst(a: number | null | undefined, b: number | null | undefined): number {
  return (b ?? Number.NEGATIVE_INFINITY) - (a ?? Number.NEGATIVE_INFINITY) || 0;
}

/** `a` before `b` when the value is smaller; a missing value ranks after any number. */
export function lessFirst(a: number | null | undefined, b: number | null | undefined): number {
  return (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY) || 0;
}

/**
 * Sorts `entries` by state tier, then `compare`, then input order (a stable sort), and numbers
 * the placed ones 1, 2, 3 … in that order.
 * @param placed whether an entry in this state gets a position (else `position: null`).
 * @throws Error when two entries share a key (keys must be unique within one ranking).
 */
export function rankBy<T extends RankInput>(
  entries: readonly T[],
  compare: (a: T, b: T) => number,
  placed: (state: ResultState) => boolean,
): Ranked[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.key)) throw new Error(`duplicate entry key ${JSON.stringify(entry.key)} in one ranking`);
    seen.add(entry.key);
  }
  const items = entries.map((entry, index) => ({ entry, index, tier: STATE_TIER[entry.state] }));
  const same = (a: (typeof items)[number], b: (typeof items)[number] | undefined) =>
    b !== undefined && a.tier === b.tier && compare(a.entry, b.entry) === 0;
  items.sort((a, b) => a.tier - b.tier || compare(a.entry, b.entry) || a.index - b.index);
  let next = 1;
  return items.map((item, i) => ({
    key: item.entry.key,
    position: placed(item.entry.state) ? next++ : null,
    tied: same(item, items[i - 1]) || same(item, items[i + 1]),
  }));
}
