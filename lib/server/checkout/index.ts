/**
 * The checkout's pure core (issue 26; spec §3 Transaction): money in cents, Canadian sales tax by
 * province and date, promo codes, pricing an order, and the order's state from its append-only
 * facts. No `import 'server-only'` and no database here: scripts and unit tests load these as is;
 * the tables, providers and pages build on them. This file only re-exports.
 *
 * The database use cases (orders, payments, refunds, holds, member numbers) are `server-only` and
 * re-exported from `./server` instead, so a script or a unit test importing this pure core does
 * not pull them (nor the database) in.
 */
export { CHECKOUT_ERROR_CODES, CheckoutError, type CheckoutErrorCode } from './errors';
export { PURCHASE_KINDS, type PurchaseKind } from './kinds';
export {
  PAYMENT_DISPOSITIONS,
  PAYMENT_PROVIDERS,
  PAYMENT_REASONS,
  paymentProvider,
  PROMO_KINDS,
  RELEASE_REASONS,
  type PaymentDisposition,
  type PaymentProvider,
  type PaymentReason,
  type PromoKind,
  type ReleaseReason,
} from './records';
export { allocate, assertCents, assertQuantity, formatMoney, isCents, mulDivRound, roundHalfAwayFromZero, sumCents, type Cents } from './money';
export { lineTaxes, placeOfSupply, PROVINCES, RATE_SCALE, supplyDay, TAX_CODES, TAX_RATES, taxFor, toProvince, type LineTax, type Province, type Supply, type TaxCode, type TaxPeriod, type TaxRate } from './tax';
export { assertPromo, BASIS_POINTS, checkPromo, normalizePromoCode, promoDiscounts, type Promo, type PromoCheck, type PromoContext, type PromoDiscount, type PromoRefusal } from './promo';
export { priceOrder, type LineInput, type PriceInput, type PricedLine, type PricedOrder } from './pricing';
export {
  assertRefund,
  checkRefund,
  HOLD_MINUTES,
  OFFICE_HOLD_MINUTES,
  holdEnded,
  holdExpiresAt,
  latePaymentAction,
  ORDER_STATES,
  orderState,
  orderSummary,
  paidCents,
  paymentAction,
  refundableCents,
  refundedCents,
  type OrderFacts,
  type OrderState,
  type OrderSummary,
  type PaymentFact,
  type RefundCheck,
  type RefundFact,
} from './order-state';
