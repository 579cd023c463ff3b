
/**
 * Class and class-group positions: one ranking rule applied within each class or class group.
 * Spec §3 "Race results columns" (class, group, overall / class / group positions) and
 * "Series table" (overall, class and group position).
 */
import type { Ranked, RankFn, RankInput } from './types';

/**
 * Ranks the entries within each group with `rank`.
 * @param groupBy the group of an entry (e.g. `(e) => e.className` or `(e) => e.classGroup`);
 *   null, undefined or '' = no group: the entry gets `position: null`.
 * @returns every entry once: groups in order of first appearance, each in ranking order, then
 *   the entries without a group (input order, `tied: false`).
 */
export function positionsWithin<T extends RankInput>(
  entries: readonly T[],
  groupBy: (entry: T) => string | null | undefined,
  rank: RankFn<T>,
): Ranked[] {
  const groups = new Map<string, T[]>();
  const ungrouped: Ranked[] = [];
  for (const entry of entries) {
    const group = groupBy(entry);
    if (group == null || group === '') {
      ungrouped.push({ key: entry.key, position: null, tied: false });
      continue;
    }
    const members = groups.get(group);
    if (members) members.push(entry);
    else groups.set(group, [entry]);
  }
  return [...[...groups.values()].flatMap((members) => rank(members)), ...ungrouped];
}
