/**
 * The Stripe stub (tests/stubs/stripe-server.ts) as a process of its own, in hosted mode: Stripe's
 * API and its payment page for the browser tests (issue 26 "the same purchase through Stripe
 * Checkout with the stubbed API and a signed webhook"; playwright.config.ts starts it).
 *
 *   STRIPE_STUB_PORT=3102 STRIPE_STUB_WEBHOOK_URL=http://localhost:3100/ll/api/webhooks/stripe \
 *   STRIPE_WEBHOOK_SECRET=whsec_… node --import tsx tests/stubs/stripe-stub-cli.ts
 *
 * All three variables are required. The site it stands in for gets `STRIPE_API_BASE=http://127.0.0.1:<port>`,
 * any `sk_test_…` key and the same `STRIPE_WEBHOOK_SECRET`. `GET /health` answers 200 once it
 * listens. SIGTERM or SIGINT stops it (exit 0). Exits 1 on a missing or malformed variable, or
 * when the port is taken.
 */
import { startStripeStub } from './stripe-server';

function required(name: string, pattern: RegExp, what: string): string {
  const value = process.env[name];
  if (!value || !pattern.test(value)) {
    console.error(`[stripe stub] ${name} must be set to ${what}${value ? ` (got ${name === 'STRIPE_WEBHOOK_SECRET' ? 'another value' : JSON.stringify(value)})` : ''}`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const port = Number(required('STRIPE_STUB_PORT', /^\d{1,5}$/, 'a port number (3102)'));
  const webhookUrl = required('STRIPE_STUB_WEBHOOK_URL', /^https?:\/\/\S+$/, 'the site’s webhook URL (http://localhost:3100/ll/api/webhooks/stripe)');
  const webhookSecret = required('STRIPE_WEBHOOK_SECRET', /^whsec_\S+$/, 'a webhook signing secret (whsec_…)');

  const stub = await startStripeStub({ port, hosted: { webhookUrl, webhookSecret } });
  console.log(`stripe stub on ${stub.url}`);
  console.log(`[stripe stub] payments deliver checkout.session.completed to ${webhookUrl}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[stripe stub] ${signal}: stopping`);
    stub.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[stripe stub] could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('[stripe stub] could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
