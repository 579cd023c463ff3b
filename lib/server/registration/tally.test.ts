import { describe, expect, it } from 'vitest';
import { spotsLeft, tallyByClass } from './tally';

describe('registration counts per class', () => {
  it('keeps every offered class in order, counts waiting and cancelled apart, and only registered riders take spots', () => {
    const offered = [
      { classId: 1, name: '50cc', capacity: 10 },
      { classId: 2, name: 'Open', capacity: null },
      { classId: 3, name: 'Women', capacity: 2 },
    ];
    const out = tallyByClass(offered, [
      { classId: 1, name: '50cc', state: 'registered', count: 4 },
      { classId: 1, name: '50cc', state: 'cancelled', count: 2 },
      { classId: 3, name: 'Women', state: 'registered', count: 3 },
      { classId: 3, name: 'Women', state: 'waiting', count: 2 },
      { classId: 9, name: 'Vet 30+', state: 'registered', count: 1 },
    ]);
    expect(out).toEqual([
      { classId: 1, name: '50cc', registered: 4, waiting: 0, cancelled: 2, capacity: 10, spotsLeft: 6 },
      { classId: 2, name: 'Open', registered: 0, waiting: 0, cancelled: 0, capacity: null, spotsLeft: null },
      { classId: 3, name: 'Women', registered: 3, waiting: 2, cancelled: 0, capacity: 2, spotsLeft: 0 },
      { classId: 9, name: 'Vet 30+', registered: 1, waiting: 0, cancelled: 0, capacity: null, spotsLeft: null },
    ]);
  });

  it('never leaves fewer than zero spots', () => {
    expect(spotsLeft(5, 7)).toBe(0);
    expect(spotsLeft(null, 7)).toBeNull();
  });
});
