/** The order's state from its append-only facts (issue 26): holds of 15 minutes, late payments, refunds. */
import { describe, expect, it } from 'vitest';
import { CheckoutError } from './errors';
import { assertRefund, checkRefund, HOLD_MINUTES, holdExpiresAt, orderState, orderSummary, paymentAction, refundableCents, type OrderFacts } from './order-state';

const created = new Date('2026-04-15T14:00:00Z');
const minutes = (m: number) => new Date(created.getTime() + m * 60_000);
const order = (over: Partial<OrderFacts> = {}): OrderFacts => ({ createdAt: created, holdExpiresAt: holdExpiresAt(created), totalCents: 11_498, payments: [], refunds: [], ...over });
const paid = (at: Date, cents = 11_498) => ({ at, cents, provider: 'stripe' });

describe('holds', () => {
  it('holds for exactly 15 minutes: reserved one millisecond before, expired on the minute', () => {
    expect(HOLD_MINUTES).toBe(15);
    expect(holdExpiresAt(created).toISOString()).toBe('2026-04-15T14:15:00.000Z');
    expect(orderState(order(), created)).toBe('reserved');
    expect(orderState(order(), new Date(minutes(15).getTime() - 1))).toBe('reserved');
    expect(orderState(order(), minutes(15))).toBe('expired');
  });

  it('is expired from a release before the hold ends (the session was expired early)', () => {
    expect(orderState(order({ expiredAt: minutes(5) }), minutes(4))).toBe('reserved');
    expect(orderState(order({ expiredAt: minutes(5) }), minutes(5))).toBe('expired');
  });

  it('lets a provider hold longer (pay at the office)', () => {
    const office = order({ holdExpiresAt: holdExpiresAt(created, 7 * 24 * 60) });
    expect(orderState(office, minutes(60))).toBe('reserved');
  });
});

describe('orderState', () => {
  it('goes reserved → paid → partially refunded → refunded as facts are added', () => {
    const facts = order({ payments: [paid(minutes(3))], refunds: [{ at: minutes(100), cents: 1498 }, { at: minutes(200), cents: 10_000 }] });
    expect(orderState(facts, minutes(2))).toBe('reserved');
    expect(orderState(facts, minutes(3))).toBe('paid');
    // Paid orders do not expire.
    expect(orderState(facts, minutes(60))).toBe('paid');
    expect(orderState(facts, minutes(100))).toBe('partially_refunded');
    expect(orderState(facts, minutes(200))).toBe('refunded');
    expect(orderSummary(facts, minutes(100))).toEqual({ state: 'partially_refunded', totalCents: 11_498, paidCents: 11_498, refundedCents: 1498, refundableCents: 10_000, dueCents: 0 });
  });

  it('counts several payments together (cash and card at the office)', () => {
    const facts = order({ payments: [{ at: minutes(1), cents: 5000, provider: 'office' }, { at: minutes(2), cents: 6498, provider: 'office' }] });
    expect(orderState(facts, minutes(1))).toBe('reserved');
    expect(orderSummary(facts, minutes(1)).dueCents).toBe(6498);
    expect(orderState(facts, minutes(2))).toBe('paid');
  });

  it('is paid at once when there is nothing to pay', () => {
    expect(orderState(order({ totalCents: 0 }), created)).toBe('paid');
  });

  it('stays paid when a second payment is sent back', () => {
    const facts = order({ payments: [paid(minutes(1)), paid(minutes(2))], refunds: [{ at: minutes(3), cents: 11_498 }] });
    expect(orderState(facts, minutes(3))).toBe('paid');
    expect(refundableCents(facts)).toBe(11_498);
  });
});

describe('late payments', () => {
  it('keeps a payment made in time', () => {
    expect(paymentAction(order(), minutes(14), false)).toEqual({ action: 'keep', reason: 'on_time' });
  });

  it('keeps a late payment when the goods are still free: the expired order becomes paid', () => {
    expect(paymentAction(order(), minutes(20), true)).toEqual({ action: 'keep', reason: 'late_goods_free' });
    const facts = order({ expiredAt: minutes(15), payments: [paid(minutes(20))] });
    expect(orderState(facts, minutes(19))).toBe('expired');
    expect(orderState(facts, minutes(20))).toBe('paid');
  });

  it('refunds a late payment when the goods went elsewhere: the order ends refunded', () => {
    expect(paymentAction(order(), minutes(15), false)).toEqual({ action: 'refund', reason: 'late_goods_taken' });
    const facts = order({ expiredAt: minutes(15), payments: [paid(minutes(20))], refunds: [{ at: minutes(20), cents: 11_498 }] });
    expect(orderState(facts, minutes(20))).toBe('refunded');
  });

  it('refunds a payment for an order already paid (a second checkout paid too)', () => {
    expect(paymentAction(order({ payments: [paid(minutes(1))] }), minutes(2), true)).toEqual({ action: 'refund', reason: 'already_paid' });
    expect(paymentAction(order({ totalCents: 0 }), minutes(1), true)).toEqual({ action: 'refund', reason: 'already_paid' });
  });
});

describe('refunds', () => {
  const facts = order({ payments: [paid(minutes(1))], refunds: [{ at: minutes(30), cents: 2000 }] });

  it('allows up to what is left and refuses more with refund_too_large', () => {
    expect(refundableCents(facts)).toBe(9498);
    expect(checkRefund(facts, 9498)).toEqual({ ok: true, refundableAfterCents: 0 });
    expect(checkRefund(facts, 9499)).toEqual({ ok: false, code: 'refund_too_large' });
    expect(checkRefund(order(), 1)).toEqual({ ok: false, code: 'refund_too_large' });
    expect([0, -5, 10.5].map((c) => checkRefund(facts, c))).toEqual([0, 1, 2].map(() => ({ ok: false, code: 'invalid_amount' })));
    expect(() => assertRefund(facts, 9499)).toThrow(CheckoutError);
    expect(assertRefund(facts, 100)).toBe(100);
  });

  it('never says less than 0 is refundable', () => {
    expect(refundableCents(order({ payments: [paid(minutes(1), 100)], refunds: [{ at: minutes(2), cents: 500 }] }))).toBe(0);
  });
});
