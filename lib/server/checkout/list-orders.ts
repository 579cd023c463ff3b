/**
 * Lists of orders (issue 26; spec §3 Transaction): a buyer's own (the account's "Orders"
 * section) and the federation office's (the staff screen: who bought what, what is still due,
 * mark paid, refund). Each order with its lines' descriptions and its state and money now
 * (`orderSummary` from its append-only facts). Not cached: orders are private.
 */
import 'server-only';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db';
import { orderLines, orderReleases, orders, payments, refunds, users } from '../db/schema';
import { factsOf, type OrderRow } from './order-record';
import { orderSummary, type OrderState, type OrderSummary } from './order-state';

/** One order in a list. */
export interface OrderListItem {
  publicId: string;
  createdAt: Date;
  holdExpiresAt: Date;
  provider: OrderRow['provider'];
  promoCode: string | null;
  /** The lines' descriptions, in the order's language ("Adult licence – Léa Tremblay"). */
  lines: string[];
  /** The buyer's name and email (staff list only; the buyer's own list leaves them null). */
  buyer: { name: string; email: string } | null;
  summary: OrderSummary;
}

/** Orders per staff page. */
export const ORDERS_PAGE_SIZE = 50;

async function withFacts(rows: (OrderRow & { buyerName?: string | null; buyerEmail?: string | null })[], staff: boolean, now: Date): Promise<OrderListItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const db = getDb();
  const [paid, refunded, released, lines] = await Promise.all([
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db.select().from(orderReleases).where(inArray(orderReleases.orderId, ids)),
    db.select({ orderId: orderLines.orderId, description: orderLines.description }).from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
  ]);
  return rows.map((order) => {
    const records = { payments: paid.filter((p) => p.orderId === order.id), refunds: refunded.filter((r) => r.orderId === order.id), release: released.find((r) => r.orderId === order.id) ?? null };
    return {
      publicId: order.publicId,
      createdAt: order.createdAt,
      holdExpiresAt: order.holdExpiresAt,
      provider: order.provider,
      promoCode: order.promoCode,
      lines: lines.filter((l) => l.orderId === order.id).map((l) => l.description),
      buyer: staff ? { name: order.buyerName ?? '', email: order.buyerEmail ?? '' } : null,
      summary: orderSummary(factsOf(order, records), now),
    };
  });
}

/** The last 100 orders of `userId`, newest first, with their state at `now` (default now). */
export async function listMyOrders(userId: string, now: Date = new Date()): Promise<OrderListItem[]> {
  const rows = await getDb().select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(100);
  return withFacts(rows, false, now);
}

/** What the staff list shows: every order, or only those in one state; a search on the buyer's name or email or the order's id. */
export interface StaffOrderQuery {
  state?: OrderState | 'all';
  q?: string;
  page?: number;
}

/**
 * The federation office's orders (membership orders: no event), newest first, 50 per page, with
 * their buyers, filtered by state at `now` and by a search on the buyer's name or email or the
 * order's public id. The caller checks `orders.mark_paid` / `orders.refund` with the policy.
 * @returns the page's orders and whether another page follows.
 */
export async function listOfficeOrders(query: StaffOrderQuery, now: Date = new Date()): Promise<{ orders: OrderListItem[]; more: boolean }> {
  const where: SQL[] = [sql`${orders.eventId} is null`];
  const q = query.q?.trim().slice(0, 100);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(users.name, like), ilike(users.email, like), ilike(sql`${orders.publicId}::text`, like))!);
  }
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const state = query.state && query.state !== 'all' ? query.state : null;
  // The state depends on the facts: a state filter reads a wider window and filters after.
  const limit = state ? 1000 : ORDERS_PAGE_SIZE + 1;
  const rows = await getDb()
    .select({ order: orders, buyerName: users.name, buyerEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(state ? 0 : (page - 1) * ORDERS_PAGE_SIZE);
  let items = await withFacts(rows.map((r) => ({ ...r.order, buyerName: r.buyerName, buyerEmail: r.buyerEmail })), true, now);
  if (state) items = items.filter((o) => o.summary.state === state).slice((page - 1) * ORDERS_PAGE_SIZE, page * ORDERS_PAGE_SIZE + 1);
  return { orders: items.slice(0, ORDERS_PAGE_SIZE), more: items.length > ORDERS_PAGE_SIZE };
}
