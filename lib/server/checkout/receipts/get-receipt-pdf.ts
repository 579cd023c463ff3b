/**
 * A receipt to download (issue 26 "Receipts as a PDF"; GET /api/v1/account/orders/{publicId}/receipt):
 * the PDF of a paid order's receipt, drawn again from the order's facts (a refund made since is
 * on it), for the order's buyer or a federation admin (policy `account.view` on the order's
 * login). Anyone else, an unknown order and an order without a receipt (not paid) get the same
 * `not_found`, so an order's existence is not told.
 */
import 'server-only';
import { AppError } from '../../../errors';
import { getDb } from '../../db';
import { assertAllowed, type Viewer } from '../../policy';
import { findOrder } from '../order-record';
import { getReceiptBrand } from './get-receipt-brand';
import { loadReceipt } from './load-receipt';
import { receiptFileName } from './receipt-number';
import { renderReceiptPdf } from './render-receipt-pdf';

/** A receipt's file: its bytes and its name (`receipt-R-000123.pdf`). */
export interface ReceiptFile {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * The receipt PDF of order `publicId` for `viewer` (see the module's docstring).
 * @throws AppError `unauthenticated` (no login); `not_found` (no such order, not theirs, or no receipt).
 */
export async function getReceiptPdf(viewer: Viewer, publicId: string): Promise<ReceiptFile> {
  if (viewer === null) throw new AppError('unauthenticated');
  const order = await findOrder(publicId);
  if (!order) throw new AppError('not_found');
  assertAllowed(viewer, 'account.view', { userId: order.userId });
  const model = await getDb().transaction((tx) => loadReceipt(tx, order.id));
  if (!model) throw new AppError('not_found');
  const bytes = await renderReceiptPdf(model, { brand: await getReceiptBrand(model.locale) });
  return { bytes, fileName: receiptFileName(model.receiptId) };
}
