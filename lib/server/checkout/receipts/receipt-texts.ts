/**
 * The receipt's and its mails' words in one language (issue 26 "in the buyer's language"):
 * the messages namespace `receipts` through next-intl's `createTranslator`, as the print sheets
 * and the account mails load theirs, plus what every receipt text shares: money (`formatCents`),
 * a day in the federation's time zone, a tax's name and rate ("TPS (5 %)"), and why money went
 * back.
 *
 * No `server-only` marker: the renewal-reminders job (lib/server/jobs) loads it in the site's
 * server under plain Node.
 */
import { createTranslator } from 'next-intl';
import type { Locale } from '../../../config';
import { federationDate, formatCents, formatDate } from '../../../format';
import { loadMessages } from '../../../i18n/messages';
import type { LineTax } from '../tax';
import { formatTaxRate } from './receipt-number';
import type { RefundWhy } from './load-receipt';

/** A translator of one namespace, loosely typed (keys are checked by the messages' parity test). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The texts of `locale`. */
export interface ReceiptTexts {
  locale: Locale;
  /** `receipts.*`. */
  t: Translate;
  /** The site's name from the messages (`meta.siteName`): the fallback of the CMS's. */
  siteName: string;
  money(cents: number): string;
  /** The day of `at` in the federation's time zone, long form ("June 10, 2026", "10 juin 2026"). */
  day(at: Date): string;
  /** "GST (5%)", "TVQ (9,975 %)". */
  taxLabel(tax: Pick<LineTax, 'code' | 'rate'>): string;
  /** The tax's short name in the language ("TPS"). */
  taxName(code: string): string;
  /** Why money went back, in the language (staff's words as written). */
  refundReason(why: RefundWhy): string;
}

/** The receipt texts of `locale` (see the module's docstring). */
export async function receiptTexts(locale: Locale): Promise<ReceiptTexts> {
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'receipts' }) as unknown as Translate;
  const siteName = (createTranslator({ locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  // The same tax names as the payment page and the buyer's pages (messages `checkout.taxes`).
  const taxes = createTranslator({ locale, messages, namespace: 'checkout.taxes' }) as unknown as Translate;
  const taxName = (code: string) => (['GST', 'QST', 'HST', 'PST'].includes(code) ? taxes(code) : code);
  return {
    locale,
    t,
    siteName,
    money: (cents) => formatCents(cents, locale),
    day: (at) => formatDate(federationDate(at), locale),
    taxName,
    taxLabel: (tax) => t('taxLine', { name: taxName(tax.code), rate: formatTaxRate(tax.rate, locale) }),
    refundReason: (why) => (why.kind === 'automatic' ? t(`refundReasons.${why.reason}`) : why.kind === 'provider' ? t('refundReasons.provider') : why.text),
  };
}
