/**
 * The browser tests' Stripe (issue 26 "the same purchase through Stripe Checkout with the stubbed
 * API and a signed webhook"): the stub of Stripe's API and payment page that playwright.config.ts
 * starts (tests/stubs/stripe-stub-cli.ts), and what both e2e site instances are configured with.
 * Test-only values: the key and secret are not Stripe's.
 */

/** The port of the Stripe stub (API and payment pages at `http://127.0.0.1:3102/pay/{id}`). */
export const E2E_STRIPE_PORT = 3102;
/** `STRIPE_API_BASE` of the e2e sites: the stub. */
export const E2E_STRIPE_API_BASE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
/** `STRIPE_SECRET_KEY` of the e2e sites (the stub takes any `sk_…`). */
export const E2E_STRIPE_SECRET_KEY = 'sk_test_e2e_stub';
/** `STRIPE_WEBHOOK_SECRET` shared by the stub (it signs its deliveries with it) and the e2e sites (they verify them). */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stub_signing_secret';
/** Where the stub delivers its webhook events: the first e2e site's webhook route (basePath /ll). */
export const E2E_STRIPE_WEBHOOK_URL = 'http://localhost:3100/ll/api/webhooks/stripe';

/** The environment that points a site instance at the stub. */
export const E2E_STRIPE_SITE_ENV = {
  STRIPE_SECRET_KEY: E2E_STRIPE_SECRET_KEY,
  STRIPE_API_BASE: E2E_STRIPE_API_BASE,
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
} as const;
