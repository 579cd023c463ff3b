/**
 * Starting to pay an order (issue 26 "Providers behind one interface"; spec §1 external card
 * payment): the buyer of a reserved order is sent to its provider. For `office` nothing leaves
 * the site (the order stays reserved until staff mark it paid); for `stripe` a Checkout Session is
 * opened for exactly the order's stored lines and taxes (never re-priced), and recorded in
 * `checkout_sessions` so the hold sweeper can expire it when the hold ends. Asking twice within a
 * hold answers the same session (the same idempotency key: Stripe replays its first answer).
 * Nothing here marks an order paid: only the verified webhook or staff do.
 */
import 'server-only';
import { count, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { LOCALES, type Locale } from '../../config';
import { AppError } from '../../errors';
import { loadMessages } from '../../i18n/messages';
import { getDb } from '../db';
import { checkoutSessions, users } from '../db/schema';
import { paymentProvider, type StartCheckoutResult } from '../payments';
import { can, type Viewer } from '../policy';
import { getOrder } from './get-order';
import { formatTaxRate } from './receipts/receipt-number';
import type { LineTax } from './tax';

/** Where the buyer comes back to (absolute URLs). */
export interface PaymentReturn {
  successUrl: string;
  cancelUrl: string;
}

/**
 * The tax's name and rate in `locale`, as the payment page, the buyer's pages and the receipt show
 * it ("TPS 9,975 %", "QST 9.975%"): the name from `checkout.taxes`, the rate by `formatTaxRate`.
 */
export async function taxLabeller(locale: Locale): Promise<(tax: Pick<LineTax, 'code' | 'rate'>) => string> {
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'checkout.taxes' });
  return (tax) => `${t(tax.code)} ${formatTaxRate(tax.rate, locale)}`;
}

/**
 * Sends `viewer` on to pay their order `publicId` at `now` (default now).
 * @returns `{ kind: 'reserved' }` for an office order; `{ kind: 'redirect', url, sessionId, expiresAt }` for Stripe.
 * @throws AppError `unauthenticated`; `not_found` (no such order, or someone else's);
 *   `order_not_payable` (already paid, or its hold ended: start a new order);
 *   `service_unavailable` (Stripe unreachable, or no longer configured for a card order).
 */
export async function startPayment(viewer: Viewer, publicId: string, back: PaymentReturn, now: Date = new Date()): Promise<StartCheckoutResult> {
  if (viewer === null) throw new AppError('unauthenticated');
  const view = await getOrder(publicId, { at: now });
  if (!view || !can(viewer, 'account.pay', { userId: view.order.userId })) throw new AppError('not_found');
  const { order, lines, summary } = view;
  if (summary.state !== 'reserved') throw new AppError('order_not_payable');
  if (order.provider === 'office') return { kind: 'reserved' };

  const provider = paymentProvider();
  if (provider.name !== order.provider) throw new AppError('service_unavailable', 'Card payment is not available on this site');
  const locale: Locale = (LOCALES as readonly string[]).includes(order.locale) ? (order.locale as Locale) : 'en';
  const label = await taxLabeller(locale);
  const db = getDb();
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const [sessions] = await db.select({ n: count() }).from(checkoutSessions).where(eq(checkoutSessions.orderId, order.id));
  const started = await provider.startCheckout({
    orderPublicId: order.publicId,
    lines: lines.map((line) => ({ description: line.description, amountCents: line.subtotalCents - line.discountCents, quantity: line.quantity })),
    taxes: order.taxes.map((tax) => ({ label: label(tax), cents: tax.cents })),
    totalCents: order.totalCents,
    email: buyer?.email ?? '',
    locale,
    successUrl: back.successUrl,
    cancelUrl: back.cancelUrl,
    holdExpiresAt: order.holdExpiresAt,
    // A session that expired at Stripe before the hold ended is followed by a new one; within its life the same one is answered.
    attempt: Math.max(1, sessions?.n ?? 0),
  });
  if (started.kind === 'redirect') {
    await db
      .insert(checkoutSessions)
      .values({ sessionId: started.sessionId, orderId: order.id, provider: order.provider, expiresAt: started.expiresAt })
      .onConflictDoNothing();
  }
  return started;
}
