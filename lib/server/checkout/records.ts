/**
 * The lists the checkout's tables store (issue 26; spec §3 Transaction; DESIGN.md "One list, many
 * uses"): each `as const` list feeds the database enum or check (lib/server/db/schema.ts), the zod
 * enum a route validates with, and the type. Pure module: no `import 'server-only'`, no database,
 * so the schema, scripts and unit tests load it as is.
 */
import { z } from 'zod';

/**
 * Who took the money: `office` (pay at the office or the gate: the order is reserved, unpaid,
 * and staff mark it paid; the default, no key needed) and `stripe` (Stripe Checkout, paid from
 * its verified webhook).
 */
import { PAYMENT_PROVIDERS, type PaymentProviderName as PaymentProvider } from '../../contracts/checkout';
export { PAYMENT_PROVIDERS, type PaymentProvider };
/** The zod enum of `PAYMENT_PROVIDERS` (issue code `invalid_provider`). */
export const paymentProvider = z.enum(PAYMENT_PROVIDERS, { error: 'invalid_provider' });

/**
 * Why a hold ended without payment (`order_releases.reason`): `hold_expired` (the sweeper found
 * it past `hold_expires_at`), `provider_expired` (the provider's session expired, e.g. Stripe's
 * `checkout.session.expired`), `payment_failed` (a delayed payment failed), `cancelled` (the
 * buyer or staff gave it up).
 */
export const RELEASE_REASONS = ['hold_expired', 'provider_expired', 'payment_failed', 'cancelled'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

/** What a promo code takes off: a percent (basis points) or an amount (cents); see `Promo` in ./promo. */
export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/**
 * What was decided for a payment when it arrived (`payments.disposition`, from `paymentAction`):
 * `keep` it, or `refund` it (a late payment whose goods were taken, or a second payment of an
 * order already paid). A payment marked `refund` has its refund recorded beside it once the
 * provider sent the money back.
 */
export const PAYMENT_DISPOSITIONS = ['keep', 'refund'] as const;
export type PaymentDisposition = (typeof PAYMENT_DISPOSITIONS)[number];

/** Why a payment was kept or sent back (`paymentAction`'s reasons). */
export const PAYMENT_REASONS = ['on_time', 'late_goods_free', 'late_goods_taken', 'already_paid'] as const;
export type PaymentReason = (typeof PAYMENT_REASONS)[number];
