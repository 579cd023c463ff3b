/**
 * Payment providers behind one interface (issue 26): "pay at the office or gate" and Stripe
 * Checkout, chosen by `STRIPE_SECRET_KEY`. This file only re-exports, and only what plain Node
 * may load (the job worker): the webhook's verifier is `server-only` and is imported from
 * `@/lib/server/payments/stripe-webhook` by the webhook route.
 */
export { checkoutAmounts } from './checkout-amounts';
export { checkoutIdempotencyKey, expireIdempotencyKey, refundIdempotencyKey } from './idempotency-keys';
export { OFFICE_REFUND_PREFIX, officeProvider } from './office';
export {
  PAYMENT_PROVIDERS,
  paymentProvider,
  type CheckoutLine,
  type CheckoutTax,
  type ExpireCheckoutResult,
  type PaymentProvider,
  type PaymentProviderName,
  type RefundInput,
  type RefundResult,
  type StartCheckoutInput,
  type StartCheckoutResult,
} from './provider';
export { CURRENCY, sessionExpiry, STRIPE_API_VERSION, STRIPE_MIN_CHARGE_CENTS, stripeClient, stripeFailure, stripeLineItems, stripeProvider } from './stripe';
