/**
 * Cancelling a registration (issue 27 "Cancelling: by the rider within the event's refund policy
 * (percent by date), by the promoter always; the place returns to the class and the list moves"):
 * the rider (or the guardian of a minor rider) may cancel their own registration and gets back the
 * refund policy's percent of the day (`refundPercent`) of the entry line's paid amount (tax
 * included); the event promoter's staff and federation admins (policy `event.edit`) may cancel
 * any registration of the event, with a full refund of its entry line. Nothing is refunded on an
 * unpaid order; an unpaid order left with no live registration has its hold released (reason
 * `cancelled`), so it can no longer be paid.
 *
 * The money goes back through the provider that took it (Stripe's refund, or cash at the office)
 * BEFORE the transaction, with an idempotency key made from the registration id (asking again
 * makes the same refund at the provider); then in ONE transaction, with the class's row locked:
 * the registration becomes `cancelled`, the refund is recorded beside its payment by the
 * checkout (`recordRefund`, actor `checkout`, which also mails the buyer), and the freed place is
 * offered to the waiting list (`offerFreedPlaces`). Cancelling a cancelled registration does nothing.
 */
import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { buyablePeople } from '../checkout/create-order';
import { mulDivRound } from '../checkout/money';
import { getOrder } from '../checkout/get-order';
import { factsOf, orderRecords } from '../checkout/order-record';
import { orderSummary } from '../checkout/order-state';
import { recordRefund } from '../checkout/record-refund';
import { paymentToRefund, refundThroughProvider } from '../checkout/refund-source';
import { releaseHold } from '../checkout/release-hold';
import { getDb } from '../db';
import { orderLines, registrations } from '../db/schema';
import { refundIdempotencyKey } from '../payments';
import { can, type Viewer } from '../policy';
import { lockClasses } from './class-places';
import { offerFreedPlaces } from './offer-places';
import { dayOf, loadRegistrationEvent } from './registration-context';
import { refundPercent } from './rules';

/** What cancelling did. */
export interface CancelResult {
  registrationId: number;
  /** The percent of the entry's paid amount given back (100 by staff). */
  percent: number;
  /** Cents refunded by this cancellation (0: nothing was paid, the policy gives nothing, or it was cancelled already). */
  refundedCents: number;
  /** True when it was cancelled already: nothing was done. */
  duplicate: boolean;
}

/**
 * Cancels registration `registrationId` for `viewer` at `options.now` (default now); see the module's docstring.
 * @throws AppError `unauthenticated`; `not_found` (no such registration, or one the viewer may not
 *   cancel); `service_unavailable` (the card provider unreachable: try again, the same refund is made once).
 */
export async function cancelRegistration(viewer: Viewer, registrationId: number, options: { now?: Date } = {}): Promise<CancelResult> {
  if (viewer === null) throw new AppError('unauthenticated');
  const now = options.now ?? new Date();
  const [reg] = await getDb().select().from(registrations).where(eq(registrations.id, registrationId));
  if (!reg) throw new AppError('not_found');
  const event = await loadRegistrationEvent(reg.eventId);
  if (!event) throw new AppError('not_found');
  const staff = can(viewer, 'event.edit', { promoterId: event.promoterId });
  if (!staff) await getDb().transaction((tx) => buyablePeople(tx, viewer.userId, [reg.participantId]));
  if (reg.state === 'cancelled') return { registrationId, percent: 0, refundedCents: 0, duplicate: true };

  const percent = staff ? 100 : refundPercent(event.settings.refundPolicy, dayOf(now));
  // What to give back: the percent of the entry line, when its order was paid, never more than what is left to refund.
  let refund: { orderId: number; cents: number; paymentId: number; providerRefundId: string; key: string } | null = null;
  const [line] = reg.orderLineId ? await getDb().select().from(orderLines).where(eq(orderLines.id, reg.orderLineId)) : [];
  const view = line ? await getOrder(line.orderId, { at: now }) : null;
  const order = view?.order ?? null;
  if (view && order && line && percent > 0) {
    const { summary, ...records } = view;
    const cents = Math.min(mulDivRound(line.totalCents, percent, 100), summary.state === 'paid' || summary.state === 'partially_refunded' ? summary.refundableCents : 0);
    const payment = cents > 0 ? paymentToRefund(records, cents, { keptOnly: true }) : undefined;
    if (payment) {
      const key = refundIdempotencyKey(`registration-${registrationId}`);
      const providerRefundId = await refundThroughProvider(payment, cents, key, 'Registration cancelled');
      refund = { orderId: order.id, cents, paymentId: payment.id, providerRefundId, key };
    }
  }

  const done = await getDb().transaction(async (tx) => {
    await lockClasses(tx, reg.eventId, [reg.classId]);
    const [current] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update');
    if (!current || current.state === 'cancelled') return false;
    await tx.update(registrations).set({ state: 'cancelled', cancelledAt: now, offeredUntil: null }).where(eq(registrations.id, registrationId));
    if (refund) {
      const reason = staff ? `Registration ${registrationId} cancelled by the promoter` : `Registration ${registrationId} cancelled (${percent} % refunded)`;
      await recordRefund('checkout', { order: refund.orderId, amountCents: refund.cents, reason, idempotencyKey: refund.key, paymentId: refund.paymentId, providerRefundId: refund.providerRefundId, at: now }, tx);
    } else if (order) {
      // An unpaid order whose entries are all cancelled can no longer be paid.
      const stillLive = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .innerJoin(orderLines, eq(orderLines.id, registrations.orderLineId))
        .where(and(eq(orderLines.orderId, order.id), ne(registrations.state, 'cancelled')));
      const summary = orderSummary(factsOf(order, await orderRecords(tx, order.id)), now);
      if (stillLive.length === 0 && summary.paidCents === 0) await releaseHold(order.id, 'cancelled', { at: now, tx });
    }
    await offerFreedPlaces(tx, reg.eventId, reg.classId, now);
    return true;
  });
  await revalidateTags([tags.event(reg.eventId)]);
  return { registrationId, percent, refundedCents: done && refund ? refund.cents : 0, duplicate: !done };
}
