/** Places a results file left out, ranked on reading (issue 25: every view numbered in the sport's order). */
import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../contracts/results';
import { withPlaces } from './get-race-results';

const row = (entryId: number, over: Partial<ResultRow> = {}): ResultRow => ({
  entryId, participantId: entryId, position: null, classPosition: null, groupPosition: null, number: String(entryId), firstName: 'R', lastName: String(entryId),
  className: null, classGroup: null, brand: null, team: null, teamId: null, city: null, state: null, country: null, transponder: null,
  laps: null, lastLapMs: null, bestLapMs: null, bestLapNumber: null, totalTimeMs: null, gapMs: null, diffMs: null, penaltyMs: null, penaltyLaps: null,
  resultState: 'finished', checkpoints: null, points: null, emergencyPoints: null, pointsOverall: null, pointsClass: null, pointsGroup: null,
  speedKmh: null, sectionTimes: [], ...over,
});

describe('withPlaces', () => {
  it('ranks an enduro without overall positions by checks then points, the DNS riders unplaced and last', () => {
    const rows = [
      row(1, { className: 'AA', classPosition: 2, checkpoints: 13, points: 40 }),
      row(2, { className: 'B', classPosition: null, resultState: 'DNS', checkpoints: 0, points: 0 }),
      row(3, { className: 'AA', classPosition: 1, checkpoints: 13, points: 30 }),
      row(4, { className: 'B', classPosition: 1, checkpoints: 6, points: 7 }),
    ];
    const placed = withPlaces(rows, 'enduro');
    expect(placed.map((r) => [r.entryId, r.position])).toEqual([[3, 1], [1, 2], [4, 3], [2, null]]);
    // The class places the file gave are kept.
    expect(placed.map((r) => r.classPosition)).toEqual([1, 2, 1, null]);
  });

  it('keeps the positions a file gave, the unplaced after the placed in the order DNF, DNS, DSQ', () => {
    const rows = [row(1, { resultState: 'DSQ' }), row(2, { position: 2 }), row(3, { resultState: 'DNS' }), row(4, { position: 1 }), row(5, { resultState: 'DNF' })];
    expect(withPlaces(rows, 'sprint').map((r) => [r.entryId, r.position])).toEqual([[4, 1], [2, 2], [5, null], [3, null], [1, null]]);
  });

  it('ranks within a class that has no class places, and within class groups', () => {
    const rows = [
      row(1, { position: 1, className: 'Pro', classGroup: 'Senior', laps: 10, totalTimeMs: 100 }),
      row(2, { position: 2, className: 'Vet', classGroup: 'Senior', laps: 10, totalTimeMs: 110 }),
      row(3, { position: 3, className: 'Pro', classGroup: 'Senior', laps: 9, totalTimeMs: 100 }),
    ];
    const placed = withPlaces(rows, 'sprint');
    expect(placed.map((r) => [r.entryId, r.classPosition, r.groupPosition])).toEqual([[1, 1, 1], [2, 1, 2], [3, 2, 3]]);
  });
});
