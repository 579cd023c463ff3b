/** Receipts (issue 26): numbering, what one shows, its PDF, issuing and mailing it, refund mails, the download. Only re-exports. */
export { getReceiptBrand, RECEIPT_BRAND_TIMEOUT_MS, TAX_NUMBER_PARAMETERS, taxNumbersFrom, type ReceiptBrand } from './get-receipt-brand';
export { getReceiptPdf, type ReceiptFile } from './get-receipt-pdf';
export { issueReceipt, type IssuedReceipt } from './issue-receipt';
export { asLocale, loadReceipt, refundWhy, type ReceiptModel, type ReceiptRefund, type RefundWhy } from './load-receipt';
export { notifyRefund } from './notify-refund';
export { receiptMail, refundMail, type RefundMailInput } from './receipt-mails';
export { formatTaxRate, receiptFileName, receiptNumber } from './receipt-number';
export { receiptTexts, type ReceiptTexts } from './receipt-texts';
export { renderReceiptPdf, wrapText, type ReceiptPdfOptions } from './render-receipt-pdf';
