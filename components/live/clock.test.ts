import { describe, expect, it } from 'vitest';
import { flagKind, formatClock, toGo } from './clock';

const clock = (over: object) => ({ flag: null, lapsToGo: null, timeToGoMs: null, timeOfDay: null, raceTimeMs: null, ...over });

describe('live clock', () => {
  it('reads the flags as RMonitor spells them', () => {
    expect(['Green ', 'Yellow', 'Red   ', 'White', 'Finish', 'Checkered', '      ', null, 'Purple'].map(flagKind)).toEqual(['green', 'yellow', 'red', 'white', 'finish', 'finish', 'none', 'none', 'other']);
  });

  it('formats the time to go in whole seconds', () => {
    expect(formatClock(3_599_999)).toBe('59:59');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('0:00');
  });

  it('prefers laps to go when counted, else time to go', () => {
    expect(toGo(clock({ lapsToGo: 3, timeToGoMs: 60_000 }))).toEqual({ laps: 3 });
    expect(toGo(clock({ lapsToGo: 9999, timeToGoMs: 61_000 }))).toEqual({ time: '1:01' });
    expect(toGo(clock({ lapsToGo: 0, timeToGoMs: 0 }))).toBeNull();
    expect(toGo(null)).toBeNull();
  });
});
