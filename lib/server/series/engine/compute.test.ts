/**
 * The standings engine on small hand-made seasons (spec §4 Series results; §3 Series table):
 * points table, per moto / per event, final / overall, class and group filters, excluded
 * races, DNF/DNS/DSQ, the three scopes, minimum events. Every expected figure is worked out
 * by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { computeStandings } from './compute';
import { racePoints, stateScores, tablePoints } from './points';
import { event, inOrder, input, race, res, rowOf, season } from './test-input';

describe('points table', () => {
  it('gives the table points by position, 0 beyond the table and without a position', () => {
    expect(tablePoints([25, 22, 20], 1)).toBe(25);
    expect(tablePoints([25, 22, 20], 3)).toBe(20);
    expect(tablePoints([25, 22, 20], 4)).toBe(0);
    expect(tablePoints([25, 22, 20], null)).toBe(0);
    expect(tablePoints([25, 22, 20], 0)).toBe(0);
  });

  it('uses the default motocross table 25, 22, 20, 18, 16, 15, 14 … 1 and nothing past 20th', () => {
    const riders = Array.from({ length: 21 }, (_, i) => `r${i + 1}`);
    const s = computeStandings(input({}, season([riders])));
    // 1st 25, 2nd 22, 3rd 20, 4th 18, 5th 16, 6th 15, 7th 14, 20th 1, 21st 0.
    const expected: Record<string, number> = { r1: 25, r2: 22, r3: 20, r4: 18, r5: 16, r6: 15, r7: 14, r8: 13, r19: 2, r20: 1, r21: 0 };
    for (const [key, points] of Object.entries(expected)) {
      expect(rowOf(s, key).class.points, key).toBe(points);
      expect(rowOf(s, key).overall.points, key).toBe(points);
    }
    // The 21st still has an event place and a class position (0 points, last).
    expect(rowOf(s, 'r21').events[0]?.class).toEqual({ points: 0, position: 21, drop: false });
    expect(rowOf(s, 'r21').class.position).toBe(21);
  });
});

describe('per moto and per event scoring', () => {
  // Table 10, 7, 5, 3. Moto 1: a, b, c. Moto 2: b, c, a.
  // Moto points: a 10 + 5 = 15, b 7 + 10 = 17, c 5 + 7 = 12 → event places b 1, a 2, c 3.
  const events = [event(1, [race(11, 1, inOrder(['a', 'b', 'c'])), race(12, 2, inOrder(['b', 'c', 'a']))])];

  it('per moto: the event scores the sum of the motos', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5, 3], scoring: 'moto' }, events));
    expect(rowOf(s, 'a').events[0]?.class).toEqual({ points: 15, position: 2, drop: false });
    expect(rowOf(s, 'b').events[0]?.class).toEqual({ points: 17, position: 1, drop: false });
    expect(rowOf(s, 'c').events[0]?.class).toEqual({ points: 12, position: 3, drop: false });
    expect(rowOf(s, 'a').events[0]?.races.map((r) => [r.raceId, r.points])).toEqual([
      [11, 10],
      [12, 5],
    ]);
    expect(s.rows.map((r) => [r.riderKey, r.class.position, r.class.points])).toEqual([
      ['b', 1, 17],
      ['a', 2, 15],
      ['c', 3, 12],
    ]);
  });

  it('per event: the event place scores from the table', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5, 3], scoring: 'event' }, events));
    // b 1st → 10, a 2nd → 7, c 3rd → 5; moto points are not given per race.
    expect(rowOf(s, 'b').class.points).toBe(10);
    expect(rowOf(s, 'a').class.points).toBe(7);
    expect(rowOf(s, 'c').class.points).toBe(5);
    expect(rowOf(s, 'a').events[0]?.races.map((r) => r.points)).toEqual([0, 0]);
  });

  it('breaks a tie on moto points by the better position in the last moto', () => {
    // Moto 1: a 1st (10), b 2nd (7); moto 2: b 1st (10), a 2nd (7): 17 each; b won the last moto.
    const tied = [event(1, [race(11, 1, inOrder(['a', 'b'])), race(12, 2, inOrder(['b', 'a']))])];
    const moto = computeStandings(input({ pointsTable: [10, 7, 5, 3], scoring: 'moto' }, tied));
    expect(rowOf(moto, 'b').events[0]?.class).toEqual({ points: 17, position: 1, drop: false });
    expect(rowOf(moto, 'a').events[0]?.class).toEqual({ points: 17, position: 2, drop: false });
    const perEvent = computeStandings(input({ pointsTable: [10, 7, 5, 3], scoring: 'event' }, tied));
    expect(rowOf(perEvent, 'b').class.points).toBe(10);
    expect(rowOf(perEvent, 'a').class.points).toBe(7);
  });
});

describe('series type final / overall', () => {
  // Race 1 (heat, order 1): a 1st, b 2nd, and class B's only race (c 1st in class).
  // Race 2 (final, order 2): b 1st, a 2nd. Table 10, 7.
  const c = res('c', 3, { className: 'B', classPosition: 1, groupPosition: 3 });
  const events = [event(1, [race(2, 2, inOrder(['b', 'a'])), race(1, 1, [...inOrder(['a', 'b']), c])])];

  it('overall counts every race', () => {
    const s = computeStandings(input({ pointsTable: [10, 7] }, events, 'overall'));
    expect(rowOf(s, 'a').class.points).toBe(17);
    expect(rowOf(s, 'b').class.points).toBe(17);
    expect(rowOf(s, 'a').events[0]?.races.map((r) => r.raceId)).toEqual([1, 2]);
  });

  it("final counts only each class's last race at the event", () => {
    const s = computeStandings(input({ pointsTable: [10, 7] }, events, 'final'));
    expect(rowOf(s, 'b').class.points).toBe(10);
    expect(rowOf(s, 'a').class.points).toBe(7);
    expect(rowOf(s, 'a').events[0]?.races.map((r) => r.raceId)).toEqual([2]);
    // Class B only raced in race 1: that is its final.
    expect(rowOf(s, 'c', 'B').class.points).toBe(10);
  });

  it('final: an excluded final makes the race before it the last one', () => {
    const s = computeStandings(input({ pointsTable: [10, 7], excludedRaceIds: [2] }, events, 'final'));
    expect(rowOf(s, 'a').class.points).toBe(10);
    expect(rowOf(s, 'b').class.points).toBe(7);
  });
});

describe('classes, class groups and excluded races', () => {
  const events = [
    event(1, [
      race(11, 1, [
        res('a', 1, { className: 'A', classGroup: 'G1', classPosition: 1 }),
        res('b', 2, { className: 'B', classGroup: 'G1', classPosition: 1 }),
        res('c', 3, { className: 'C', classGroup: 'G2', classPosition: 1 }),
      ]),
    ]),
  ];

  it('keeps only the listed classes', () => {
    const s = computeStandings(input({ classes: ['A', 'C'] }, events));
    expect(s.rows.map((r) => r.riderKey)).toEqual(['a', 'c']);
    // Overall points still come from the race position: a 1st 25, c 3rd 20.
    expect(rowOf(s, 'c', 'C').overall).toEqual({ position: 2, points: 20 });
  });

  it('keeps only the classes of the listed class groups', () => {
    const s = computeStandings(input({ classGroups: ['G1'] }, events));
    expect(s.rows.map((r) => r.riderKey)).toEqual(['a', 'b']);
  });

  it('leaves out the rules’ excluded races and the request’s', () => {
    const three = season([['a', 'b'], ['b', 'a'], ['b', 'a']]); // races 10, 20, 30
    const all = computeStandings(input({ pointsTable: [10, 7] }, three));
    expect([rowOf(all, 'a').class.points, rowOf(all, 'b').class.points]).toEqual([24, 27]);
    const s = computeStandings(input({ pointsTable: [10, 7], excludedRaceIds: [20] }, three, 'overall', [30]));
    // Only race 10 counts: a 10, b 7; the excluded events have no cell.
    expect([rowOf(s, 'a').class.points, rowOf(s, 'b').class.points]).toEqual([10, 7]);
    expect(rowOf(s, 'a').events.map((c) => c?.eventId ?? null)).toEqual([1, null, null]);
    expect(rowOf(s, 'a').eventsScored).toBe(1);
  });
});

describe('DNF, DNS and DSQ', () => {
  it('which states score their position', () => {
    expect([stateScores('finished', false), stateScores('running', false), stateScores('DNF', true), stateScores('DNF', false), stateScores('DNS', true), stateScores('DSQ', true)]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    const dnf = res('x', 2, { state: 'DNF', classPosition: 1 });
    // Overall 2nd → 7, class 1st → 10 with DNF scoring; nothing without.
    expect([racePoints([10, 7], dnf, 0, true), racePoints([10, 7], dnf, 1, true), racePoints([10, 7], dnf, 1, false)]).toEqual([7, 10, 0]);
  });

  // Table 10, 7, 5, 3. a finished 1st; b DNF classified 2nd; c DSQ (position 3 given); d DNS.
  const events = [
    event(1, [
      race(11, 1, [
        res('a', 1),
        res('b', 2, { state: 'DNF' }),
        res('c', 3, { state: 'DSQ' }),
        res('d', null, { state: 'DNS', classPosition: null, groupPosition: null }),
      ]),
    ]),
  ];

  it('a DNF scores its position when dnfScores; DSQ and DNS score 0', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5, 3] }, events));
    expect(rowOf(s, 'a').events[0]?.class).toEqual({ points: 10, position: 1, drop: false });
    expect(rowOf(s, 'b').events[0]?.class).toEqual({ points: 7, position: 2, drop: false });
    // DSQ: scored at the event (counts toward minimum events) but 0 points, no event place.
    expect(rowOf(s, 'c').events[0]?.class).toEqual({ points: 0, position: null, drop: false });
    expect(rowOf(s, 'c').eventsScored).toBe(1);
    // DNS: a cell with its race, but no points and the event does not count as scored.
    expect(rowOf(s, 'd').events[0]?.class).toEqual({ points: null, position: null, drop: false });
    expect(rowOf(s, 'd').events[0]?.races[0].state).toBe('DNS');
    expect(rowOf(s, 'd').eventsScored).toBe(0);
    // c (0, scored at the latest event) ranks before d (0, never scored) on the latest race.
    expect(s.rows.map((r) => [r.riderKey, r.class.position, r.class.points])).toEqual([
      ['a', 1, 10],
      ['b', 2, 7],
      ['c', 3, 0],
      ['d', 4, 0],
    ]);
  });

  it('a DNF scores 0 without dnfScores', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5, 3], dnfScores: false }, events));
    expect(rowOf(s, 'b').events[0]?.class).toEqual({ points: 0, position: null, drop: false });
    expect(rowOf(s, 'b').eventsScored).toBe(1);
  });

  it('minimum events: a DNS does not count toward it', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5, 3], minEvents: 1 }, events));
    expect(rowOf(s, 'd').classified).toBe(false);
    expect(rowOf(s, 'd').class.position).toBeNull();
    expect(rowOf(s, 'c').classified).toBe(true);
  });
});

describe('overall, class and group standings', () => {
  // One race, table 10, 7, 5, 3. Classes A, B in group G1, class C in group G2.
  //            overall  class  group
  //   a (A)       1       1      1
  //   c (C)       2       1      1
  //   b (B)       3       1      2
  //   d (C)       4       2      2
  const events = [
    event(1, [
      race(1, 1, [
        res('a', 1, { className: 'A', classGroup: 'G1', classPosition: 1, groupPosition: 1 }),
        res('c', 2, { className: 'C', classGroup: 'G2', classPosition: 1, groupPosition: 1 }),
        res('b', 3, { className: 'B', classGroup: 'G1', classPosition: 1, groupPosition: 2 }),
        res('d', 4, { className: 'C', classGroup: 'G2', classPosition: 2, groupPosition: 2 }),
      ]),
    ]),
  ];

  it('ranks overall across every row, class within the class, group within the class group', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5, 3] }, events));
    expect(s.rows.map((r) => [r.riderKey, r.overall, r.class, r.group])).toEqual([
      ['a', { position: 1, points: 10 }, { position: 1, points: 10 }, { position: 1, points: 10 }],
      ['c', { position: 2, points: 7 }, { position: 1, points: 10 }, { position: 1, points: 10 }],
      ['b', { position: 3, points: 5 }, { position: 1, points: 10 }, { position: 2, points: 7 }],
      ['d', { position: 4, points: 3 }, { position: 2, points: 7 }, { position: 2, points: 7 }],
    ]);
    expect(rowOf(s, 'b', 'B').events[0]?.group).toEqual({ points: 7, position: 2, drop: false });
  });

  it('a rider in two classes has a row per class', () => {
    const two = [event(1, [race(1, 1, [res('a', 1), res('a', 2, { className: 'B', classPosition: 1 })])])];
    const s = computeStandings(input({ pointsTable: [10, 7] }, two));
    expect(s.rows.map((r) => [r.riderKey, r.className, r.class.points, r.overall.points])).toEqual([
      ['a', 'A', 10, 10],
      ['a', 'B', 10, 7],
    ]);
  });
});

describe('minimum events', () => {
  it('lists riders under the minimum after the classified ones, without positions', () => {
    // Table 10, 7, 5. Event 1: x, a, b. Event 2: a, b. x has 10 from one event; a 7 + 10 = 17; b 5 + 7 = 12.
    const s = computeStandings(input({ pointsTable: [10, 7, 5], minEvents: 2 }, season([['x', 'a', 'b'], ['a', 'b']])));
    expect(s.rows.map((r) => [r.riderKey, r.classified, r.class.position, r.overall.position, r.class.points, r.eventsScored])).toEqual([
      ['a', true, 1, 1, 17, 2],
      ['b', true, 2, 2, 12, 2],
      ['x', false, null, null, 10, 1],
    ]);
  });

  it('an unclassified rider still takes an event place', () => {
    const s = computeStandings(input({ pointsTable: [10, 7, 5], minEvents: 2 }, season([['x', 'a', 'b'], ['a', 'b']])));
    expect(rowOf(s, 'a').events[0]?.class.position).toBe(2);
  });
});

describe('empty input', () => {
  it('gives no rows and null team tables without team rules', () => {
    expect(computeStandings(input({}, []))).toEqual({ rows: [], teams: null, clubs: null, teamEvents: null });
  });

  it('leaves the cells’ races out unless they are asked for (a table does not show them)', () => {
    const events = season([['a', 'b']]);
    const withRaces = computeStandings(input({}, events));
    const without = computeStandings({ ...input({}, events), withRaces: false });
    expect(rowOf(withRaces, 'a').events[0]!.races).toHaveLength(1);
    expect(rowOf(without, 'a').events[0]!.races).toEqual([]);
    // Everything else is the same.
    const strip = (s: typeof without) => s.rows.map((r) => ({ ...r, events: r.events.map((c) => c && { ...c, races: [] }) }));
    expect(strip(without)).toEqual(strip(withRaces));
    const future = computeStandings(input({ teams: { pointsTable: [25] } }, season([[], []])));
    expect(future).toEqual({ rows: [], teams: [], clubs: [], teamEvents: [] });
  });
});
