/**
 * Whether a ticket still admits, derived from the checkout's records (issue 28 "a refund voids
 * the ticket"; DESIGN.md "Money is only ever added to": nothing is edited): a ticket is
 *
 * - `voided` when its order was refunded in full (the checkout's `refunded` state), or when a
 *   refund of its own line was recorded: a refund whose idempotency key is
 *   `ticketLineRefundKey(lineId)` (`refund:ticket-line-<order_lines.id>`, the way a cancelled
 *   entry's line is keyed `entry-line-<id>`); whoever refunds one spectator's ticket (the
 *   spectator registration, staff) uses that key;
 * - `voided` too when its buyer gave it to someone else (issue 28 "a ticket given to another
 *   person"): a `ticket_transfers` row names it as `from_ticket_id`; the new holder's own ticket
 *   (same order line) takes its place;
 * - `unpaid` when its order is not paid yet (reserved to pay at the gate, or its hold ended);
 * - else paid.
 *
 * `ticketVoidedSql` is the same rule for a query over many tickets (counts, capacity).
 */
import 'server-only';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { refundIdempotencyKey } from '../payments/idempotency-keys';
import { orderSummary, type OrderFacts } from '../checkout/order-state';

/** The start of every ticket line's refund key: `refund:ticket-line-`. */
export const TICKET_LINE_REFUND_PREFIX = refundIdempotencyKey('ticket-line-');

/** The idempotency key of refunding ticket line `lineId` (one spectator's ticket): `refund:ticket-line-<lineId>`. */
export function ticketLineRefundKey(lineId: number): string {
  return `${TICKET_LINE_REFUND_PREFIX}${lineId}`;
}

/** A ticket's payment standing. */
export type TicketStanding = { state: 'voided' } | { state: 'unpaid'; dueCents: number } | { state: 'paid' };

/**
 * The standing at `now` of the ticket of line `lineId`, from its order's facts, the idempotency
 * keys of its refunds, and whether it was given to someone else (`transferred`: a
 * `ticket_transfers` row has it as `from_ticket_id`).
 */
export function ticketStanding(lineId: number, facts: OrderFacts, refundKeys: readonly string[], now: Date, transferred: boolean): TicketStanding {
  if (transferred) return { state: 'voided' };
  const summary = orderSummary(facts, now);
  if (summary.state === 'refunded' || refundKeys.includes(ticketLineRefundKey(lineId))) return { state: 'voided' };
  if (summary.state === 'reserved' || summary.state === 'expired') return { state: 'unpaid', dueCents: summary.dueCents };
  return { state: 'paid' };
}

/**
 * The rule for a query: true when ticket `ticketId` (a column of `tickets.id`) of line `lineId` (a
 * column of `order_lines.id`) of order `orderId` (a column of `orders.id`) is voided.
 */
export function ticketVoidedSql(lineId: AnyColumn | SQL, orderId: AnyColumn | SQL, ticketId: AnyColumn | SQL): SQL {
  return sql`(exists (select 1 from ticket_transfers vt where vt.from_ticket_id = ${ticketId})
    or exists (select 1 from refunds vr where vr.order_id = ${orderId} and vr.idempotency_key = ${TICKET_LINE_REFUND_PREFIX} || ${lineId}::text)
    or ((select coalesce(sum(vp.amount_cents), 0) from payments vp where vp.order_id = ${orderId}) > 0
      and (select coalesce(sum(vq.amount_cents), 0) from refunds vq where vq.order_id = ${orderId}) >= (select coalesce(sum(vp.amount_cents), 0) from payments vp where vp.order_id = ${orderId})))`;
}

/** The rule for a query: true when order `orderId` (a column) is not paid in full yet (less received than its total; what `unpaid` means). */
export function orderUnpaidSql(orderId: AnyColumn | SQL, totalCents: AnyColumn | SQL): SQL {
  return sql`((select coalesce(sum(up.amount_cents), 0) from payments up where up.order_id = ${orderId}) < ${totalCents})`;
}
