/**
 * The office's orders list reads its filter from the URL (unknown states and pages fall back to
 * all / 1) and dates orders in the federation's time zone, in the page's language.
 */
import { describe, expect, it } from 'vitest';
import { compactDateTime, isOrderId, orderFilter } from './format';

describe('orderFilter', () => {
  it('keeps a known state, a trimmed search and a page; anything else falls back', () => {
    expect(orderFilter({ state: 'partially_refunded', q: '  bea@example.org ', page: '3' })).toEqual({ state: 'partially_refunded', q: 'bea@example.org', page: 3 });
    expect(orderFilter({ state: 'stolen', q: ['a', 'b'], page: '-2' })).toEqual({ state: 'all', q: 'a', page: 1 });
    expect(orderFilter({ page: '99999' }).page).toBe(1);
    expect(orderFilter({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });
});

describe('compactDateTime', () => {
  it('shows the moment in Toronto time in each language', () => {
    // 02:30 UTC on 11 June is 22:30 on 10 June in Toronto (EDT).
    const at = new Date('2026-06-11T02:30:00Z');
    expect(compactDateTime(at, 'en')).toMatch(/Jun\.? 10, 2026.*22:30/);
    expect(compactDateTime(at, 'fr')).toMatch(/10 juin 2026.*22 h 30/);
    expect(compactDateTime(at, 'es')).toMatch(/10 jun 2026.*22:30/);
  });
});

describe('isOrderId', () => {
  it('accepts a uuid only', () => {
    expect(isOrderId('5f0c6b1e-8d2a-4c3b-9e4f-0a1b2c3d4e5f')).toBe(true);
    expect(isOrderId('5f0c6b1e')).toBe(false);
    expect(isOrderId("5f0c6b1e-8d2a-4c3b-9e4f-0a1b2c3d4e5f' or 1=1")).toBe(false);
  });
});
