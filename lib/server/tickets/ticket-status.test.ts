/**
 * A ticket's standing (issue 28 "a refund voids the ticket", "a ticket given to another person"):
 * paid, unpaid with what is due, voided by a refund of its order or of its own line, or by being
 * given to someone else whatever its order's state.
 */
import { describe, expect, it } from 'vitest';
import type { OrderFacts } from '../checkout/order-state';
import { ticketLineRefundKey, ticketStanding } from './ticket-status';

const created = new Date('2026-06-01T12:00:00Z');
const now = new Date('2026-06-01T12:05:00Z');
const order = (paid: number, refunded = 0): OrderFacts => ({
  createdAt: created,
  holdExpiresAt: new Date('2026-06-02T12:00:00Z'),
  totalCents: 5000,
  payments: paid ? [{ at: created, cents: paid, provider: 'office' }] : [],
  refunds: refunded ? [{ at: created, cents: refunded }] : [],
});

describe('ticketStanding', () => {
  it('is paid, unpaid with what is due, or voided by a refund of its order or its own line', () => {
    expect(ticketStanding(7, order(5000), [], now, false)).toEqual({ state: 'paid' });
    expect(ticketStanding(7, order(0), [], now, false)).toEqual({ state: 'unpaid', dueCents: 5000 });
    expect(ticketStanding(7, order(5000, 5000), [], now, false)).toEqual({ state: 'voided' });
    expect(ticketStanding(7, order(5000, 2500), [ticketLineRefundKey(7)], now, false)).toEqual({ state: 'voided' });
    expect(ticketStanding(8, order(5000, 2500), [ticketLineRefundKey(7)], now, false)).toEqual({ state: 'paid' });
  });

  it('is voided once given to someone else, paid or not', () => {
    expect(ticketStanding(7, order(5000), [], now, true)).toEqual({ state: 'voided' });
    expect(ticketStanding(7, order(0), [], now, true)).toEqual({ state: 'voided' });
  });
});
