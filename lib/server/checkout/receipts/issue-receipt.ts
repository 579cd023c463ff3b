/**
 * Issuing an order's receipt (issue 26 "Receipts as a PDF and an email (through the job queue),
 * in the buyer's language"; DESIGN.md "Work after a change is a job in the same transaction"):
 * called at the end of `fulfilOrder`, in the transaction that paid the order (a webhook, staff
 * marking it paid, an order of 0 cents at its creation). Writes the `receipts` row once per order
 * (`on conflict (order_id) do nothing`: fulfilment run again issues nothing and sends nothing),
 * draws the PDF, and enqueues in the same transaction a `send-email` job to the buyer (the order's
 * login) with the PDF attached: a rolled-back payment leaves no receipt and sends no mail.
 *
 * The PDF is drawn inside the paying transaction: about 100 ms (median) on the shared 2-core
 * development machines (measured in
 * tests/integration/checkout-receipts.test.ts); the CMS (name, logo, tax numbers) is given
 * `RECEIPT_BRAND_TIMEOUT_MS` at most (get-receipt-brand.ts).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db';
import { orders, receipts } from '../../db/schema';
import { outboxFileName } from '../../email';
import { enqueue } from '../../jobs';
import { getReceiptBrand } from './get-receipt-brand';
import { asLocale, loadReceipt } from './load-receipt';
import { receiptMail } from './receipt-mails';
import { renderReceiptPdf } from './render-receipt-pdf';

/** A receipt just issued: its id, number, and the `send-email` job carrying it (null: the buyer has no email). */
export interface IssuedReceipt {
  receiptId: number;
  number: string;
  /** The .eml file name the job writes in the outbox. */
  file: string;
  jobId: string | null;
}

/**
 * Issues the receipt of paid order `orderId` at `now` in `tx` (see the module's docstring).
 * @returns the receipt issued now, or null when the order already had one (or does not exist).
 * @throws Error when the PDF cannot be drawn or the job not stored (`tx` then rolls back: the
 *   payment is not recorded, and the provider delivers again).
 */
export async function issueReceipt(tx: Tx, orderId: number, now: Date): Promise<IssuedReceipt | null> {
  const [order] = await tx.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const locale = asLocale(order.locale);
  const [row] = await tx.insert(receipts).values({ orderId, locale, createdAt: now }).onConflictDoNothing({ target: receipts.orderId }).returning({ id: receipts.id });
  if (!row) return null;
  const model = (await loadReceipt(tx, orderId))!;
  const brand = await getReceiptBrand(locale);
  const pdf = await renderReceiptPdf(model, { brand });
  const file = outboxFileName(now, `receipt-${row.id}`);
  if (!model.buyer.email) return { receiptId: row.id, number: model.number, file, jobId: null };
  const jobId = await enqueue(tx, 'send-email', { mail: await receiptMail(model, pdf, brand.name), file });
  return { receiptId: row.id, number: model.number, file, jobId };
}
