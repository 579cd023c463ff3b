import { describe, expect, it } from 'vitest';
import { raceLabel } from './race-label';

const withRun = (name: string, run: number) => `${name} (run ${run})`;

describe('race labels', () => {
  it('adds the run number only when two races share a name', () => {
    const races = [
      { id: 3, name: 'Test Session 4', runNumber: 32 },
      { id: 4, name: 'Test Session 4', runNumber: 34 },
      { id: 5, name: '450SX LCQ', runNumber: 29 },
    ];
    expect(races.map((r) => raceLabel(r, races, withRun))).toEqual(['Test Session 4 (run 32)', 'Test Session 4 (run 34)', '450SX LCQ']);
    expect(raceLabel({ id: 6, name: 'Test Session 4', runNumber: null }, races, withRun)).toBe('Test Session 4');
  });
});
