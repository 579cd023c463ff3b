import { describe, expect, it } from 'vitest';
import { checkPositions } from './check-positions';
import type { Ranked } from './types';

const computed: Ranked[] = [
  { key: 'a', position: 1, tied: false },
  { key: 'b', position: 2, tied: false },
  { key: 'c', position: null, tied: false },
];

describe('checkPositions', () => {
  it('returns nothing when the given positions agree', () => {
    expect(checkPositions([{ key: 'b', position: 2 }, { key: 'a', position: 1 }], computed)).toEqual([]);
  });

  it('returns each disagreement with the given and the computed position, in the given order', () => {
    expect(
      checkPositions(
        [
          { key: 'b', position: 1 },
          { key: 'a', position: 2 },
          { key: 'c', position: 3 },
          { key: 'zz', position: 4 },
        ],
        computed,
      ),
    ).toEqual([
      { key: 'b', given: 1, computed: 2 },
      { key: 'a', given: 2, computed: 1 },
      { key: 'c', given: 3, computed: null },
      { key: 'zz', given: 4, computed: null },
    ]);
  });

  it('skips positions not given; compares a given null only when it means unplaced', () => {
    const given = [{ key: 'a' }, { key: 'b', position: null }, { key: 'c', position: null }];
    expect(checkPositions(given, computed)).toEqual([]);
    expect(checkPositions(given, computed, { compareUnplaced: true })).toEqual([{ key: 'b', given: null, computed: 2 }]);
  });
});
