import { describe, expect, it } from 'vitest';
import { matchTicketLines } from './match-ticket-lines';

describe('matchTicketLines (issue 28: one ticket per spectator, linked to its order line)', () => {
  it('pairs the ticket lines by line id with the spectators in their order', () => {
    expect(matchTicketLines([{ id: 12, quantity: 1 }, { id: 10, quantity: 1 }, { id: 11, quantity: 1 }], ['buyer', 'adult', 'minor'])).toEqual([
      { lineId: 10, spectator: 'buyer' },
      { lineId: 11, spectator: 'adult' },
      { lineId: 12, spectator: 'minor' },
    ]);
  });

  it('counts a line of quantity 2 twice, and leaves unpartnered lines or spectators without a ticket', () => {
    expect(matchTicketLines([{ id: 5, quantity: 2 }, { id: 6, quantity: 1 }], ['a', 'b', 'c', 'd'])).toEqual([
      { lineId: 5, spectator: 'a' },
      { lineId: 5, spectator: 'b' },
      { lineId: 6, spectator: 'c' },
    ]);
    expect(matchTicketLines([{ id: 5, quantity: 1 }, { id: 6, quantity: 1 }], ['a'])).toEqual([{ lineId: 5, spectator: 'a' }]);
    expect(matchTicketLines([], ['a'])).toEqual([]);
  });
});
