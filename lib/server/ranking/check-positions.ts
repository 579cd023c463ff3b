
/**
 * Checks the positions a timing system or scoring office gave against the ranking rules, for
 * importers (report the disagreements) and tests. Spec §3 "Race results columns" (position,
 * class / group positions).
 */
import type { Disagreement, Ranked } from './types';

export interface CheckOptions {
  /**
   * When true a given `null` means "unplaced" and must match a computed `null` (ECEA DNF
   * teams, place 9999). When false (the default) a given `null` means "not given" and is not
   * checked (an RMonitor car that never had a `$G`).
   */
  compareUnplaced?: boolean;
}

/**
 * Compares given positions with computed ones.
 * @param given the source's positions by entry key (`undefined` is never checked).
 * @param computed a ranking from `rankSprint`, `rankEnduro`, `rankTeams` or `positionsWithin`;
 *   a given key missing from it counts as computed `null`.
 * @returns the disagreements `{ key, given, computed }`, in the order of `given`; empty when
 *   every checked position agrees.
 */
export function checkPositions(
  given: Iterable<{ key: string; position?: number | null }>,
  computed: Iterable<Ranked>,
  options: CheckOptions = {},
): Disagreement[] {
  const byKey = new Map<string, number | null>();
  for (const r of computed) byKey.set(r.key, r.position);
  const out: Disagreement[] = [];
  for (const { key, position } of given) {
    if (position === undefined || (position === null && !options.compareUnplaced)) continue;
    const mine = byKey.get(key) ?? null;
    if (mine !== position) out.push({ key, given: position, computed: mine });
  }
  return out;
}
