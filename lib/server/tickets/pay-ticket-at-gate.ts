/**
 * Paying a ticket at the gate (issue 28 "an unpaid ticket is paid at the scan"; spec §3
 * Transaction): a scan answered `unpaid` names its order; the gate takes the money and this
 * records it through the checkout's staff payment (`markPaidByStaff`: policy `orders.mark_paid`,
 * the order's row locked so two clicks pay once, a payment whose tickets went elsewhere refused
 * with `order_expired`), after which the ticket scans as paid. Only an order of the gate's event
 * (its `event_id`, or a spectator registration of that event paid by it).
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { GatePayment } from '../../contracts/ticket-scans';
import { gatePayInput } from '../../contracts/tickets';
import { AppError } from '../../errors';
import { markPaidByStaff } from '../checkout/mark-paid-by-staff';
import { findOrder } from '../checkout/order-record';
import { getDb } from '../db';
import { spectatorRegistrations } from '../db/schema';
import type { Viewer } from '../policy';
import { parseInput } from '../registrations/registration-context';
import { gateEvent } from './gate-event';

/**
 * Takes at the gate what is due on order `raw.order` (its public id) of event `eventId`, for `viewer`.
 * @returns the order, what is now paid on it in cents, what is still due (0) and its state; `recorded` false when nothing was due any more.
 * @throws AppError `unauthenticated`; `not_found` (no such event or order, an order of another
 *   event, or a viewer who may not scan or take payments here); `order_expired`; `invalid_request`.
 */
export async function payTicketAtGate(viewer: Viewer, eventId: number, raw: unknown): Promise<GatePayment> {
  const { event } = await gateEvent(viewer, eventId);
  const { order: publicId } = parseInput(gatePayInput, raw);
  const order = await findOrder(publicId);
  if (!order) throw new AppError('not_found');
  if (order.eventId !== event.id) {
    const [reg] = await getDb()
      .select({ id: spectatorRegistrations.id })
      .from(spectatorRegistrations)
      .where(and(eq(spectatorRegistrations.orderId, order.id), eq(spectatorRegistrations.eventId, event.id)))
      .limit(1);
    if (!reg) throw new AppError('not_found');
  }
  const result = await markPaidByStaff(viewer, order.id);
  return { order: order.publicId, recorded: result.paymentId !== null, paidCents: result.summary.paidCents, dueCents: result.summary.dueCents, state: result.summary.state };
}
