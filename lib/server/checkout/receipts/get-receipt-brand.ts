/**
 * Who issues the receipt (issue 26 "shown … on the receipt with the federation's tax numbers from
 * the CMS"): the federation's name and logo as the print sheets show them (get-print-brand.ts)
 * and its tax registration numbers, the CMS site parameters `GSTNumber`, `QSTNumber` and
 * `HSTNumber` (read like the other site parameters, `:fr-CA` variants included; an absent or
 * empty one is left out).
 *
 * A receipt is drawn inside the paying transaction (the order's row locked), so the CMS is given
 * `RECEIPT_BRAND_TIMEOUT_MS` at most: past that, or when it is down, the messages' site name and
 * the site's icon are used and no tax number is printed. Never throws.
 */
import 'server-only';
import type { Locale } from '../../../config';
import { cmsGet } from '../../../cms/client';
import { parameterSchema } from '../../../cms/schemas';
import { contentLocale } from '../../../i18n/routing';
import { getPrintBrand, logoImage } from '../../print/get-print-brand';
import type { TaxCode } from '../tax';

/** The longest the CMS may keep a receipt waiting, in ms. */
export const RECEIPT_BRAND_TIMEOUT_MS = 1500;

/** The CMS parameter holding each tax's registration number. */
export const TAX_NUMBER_PARAMETERS: Partial<Record<TaxCode, string>> = { GST: 'GSTNumber', QST: 'QSTNumber', HST: 'HSTNumber' };

export interface ReceiptBrand {
  /** The federation's name as the page header shows it (null: use the messages' site name). */
  name: string | null;
  /** The logo's PNG or JPEG bytes (the CMS upload, else the site's icon), or null. */
  logoBytes: Uint8Array | null;
  /** The registration numbers set in the CMS, by tax code. */
  taxNumbers: Partial<Record<TaxCode, string>>;
}

/** The registration numbers of the CMS parameters `entries` for `locale` (a `Name:fr-CA` value wins over `Name`). */
export function taxNumbersFrom(entries: { Name: string; Value: string }[], locale: Locale): Partial<Record<TaxCode, string>> {
  const suffix = `:${contentLocale(locale)}`.toLowerCase();
  const out: Partial<Record<TaxCode, string>> = {};
  for (const [code, name] of Object.entries(TAX_NUMBER_PARAMETERS) as [TaxCode, string][]) {
    const plain = entries.find((e) => e.Name === name)?.Value.trim();
    const local = entries.find((e) => e.Name.toLowerCase() === `${name.toLowerCase()}${suffix}`)?.Value.trim();
    const value = local || plain;
    if (value) out[code] = value;
  }
  return out;
}

async function taxNumbers(locale: Locale): Promise<Partial<Record<TaxCode, string>>> {
  const data = await cmsGet('/api/parameters?pagination[pageSize]=100', ['cms:parameters']);
  if (!Array.isArray(data)) return {};
  const entries = data.flatMap((item) => {
    const parsed = parameterSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return taxNumbersFrom(entries, locale);
}

const FALLBACK: ReceiptBrand = { name: null, logoBytes: null, taxNumbers: {} };

/** The issuer of a receipt in `locale` (see the module's docstring); `timeoutMs` default `RECEIPT_BRAND_TIMEOUT_MS`. */
export async function getReceiptBrand(locale: Locale, timeoutMs = RECEIPT_BRAND_TIMEOUT_MS): Promise<ReceiptBrand> {
  const work = (async (): Promise<ReceiptBrand> => {
    const [brand, numbers] = await Promise.all([getPrintBrand(locale), taxNumbers(locale)]);
    return { name: brand.name, logoBytes: await logoImage(brand.logo), taxNumbers: numbers };
  })().catch(() => FALLBACK);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<ReceiptBrand>((resolve) => {
    timer = setTimeout(() => resolve(FALLBACK), timeoutMs);
  });
  try {
    const brand = await Promise.race([work, late]);
    // The site's icon when the CMS gave no logo in time.
    return brand.logoBytes ? brand : { ...brand, logoBytes: await logoImage(null) };
  } finally {
    clearTimeout(timer);
  }
}
