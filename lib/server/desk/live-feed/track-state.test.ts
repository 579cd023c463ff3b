/** The desk's view of a running feed's connection (issue 24): connecting until a first connection, connected since, reconnecting after a drop with its reason; one call per event at a time. */
import { describe, expect, it } from 'vitest';
import { inTurn, type RunningFeed } from './registry';
import { trackState } from './track-state';

const entry = (): RunningFeed => ({ eventId: 1, host: 'timing.local', port: 50000, state: 'connecting', everConnected: false, connectedSince: null, error: null, stopping: null, stop: async () => {} });

describe('trackState', () => {
  it('is connecting until a first connection, keeping why an attempt failed', () => {
    const e = entry();
    trackState(e, 'connecting', 'timing.local:50000');
    trackState(e, 'disconnected', 'connect ECONNREFUSED 127.0.0.1:50000; retry in 500 ms');
    expect(e).toMatchObject({ state: 'connecting', connectedSince: null, error: 'connect ECONNREFUSED 127.0.0.1:50000; retry in 500 ms' });
  });

  it('is connected since the connection came up, then reconnecting after a drop', () => {
    const e = entry();
    const at = new Date('2026-11-28T20:00:00Z');
    trackState(e, 'connected', 'timing.local:50000', at);
    expect(e).toMatchObject({ state: 'connected', connectedSince: at, error: null, everConnected: true });
    trackState(e, 'disconnected', 'no data for 30 s; retry in 500 ms');
    expect(e).toMatchObject({ state: 'reconnecting', connectedSince: null, error: 'no data for 30 s; retry in 500 ms' });
    trackState(e, 'connecting', 'timing.local:50000');
    expect(e.state).toBe('reconnecting');
    trackState(e, 'connected', 'timing.local:50000', at);
    expect(e).toMatchObject({ state: 'connected', error: null });
  });

  it('does not take the feed closing its own connection for a failure', () => {
    const e = entry();
    trackState(e, 'connected');
    trackState(e, 'disconnected', 'closed');
    expect(e.error).toBeNull();
  });
});

describe('inTurn', () => {
  it('runs the calls of one event one after the other, a failure not blocking the next', async () => {
    const order: string[] = [];
    const slow = inTurn(7, async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('a');
      throw new Error('a failed');
    });
    const next = inTurn(7, async () => order.push('b'));
    const otherEvent = inTurn(8, async () => order.push('c'));
    await expect(slow).rejects.toThrow('a failed');
    await Promise.all([next, otherEvent]);
    expect(order).toEqual(['c', 'a', 'b']);
  });
});
