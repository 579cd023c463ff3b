/** The phone's columns per race kind (issue 25 "Phone columns by priority"): shown first, the rest after them. */
import { describe, expect, it } from 'vitest';
import { isIdentityColumn, orderByPriority, phoneColumns } from './column-priority';
import type { ResultColumn } from './results';

const SPRINT: ResultColumn[] = ['position', 'number', 'name', 'brand', 'team', 'city', 'laps', 'lastLap', 'bestLap', 'gap', 'diff', 'state'];
const ENDURO: ResultColumn[] = ['position', 'row', 'name', 'brand', 'class', 'classPosition', 'checkpoints', 'points', 'emergencyPoints', 'state'];

describe('phoneColumns and orderByPriority', () => {
  it('a sprint: position, number, name, gap and best lap; brand, laps and the rest after them', () => {
    expect(phoneColumns('sprint', 'overall', SPRINT)).toEqual(['position', 'number', 'name', 'gap', 'bestLap']);
    expect(orderByPriority('sprint', 'overall', SPRINT)).toEqual(['position', 'number', 'name', 'gap', 'bestLap', 'brand', 'team', 'city', 'laps', 'lastLap', 'diff', 'state']);
  });

  it("a sprint without gaps: its laps in the gap's place", () => {
    const noGap = SPRINT.filter((c) => c !== 'gap');
    expect(phoneColumns('sprint', 'overall', noGap)).toEqual(['position', 'number', 'name', 'laps', 'bestLap']);
  });

  it('an enduro: position, row (or number), name, checks and points', () => {
    expect(phoneColumns('enduro', 'overall', ENDURO)).toEqual(['position', 'row', 'name', 'checkpoints', 'points']);
    expect(orderByPriority('enduro', 'overall', ENDURO)).toEqual(['position', 'row', 'name', 'checkpoints', 'points', 'brand', 'class', 'classPosition', 'emergencyPoints', 'state']);
  });

  it("the class and group views lead with their own position; the overall position is one more column", () => {
    const byClass: ResultColumn[] = ['classPosition', 'number', 'name', 'position', 'brand', 'laps', 'bestLap', 'gap'];
    expect(orderByPriority('sprint', 'class', byClass)).toEqual(['classPosition', 'number', 'name', 'gap', 'bestLap', 'position', 'brand', 'laps']);
    const byGroup: ResultColumn[] = ['groupPosition', 'row', 'name', 'position', 'checkpoints', 'points', 'emergencyPoints'];
    expect(phoneColumns('enduro', 'group', byGroup)).toEqual(['groupPosition', 'row', 'name', 'checkpoints', 'points']);
    expect(isIdentityColumn('class', 'position')).toBe(false);
    expect(isIdentityColumn('overall', 'position')).toBe(true);
  });

  it('a team standing: position, team, checks and points', () => {
    expect(phoneColumns('enduro', 'team', ['position', 'team', 'class', 'classPosition', 'checkpoints', 'points', 'emergencyPoints', 'state'])).toEqual([
      'position',
      'team',
      'checkpoints',
      'points',
    ]);
  });

  it('never drops or adds a column', () => {
    for (const kind of ['sprint', 'enduro'] as const) {
      for (const cols of [SPRINT, ENDURO, ['name'] as ResultColumn[], [] as ResultColumn[]]) expect([...orderByPriority(kind, 'overall', cols)].sort()).toEqual([...cols].sort());
    }
  });
});
