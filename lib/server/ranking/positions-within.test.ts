import { describe, expect, it } from 'vitest';
import { positionsWithin } from './positions-within';
import { rankEnduro } from './rank-enduro';
import { rankSprint } from './rank-sprint';
import type { RankInput } from './types';

const e = (key: string, className: string | null, classGroup: string | null, laps: number, totalTimeMs: number): RankInput => ({
  key,
  state: 'finished',
  className,
  classGroup,
  laps,
  totalTimeMs,
});

const entries = [
  e('1', '250 A', 'A', 10, 600),
  e('2', '450 A', 'A', 10, 590),
  e('3', '250 B', 'B', 9, 500),
  e('4', '250 A', 'A', 10, 580),
  e('5', '250 B', 'B', 10, 700),
  e('6', null, null, 11, 100),
];
const positions = (ranked: { key: string; position: number | null }[]) =>
  Object.fromEntries(ranked.map((r) => [r.key, r.position]));

describe('positionsWithin', () => {
  it('ranks within each class with the same rule', () => {
    const ranked = positionsWithin(entries, (x) => x.className, rankSprint);
    expect(positions(ranked)).toEqual({ '4': 1, '1': 2, '2': 1, '5': 1, '3': 2, '6': null });
    // groups in order of first appearance, the unclassed last
    expect(ranked.map((r) => r.key)).toEqual(['4', '1', '2', '5', '3', '6']);
  });

  it('ranks within each class group', () => {
    const ranked = positionsWithin(entries, (x) => x.classGroup, rankSprint);
    expect(positions(ranked)).toEqual({ '4': 1, '2': 2, '1': 3, '5': 1, '3': 2, '6': null });
  });

  it('works with the enduro rule, unplaced riders staying unplaced', () => {
    const riders: RankInput[] = [
      { key: 'a', state: 'finished', className: 'AA', checkpoints: 13, points: 33, emergencyPoints: 46 },
      { key: 'b', state: 'DNS', className: 'AA', checkpoints: 0, points: 0, emergencyPoints: 0 },
      { key: 'c', state: 'finished', className: 'AA', checkpoints: 13, points: 30, emergencyPoints: 54 },
      { key: 'd', state: 'finished', className: 'B 250', checkpoints: 13, points: 51, emergencyPoints: 43 },
    ];
    expect(positions(positionsWithin(riders, (x) => x.className, rankEnduro))).toEqual({ c: 1, a: 2, b: null, d: 1 });
  });

  it('treats an empty class name as no class', () => {
    expect(positionsWithin([e('x', '', null, 1, 1)], (x) => x.className, rankSprint)).toEqual([
      { key: 'x', position: null, tied: false },
    ]);
  });
});
