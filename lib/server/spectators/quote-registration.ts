/**
 * Step 4, the summary (issue 28 "Summary and payment: price per spectator by the event's age bands
 * (children free below an age the event sets), promo code, tax, total"; spec §3 Spectator:
 * price, tax, promo code; Transaction: subtotal, tax, total): what `submitSpectatorRegistration`
 * would charge now — one line per spectator at their price, the promo code's discount, each tax
 * of the event's province, the total, in cents — priced by the checkout's own `quoteOrder` on the
 * same lines (./ticket-order.ts). Nothing is written or held. Once the order exists, its own
 * figures.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { quoteSpectatorInput, type QuoteSpectatorInput, type SpectatorQuote } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { quoteOrder } from '../checkout/create-order';
import { getDb } from '../db';
import { orderLines, orders } from '../db/schema';
import type { Viewer } from '../policy';
import { asLocale, liveSpectators, loadTicketEvent, ownRegistration, parseSpectatorInput, spectatorBuyer } from './spectator-context';
import { ticketOrderInput } from './ticket-order';

/**
 * The summary of registration `registrationId` of buyer `viewer` with `raw` at `options.now` (see the module's docstring).
 * @throws AppError `unauthenticated`, `promoters_not_allowed`, `account_type_not_allowed`,
 *   `email_not_verified`; `spectator_not_found`; `null_spectators`; `event_not_found`;
 *   CheckoutError `promo_*`, `unknown_province`, `no_tax_rate`.
 */
export async function quoteSpectatorRegistration(viewer: Viewer, registrationId: string, raw: QuoteSpectatorInput = {}, options: { now?: Date } = {}): Promise<SpectatorQuote> {
  const input = parseSpectatorInput(quoteSpectatorInput, raw);
  const buyer = spectatorBuyer(viewer);
  const now = options.now ?? new Date();
  const db = getDb();
  const registration = await ownRegistration(buyer, registrationId, db);
  const people = await liveSpectators(db, registration.id);
  if (people.length === 0) throw new AppError('null_spectators');
  if (registration.orderId !== null) {
    const [order] = await db.select().from(orders).where(eq(orders.id, registration.orderId));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, registration.orderId)).orderBy(asc(orderLines.id));
    return {
      lines: lines.map((l, i) => ({ spectatorId: people[i]?.id ?? '', description: l.description, unitCents: l.unitCents, subtotalCents: l.subtotalCents })),
      subtotalCents: order!.subtotalCents,
      discountCents: order!.discountCents,
      promoCode: order!.promoCode,
      taxes: order!.taxes.map((t) => ({ code: t.code, rate: t.rate, cents: t.cents })),
      taxCents: order!.taxCents,
      totalCents: order!.totalCents,
    };
  }
  const event = (await loadTicketEvent(registration.eventId, db))!;
  const request = await ticketOrderInput(event, registration.day, people, { locale: asLocale(registration.locale), promoCode: input.promoCode, province: input.province, now });
  const priced = await quoteOrder(buyer, { ...request, provider: 'office' });
  return {
    lines: priced.lines.map((l, i) => ({ spectatorId: people[i]!.id, description: l.description, unitCents: l.unitCents, subtotalCents: l.subtotalCents })),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    promoCode: priced.promoCode,
    taxes: priced.taxes.map((t) => ({ code: t.code, rate: t.rate, cents: t.cents })),
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
  };
}
