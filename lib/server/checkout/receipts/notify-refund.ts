/**
 * Telling the buyer of a refund (issue 26 "refunds by federation staff with a reason … recorded";
 * "a payment arriving after expiry … otherwise refunded by itself and the buyer told"): called by
 * `recordRefund` in the transaction that records the refund row (staff's refunds, the checkout's
 * automatic ones, and those made at Stripe that the webhook records), it enqueues one
 * `send-email` job to the order's login, in the order's language: how much, on which order, and
 * why. Once per refund row: a refund recorded again (same idempotency key) writes no row and
 * calls nothing.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db';
import { orders, payments, receipts, refunds, users } from '../../db/schema';
import { outboxFileName } from '../../email';
import { enqueue } from '../../jobs';
import { asLocale, refundWhy } from './load-receipt';
import { receiptNumber } from './receipt-number';
import { refundMail } from './receipt-mails';

/**
 * Enqueues the refund mail of refund `refundId` in `tx`.
 * @returns the job's id, or null when the buyer has no email (or there is no such refund).
 */
export async function notifyRefund(tx: Tx, refundId: number, now: Date = new Date()): Promise<string | null> {
  const [row] = await tx
    .select({ refund: refunds, payment: payments, order: orders, email: users.email, name: users.name, receiptId: receipts.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(receipts, eq(receipts.orderId, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!row?.email) return null;
  const mail = await refundMail({
    locale: asLocale(row.order.locale),
    buyer: { name: row.name ?? '', email: row.email },
    orderPublicId: row.order.publicId,
    receiptNumber: row.receiptId ? receiptNumber(row.receiptId) : null,
    cents: row.refund.amountCents,
    why: refundWhy(row.refund, row.payment),
  });
  return enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `refund-${refundId}`) });
}
