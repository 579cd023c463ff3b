import { describe, expect, it } from 'vitest';
import { rankEnduro } from './rank-enduro';
import type { RankInput } from './types';

const rider = (key: string, checkpoints: number | null, points: number | null, emergencyPoints: number | null, over: Partial<RankInput> = {}): RankInput => ({
  key,
  state: 'finished',
  checkpoints,
  points,
  emergencyPoints,
  ...over,
});

describe('rankEnduro', () => {
  it('ranks more checks first, then fewer points, then fewer emergency points', () => {
    const ranked = rankEnduro([
      rider('fewChecks', 6, 8, 23), // fewest points, but fewer checks
      rider('b', 13, 46, 46),
      rider('a', 13, 46, 44),
      rider('best', 13, 39, 13),
    ]);
    expect(ranked.map((r) => [r.key, r.position])).toEqual([
      ['best', 1],
      ['a', 2],
      ['b', 3],
      ['fewChecks', 4],
    ]);
  });

  it('leaves non-scorers, DNF and DSQ riders unplaced, after the scorers (DNF, DNS, DSQ)', () => {
    const ranked = rankEnduro([
      rider('dsq', 13, 10, 0, { state: 'DSQ' }),
      rider('dns', 0, 0, 0, { state: 'DNS' }),
      rider('dnf', 9, 33, 55, { state: 'DNF' }),
      rider('last', 3, 6, 39),
    ]);
    expect(ranked.map((r) => [r.key, r.position])).toEqual([
      ['last', 1],
      ['dnf', null],
      ['dns', null],
      ['dsq', null],
    ]);
  });

  it('ranks missing numbers after known ones', () => {
    expect(rankEnduro([rider('x', null, 0, 0), rider('y', 1, 99, 99)]).map((r) => r.key)).toEqual(['y', 'x']);
    expect(rankEnduro([rider('x', 5, null, 0), rider('y', 5, 99, 99)]).map((r) => r.key)).toEqual(['y', 'x']);
  });

  it('keeps the input order for full ties and flags them', () => {
    expect(rankEnduro([rider('p', 13, 45, 6), rider('q', 13, 45, 6), rider('r', 13, 45, 25)])).toEqual([
      { key: 'p', position: 1, tied: true },
      { key: 'q', position: 2, tied: true },
      { key: 'r', position: 3, tied: false },
    ]);
  });
});
