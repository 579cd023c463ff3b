/**
 * Tie-breaks (spec §3 Series table; TIE_BREAKS in lib/contracts/series.ts): better finishes,
 * latest race, emergency points, in the rules' order; riders still level share the position.
 * Expected standings worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { computeStandings } from './compute';
import { event, input, race, res, rowOf, season } from './test-input';
import { compareBetterFinishes, compareLatestRace } from './tie-breaks';

const positions = (s: ReturnType<typeof computeStandings>) => s.rows.map((r) => [r.riderKey, r.class.position, r.class.points]);

describe('better finishes', () => {
  it('compares wins, then 2nd places, …', () => {
    expect(compareBetterFinishes([1, 5], [2, 3])).toBeLessThan(0);
    expect(compareBetterFinishes([2, 2], [2, 3])).toBeLessThan(0);
    expect(compareBetterFinishes([1, 2], [1])).toBeLessThan(0);
    expect(compareBetterFinishes([2, 1].sort(), [1, 2])).toBe(0);
  });

  // Table 10, 7, 5, 3, 2. Round 1: a, b, x, y, z. Round 2: x, y, b, z, a.
  // a 10 + 2 = 12 (a win and a 5th); b 7 + 5 = 12 (a 2nd and a 3rd); x 5 + 10 = 15; y 3 + 7 = 10; z 2 + 3 = 5.
  const events = season([
    ['a', 'b', 'x', 'y', 'z'],
    ['x', 'y', 'b', 'z', 'a'],
  ]);
  const table = [10, 7, 5, 3, 2];

  it('better finishes first: a (one win) before b', () => {
    const s = computeStandings(input({ pointsTable: table, tieBreak: ['better-finishes', 'latest-race'] }, events));
    expect(positions(s)).toEqual([
      ['x', 1, 15],
      ['a', 2, 12],
      ['b', 3, 12],
      ['y', 4, 10],
      ['z', 5, 5],
    ]);
  });

  it('latest race first: b (3rd in round 2, 5 points) before a (5th, 2 points)', () => {
    const s = computeStandings(input({ pointsTable: table, tieBreak: ['latest-race', 'better-finishes'] }, events));
    expect(positions(s).slice(1, 3)).toEqual([
      ['b', 2, 12],
      ['a', 3, 12],
    ]);
  });

  it('no tie-breaks: a and b share 2nd, y is 4th', () => {
    const s = computeStandings(input({ pointsTable: table, tieBreak: [] }, events));
    expect(positions(s).map(([k, p]) => [k, p])).toEqual([
      ['x', 1],
      ['a', 2],
      ['b', 2],
      ['y', 4],
      ['z', 5],
    ]);
  });

  it('better finishes only counts the events that are not dropped', () => {
    // Table 10, 7, 5, 3, 2; best 2 of 3 rounds. Round 1: a, b. Round 2: b, a. Round 3: c, a, b.
    // a 10, 7, 7 → best 17 (round 2 struck: equal 7s drop the earlier) places kept 1, 2.
    // b 7, 10, 5 → best 17 (round 3 struck) places kept 2, 1. Level on finishes too → latest race:
    // round 3: a 7 vs b 5 → a first.
    const s = computeStandings(
      input({ pointsTable: table, bestResults: 2, tieBreak: ['better-finishes', 'latest-race'] }, season([['a', 'b'], ['b', 'a'], ['c', 'a', 'b']])),
    );
    expect(positions(s)).toEqual([
      ['a', 1, 17],
      ['b', 2, 17],
      ['c', 3, 10],
    ]);
    expect(rowOf(s, 'a').events.map((e) => e?.class.drop)).toEqual([false, true, false]);
  });
});

describe('latest race', () => {
  it('compares the latest event either scored at, going back', () => {
    expect(compareLatestRace([10, 7], [7, 10])).toBeGreaterThan(0);
    expect(compareLatestRace([10, 0, 0], [7, 3, 0])).toBeGreaterThan(0);
    expect(compareLatestRace([10, 0], [10, null])).toBeLessThan(0);
    expect(compareLatestRace([5, null], [5, null])).toBe(0);
  });

  it('goes back past a round where both scored the same', () => {
    // Table 10, 7. Round 1: a, b. Round 2: b, a. Round 3: c, d, a, b (a and b score 0 each).
    // a 17, b 17; round 3 level (0 – 0) → round 2: b 10 beats a 7.
    const s = computeStandings(
      input({ pointsTable: [10, 7], tieBreak: ['latest-race'] }, season([['a', 'b'], ['b', 'a'], ['c', 'd', 'a', 'b']])),
    );
    expect(positions(s).slice(0, 2)).toEqual([
      ['b', 1, 17],
      ['a', 2, 17],
    ]);
  });
});

describe('still level: shared position', () => {
  // Table 10, 7. Round 1: a, b, c. Round 2: b, a, c. a 17, b 17 (one win and one 2nd each); c 0.
  const events = season([
    ['a', 'b', 'c'],
    ['b', 'a', 'c'],
  ]);

  it('better finishes alone cannot separate them: 1, 1, 3', () => {
    const s = computeStandings(input({ pointsTable: [10, 7], tieBreak: ['better-finishes'] }, events));
    expect(positions(s)).toEqual([
      ['a', 1, 17],
      ['b', 1, 17],
      ['c', 3, 0],
    ]);
  });

  it('then the latest race: b won round 2', () => {
    const s = computeStandings(input({ pointsTable: [10, 7], tieBreak: ['better-finishes', 'latest-race'] }, events));
    expect(positions(s).slice(0, 2)).toEqual([
      ['b', 1, 17],
      ['a', 2, 17],
    ]);
  });
});

describe('emergency points', () => {
  // Enduro: table 10, 7. Round 1: a 1st (30 emergency points), b 2nd (5). Round 2: b 1st (5), a 2nd (30).
  // a 17 / 60 emergency points, b 17 / 10 → b first (lower is better).
  const ep = (key: string, pos: number, points: number) => res(key, pos, { emergencyPoints: points });
  const events = [event(1, [race(1, 1, [ep('a', 1, 30), ep('b', 2, 5)])]), event(2, [race(2, 1, [ep('b', 1, 5), ep('a', 2, 30)])])];

  it('the lower total wins', () => {
    const s = computeStandings(input({ pointsTable: [10, 7], tieBreak: ['emergency-points'] }, events));
    expect(positions(s)).toEqual([
      ['b', 1, 17],
      ['a', 2, 17],
    ]);
    expect(rowOf(s, 'a').emergencyPoints).toBe(60);
    expect(rowOf(s, 'b').emergencyPoints).toBe(10);
  });

  it('level emergency points share the position', () => {
    const level = [event(1, [race(1, 1, [ep('a', 1, 5), ep('b', 2, 5)])]), event(2, [race(2, 1, [ep('b', 1, 5), ep('a', 2, 5)])])];
    const s = computeStandings(input({ pointsTable: [10, 7], tieBreak: ['emergency-points'] }, level));
    expect(positions(s)).toEqual([
      ['a', 1, 17],
      ['b', 1, 17],
    ]);
  });

  it('counts only the events that are not dropped', () => {
    // Best 2 of 3: a 1st (5), 2nd (50), 1st (5) → 10 + 10 = 20, round 2 struck → 10 emergency points.
    const s = computeStandings(
      input(
        { pointsTable: [10, 7], bestResults: 2 },
        [event(1, [race(1, 1, [ep('a', 1, 5), ep('b', 2, 0)])]), event(2, [race(2, 1, [ep('b', 1, 0), ep('a', 2, 50)])]), event(3, [race(3, 1, [ep('a', 1, 5)])])],
      ),
    );
    expect(rowOf(s, 'a').class.points).toBe(20);
    expect(rowOf(s, 'a').emergencyPoints).toBe(10);
  });
});
