/** Which lap-times message a rider's detail and the trackside laps tab choose (issue 25). */
import { describe, expect, it } from 'vitest';
import { lapTimesNote } from './lap-times';

describe('lapTimesNote', () => {
  it('shows the passings when there are any', () => {
    expect(lapTimesNote(19, 19, 65_215)).toEqual({ kind: 'passings' });
    expect(lapTimesNote(3, null, null)).toEqual({ kind: 'passings' });
  });

  it('names the lap count and best lap the timing system reported when no passing is stored', () => {
    // The AMA snapshot: 19 laps, best 1:05.215, no passings.
    expect(lapTimesNote(0, 19, 65_215)).toEqual({ kind: 'reported', message: 'lapsAndBest', laps: 19, bestLapMs: 65_215 });
  });

  it('names only what was reported', () => {
    expect(lapTimesNote(0, 19, null)).toEqual({ kind: 'reported', message: 'laps', laps: 19, bestLapMs: null });
    expect(lapTimesNote(0, null, 65_215)).toEqual({ kind: 'reported', message: 'best', laps: null, bestLapMs: 65_215 });
    expect(lapTimesNote(0, 0, 65_215)).toEqual({ kind: 'reported', message: 'best', laps: null, bestLapMs: 65_215 });
  });

  it('says nothing was recorded only when nothing was', () => {
    expect(lapTimesNote(0, null, null)).toEqual({ kind: 'none' });
    expect(lapTimesNote(0, 0, null)).toEqual({ kind: 'none' });
  });
});
