/**
 * The office's order actions as the server renders them (issue 26 "staff mark it paid";
 * "refunds by federation staff"): "Mark paid" only while the order is reserved with money due,
 * "Refund" only while something is left to refund, a plain sentence when neither applies; in
 * the page's language. The calls themselves are covered by lib/server/checkout/get-office-order.test.ts
 * and the lead's browser runs.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import fr from '../../messages/fr.json';
import { OrderActions, type OrderActionsProps } from './OrderActions';

vi.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ refresh: () => {}, push: () => {} }) }));

const render = (props: Partial<OrderActionsProps>) =>
  renderToStaticMarkup(
    h(NextIntlClientProvider, {
      locale: 'fr',
      messages: fr,
      timeZone: 'UTC',
      children: h(QueryClientProvider, { client: new QueryClient(), children: h(OrderActions, { publicId: '5f0c6b1e-8d2a-4c3b-9e4f-0a1b2c3d4e5f', dueCents: 0, canMarkPaid: false, refundableCents: 0, ...props }) }),
    }),
  );

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('OrderActions', () => {
  it('offers only "Mark paid" on a reserved order with money due', () => {
    expect(buttons(render({ canMarkPaid: true, dueCents: 11300 }))).toEqual(['Indiquer payée']);
  });

  it('offers only "Refund" on a paid order', () => {
    expect(buttons(render({ refundableCents: 11300 }))).toEqual(['Rembourser']);
  });

  it('says there is nothing to do when neither applies', () => {
    const html = render({});
    expect(buttons(html)).toEqual([]);
    expect(html).toContain('Rien à faire');
  });
});
