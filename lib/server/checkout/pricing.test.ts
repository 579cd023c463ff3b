/** Pricing an order (issue 26): lines, promo, tax per line, every total the exact sum of its lines. */
import { describe, expect, it } from 'vitest';
import { CheckoutError } from './errors';
import { PURCHASE_KINDS } from './kinds';
import { priceOrder, type LineInput } from './pricing';

describe('priceOrder', () => {
  it('prices a Quebec membership: 100.00 $ + GST 5.00 $ + QST 9.98 $ = 114.98 $', () => {
    const order = priceOrder({ lines: [{ kind: 'membership', description: 'Adult licence 2026', unitCents: 10_000, quantity: 1, membershipTypeId: 3 }], province: 'QC', date: '2026-04-15' });
    expect(order).toEqual({
      lines: [
        {
          kind: 'membership',
          description: 'Adult licence 2026',
          unitCents: 10_000,
          quantity: 1,
          membershipTypeId: 3,
          subtotalCents: 10_000,
          discountCents: 0,
          taxes: [
            { code: 'GST', rate: 5000, cents: 500 },
            { code: 'QST', rate: 9975, cents: 998 },
          ],
          totalCents: 11_498,
        },
      ],
      subtotalCents: 10_000,
      discountCents: 0,
      taxCents: 1498,
      taxes: [
        { code: 'GST', rate: 5000, cents: 500 },
        { code: 'QST', rate: 9975, cents: 998 },
      ],
      totalCents: 11_498,
      promoCode: null,
    });
  });

  it('takes the promo off before tax, and taxes what is left on each line', () => {
    const order = priceOrder({
      lines: [
        { kind: 'entry', description: 'Pro Open', unitCents: 8500, quantity: 2 },
        { kind: 'ticket', description: 'Adult day pass', unitCents: 2000, quantity: 3 },
      ],
      province: 'ON',
      date: '2026-07-04',
      promo: { code: ' early ', kind: 'percent', value: 1500, appliesTo: ['entry'] },
    });
    // Entry: 170.00 − 15 % (25.50) = 144.50, HST 18.785 → 18.79. Tickets: 60.00, HST 7.80.
    expect(order.lines.map((l) => [l.subtotalCents, l.discountCents, l.taxes[0].cents, l.totalCents])).toEqual([
      [17_000, 2550, 1879, 16_329],
      [6000, 0, 780, 6780],
    ]);
    expect([order.subtotalCents, order.discountCents, order.taxCents, order.totalCents, order.promoCode]).toEqual([23_000, 2550, 2659, 23_109, 'EARLY']);
  });

  it('uses a line’s own place of supply when it has one', () => {
    const order = priceOrder({
      lines: [
        { kind: 'entry', description: 'Enduro, Ontario round', unitCents: 10_000, quantity: 1 },
        { kind: 'membership', description: 'Licence (buyer in Quebec)', unitCents: 10_000, quantity: 1, province: 'QC' },
      ],
      province: 'ON',
      date: '2026-07-04',
    });
    expect(order.taxes).toEqual([
      { code: 'HST', rate: 13_000, cents: 1300 },
      { code: 'GST', rate: 5000, cents: 500 },
      { code: 'QST', rate: 9975, cents: 998 },
    ]);
    expect(order.totalCents).toBe(11_300 + 11_498);
  });

  it('adds up to the cent over many lines with odd amounts, whatever the province and promo', () => {
    let seed = 26;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const promos = [null, { code: 'P', kind: 'percent' as const, value: 1234, appliesTo: ['entry' as const, 'ticket' as const] }, { code: 'A', kind: 'amount' as const, value: 7777, appliesTo: ['membership' as const, 'entry' as const] }];
    for (let round = 0; round < 60; round++) {
      const lines: LineInput[] = Array.from({ length: 1 + random(25) }, (_, i) => ({ kind: PURCHASE_KINDS[random(3)], description: `line ${i}`, unitCents: random(50_000) + 1, quantity: 1 + random(4) }));
      const order = priceOrder({ lines, province: ['QC', 'ON', 'NS', 'AB', 'PE'][round % 5], date: '2026-06-01', promo: promos[round % 3] });
      const sum = (pick: (l: (typeof order.lines)[number]) => number) => order.lines.reduce((a, l) => a + pick(l), 0);
      expect(sum((l) => l.subtotalCents)).toBe(order.subtotalCents);
      expect(sum((l) => l.discountCents)).toBe(order.discountCents);
      expect(sum((l) => l.taxes.reduce((a, t) => a + t.cents, 0))).toBe(order.taxCents);
      expect(order.taxes.reduce((a, t) => a + t.cents, 0)).toBe(order.taxCents);
      expect(sum((l) => l.totalCents)).toBe(order.totalCents);
      expect(order.subtotalCents - order.discountCents + order.taxCents).toBe(order.totalCents);
      for (const line of order.lines) {
        expect(Number.isInteger(line.totalCents) && line.discountCents >= 0 && line.discountCents <= line.subtotalCents).toBe(true);
        expect(line.subtotalCents).toBe(line.unitCents * line.quantity);
      }
      const amount = promos[round % 3];
      if (amount?.kind === 'amount') {
        const base = order.lines.filter((l) => amount.appliesTo.includes(l.kind as 'entry')).reduce((a, l) => a + l.subtotalCents, 0);
        expect(order.discountCents).toBe(Math.min(amount.value, base));
      }
    }
  });

  it('refuses a price that is not whole cents, a bad quantity, an unknown province', () => {
    const attempt = (line: Partial<LineInput>, province = 'QC') => {
      try {
        priceOrder({ lines: [{ kind: 'ticket', description: 't', unitCents: 1000, quantity: 1, ...line }], province, date: '2026-06-01' });
        return 'ok';
      } catch (err) {
        return err instanceof CheckoutError ? err.checkoutCode : String(err);
      }
    };
    expect([attempt({ unitCents: 10.5 }), attempt({ unitCents: -100 }), attempt({ unitCents: NaN }), attempt({ quantity: 0 }), attempt({}, 'ZZ'), attempt({ unitCents: 0 })]).toEqual([
      'invalid_amount',
      'invalid_amount',
      'invalid_amount',
      'invalid_quantity',
      'unknown_province',
      'ok',
    ]);
  });
});
