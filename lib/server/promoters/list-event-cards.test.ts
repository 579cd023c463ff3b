import { describe, expect, it } from 'vitest';
import { groupBySeason, isUpcoming, type EventCard } from './list-event-cards';

const card = (id: number, startDate: string, endDate: string | null = null): EventCard => ({
  id,
  name: `E${id}`,
  startDate,
  endDate,
  location: null,
  city: null,
  state: null,
  discipline: null,
  registrationStatus: 'closed',
  isComplete: false,
  raceCount: 0,
  promoter: { userId: 1, name: 'P', names: {} },
});

describe('groupBySeason', () => {
  it('puts running and future events first, soonest first, then past seasons newest first', () => {
    const today = '2026-06-10';
    const grouped = groupBySeason([card(1, '2025-05-01'), card(2, '2026-07-01'), card(3, '2026-06-09', '2026-06-10'), card(4, '2026-05-01'), card(5, '2024-08-01'), card(6, '2025-09-01')], today);
    expect(grouped.upcoming.map((e) => e.id)).toEqual([3, 2]);
    expect(grouped.seasons).toEqual([
      { season: 2026, events: [expect.objectContaining({ id: 4 })] },
      { season: 2025, events: [expect.objectContaining({ id: 6 }), expect.objectContaining({ id: 1 })] },
      { season: 2024, events: [expect.objectContaining({ id: 5 })] },
    ]);
  });

  it('is empty for no events', () => {
    expect(groupBySeason([], '2026-01-01')).toEqual({ upcoming: [], seasons: [] });
  });

  it('counts a one-day event as upcoming on its day only', () => {
    expect(isUpcoming({ startDate: '2026-06-10', endDate: null }, '2026-06-10')).toBe(true);
    expect(isUpcoming({ startDate: '2026-06-10', endDate: null }, '2026-06-11')).toBe(false);
  });
});
