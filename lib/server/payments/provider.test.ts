/** Payment providers behind one interface (issue 26): which one the site uses, pay at the office, Stripe's lines and expiry. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { holdExpiresAt } from '@/lib/server/checkout/order-state';
import { stripeSettings } from '@/lib/server/config/env';
import { checkoutIdempotencyKey, refundIdempotencyKey } from './idempotency-keys';
import { officeProvider } from './office';
import { paymentProvider } from './provider';
import { sessionExpiry, stripeLineItems } from './stripe';

describe('paymentProvider', () => {
  it('takes payment at the office or gate when no Stripe key is set, and through Stripe Checkout when one is', () => {
    expect(paymentProvider({ STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined }).name).toBe('office');
    expect(paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: undefined }).name).toBe('stripe');
  });

  describe('from the environment', () => {
    // vi.stubEnv, never a new process.env object: the test files share their worker's process
    // (vitest.config.ts `isolate: false`), and a replaced process.env hides later stubs from them.
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });
    const fresh = async () => {
      vi.resetModules();
      return (await import('./provider')).paymentProvider;
    };

    it('follows STRIPE_SECRET_KEY, and names the variable when it is not a Stripe secret key', async () => {
      vi.stubEnv('STRIPE_SECRET_KEY', undefined);
      expect((await fresh())().name).toBe('office');
      vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_51Abc');
      expect((await fresh())().name).toBe('stripe');
      vi.stubEnv('STRIPE_SECRET_KEY', 'pk_test_51Abc');
      const choose = await fresh();
      expect(() => choose()).toThrow(/STRIPE_SECRET_KEY/);
    });
  });

  it('points the Stripe client at STRIPE_API_BASE when it is set', () => {
    expect(stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: undefined })).toEqual({ secretKey: 'sk_test_123', api: null });
    expect(stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:12111' })?.api).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 });
    expect(stripeSettings({ STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toBeNull();
    expect(() => stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_BASE/);
  });
});

describe('office provider', () => {
  it('reserves the order, has no session to expire, and records a refund made at the office once per key', async () => {
    expect(await officeProvider.startCheckout({
      orderPublicId: 'ord_1',
      lines: [{ description: 'Licence', amountCents: 10_000 }],
      taxes: [],
      totalCents: 10_000,
      email: 'a@example.org',
      locale: 'en',
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/no',
      holdExpiresAt: new Date(),
    })).toEqual({ kind: 'reserved' });
    expect(await officeProvider.expireCheckout('anything')).toEqual({ status: 'none' });
    const refund = { paymentTransactionId: 'office', amountCents: 500, idempotencyKey: refundIdempotencyKey('rf_1'), reason: 'Event cancelled' };
    const first = await officeProvider.refund(refund);
    expect(first.providerRefundId).toBe('office_refund:refund:rf_1');
    expect(await officeProvider.refund(refund)).toEqual(first);
  });
});

describe('Stripe Checkout session', () => {
  it('sends each line net of its discount and each tax as its own line, adding up to the total', () => {
    const items = stripeLineItems({
      lines: [
        { description: 'Licence adulte', amountCents: 9_000 },
        { description: 'Carte de membre', amountCents: 1_000, quantity: 3 },
      ],
      taxes: [
        { label: 'TPS 5 %', cents: 500 },
        { label: 'TVQ 9,975 %', cents: 998 },
        { label: 'Nothing', cents: 0 },
      ],
      totalCents: 11_498,
    });
    expect(items.map((i) => [i.price_data?.product_data?.name, i.price_data?.unit_amount, i.quantity, i.price_data?.currency])).toEqual([
      ['Licence adulte', 9_000, 1, 'cad'],
      // 1000 cents do not split in whole cents over 3: one line of 1000 that says × 3.
      ['Carte de membre × 3', 1_000, 1, 'cad'],
      ['TPS 5 %', 500, 1, 'cad'],
      ['TVQ 9,975 %', 998, 1, 'cad'],
    ]);
  });

  it('refuses lines that do not add up to the order total', () => {
    const call = () => stripeLineItems({ lines: [{ description: 'Licence', amountCents: 9_000 }], taxes: [{ label: 'GST 5 %', cents: 450 }], totalCents: 9_451 });
    expect(call).toThrow(AppError);
    expect(call).toThrow(/9450 cents/);
  });

  it('expires 31 minutes after the order was made, the same for every try, within Stripe’s 30 minutes … 24 hours', () => {
    const created = new Date('2026-04-15T14:00:00.000Z');
    const minutes = (m: number) => new Date(created.getTime() + m * 60_000);
    // The 15-minute hold is shorter than Stripe's minimum: the session runs 31 minutes; our sweeper expires it at the hold's end.
    expect(sessionExpiry(minutes(15), created)).toEqual(minutes(31));
    // A second try a few seconds later sends the same expiry (so Stripe answers the same session).
    expect(sessionExpiry(minutes(15), new Date(created.getTime() + 20_000))).toEqual(minutes(31));
    // A try long after the order was made: 31 minutes from now, Stripe would refuse less.
    expect(sessionExpiry(minutes(15), minutes(5))).toEqual(minutes(36));
    // A longer hold is kept, up to Stripe's 24 hours.
    expect(sessionExpiry(holdExpiresAt(created, 120), created)).toEqual(minutes(120));
    expect(sessionExpiry(holdExpiresAt(created, 7 * 24 * 60), created)).toEqual(minutes(24 * 60 - 1));
  });

  it('derives its idempotency keys from our ids', () => {
    expect(checkoutIdempotencyKey('ord_1')).toBe('order:ord_1:checkout:1');
    expect(checkoutIdempotencyKey('ord_1', 2)).toBe('order:ord_1:checkout:2');
    expect(() => refundIdempotencyKey('x'.repeat(300))).toThrow(/255/);
  });
});
