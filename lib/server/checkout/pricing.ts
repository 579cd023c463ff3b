/**
 * Pricing an order (issue 26; spec §3 Transaction: subtotal, tax, total, promo code): lines →
 * subtotal, discount, taxes per line and per code, total, every amount in whole cents and every
 * total the exact sum of its lines. Pure module: no `import 'server-only'`, no database, so
 * scripts and unit tests load it as is. The order's record stores this result as it was priced;
 * it is never priced again.
 *
 * Per line: `subtotalCents = unitCents × quantity`; `discountCents` from the promo
 * (`promoDiscounts`); taxes on `subtotalCents − discountCents`, each rounded on the line
 * (`lineTaxes`); `totalCents = subtotalCents − discountCents + Σ taxes`. The order's amounts are
 * the sums of its lines' (taxes summed per code and rate).
 */
import { assertCents, assertQuantity, sumCents, type Cents } from './money';
import type { PurchaseKind } from './kinds';
import { normalizePromoCode, promoDiscounts, type PromoDiscount } from './promo';
import { lineTaxes, taxFor, toProvince, type LineTax, type Province } from './tax';

/** One line as the order asks for it; any other field (an id of what it sells) is kept as is. */
export interface LineInput {
  kind: PurchaseKind;
  /** What the receipt shows, already in the buyer's language. */
  description: string;
  /** The price of one, in whole cents ≥ 0. */
  unitCents: Cents;
  /** A whole number ≥ 1. */
  quantity: number;
  /** This line's place of supply when it differs from the order's (`placeOfSupply`); absent: the order's `province`. */
  province?: string;
  /** False for money that is no supply (a transponder's refundable deposit, issue 27): no tax on it. Absent: taxed. */
  taxable?: boolean;
}

/** A priced line: the input line plus its amounts. */
export type PricedLine<L extends LineInput = LineInput> = L & {
  subtotalCents: Cents;
  discountCents: Cents;
  taxes: LineTax[];
  totalCents: Cents;
};

/** A priced order. */
export interface PricedOrder<L extends LineInput = LineInput> {
  lines: PricedLine<L>[];
  /** Σ lines' subtotals. */
  subtotalCents: Cents;
  /** Σ lines' discounts. */
  discountCents: Cents;
  /** Σ lines' taxes. */
  taxCents: Cents;
  /** Each tax summed over the lines, one entry per code and rate, in the order they first appear. */
  taxes: LineTax[];
  /** Σ lines' totals = subtotal − discount + tax. */
  totalCents: Cents;
  /** The promo code applied (`normalizePromoCode`), or null. */
  promoCode: string | null;
}

/** What `priceOrder` needs. */
export interface PriceInput<L extends LineInput = LineInput> {
  lines: readonly L[];
  /** The order's place of supply (`placeOfSupply`): the province whose taxes apply to its lines. */
  province: Province | string;
  /** The day of the supply (YYYY-MM-DD), or the order's moment (its day in the federation's time zone). */
  date: string | Date;
  /** A promo that `checkPromo` accepted for this order; `priceOrder` does not check dates or uses again. */
  promo?: PromoDiscount | null;
}

/**
 * Prices an order; see the module's docstring for the rules. Lines keep their order and their
 * extra fields.
 * @throws CheckoutError `invalid_amount` (a unit price that is not whole cents ≥ 0),
 *   `invalid_quantity`, `unknown_province`, `invalid_date`, `no_tax_rate`, `invalid_promo`.
 */
export function priceOrder<L extends LineInput>(input: PriceInput<L>): PricedOrder<L> {
  const orderProvince = toProvince(input.province);
  const subtotals = input.lines.map((line) => {
    assertCents(line.unitCents, 'unit price');
    assertQuantity(line.quantity);
    return assertCents(line.unitCents * line.quantity, 'line amount');
  });
  const discounts = input.promo ? promoDiscounts(input.promo, input.lines.map((line, i) => ({ kind: line.kind, subtotalCents: subtotals[i] }))) : subtotals.map(() => 0);

  const lines = input.lines.map((line, i): PricedLine<L> => {
    const province = line.province === undefined ? orderProvince : toProvince(line.province);
    const taxes = line.taxable === false ? [] : lineTaxes(subtotals[i] - discounts[i], taxFor(province, input.date));
    const totalCents = subtotals[i] - discounts[i] + sumCents(taxes.map((t) => t.cents));
    return { ...line, subtotalCents: subtotals[i], discountCents: discounts[i], taxes, totalCents };
  });

  const taxes: LineTax[] = [];
  for (const tax of lines.flatMap((line) => line.taxes)) {
    const same = taxes.find((t) => t.code === tax.code && t.rate === tax.rate);
    if (same) same.cents += tax.cents;
    else taxes.push({ ...tax });
  }
  return {
    lines,
    subtotalCents: sumCents(lines.map((l) => l.subtotalCents)),
    discountCents: sumCents(lines.map((l) => l.discountCents)),
    taxCents: sumCents(taxes.map((t) => t.cents)),
    taxes,
    totalCents: sumCents(lines.map((l) => l.totalCents)),
    promoCode: input.promo ? normalizePromoCode(input.promo.code) : null,
  };
}
