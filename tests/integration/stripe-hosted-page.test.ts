/**
 * The Stripe stub's hosted payment page (tests/stubs/stripe-server.ts, hosted mode; what the
 * browser tests pay on, issue 26 "the same purchase through Stripe Checkout with the stubbed API
 * and a signed webhook"): a session made through the real client has a local page showing its
 * amount and lines; paying there delivers exactly one `checkout.session.completed`, signed so that
 * the real library's `webhooks.constructEvent` accepts it, and sends the buyer back to the success
 * URL with the session id filled in; paying again sends nothing more; an unknown page is a 404,
 * an expired session's page says so.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentProvider, type PaymentProvider } from '@/lib/server/payments/provider';
import { startStripeStub, type StripeStub } from '../stubs/stripe-server';

const SECRET = 'whsec_test_secret_of_the_hosted_page';

/** What the webhook receiver got: events whose signature the library verified, and refused deliveries. */
const received: { verified: Stripe.Event[]; refused: string[] } = { verified: [], refused: [] };
/** The status the receiver answers verified deliveries with. */
let answer = 200;
let receiver: Server;
let stub: StripeStub;
let stripe: PaymentProvider;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature'] ?? ''), SECRET);
        expect(req.headers['content-type']).toBe('application/json');
        received.verified.push(event);
        res.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ received: answer < 300 }));
      } catch (error) {
        received.refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/ll/api/webhooks/stripe`;
  stub = await startStripeStub({ hosted: { webhookUrl, webhookSecret: SECRET } });
  stripe = paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_hosted_page', STRIPE_API_BASE: stub.url });
});
afterAll(async () => {
  await stub?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});
beforeEach(() => {
  stub.reset();
  received.verified.length = 0;
  received.refused.length = 0;
  answer = 200;
});

/** A session of order `orderPublicId` (a licence at $100 and GST 5 %: $105.00) made through the real client. */
async function session(orderPublicId = 'ord_Hp01') {
  const started = await stripe.startCheckout({
    orderPublicId,
    lines: [{ description: 'Licence 2027 – adult <A&B>', amountCents: 10_000 }],
    taxes: [{ label: 'GST 5 %', cents: 500 }],
    totalCents: 10_500,
    email: 'rider@example.org',
    locale: 'en',
    successUrl: `http://localhost:3100/ll/en/account/orders/${orderPublicId}?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: 'http://localhost:3100/ll/en/membership/type',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000),
  });
  if (started.kind !== 'redirect') throw new Error('expected a redirect');
  return started;
}

const pay = (url: string) => fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams() });

describe('the stub’s hosted payment page', () => {
  it('shows the amount and the lines, pays once with one verified webhook, and sends the buyer back with the session id', async () => {
    const { url, sessionId } = await session();
    expect(url).toBe(`${stub.url}/pay/${sessionId}`);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Stripe test payment</title>');
    expect(html).toContain('$105.00 CAD');
    expect(html).toContain('Licence 2027 – adult &#60;A&#38;B&#62;');
    expect(html).toContain('GST 5 %');
    expect(html).toContain(`<form method="post" action="/pay/${sessionId}"><button type="submit">Pay</button>`);
    expect(html).toContain('<a href="http://localhost:3100/ll/en/membership/type">Cancel</a>');
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!localhost:3100)/);

    const paid = await pay(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3100/ll/en/account/orders/ord_Hp01?session=${sessionId}`);
    expect(received.refused).toEqual([]);
    expect(received.verified).toHaveLength(1);
    const [event] = received.verified;
    expect(event.type).toBe('checkout.session.completed');
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({ id: sessionId, status: 'complete', payment_status: 'paid', amount_total: 10_500, client_reference_id: 'ord_Hp01' });
    expect(object.payment_intent).toMatch(/^pi_/);
    expect(stub.deliveries.map((d) => d.status)).toEqual([200]);

    // The client sees the session paid too.
    expect(stub.sessions.get(sessionId)).toMatchObject({ status: 'complete', payment_status: 'paid' });

    const again = await pay(url);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`http://localhost:3100/ll/en/account/orders/ord_Hp01?session=${sessionId}`);
    expect(received.verified).toHaveLength(1);

    // Afterwards the page has expired and leads back to the site.
    const after = await fetch(url);
    const text = await after.text();
    expect(text).toContain('This payment page has expired');
    expect(text).toContain(`href="http://localhost:3100/ll/en/account/orders/ord_Hp01?session=${sessionId}"`);
    expect(text).not.toContain('<button');
  });

  it('answers 404 for an unknown session, and an expired session’s page cannot be paid', async () => {
    expect((await fetch(`${stub.url}/pay/cs_test_unknown`)).status).toBe(404);
    expect((await pay(`${stub.url}/pay/cs_test_unknown`)).status).toBe(404);

    const { url, sessionId } = await session('ord_Hp02');
    await stripe.expireCheckout(sessionId);
    const page = await fetch(url);
    expect(await page.text()).toContain('This payment page has expired');
    const paid = await pay(url);
    expect(paid.status).not.toBe(303);
    expect(await paid.text()).toContain('This payment page has expired');
    expect(received.verified).toHaveLength(0);
    expect(stub.sessions.get(sessionId)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
  });

  it('still sends the buyer back when the webhook endpoint fails, and says so on stderr', async () => {
    answer = 500;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { url, sessionId } = await session('ord_Hp03');
      const paid = await pay(url);
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toContain(`session=${sessionId}`);
      expect(received.verified).toHaveLength(1);
      expect(stub.deliveries.map((d) => d.status)).toEqual([500]);
      expect(errors.mock.calls.flat().join(' ')).toMatch(/answered 500/);
    } finally {
      errors.mockRestore();
    }
  });

  it('answers its health check', async () => {
    const health = await fetch(`${stub.url}/health`);
    expect(health.status).toBe(200);
  });
});

describe('the stub without a hosted page', () => {
  it('keeps Stripe’s own page URLs and serves no page', async () => {
    const plain = await startStripeStub();
    try {
      const client = paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_plain', STRIPE_API_BASE: plain.url });
      const started = await client.startCheckout({
        orderPublicId: 'ord_Hp04',
        lines: [{ description: 'Licence', amountCents: 5000 }],
        taxes: [],
        totalCents: 5000,
        email: 'rider@example.org',
        locale: 'en',
        successUrl: 'http://localhost:3100/ll/en/account/orders/ord_Hp04',
        cancelUrl: 'http://localhost:3100/ll/en/membership/type',
        holdExpiresAt: new Date(Date.now() + 15 * 60_000),
      });
      if (started.kind !== 'redirect') throw new Error('expected a redirect');
      expect(started.url).toBe(`https://checkout.stripe.com/c/pay/${started.sessionId}`);
      expect((await fetch(`${plain.url}/pay/${started.sessionId}`)).status).toBe(401);
      expect((await fetch(`${plain.url}/health`)).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
