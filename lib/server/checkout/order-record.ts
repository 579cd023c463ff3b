/**
 * What the checkout's use cases share about one stored order (issue 26; spec §3 Transaction;
 * DESIGN.md "Money is only ever added to"): finding it by id or public id, locking its row for
 * the length of a transaction (so two payments, two staff clicks or a payment and a release of
 * the same order run one after the other), and reading its facts (payments, refunds, release)
 * into the `OrderFacts` that lib/server/checkout/order-state.ts derives its state from.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { getDb, type Tx } from '../db';
import { orderReleases, orders, payments, refunds } from '../db/schema';
import type { OrderFacts } from './order-state';

/** An order's row as stored. */
export type OrderRow = typeof orders.$inferSelect;
/** A payment's row as stored. */
export type PaymentRow = typeof payments.$inferSelect;
/** A refund's row as stored. */
export type RefundRow = typeof refunds.$inferSelect;
/** A release's row as stored. */
export type ReleaseRow = typeof orderReleases.$inferSelect;

/** How callers name an order: its id (`orders.id`) or its public id (the uuid of URLs, receipts and the provider). */
export type OrderRef = number | string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The condition naming `ref`, or null when `ref` cannot name an order (not a positive whole number, not a uuid). */
function whereRef(ref: OrderRef) {
  if (typeof ref === 'number') return Number.isSafeInteger(ref) && ref > 0 ? eq(orders.id, ref) : null;
  return UUID.test(ref) ? eq(orders.publicId, ref.toLowerCase()) : null;
}

/**
 * The order `ref` (read through `tx` when given), or null when there is none.
 * @param lock when true, its row is locked `FOR UPDATE` until `tx` ends (needs `tx`).
 */
export async function findOrder(ref: OrderRef, tx?: Tx, lock = false): Promise<OrderRow | null> {
  const where = whereRef(ref);
  if (!where) return null;
  const query = (tx ?? getDb()).select().from(orders).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The order `ref`, its row locked `FOR UPDATE` until `tx` ends.
 * @throws AppError `not_found` when there is no such order.
 */
export async function lockOrder(tx: Tx, ref: OrderRef): Promise<OrderRow> {
  const row = await findOrder(ref, tx, true);
  if (!row) throw new AppError('not_found');
  return row;
}

/** An order's recorded facts: its payments and refunds (oldest first) and its release, if any. */
export interface OrderRecords {
  payments: PaymentRow[];
  refunds: RefundRow[];
  release: ReleaseRow | null;
}

/** Reads the payments, refunds and release of order `orderId`. */
export async function orderRecords(tx: Tx, orderId: number): Promise<OrderRecords> {
  // One after the other: a transaction is one connection.
  const paid = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id));
  const refunded = await tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const released = await tx.select().from(orderReleases).where(eq(orderReleases.orderId, orderId));
  return { payments: paid, refunds: refunded, release: released[0] ?? null };
}

/** The `OrderFacts` of an order and its records (amounts in cents; every payment counts, kept or to be sent back). */
export function factsOf(order: OrderRow, records: OrderRecords): OrderFacts {
  return {
    createdAt: order.createdAt,
    holdExpiresAt: order.holdExpiresAt,
    totalCents: order.totalCents,
    payments: records.payments.map((p) => ({ at: p.createdAt, cents: p.amountCents, provider: p.provider })),
    refunds: records.refunds.map((r) => ({ at: r.createdAt, cents: r.amountCents })),
    expiredAt: records.release?.at ?? null,
  };
}

/** Runs `fn` in `tx` when given (the caller's transaction), else in a transaction of its own. */
export function inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : getDb().transaction(fn);
}
