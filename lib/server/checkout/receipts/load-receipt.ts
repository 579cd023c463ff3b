/**
 * What a receipt shows, read from the order's facts (issue 26 "Receipts as a PDF and an email";
 * spec §3 Transaction: lines, subtotal, tax, total, total paid, promo code, provider): the receipt's
 * number and date, the buyer (the order's login: `users.name`, `users.email`), the order's public
 * id, its lines with their discount and taxes, its taxes per code and rate, the money kept and the
 * money sent back (with why). A receipt is never stored as a file: the PDF is drawn again from
 * these facts, which never change (DESIGN.md "Money is only ever added to"), so it reads the same
 * every time, except that a later refund is added.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../../config';
import type { Tx } from '../../db';
import { orderLines, orders, payments, receipts, refunds, users } from '../../db/schema';
import type { PaymentProvider, PaymentReason } from '../records';
import type { LineTax } from '../tax';
import { receiptNumber } from './receipt-number';

/** Why money went back, as the receipt and the refund mail say it. */
export type RefundWhy =
  /** The checkout sent back a payment by itself (`payments.reason` of the payment sent back). */
  | { kind: 'automatic'; reason: Extract<PaymentReason, 'late_goods_taken' | 'already_paid'> }
  /** A refund made at the provider (its dashboard) that the site only recorded. */
  | { kind: 'provider' }
  /** Staff's words, as written. */
  | { kind: 'staff'; text: string };

/** One refund on a receipt (cents). */
export interface ReceiptRefund {
  refundId: number;
  cents: number;
  at: Date;
  why: RefundWhy;
}

/** Everything a receipt prints (amounts in cents, dates as moments). */
export interface ReceiptModel {
  receiptId: number;
  /** `R-000123`. */
  number: string;
  /** The order's language (`orders.locale`; en when it is not one of the site's). */
  locale: Locale;
  issuedAt: Date;
  /** When the order was paid: its last kept payment, or the receipt's date for an order of 0 cents. */
  paidAt: Date;
  buyer: { name: string; email: string };
  order: {
    id: number;
    publicId: string;
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
    taxes: LineTax[];
    promoCode: string | null;
    provider: PaymentProvider;
  };
  lines: { description: string; quantity: number; unitCents: number; discountCents: number; taxes: LineTax[]; totalCents: number }[];
  /** The money kept (payments decided `keep`), in cents, and by whom it was taken. */
  paidCents: number;
  paidBy: PaymentProvider;
  refunds: ReceiptRefund[];
  refundedCents: number;
}

/** `value` when it is one of the site's languages, else `en`. */
export function asLocale(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en';
}

/** Reasons the checkout writes on the refunds it makes itself (lib/server/payments/handle-stripe-event.ts). */
const AUTOMATIC = new Set<PaymentReason>(['late_goods_taken', 'already_paid']);

/**
 * Why refund `refund` was made: the checkout's own (`requested_by` null, against a payment decided
 * `refund`), the provider's (`requested_by` null, against a kept payment), or staff's words.
 */
export function refundWhy(refund: { requestedBy: string | null; reason: string }, payment: { disposition: string; reason: PaymentReason } | undefined): RefundWhy {
  if (refund.requestedBy === null && payment) {
    if (payment.disposition === 'refund' && AUTOMATIC.has(payment.reason)) return { kind: 'automatic', reason: payment.reason as 'late_goods_taken' | 'already_paid' };
    return { kind: 'provider' };
  }
  return { kind: 'staff', text: refund.reason };
}

/**
 * The receipt of order `orderId` as it reads now (in `tx`), or null when the order has none
 * (not paid yet, or no such order).
 */
export async function loadReceipt(tx: Tx, orderId: number): Promise<ReceiptModel | null> {
  const [row] = await tx
    .select({ receipt: receipts, order: orders, buyerName: users.name, buyerEmail: users.email })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(receipts.orderId, orderId));
  if (!row) return null;
  const { receipt, order } = row;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const paid = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id));
  const sent = await tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const kept = paid.filter((p) => p.disposition === 'keep');
  const byId = new Map(paid.map((p) => [p.id, p]));
  // Money the receipt counts as paid is the kept payments': a payment sent back whole (a second
  // payment of a paid order) and its refund are not on it.
  const refundList = sent
    .filter((r) => byId.get(r.paymentId)?.disposition === 'keep')
    .map((r) => ({ refundId: r.id, cents: r.amountCents, at: r.createdAt, why: refundWhy(r, byId.get(r.paymentId)) }));
  return {
    receiptId: receipt.id,
    number: receiptNumber(receipt.id),
    locale: asLocale(receipt.locale),
    issuedAt: receipt.createdAt,
    paidAt: kept.at(-1)?.createdAt ?? receipt.createdAt,
    buyer: { name: row.buyerName ?? '', email: row.buyerEmail ?? '' },
    order: {
      id: order.id,
      publicId: order.publicId,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      taxes: order.taxes,
      promoCode: order.promoCode,
      provider: order.provider,
    },
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitCents: l.unitCents, discountCents: l.discountCents, taxes: l.taxes, totalCents: l.totalCents })),
    paidCents: kept.reduce((a, p) => a + p.amountCents, 0),
    paidBy: kept.at(-1)?.provider ?? order.provider,
    refunds: refundList,
    refundedCents: refundList.reduce((a, r) => a + r.cents, 0),
  };
}
