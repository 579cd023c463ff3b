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
 * BEFORE the transaction, with an idempotency key per line (the entry's from the registration id,
 * a rental's or deposit's from its line id: asking again makes the same refund at the provider); then in ONE transaction, with the class's row locked:
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
import { getOrder, type OrderLineRow } from '../checkout/get-order';
import { factsOf, orderRecords, type OrderRow } from '../checkout/order-record';
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

/** A refund sent back through the provider, to record in the cancellation's transaction. */
interface MadeRefund {
  what: 'entry' | 'rental' | 'deposit';
  orderId: number;
  cents: number;
  paymentId: number;
  providerRefundId: string;
  key: string;
}

/** The transponder lines of an order for a rider: classless entry lines; the deposit is the untaxed one. */
function transponderLines(lines: readonly OrderLineRow[], participantId: number, eventId: number): { line: OrderLineRow; what: 'rental' | 'deposit' }[] {
  return lines.filter((l) => l.kind === 'entry' && l.classId === null && l.participantId === participantId && l.eventId === eventId).map((line) => ({ line, what: line.taxes.length === 0 ? ('deposit' as const) : ('rental' as const) }));
}

/**
 * What cancelling registration `reg` gives back at `now`, sent through the provider before the
 * transaction (each refund with its own idempotency key: the same line is refunded once): the
 * entry line's `percent`; and, when no other live registration of the rider at the event remains,
 * the transponder rental lines of the rider's orders at the event at `percent` and the deposit
 * lines in full (a deposit always goes back), each line once (a refund recorded under its key
 * already is not made again). Only from a paid order, never more than it has left to refund.
 * @returns the refunds made, and the order of the registration's entry line (null without one).
 */
async function planRefunds(reg: typeof registrations.$inferSelect, percent: number, now: Date): Promise<{ made: MadeRefund[]; order: OrderRow | null }> {
  const made: MadeRefund[] = [];
  const [line] = reg.orderLineId ? await getDb().select().from(orderLines).where(eq(orderLines.id, reg.orderLineId)) : [];
  const entryOrder = line ? ((await getOrder(line.orderId, { at: now }))?.order ?? null) : null;
  const others = await getDb()
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, reg.eventId), eq(registrations.participantId, reg.participantId), ne(registrations.state, 'cancelled'), ne(registrations.id, reg.id)));
  // The orders whose lines may go back: the entry's, and with the rider's last live registration, every order of the rider's registrations at the event.
  const orderIds = new Set<number>(line ? [line.orderId] : []);
  if (others.length === 0) {
    const rows = await getDb()
      .selectDistinct({ orderId: orderLines.orderId })
      .from(registrations)
      .innerJoin(orderLines, eq(orderLines.id, registrations.orderLineId))
      .where(and(eq(registrations.eventId, reg.eventId), eq(registrations.participantId, reg.participantId)));
    for (const r of rows) orderIds.add(r.orderId);
  }
  for (const orderId of [...orderIds].sort((a, b) => a - b)) {
    const view = await getOrder(orderId, { at: now });
    if (!view || (view.summary.state !== 'paid' && view.summary.state !== 'partially_refunded')) continue;
    const { summary, ...records } = view;
    const planned: { line: OrderLineRow; what: MadeRefund['what']; percent: number; key: string }[] = [];
    if (line && line.orderId === orderId && percent > 0) planned.push({ line, what: 'entry', percent, key: refundIdempotencyKey(`registration-${reg.id}`) });
    if (others.length === 0) {
      for (const t of transponderLines(view.lines, reg.participantId, reg.eventId)) planned.push({ ...t, percent: t.what === 'deposit' ? 100 : percent, key: refundIdempotencyKey(`entry-line-${t.line.id}`) });
    }
    const recorded = new Set(records.refunds.map((r) => r.idempotencyKey));
    let left = summary.refundableCents;
    const refunds = [...records.refunds];
    for (const p of planned) {
      if (p.what !== 'entry' && recorded.has(p.key)) continue;
      const cents = Math.min(mulDivRound(p.line.totalCents, p.percent, 100), left);
      const payment = cents > 0 ? paymentToRefund({ payments: records.payments, refunds }, cents, { keptOnly: true }) : undefined;
      if (!payment) continue;
      const providerRefundId = await refundThroughProvider(payment, cents, p.key, p.what === 'entry' ? 'Registration cancelled' : `Transponder ${p.what} returned: registration cancelled`);
      made.push({ what: p.what, orderId, cents, paymentId: payment.id, providerRefundId, key: p.key });
      left -= cents;
      refunds.push({ id: -made.length, orderId, paymentId: payment.id, amountCents: cents, reason: 'planned', idempotencyKey: p.key, providerRefundId, requestedBy: null, createdAt: now });
    }
  }
  return { made, order: entryOrder };
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
  const refunds = await planRefunds(reg, percent, now);
  const order = refunds.order;

  const done = await getDb().transaction(async (tx) => {
    await lockClasses(tx, reg.eventId, [reg.classId]);
    const [current] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update');
    if (!current || current.state === 'cancelled') return false;
    await tx.update(registrations).set({ state: 'cancelled', cancelledAt: now, offeredUntil: null }).where(eq(registrations.id, registrationId));
    for (const refund of refunds.made) {
      const what = refund.what === 'entry' ? `Registration ${registrationId}` : `Transponder ${refund.what} of registration ${registrationId}`;
      const reason = staff ? `${what} cancelled by the promoter` : `${what} cancelled (${refund.what === 'deposit' ? 100 : percent} % refunded)`;
      await recordRefund('checkout', { order: refund.orderId, amountCents: refund.cents, reason, idempotencyKey: refund.key, paymentId: refund.paymentId, providerRefundId: refund.providerRefundId, at: now }, tx);
    }
    if (refunds.made.length === 0 && order) {
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
  return { registrationId, percent, refundedCents: done ? refunds.made.reduce((sum, r) => sum + r.cents, 0) : 0, duplicate: !done };
}
