/** When a live read stays true: stale live races read finished; renders kept only while they cannot outlive that. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordTags } from '../cache/tags';
import { LIVE_STALE_MS } from '../timing/live/ingest';
import { keepUntilStale, liveStateAt } from './freshness';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms);
const cached = (updatedAt: Date | string | null) => !recordTags(() => keepUntilStale(updatedAt, NOW)).recorder.uncacheable;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('liveStateAt', () => {
  it('reads a live race not written for LIVE_STALE_MS, or never, as finished', () => {
    expect(liveStateAt('live', ago(LIVE_STALE_MS - 1), NOW)).toBe('live');
    expect(liveStateAt('live', ago(LIVE_STALE_MS), NOW)).toBe('finished');
    expect(liveStateAt('live', ago(LIVE_STALE_MS + 1).toISOString(), NOW)).toBe('finished');
    expect(liveStateAt('live', null, NOW)).toBe('finished');
    expect(liveStateAt('finished', ago(0), NOW)).toBe('finished');
  });
});

describe('keepUntilStale', () => {
  it('lets a render be cached only while the page cache’s TTL ends before the race can read stale', () => {
    // Default TTL 10 min, stale after 15: quiet up to 15 − 10 − 0.5 = 4.5 min.
    expect(cached(ago(1000))).toBe(true);
    expect(cached(ago(4 * 60_000))).toBe(true);
    expect(cached(ago(5 * 60_000))).toBe(false);
    expect(cached(null)).toBe(false);
  });

  it('follows PAGE_CACHE_TTL_S', () => {
    vi.stubEnv('PAGE_CACHE_TTL_S', '60');
    expect(cached(ago(10 * 60_000))).toBe(true);
    expect(cached(ago(14 * 60_000))).toBe(false);
    vi.stubEnv('PAGE_CACHE_TTL_S', 'nonsense'); // the site would not start; the default here
    expect(cached(ago(5 * 60_000))).toBe(false);
  });

  it('is a no-op outside a page render', () => {
    expect(keepUntilStale(ago(10 * 60_000), NOW)).toBe(true);
  });
});
