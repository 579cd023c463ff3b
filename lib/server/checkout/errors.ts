/**
 * The refusals of the checkout's pure core (issue 26; spec §3 Transaction): a code each from the
 * error catalogue (`lib/errors.ts` `ERRORS`, "checkout" part, with their texts in
 * `messages/*.json` under `errors.*`), never English text for the buyer. Pure module: no
 * `import 'server-only'`, no database, no HTTP, so scripts and unit tests load it as is.
 *
 * `CheckoutError` is an `AppError`, so a route that lets one escape answers through the API's one
 * `onError` as `{ error, message, statusCode }` with the catalogue's status.
 */
import { AppError, ERRORS } from '@/lib/errors';

/** Every code the checkout core gives. */
export const CHECKOUT_ERROR_CODES = [
  'unknown_province',
  'no_tax_rate',
  'promo_unknown',
  'promo_not_started',
  'promo_expired',
  'promo_used_up',
  'promo_used_by_you',
  'promo_not_applicable',
  'refund_too_large',
  'invalid_amount',
  'invalid_quantity',
  'invalid_date',
  'invalid_promo',
] as const satisfies readonly (keyof typeof ERRORS)[];

export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

/**
 * A refusal of the checkout core, thrown by the functions that cannot return a result (tax
 * lookup, price guards). `message` defaults to the catalogue's text.
 */
export class CheckoutError extends AppError {
  readonly checkoutCode: CheckoutErrorCode;

  constructor(code: CheckoutErrorCode, message?: string) {
    super(code, message ?? ERRORS[code].message);
    this.name = 'CheckoutError';
    this.checkoutCode = code;
  }
}
