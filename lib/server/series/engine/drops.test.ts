/**
 * Drop scores (spec §3 Series: drop scores; §3 Series table: drop): best N results, every round
 * less the drop scores (future rounds included), missed events dropped first, equal scores
 * dropping the earlier event, drops per scope. Expected figures worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { computeStandings } from './compute';
import { applyDrops, countedEventCount } from './drops';
import { event, input, race, res, rowOf } from './test-input';

describe('applyDrops', () => {
  it('keeps the best N and flags the others', () => {
    // Best 3 of 10, missed, 5, 10, 0: 10 + 10 + 5 = 25; the 0 is dropped; the missed event is not flagged.
    expect(applyDrops([10, null, 5, 10, 0], 3)).toEqual({ total: 25, dropped: [false, false, false, false, true] });
  });

  it('drops the earlier of two equal scores', () => {
    expect(applyDrops([5, 8, 5], 2)).toEqual({ total: 13, dropped: [true, false, false] });
  });

  it('drops missed events first: a 0 that was scored is kept when it fits', () => {
    expect(applyDrops([null, 0, 3], 2)).toEqual({ total: 3, dropped: [false, false, false] });
  });

  it('drops everything when nothing counts', () => {
    expect(applyDrops([4, 2], 0)).toEqual({ total: 0, dropped: [true, true] });
  });
});

describe('countedEventCount', () => {
  it('is bestResults when set, else the rounds less the drop scores, never below 0', () => {
    expect(countedEventCount({ bestResults: 12, dropScores: 3 }, 15)).toBe(12);
    expect(countedEventCount({ bestResults: null, dropScores: 2 }, 15)).toBe(13);
    expect(countedEventCount({ bestResults: null, dropScores: 20 }, 15)).toBe(0);
  });
});

describe('drops in the standings', () => {
  // Four rounds, the fourth still to come (no races). Table 10, 7, 5, 3; all in class A.
  //   a: class positions 1, 4, 2 → 10, 3, 7; overall positions 4, 1, 2 → 3, 10, 7.
  //   c: 3rd in class and overall every time → 5, 5, 5.
  //   b: round 1 only, 5th in class and overall → 0.
  // Event places in class (ranked on the points of the riders there): round 1 a 1, c 2, b 3;
  // round 2 c 1, a 2; round 3 a 1, c 2.
  const a = (cls: number, overall: number) => res('a', overall, { classPosition: cls, groupPosition: cls });
  const b = res('b', 5);
  const c = res('c', 3);
  const events = [event(1, [race(10, 1, [a(1, 4), b, c])]), event(2, [race(20, 1, [a(4, 1), c])]), event(3, [race(30, 1, [a(2, 2), c])]), event(4, [])];
  const table = [10, 7, 5, 3];

  it('every round less dropScores counts, future rounds included (4 − 2 = 2)', () => {
    const s = computeStandings(input({ pointsTable: table, dropScores: 2 }, events));
    const rowA = rowOf(s, 'a');
    // Class: best two of 10, 3, 7 = 17, round 2 struck. Overall: best two of 3, 10, 7 = 17, round 1 struck.
    expect(rowA.class.points).toBe(17);
    expect(rowA.events.map((e) => e?.class.drop ?? null)).toEqual([false, true, false, null]);
    expect(rowA.overall.points).toBe(17);
    expect(rowA.events.map((e) => e?.overall.drop ?? null)).toEqual([true, false, false, null]);
    // The struck score is still shown.
    expect(rowA.events[1]?.class).toEqual({ points: 3, position: 2, drop: true });
    // b scored 0 at its only event: with two counting, nothing of b is dropped (missed rounds go first).
    expect(rowOf(s, 'b').events[0]?.class).toEqual({ points: 0, position: 3, drop: false });
    // c: 5, 5, 5 → the earliest is dropped, 10 counts.
    expect(rowOf(s, 'c').class.points).toBe(10);
    expect(rowOf(s, 'c').events.map((e) => e?.class.drop ?? null)).toEqual([true, false, false, null]);
  });

  it('bestResults overrides dropScores', () => {
    const s = computeStandings(input({ pointsTable: table, dropScores: 2, bestResults: 3 }, events));
    expect(rowOf(s, 'a').class.points).toBe(20);
    expect(rowOf(s, 'a').events.some((e) => e?.class.drop)).toBe(false);
    expect(rowOf(s, 'c').class.points).toBe(15);
  });

  it('no drops by default', () => {
    const s = computeStandings(input({ pointsTable: table }, events));
    expect(rowOf(s, 'a').class.points).toBe(20);
    expect(rowOf(s, 'a').overall.points).toBe(20);
    expect(rowOf(s, 'c').class.points).toBe(15);
  });

  it('positions follow the totals after drops', () => {
    // Best 1: a 10 (round 1), c 5 (round 3; rounds 1 and 2 struck), b 0.
    const s = computeStandings(input({ pointsTable: table, bestResults: 1 }, events));
    expect(s.rows.map((r) => [r.riderKey, r.class.position, r.class.points])).toEqual([
      ['a', 1, 10],
      ['c', 2, 5],
      ['b', 3, 0],
    ]);
    expect(rowOf(s, 'c').events.map((e) => e?.class.drop ?? null)).toEqual([true, true, false, null]);
  });
});
