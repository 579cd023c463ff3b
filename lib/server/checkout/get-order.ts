/**
 * One order as its buyer, a receipt or the staff screen sees it (issue 26; spec §3 Transaction:
 * lines, subtotal, tax, total, total paid, promo code, provider transaction id, the organization
 * or the event with its promoter): the order as priced, its lines, its facts (payments, refunds,
 * release), the memberships it gave, and its state and money at a moment (`orderSummary`).
 *
 * Not cached: an order is private (its buyer, staff). The caller decides who may read it with the
 * policy (`account.view` on `{ userId: order.userId }` for the buyer, `orders.mark_paid` on
 * `{ promoterId: order.promoterId }` for staff).
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { orderLines } from '../db/schema';
import { orderMemberships, type FulfilledMembership } from './fulfil-order';
import { factsOf, findOrder, inTransaction, orderRecords, type OrderRef, type OrderRow, type PaymentRow, type RefundRow, type ReleaseRow } from './order-record';
import { orderSummary, type OrderSummary } from './order-state';

/** An order line as stored (amounts in cents, taxes per code). */
export type OrderLineRow = typeof orderLines.$inferSelect;

/** An order with everything recorded about it, and its state at `at`. */
export interface OrderView {
  order: OrderRow;
  lines: OrderLineRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  release: ReleaseRow | null;
  memberships: FulfilledMembership[];
  /** State and money (cents) at `at`. */
  summary: OrderSummary;
  at: Date;
}

/** Reads the view of a row already found (in `tx`). */
export async function orderView(tx: Tx, order: OrderRow, at: Date): Promise<OrderView> {
  const records = await orderRecords(tx, order.id);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const memberships = await orderMemberships(tx, order.id);
  return { order, lines, ...records, memberships, summary: orderSummary(factsOf(order, records), at), at };
}

/**
 * The order `ref` (its id, or its public id) with its lines, facts, memberships and its state at
 * `at` (default now), read in `tx` when given; null when there is no such order.
 */
export async function getOrder(ref: OrderRef, options: { at?: Date; tx?: Tx } = {}): Promise<OrderView | null> {
  const at = options.at ?? new Date();
  return inTransaction(options.tx, async (tx) => {
    const order = await findOrder(ref, tx);
    return order ? orderView(tx, order, at) : null;
  });
}
