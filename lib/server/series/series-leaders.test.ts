/** The leaders of a series (issue 25): the series page's order, not-classified riders shown with their points. */
import { describe, expect, it } from 'vitest';
import type { SeriesResultRow, SeriesResults } from '../../contracts/series';
import { classLeaders } from './series-leaders';

const standing = (position: number | null, points: number) => ({ position, points });

function row(key: string, className: string, position: number | null, points: number, atEvents: boolean[], classified = position !== null): SeriesResultRow {
  return {
    riderKey: key,
    participantId: 1,
    number: key,
    firstName: key,
    lastName: key.toUpperCase(),
    city: null,
    state: null,
    brand: null,
    className,
    classGroup: null,
    overall: standing(position, points),
    class: standing(position, points),
    group: standing(null, 0),
    eventsScored: atEvents.filter(Boolean).length,
    classified,
    events: atEvents.map((at, i) =>
      at ? { eventId: 10 + i, raceName: `E${i}`, overall: { points, position, drop: false }, class: { points, position, drop: false }, group: { points: null, position: null, drop: false } } : null,
    ),
  };
}

const results = (data: SeriesResultRow[]): SeriesResults =>
  ({
    series: { id: 1, name: 'S', seriesType: 'overall' },
    events: [
      { id: 10, name: 'E0', startDate: '2026-05-01', held: true, round: 1 },
      { id: 11, name: 'E1', startDate: '2026-06-01', held: true, round: 2 },
    ],
    data,
  }) as unknown as SeriesResults;

describe('classLeaders', () => {
  it('classified riders by position, then the riders under the minimum by points; at most `top`, none without points', () => {
    const r = results([
      row('c', 'A', null, 40, [true, false]),
      row('b', 'A', 2, 30, [true, true]),
      row('a', 'A', 1, 35, [true, true]),
      row('d', 'A', null, 45, [false, true]),
      row('z', 'B', null, 0, [true, false]),
    ]);
    expect(classLeaders(r, null).map((c) => [c.className, c.rows.map((x) => [x.riderKey, x.position, x.points])])).toEqual([
      ['A', [['a', 1, 35], ['b', 2, 30], ['d', null, 45]]],
    ]);
    expect(classLeaders(r, null, 1)[0].rows.map((x) => x.riderKey)).toEqual(['a']);
  });

  it('every rider under the minimum (one round of a series that needs six): the leaders by points, not "no points yet"', () => {
    const r = results([row('x', 'AA', null, 22, [true, false], false), row('y', 'AA', null, 25, [true, false], false)]);
    expect(classLeaders(r, 10)).toEqual([{ className: 'AA', rows: [expect.objectContaining({ riderKey: 'y', position: null, points: 25 }), expect.objectContaining({ riderKey: 'x', position: null, points: 22 })] }]);
  });

  it('with an event: the classes that raced it, each with all its riders (not only those at that event)', () => {
    const r = results([row('a', 'A', 1, 50, [true, false]), row('b', 'A', 2, 40, [false, true]), row('c', 'B', 1, 30, [true, false])]);
    expect(classLeaders(r, 11).map((c) => [c.className, c.rows.map((x) => x.riderKey)])).toEqual([['A', ['a', 'b']]]);
    expect(classLeaders(r, 10).map((c) => c.className)).toEqual(['A', 'B']);
  });
});
