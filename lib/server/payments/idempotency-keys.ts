/**
 * The idempotency keys of the calls that write at a payment provider (issue 26: "an idempotency
 * key on every call that writes at Stripe (refunds too)"). Each is derived from our own ids, so
 * a retry (by the client library, a job, or a person pressing twice) sends the same key and the
 * provider answers with what the first call did instead of doing it again. Stripe keeps a key for
 * at least 24 hours and refuses the same key with other parameters (`idempotency_error`).
 *
 * Pure module (no `server-only`): the job worker loads it under plain Node.
 */

/** Stripe keeps an idempotency key for at least 24 hours; it may have up to 255 characters. */
const MAX_KEY_LENGTH = 255;

function key(...parts: (string | number)[]): string {
  const value = parts.join(':');
  if (value.length > MAX_KEY_LENGTH) throw new Error(`Idempotency key longer than ${MAX_KEY_LENGTH} characters: ${value.slice(0, 40)}…`);
  return value;
}

/** The idempotency key of creating the payment session of an order's `attempt`-th try: `order:<publicId>:checkout:<attempt>`. */
export function checkoutIdempotencyKey(orderPublicId: string, attempt = 1): string {
  return key('order', orderPublicId, 'checkout', attempt);
}

/** The idempotency key of expiring a session: `session:<id>:expire` (expiring twice is harmless, and keyed all the same). */
export function expireIdempotencyKey(sessionId: string): string {
  return key('session', sessionId, 'expire');
}

/** The idempotency key of a refund, from the refund's own public id (one per refund row): `refund:<refundPublicId>`. */
export function refundIdempotencyKey(refundPublicId: string): string {
  return key('refund', refundPublicId);
}
