/** When a racer's laps tab refreshes during a live race (./live-refresh.ts): their own lap, the end, throttled. */
import { describe, expect, it } from 'vitest';
import type { LiveRow } from '@/lib/contracts/live';
import { MIN_REFRESH_MS, lapsChanged, refreshDelay } from './live-refresh';

const row = (entryId: number, laps: number | null): LiveRow => ({
  entryId,
  position: 1,
  number: String(entryId),
  name: `Rider ${entryId}`,
  className: null,
  laps,
  lastLapMs: null,
  bestLapMs: null,
  gapMs: null,
  gapLaps: null,
  diffMs: null,
  change: 0,
});

describe('lapsChanged', () => {
  it('refreshes when the racer’s own lap count changes, not for another rider’s passing', () => {
    expect(lapsChanged({ state: 'live', rows: [row(7, 4), row(8, 5)] }, 7, 3)).toBe(true);
    expect(lapsChanged({ state: 'live', rows: [row(7, 3), row(8, 5)] }, 7, 3)).toBe(false);
    expect(lapsChanged({ state: 'live', rows: [row(8, 5)] }, 7, 3)).toBe(false);
    expect(lapsChanged({ state: 'live', rows: [row(7, null)] }, 7, 3)).toBe(false);
    expect(lapsChanged({ state: 'live', rows: [row(7, 9)] }, null, 3)).toBe(false);
  });
  it('refreshes when the session ends (the page becomes the results)', () => {
    expect(lapsChanged({ state: 'finished', rows: [] }, 7, 3)).toBe(true);
  });
});

describe('refreshDelay', () => {
  it('refreshes at once the first time, then at most every MIN_REFRESH_MS', () => {
    expect(refreshDelay(10_000, null)).toBe(0);
    expect(refreshDelay(10_000, 9_000)).toBe(MIN_REFRESH_MS - 1000);
    expect(refreshDelay(20_000, 9_000)).toBe(0);
  });
});
