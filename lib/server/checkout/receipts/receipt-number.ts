/**
 * How a receipt is named (issue 26 "Receipts as a PDF and an email"): its number is the
 * `receipts.id` zero-padded to six digits after `R-` ("R-000123"), its file `receipt-R-000123.pdf`;
 * a tax's rate as the buyer reads it in their language ("5%", "9,975 %"). Pure: no database, no
 * `server-only`, so unit tests and the job worker load it as is.
 */
import type { Locale } from '../../../config';
import { intlLocale } from '../../../format';
import { RATE_SCALE } from '../tax';

/** The printed number of receipt `id` (`receipts.id` ≥ 1): `R-000123`; longer ids keep all their digits. */
export function receiptNumber(id: number): string {
  return `R-${String(id).padStart(6, '0')}`;
}

/** The PDF's file name of receipt `id`: `receipt-R-000123.pdf` (ASCII only: safe in a header). */
export function receiptFileName(id: number): string {
  return `receipt-${receiptNumber(id)}.pdf`;
}

const rateFormats = new Map<string, Intl.NumberFormat>();

/** A tax rate in parts per `RATE_SCALE` (9975) as a percent in `locale`: "9.975%" (en), "9,975 %" (fr, es). */
export function formatTaxRate(rate: number, locale: Locale | string): string {
  const key = intlLocale(locale);
  let format = rateFormats.get(key);
  if (!format) rateFormats.set(key, (format = new Intl.NumberFormat(key, { style: 'percent', maximumFractionDigits: 3 })));
  return format.format(rate / RATE_SCALE);
}
