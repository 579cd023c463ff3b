/**
 * The refund form's amount (issue 26 "refunds by federation staff"): dollars as people type them
 * become exact cents, never a float's rounding, and what cannot be refunded is refused with a
 * code the form shows; the form's request id is a UUID, new each time.
 */
import { describe, expect, it } from 'vitest';
import { newRequestId, refundCents } from './orders';

describe('refundCents', () => {
  it('reads dollars in English and French writing as exact cents', () => {
    expect(refundCents('25', 10_000)).toEqual({ ok: true, cents: 2500 });
    expect(refundCents('25.00', 10_000)).toEqual({ ok: true, cents: 2500 });
    expect(refundCents('25,00', 10_000)).toEqual({ ok: true, cents: 2500 });
    expect(refundCents(' 25,5 $', 10_000)).toEqual({ ok: true, cents: 2550 });
    // Where floating point goes wrong: 0.29 * 100 = 28.999…, 19.99 * 100 = 1998.999…
    expect(refundCents('0.29', 10_000)).toEqual({ ok: true, cents: 29 });
    expect(refundCents('19.99', 10_000)).toEqual({ ok: true, cents: 1999 });
    expect(refundCents('1 250,50', 200_000)).toEqual({ ok: true, cents: 125_050 });
  });

  it('refuses blank, malformed, zero, negative, sub-cent and too large amounts with their codes', () => {
    expect(refundCents('  ', 10_000)).toEqual({ ok: false, code: 'null_amount' });
    expect(refundCents('abc', 10_000)).toEqual({ ok: false, code: 'invalid_amount' });
    expect(refundCents('0', 10_000)).toEqual({ ok: false, code: 'invalid_amount' });
    expect(refundCents('-5', 10_000)).toEqual({ ok: false, code: 'invalid_amount' });
    expect(refundCents('1.234', 10_000)).toEqual({ ok: false, code: 'invalid_amount' });
    expect(refundCents('100.01', 10_000)).toEqual({ ok: false, code: 'refund_too_large' });
    expect(refundCents('100', 10_000)).toEqual({ ok: true, cents: 10_000 });
  });
});

describe('newRequestId', () => {
  it('is a version 4 UUID, a new one each time', () => {
    const a = newRequestId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newRequestId()).not.toBe(a);
  });
});
