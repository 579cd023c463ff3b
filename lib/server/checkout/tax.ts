/**
 * Canadian sales tax on what the checkout sells (issue 26: "Tax by place of supply … rates as
 * dated data, shown per line"; spec §3 Transaction: subtotal, tax, total). Pure module: no
 * `import 'server-only'`, no database, so scripts and unit tests load it as is.
 *
 * Rates are data (`TAX_RATES`): one row per province and period, `from` and `to` inclusive
 * calendar days (YYYY-MM-DD), each tax's rate in parts per 100 000 (`RATE_SCALE`: 5 % = 5000,
 * 9.975 % = 9975), so every rate in force is a whole number. A new rate is a new row (close the
 * old one with `to`); a row is never edited after it applied to an order.
 *
 * The rule of computation (`lineTaxes`): tax is computed PER LINE on the line's amount after its
 * discount, each tax separately on that same amount, each rounded half away from zero to the
 * cent on that line; the order's tax per code is the sum of its lines' (so the receipt's lines
 * add up to its totals exactly). In Quebec the QST is charged on the price, not on the price plus
 * GST (the rule since 2013-01-01): 100.00 $ → GST 5.00 $ + QST 9.98 $ (9.975 rounded) = 114.98 $.
 *
 * Which provinces charge what here: the federation sells memberships (licences), event entries
 * and spectator tickets. GST (5 %) or HST applies to all of them. The provincial sales taxes of
 * British Columbia (PST), Manitoba (RST) and Saskatchewan (PST) are NOT in the data: whether they
 * apply to admissions, entry fees and sport memberships depends on each province's rules and
 * exemptions (Saskatchewan, for one, has taxed admissions and some recreational memberships
 * since 2022-10-01), and the federation has not collected them so far; a row with a `PST` tax is
 * all it takes once the federation's accountant confirms one applies. The data starts where each
 * province's current regime started (Quebec's QST on the price: 2013; HST in Ontario and Nova
 * Scotia: 2010-07-01; BC back to GST after its HST: 2013-04-01; NB and NL at 15 %: 2016-07-01, PE:
 * 2016-10-01; GST at 5 %: 2008-01-01); an earlier date is `no_tax_rate`.
 */
import { federationDate } from '@/lib/format';
import { CheckoutError } from './errors';
import { mulDivRound, type Cents } from './money';
import type { PurchaseKind } from './kinds';

/** The provinces and territories, by their postal abbreviations. */
// The one list of provinces is the contract's (lib/contracts/checkout.ts), shared with the buyer's form.
import { PROVINCES, type Province } from '../../contracts/checkout';
export { PROVINCES, type Province };

/** The sales taxes: federal GST, Quebec's QST, the harmonized HST, a provincial PST. */
export const TAX_CODES = ['GST', 'QST', 'HST', 'PST'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** Rates are in parts per 100 000: 5 % = 5000, 9.975 % = 9975, 13 % = 13000. */
export const RATE_SCALE = 100_000;

/** One tax in force: its code and its rate in parts per `RATE_SCALE`. */
export interface TaxRate {
  code: TaxCode;
  rate: number;
}

/** The taxes of one province over a period: `from` and `to` (absent: still in force) are inclusive days, YYYY-MM-DD. */
export interface TaxPeriod {
  province: Province;
  from: string;
  to?: string;
  taxes: readonly TaxRate[];
}

const GST: TaxRate = { code: 'GST', rate: 5000 };
const gstOnly = (province: Province, from: string): TaxPeriod => ({ province, from, taxes: [GST] });

/** The dated rates (see the module's docstring for what is in and out, and why). */
export const TAX_RATES: readonly TaxPeriod[] = [
  { province: 'QC', from: '2013-01-01', taxes: [GST, { code: 'QST', rate: 9975 }] },
  { province: 'ON', from: '2010-07-01', taxes: [{ code: 'HST', rate: 13000 }] },
  { province: 'NS', from: '2010-07-01', to: '2025-03-31', taxes: [{ code: 'HST', rate: 15000 }] },
  { province: 'NS', from: '2025-04-01', taxes: [{ code: 'HST', rate: 14000 }] },
  { province: 'NB', from: '2016-07-01', taxes: [{ code: 'HST', rate: 15000 }] },
  { province: 'NL', from: '2016-07-01', taxes: [{ code: 'HST', rate: 15000 }] },
  { province: 'PE', from: '2016-10-01', taxes: [{ code: 'HST', rate: 15000 }] },
  gstOnly('AB', '2008-01-01'),
  gstOnly('NT', '2008-01-01'),
  gstOnly('NU', '2008-01-01'),
  gstOnly('YT', '2008-01-01'),
  gstOnly('BC', '2013-04-01'),
  gstOnly('MB', '2008-01-01'),
  gstOnly('SK', '2008-01-01'),
];

/**
 * A province code from what a form or a row holds: trimmed, any case ("qc " → 'QC').
 * @throws CheckoutError `unknown_province` for anything that is not one of `PROVINCES`.
 */
export function toProvince(code: string): Province {
  const upper = typeof code === 'string' ? code.trim().toUpperCase() : '';
  if (!(PROVINCES as readonly string[]).includes(upper)) throw new CheckoutError('unknown_province', `Unknown province or territory: ${String(code)}`);
  return upper as Province;
}

/**
 * The calendar day a supply is taxed on, YYYY-MM-DD: a day as given (checked), or a moment's day
 * in the federation's time zone (`federationDate`, America/Toronto).
 * @throws CheckoutError `invalid_date` for a string that is not a real day or an invalid Date.
 */
export function supplyDay(date: string | Date): string {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new CheckoutError('invalid_date', 'Invalid Date');
    return federationDate(date);
  }
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const real = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])).toISOString().slice(0, 10) === date;
  if (!real) throw new CheckoutError('invalid_date', `Not a day written YYYY-MM-DD: ${String(date)}`);
  return date;
}

/**
 * The taxes in force in `province` on `date` (a YYYY-MM-DD day, or a moment taken in the
 * federation's time zone), in the order a receipt lists them (QC: GST then QST).
 * @throws CheckoutError `unknown_province`, `invalid_date`, or `no_tax_rate` for a day before the data.
 */
export function taxFor(province: string, date: string | Date): readonly TaxRate[] {
  const p = toProvince(province);
  const day = supplyDay(date);
  const period = TAX_RATES.find((row) => row.province === p && row.from <= day && (row.to === undefined || day <= row.to));
  if (!period) throw new CheckoutError('no_tax_rate', `No sales tax rate is known for ${p} on ${day}`);
  return period.taxes;
}

/** One tax on one line: its code, its rate (parts per `RATE_SCALE`) and the amount in cents. */
export interface LineTax extends TaxRate {
  cents: Cents;
}

/**
 * The taxes on one line's taxable amount (its amount after discount, in cents): each tax on that
 * same amount (never tax on tax), each rounded half away from zero to the cent.
 * lineTaxes(10000, taxFor('QC', '2026-05-01')) → GST 500, QST 998.
 */
export function lineTaxes(taxableCents: Cents, taxes: readonly TaxRate[]): LineTax[] {
  return taxes.map((tax) => ({ code: tax.code, rate: tax.rate, cents: mulDivRound(taxableCents, tax.rate, RATE_SCALE) }));
}

/** What is sold, and the province that decides its place of supply. */
export type Supply = { kind: Extract<PurchaseKind, 'membership'>; buyerProvince: string } | { kind: Extract<PurchaseKind, 'entry' | 'ticket'>; eventProvince: string };

/**
 * The province whose tax applies (issue 26, place of supply): a membership is taxed where the
 * buyer lives; an event entry or a ticket where the event takes place.
 * @throws CheckoutError `unknown_province` when that province is not one of `PROVINCES`.
 */
export function placeOfSupply(supply: Supply): Province {
  return toProvince(supply.kind === 'membership' ? supply.buyerProvince : supply.eventProvince);
}
