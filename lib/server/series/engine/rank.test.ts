/**
 * The ranking helpers (spec §3 Series table: positions): standard competition ranking by
 * integer key columns, separate fields, tie levels built only for the level items, and the
 * comparison-sort path for keys too wide to count.
 */
import { describe, expect, it } from 'vitest';
import { competitionRank, orderByKeys, rankByKeys } from './rank';

const col = (values: number[]) => Int32Array.from(values);

describe('rankByKeys', () => {
  it('gives standard competition positions (1, 2, 2, 4) within each field', () => {
    // Field 0: keys 5, 1, 1, 7 → 3rd, 1st, 1st, 4th. Field 1: keys 2, 0 → 2nd, 1st.
    const positions = rankByKeys(6, col([0, 0, 0, 0, 1, 1]), [col([5, 1, 1, 7, 2, 0])]);
    expect(Array.from(positions)).toEqual([3, 1, 1, 4, 2, 1]);
  });

  it('orders by the next key column, then by tie levels built only for the items still level', () => {
    const seen: number[][] = [];
    // Items 0–3 level on the first key; the second key splits 0 from 1–3; the tie level splits 2 from 1 and 3.
    const positions = rankByKeys(5, col([0, 0, 0, 0, 0]), [col([1, 1, 1, 1, 0]), col([3, 2, 2, 2, 0])], [
      (subset) => {
        seen.push(Array.from(subset));
        const tie = new Map([
          [1, 5],
          [2, 4],
          [3, 5],
        ]);
        return [Int32Array.from(subset, (item) => tie.get(item) ?? 0)];
      },
    ]);
    expect(seen).toEqual([[1, 2, 3]]);
    expect(Array.from(positions)).toEqual([5, 3, 2, 3, 1]);
  });

  it('falls back to a comparison sort for keys past the counting range, with the same result', () => {
    expect(Array.from(rankByKeys(4, col([0, 0, 0, 0]), [col([5_000_000, 7, 5_000_000, -3])]))).toEqual([3, 2, 3, 1]);
    expect(Array.from(orderByKeys(3, [col([2, 1, 2]), col([0, 9, -1])]))).toEqual([1, 2, 0]);
  });
});

describe('competitionRank', () => {
  it('shares the position of items the comparison cannot separate', () => {
    const items = [{ k: 'a', v: 3 }, { k: 'b', v: 1 }, { k: 'c', v: 3 }, { k: 'd', v: 2 }];
    const out: Record<string, number> = {};
    competitionRank(items, (a, b) => b.v - a.v, (item, position) => (out[item.k] = position));
    expect(out).toEqual({ a: 1, c: 1, d: 3, b: 4 });
  });
});
