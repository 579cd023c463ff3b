/** The checkout core's refusals answer with the catalogue's status and text (issue 26; lib/errors.ts). */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@/lib/errors';
import { CHECKOUT_ERROR_CODES, CheckoutError } from './errors';

describe('CheckoutError', () => {
  it('carries the catalogue status of its code: a used-up promo is 409, an unknown one 404, a bad amount 400', () => {
    expect(new CheckoutError('promo_used_up').status).toBe(409);
    expect(new CheckoutError('promo_unknown').status).toBe(404);
    expect(new CheckoutError('invalid_amount').status).toBe(400);
    expect(new CheckoutError('no_tax_rate').message).toBe(ERRORS.no_tax_rate.message);
  });

  it('every code is in the catalogue', () => {
    for (const code of CHECKOUT_ERROR_CODES) expect(ERRORS[code], code).toBeDefined();
  });
});
