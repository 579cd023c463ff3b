/**
 * What a priced order asks the payment page to charge (issue 26; spec §3 Transaction: subtotal,
 * tax, total): the order's lines net of their discounts, and its taxes summed per code and rate,
 * each its own line, so the page charges exactly the total `priceOrder` computed and shows the
 * taxes as the receipt does. Pure module (no `server-only`): the job worker loads it under plain Node.
 */
import type { LineTax } from '@/lib/server/checkout/tax';
import type { LineInput, PricedOrder } from '@/lib/server/checkout/pricing';
import type { StartCheckoutInput } from './provider';

/**
 * The `lines`, `taxes` and `totalCents` of `StartCheckoutInput` for `priced`: a line per order line
 * (`description`, `subtotalCents − discountCents`, its quantity), a tax line per entry of
 * `priced.taxes` labelled by `taxLabel` (the caller's translation: "TPS 5 %", "GST 5%"), and the
 * order's total. Σ lines + Σ taxes = `priced.totalCents` by `priceOrder`'s construction.
 */
export function checkoutAmounts<L extends LineInput>(
  priced: PricedOrder<L>,
  taxLabel: (tax: LineTax) => string,
): Pick<StartCheckoutInput, 'lines' | 'taxes' | 'totalCents'> {
  return {
    lines: priced.lines.map((line) => ({ description: line.description, amountCents: line.subtotalCents - line.discountCents, quantity: line.quantity })),
    taxes: priced.taxes.map((tax) => ({ label: taxLabel(tax), cents: tax.cents })),
    totalCents: priced.totalCents,
  };
}
