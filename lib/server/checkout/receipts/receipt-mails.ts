/**
 * The buyer's mails about their money (issue 26 "Receipts as a PDF and an email … in the buyer's
 * language"; "a payment arriving after expiry … refunded by itself and the buyer told"): the
 * receipt mail (the PDF attached as `receipt-R-000123.pdf`) and the refund mail (how much, on
 * which order, and why), each a plain-text body and a minimal HTML one (texts escaped), in the
 * order's language (messages namespace `receipts`).
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import type { OutgoingMail } from '../../email';
import type { ReceiptModel, RefundWhy } from './load-receipt';
import { receiptFileName } from './receipt-number';
import { receiptTexts } from './receipt-texts';

/** The recipient as nodemailer takes it: the name when there is one. */
const recipient = (buyer: { name: string; email: string }) => (buyer.name.trim() ? { name: buyer.name.trim(), address: buyer.email } : buyer.email);

/** An HTML document of paragraphs (each escaped). */
function html(locale: string, paragraphs: string[]): string {
  return [`<!doctype html><html lang="${locale}"><body>`, ...paragraphs.map((p) => `<p>${escapeUTF8(p)}</p>`), '</body></html>'].join('\n');
}

/**
 * The receipt mail of `model` with its PDF `pdf` attached; `siteName` the issuer's name (the
 * CMS's, else the messages').
 */
export async function receiptMail(model: ReceiptModel, pdf: Uint8Array, siteName?: string | null): Promise<OutgoingMail> {
  const x = await receiptTexts(model.locale);
  const site = siteName ?? x.siteName;
  const name = model.buyer.name.trim() || model.buyer.email;
  const paragraphs = [
    x.t('mail.greeting', { name }),
    x.t('mail.body', { amount: x.money(model.paidCents), date: x.day(model.paidAt), order: model.order.publicId, number: model.number }),
    x.t('mail.download'),
    x.t('mail.signature', { site }),
  ];
  return {
    to: recipient(model.buyer),
    subject: x.t('mail.subject', { number: model.number, site }),
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(model.locale, paragraphs),
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: [{ filename: receiptFileName(model.receiptId), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') }],
  };
}

/** What the refund mail says. */
export interface RefundMailInput {
  locale: ReceiptModel['locale'];
  buyer: { name: string; email: string };
  orderPublicId: string;
  /** The order's receipt number (`R-000123`), when it has one. */
  receiptNumber: string | null;
  cents: number;
  why: RefundWhy;
}

/** The refund mail of `input` (see the module's docstring). */
export async function refundMail(input: RefundMailInput): Promise<OutgoingMail> {
  const x = await receiptTexts(input.locale);
  const name = input.buyer.name.trim() || input.buyer.email;
  const amount = x.money(input.cents);
  const paragraphs = [
    x.t('mail.greeting', { name }),
    input.receiptNumber
      ? x.t('refundMail.body', { amount, order: input.orderPublicId, number: input.receiptNumber })
      : x.t('refundMail.bodyNoReceipt', { amount, order: input.orderPublicId }),
    x.t('refundMail.reason', { reason: x.refundReason(input.why) }),
    x.t('refundMail.delay'),
    x.t('mail.signature', { site: x.siteName }),
  ];
  return {
    to: recipient(input.buyer),
    subject: x.t('refundMail.subject', { amount, site: x.siteName }),
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(input.locale, paragraphs),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
