/**
 * One order as the federation office's screen shows it (issue 26 "staff mark it paid"; "refunds by
 * federation staff with a reason, through the provider, recorded"; spec §3 Transaction): the
 * order in full (`getOrder`: lines, payments, refunds, release, memberships, state and money now)
 * with the names behind its ids: the buyer (the order's login), who recorded each payment and who
 * asked each refund (logins), and the receipt's number when one was issued (a paid order).
 *
 * Not cached: an order is private. The caller checks the policy (`orders.refund` / `orders.mark_paid`).
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from '../db';
import { receipts, users } from '../db/schema';
import { getOrder, type OrderView } from './get-order';
import { receiptNumber } from './receipts/receipt-number';

/** A login as the office screen names it. */
export interface OfficePerson {
  name: string;
  email: string;
}

/** What `getOfficeOrder` answers. */
export interface OfficeOrderView extends OrderView {
  /** The buyer (the order's login); null when the login is gone. */
  buyer: OfficePerson | null;
  /** Logins named by the payments (`recordedBy`) and refunds (`requestedBy`), by user id. */
  people: Record<string, OfficePerson>;
  /** The receipt's number (`R-000123`) when the order has one, else null. */
  receiptNumber: string | null;
}

/**
 * Order `publicId` (its uuid; anything else answers null) with its buyer, the people who recorded
 * its payments and refunds, and its receipt's number, its state at `at` (default now).
 * @returns null when there is no such order.
 */
export async function getOfficeOrder(publicId: string, at: Date = new Date()): Promise<OfficeOrderView | null> {
  const view = await getOrder(publicId, { at });
  if (!view) return null;
  const ids = [...new Set([view.order.userId, ...view.payments.map((p) => p.recordedBy), ...view.refunds.map((r) => r.requestedBy)].filter((id): id is string => !!id))];
  const db = getDb();
  const [logins, receipt] = await Promise.all([
    db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)),
    db.select({ id: receipts.id }).from(receipts).where(eq(receipts.orderId, view.order.id)),
  ]);
  const people: Record<string, OfficePerson> = {};
  for (const login of logins) people[login.id] = { name: login.name, email: login.email };
  return { ...view, buyer: people[view.order.userId] ?? null, people, receiptNumber: receipt[0] ? receiptNumber(receipt[0].id) : null };
}
