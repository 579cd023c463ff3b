/** The state a result shows: running only while a live feed writes the race (issue 25). */
import { describe, expect, it } from 'vitest';
import { LIVE_STALE_MS } from '../timing/live/ingest';
import { isRaceLive, shownResultState, withShownStates } from './result-state';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('result states', () => {
  it('counts a race live only while its feed writes it', () => {
    expect(isRaceLive(null, null, NOW)).toBe(false);
    expect(isRaceLive('finished', new Date(NOW), NOW)).toBe(false);
    expect(isRaceLive('live', new Date(NOW - 1000), NOW)).toBe(true);
    expect(isRaceLive('live', new Date(NOW - LIVE_STALE_MS), NOW)).toBe(false);
  });

  it('reads running as finished outside a live race; DNF, DNS and DSQ stay', () => {
    expect(shownResultState('running', false)).toBe('finished');
    expect(shownResultState('running', true)).toBe('running');
    for (const s of ['finished', 'DNF', 'DNS', 'DSQ'] as const) expect(shownResultState(s, false)).toBe(s);
  });

  it('copies only the rows it changes', () => {
    const rows = [{ resultState: 'running' as const }, { resultState: 'DNF' as const }];
    expect(withShownStates(rows, true)).toBe(rows);
    const shown = withShownStates(rows, false);
    expect(shown.map((r) => r.resultState)).toEqual(['finished', 'DNF']);
    expect(shown[1]).toBe(rows[1]);
  });
});
