/** Records grouped into racers (./racer-identity.ts `groupByRider`): shared keys, and the keys of one record. */
import { describe, expect, it } from 'vitest';
import { groupByRider } from './racer-identity';

describe('groupByRider', () => {
  it('joins records sharing a key, and the keys of one record, transitively', () => {
    const groups = groupByRider([
      { participantId: 5, key: 'name:a b#1@A' },
      { participantId: 9, key: 'name:a b#1@A' },
      // Record 9 also raced class B under another key, which record 12 shares.
      { participantId: 9, key: 'name:a b#1@B' },
      { participantId: 12, key: 'name:a b#1@B' },
      { participantId: 7, key: 'licence:X1' },
      { participantId: 8, key: null },
    ]);
    expect(groups.get(5)).toBe(5);
    expect(groups.get(9)).toBe(5);
    expect(groups.get(12)).toBe(5);
    expect(groups.get(7)).toBe(7);
    expect(groups.get(8)).toBe(8);
  });
  it('names a group by its smallest record, whatever the order', () => {
    const groups = groupByRider([
      { participantId: 30, key: 'k' },
      { participantId: 20, key: 'j' },
      { participantId: 30, key: 'j' },
      { participantId: 10, key: 'k' },
    ]);
    expect([...new Set(groups.values())]).toEqual([10]);
  });
});
