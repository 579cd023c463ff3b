/**
 * A stand-in for Stripe's HTTP API, for tests (issue 26: "tests stub its HTTP API at the boundary
 * with replies shaped like Stripe's documented objects"; DESIGN.md pitfall: Stripe's API cannot
 * be reached from these machines, and no Stripe mock server exists in these registries).
 *
 * A real local HTTP server (node:http, 127.0.0.1, a free port) that the real `stripe` client
 * talks to through its `protocol`/`host`/`port` options (`STRIPE_API_BASE=stub.url`). It answers:
 * - `POST /v1/checkout/sessions`: a `checkout.session` (`cs_test_…`, `status: 'open'`,
 *   `payment_status: 'unpaid'`, `amount_total` from the line items, `url`, `expires_at` …), and
 *   refuses an `expires_at` outside 30 minutes … 24 hours as Stripe does;
 * - `GET /v1/checkout/sessions/{id}` and `POST /v1/checkout/sessions/{id}/expire` (only an open
 *   session can be expired; Stripe's 400 otherwise);
 * - `POST /v1/refunds`: a `refund` (`re_…`, `status: 'succeeded'`) of a PaymentIntent the stub
 *   knows (`completeSession` makes one), never more than is left to refund.
 * Errors come in Stripe's shape `{ error: { type, code, message, param } }` with its statuses.
 *
 * `Idempotency-Key` is honoured as Stripe documents: the same key with the same parameters
 * answers the first reply again (header `Idempotent-Replayed: true`) and does nothing; with other
 * parameters, a 400 `idempotency_error`. Faults queued with `failNext` answer before anything is
 * done and are not kept under the key (like a failure on the way), so the client's retry with the
 * same key goes through.
 *
 * Every request is recorded (`requests`) with its headers and its form body decoded to nested
 * objects, for assertions. `event` and `signedDelivery` build webhook deliveries signed with the
 * library's own `webhooks.generateTestHeaderString`.
 *
 * Hosted mode (`startStripeStub({ hosted: { webhookUrl, webhookSecret } })`, for the browser tests:
 * `tests/stubs/stripe-stub-cli.ts`) stands in for Stripe's payment page too: a session's `url` is
 * `http://127.0.0.1:<port>/pay/{id}`, where `GET` shows the amount and the lines with a "Pay"
 * button and a "Cancel" link, and `POST` completes the session, delivers a signed
 * `checkout.session.completed` to `webhookUrl` (awaiting the reply) and sends the buyer to the
 * session's `success_url` (303). `GET /health` answers 200. These page requests are not API
 * calls: they are not in `requests` (their webhook deliveries are in `deliveries`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

/** One request the stub received. */
export interface StubRequest {
  method: string;
  /** The path without the query (`/v1/checkout/sessions`). */
  path: string;
  headers: IncomingHttpHeaders;
  /** The `Idempotency-Key` header, or null. */
  idempotencyKey: string | null;
  /** The form body decoded (`line_items[0][price_data][unit_amount]=500` → `{ line_items: [{ price_data: { unit_amount: '500' } }] }`); values stay strings. */
  body: Json;
  /** Whether the stub answered with a stored reply (same idempotency key). */
  replayed: boolean;
  /** The status answered. */
  status: number;
}

/** A fault to answer instead of doing the request. */
export interface StubFault {
  status: number;
  /** Stripe's `error` object; defaults by status (402: a declined card, 5xx: `api_error`, 429: `rate_limit`). */
  error?: Json;
  /** Extra response headers (`Stripe-Should-Retry: false` …). */
  headers?: Record<string, string>;
}

/** One webhook delivery the hosted payment page made. */
export interface StubDelivery {
  /** The event sent (`checkout.session.completed`). */
  event: Json;
  /** The status the webhook endpoint answered; null when it could not be reached (`error` says why). */
  status: number | null;
  error?: string;
}

/** Options of `startStripeStub`. */
export interface StripeStubOptions {
  /** The port to listen on (127.0.0.1); default: a free one. */
  port?: number;
  /** Serve a payment page at `/pay/{id}` that pays by delivering a signed webhook to `webhookUrl` (see the module's docstring). */
  hosted?: { webhookUrl: string; webhookSecret: string };
}

export interface StripeStub {
  /** `http://127.0.0.1:<port>`: the value of `STRIPE_API_BASE`. */
  url: string;
  requests: StubRequest[];
  /** The sessions made, by id, as the stub would answer them. */
  sessions: Map<string, Json>;
  /** The refunds made, by id. */
  refunds: Map<string, Json>;
  /** The payment intents made by `completeSession`, by id. */
  paymentIntents: Map<string, Json>;
  /** Their charges (`ch_…`, with `amount_refunded` kept up to date by refunds), by id: the object of a `charge.refunded` event. */
  charges: Map<string, Json>;
  /** Answers the next `times` (default 1) requests whose `METHOD path` matches `match` with `fault` (e.g. `failNext(/POST \/v1\/refunds/, { status: 500 })`). */
  failNext(match: RegExp, fault: StubFault, times?: number): void;
  /**
   * The buyer paid on the payment page: the session becomes `complete` with a PaymentIntent
   * (`pi_…`, succeeded) and a charge (`ch_…`); `paymentStatus` `unpaid` is a delayed method
   * (the outcome comes later). Returns the session.
   */
  completeSession(sessionId: string, paymentStatus?: 'paid' | 'unpaid'): Json;
  /** Hosted mode: the webhook deliveries made by paying on the payment page, in order. Always empty otherwise. */
  deliveries: StubDelivery[];
  /** Forgets every request, object, delivery and fault (between tests). */
  reset(): void;
  close(): Promise<void>;
}

const STRIPE_MIN_EXPIRY_S = 30 * 60;
const STRIPE_MAX_EXPIRY_S = 24 * 60 * 60;

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * Decodes Stripe's form encoding (what stripe-node sends for v1 calls) into nested objects:
 * `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`. Objects whose keys are all 0, 1, 2 … become arrays.
 */
export function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node: Json = root;
    keys.forEach((k, i) => {
      if (i === keys.length - 1) node[k] = value;
      else node = (node[k] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
    return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

function stripeError(status: number, error: Json): { status: number; body: Json } {
  return { status, body: { error: { doc_url: `https://stripe.com/docs/error-codes/${String(error.code ?? '')}`, ...error } } };
}

const invalid = (message: string, param?: string, code?: string) =>
  stripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
const missing = (what: string, id: string, param = 'id') => stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param });

function defaultFaultError(status: number): Json {
  if (status === 402) return { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  if (status === 429) return { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' };
  if (status >= 500) return { type: 'api_error', message: 'Something went wrong on Stripe\'s end.' };
  return { type: 'invalid_request_error', message: 'Invalid request.' };
}

const int = (value: unknown): number | null => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : null);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** How long the payment page waits for the webhook endpoint's reply, in ms. */
const WEBHOOK_TIMEOUT_MS = 30_000;

/** `cents` of `currency` for people: `$114.98 CAD`. */
const money = (cents: number, currency: unknown) => `$${(cents / 100).toFixed(2)} ${String(currency ?? '').toUpperCase()}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A minimal HTML page of the hosted payment page (no external resources). */
function htmlPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe test payment</title></head><body>${body}</body></html>`;
}

/**
 * Starts the stub on 127.0.0.1 and `options.port` (default: a free port); `options.hosted` also
 * serves the payment page (see the module's docstring). Close it with `close()`.
 * @throws Error when the port is in use.
 */
export async function startStripeStub(options: StripeStubOptions = {}): Promise<StripeStub> {
  const hosted = options.hosted ?? null;
  const deliveries: StubDelivery[] = [];
  const requests: StubRequest[] = [];
  const sessions = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  /** What each session was created with (its PaymentIntent's metadata comes from `payment_intent_data`). */
  const sessionParams = new Map<string, Json>();
  const faults: { match: RegExp; fault: StubFault; left: number }[] = [];
  const stored = new Map<string, { fingerprint: string; status: number; body: Json }>();
  let port = 0;

  function createSession(body: Json): { status: number; body: Json } {
    if (body.mode !== 'payment') return invalid('Only `mode=payment` is answered by this stub.', 'mode');
    const items = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
    if (items.length === 0) return invalid('Missing required param: line_items.', 'line_items');
    let total = 0;
    let currency: string | null = null;
    for (const [i, item] of items.entries()) {
      const priceData = (item.price_data ?? {}) as Json;
      const unit = int(priceData.unit_amount);
      const quantity = int(item.quantity) ?? 1;
      if (unit === null || unit < 0) return invalid('Missing required param: line_items[' + i + '][price_data][unit_amount].', `line_items[${i}][price_data][unit_amount]`);
      if (currency && priceData.currency !== currency) return invalid('All line items must use the same currency.', `line_items[${i}][price_data][currency]`);
      currency = String(priceData.currency);
      total += unit * quantity;
    }
    const created = now();
    const expiresAt = int(body.expires_at) ?? created + STRIPE_MAX_EXPIRY_S;
    if (expiresAt < created + STRIPE_MIN_EXPIRY_S) return invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
    if (expiresAt > created + STRIPE_MAX_EXPIRY_S) return invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
    if (typeof body.success_url !== 'string') return invalid('Missing required param: success_url.', 'success_url');
    const id = newId('cs_test_');
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created,
      currency,
      customer: null,
      customer_email: body.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      locale: body.locale ?? null,
      metadata: body.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: body.success_url,
      url: hosted ? `http://127.0.0.1:${port}/pay/${id}` : `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionParams.set(id, body);
    return { status: 200, body: session };
  }

  function expireSession(id: string): { status: number; body: Json } {
    const session = sessions.get(id);
    if (!session) return missing('checkout.session', id, 'session');
    if (session.status !== 'open') return invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, 'checkout_session_not_open');
    session.status = 'expired';
    session.url = null;
    return { status: 200, body: session };
  }

  function createRefund(body: Json): { status: number; body: Json } {
    const piId = typeof body.payment_intent === 'string' ? body.payment_intent : null;
    if (!piId) return invalid('One of `charge` or `payment_intent` is required.', 'payment_intent');
    const intent = paymentIntents.get(piId);
    if (!intent) return missing('payment_intent', piId, 'payment_intent');
    const left = (intent.amount as number) - (intent.amount_refunded as number);
    const amount = body.amount === undefined ? left : int(body.amount);
    if (amount === null || amount <= 0) return invalid('Invalid positive integer', 'amount');
    if (amount > left) {
      return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount', 'amount_too_large');
    }
    intent.amount_refunded = (intent.amount_refunded as number) + amount;
    const charge = charges.get(intent.latest_charge as string);
    if (charge) {
      charge.amount_refunded = intent.amount_refunded;
      charge.refunded = charge.amount_refunded === charge.amount;
    }
    const refund: Json = {
      id: newId('re_'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: body.metadata ?? {},
      payment_intent: piId,
      reason: body.reason ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id as string, refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    let m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && m) return expireSession(decodeURIComponent(m[1]));
    m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const session = sessions.get(decodeURIComponent(m[1]));
      return session ? { status: 200, body: session } : missing('checkout.session', m[1], 'session');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function completeSession(sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): Json {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId} at the stub`);
    const intentId = newId('pi_');
    const chargeId = newId('ch_');
    const metadata = ((sessionParams.get(sessionId)?.payment_intent_data as Json | undefined)?.metadata as Json | undefined) ?? {};
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: paymentStatus === 'paid' ? session.amount_total : 0,
      amount_refunded: 0,
      currency: session.currency,
      metadata,
      paid: paymentStatus === 'paid',
      payment_intent: intentId,
      refunded: false,
      status: paymentStatus === 'paid' ? 'succeeded' : 'pending',
    });
    paymentIntents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: paymentStatus === 'paid' ? session.amount_total : 0,
      amount_refunded: 0,
      currency: session.currency,
      latest_charge: chargeId,
      metadata,
      status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
    });
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent = intentId;
    session.url = null;
    return session;
  }

  /** The session's `success_url` with Stripe's `{CHECKOUT_SESSION_ID}` template filled in. */
  const successUrl = (session: Json) => String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', String(session.id));

  /** Delivers a signed `checkout.session.completed` of `session` to the hosted webhook endpoint and waits for its reply. */
  async function deliverCompleted(session: Json, webhook: NonNullable<StripeStubOptions['hosted']>): Promise<void> {
    const event = stripeEvent('checkout.session.completed', structuredClone(session));
    const { body, signature } = signedDelivery(event, webhook.webhookSecret);
    const delivery: StubDelivery = { event, status: null };
    deliveries.push(delivery);
    try {
      const reply = await fetch(webhook.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      delivery.status = reply.status;
      const text = await reply.text();
      if (!reply.ok) console.error(`[stripe stub] webhook ${webhook.webhookUrl} answered ${reply.status} to ${String(event.id)} (session ${String(session.id)}): ${text.slice(0, 500)}`);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      delivery.error = error instanceof Error ? `${error.message}${cause}` : String(error);
      console.error(`[stripe stub] webhook ${webhook.webhookUrl} unreachable for ${String(event.id)} (session ${String(session.id)}): ${delivery.error}`);
    }
  }

  /** The hosted payment page's routes (`/pay/{id}`, `/health`); false when the request is not one of them. */
  async function handlePage(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<boolean> {
    if (!hosted) return false;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(htmlPage(body));
    };
    if (path === '/health' && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(method === 'HEAD' ? undefined : 'ok');
      return true;
    }
    const m = /^\/pay\/([^/]+)$/.exec(path);
    if (!m) return false;
    if (method === 'POST') await readBody(req);
    else if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, POST' });
      res.end();
      return true;
    }
    const id = decodeURIComponent(m[1]);
    const session = sessions.get(id);
    if (!session) {
      html(404, '<h1>Not found</h1><p>No such payment page.</p>');
      return true;
    }
    if (method === 'POST' && session.status === 'open') {
      // Completed before the first await: a second POST arriving meanwhile finds it complete and sends no second webhook.
      completeSession(id);
      await deliverCompleted(session, hosted);
    }
    if (method === 'POST' && session.status === 'complete') {
      res.writeHead(303, { location: successUrl(session), 'cache-control': 'no-store' });
      res.end();
      return true;
    }
    if (session.status !== 'open') {
      const back = session.status === 'complete' ? `<p><a href="${escapeHtml(successUrl(session))}">Back to the site</a></p>` : '';
      html(410, `<h1>This payment page has expired</h1>${back}`);
      return true;
    }
    const items = ((sessionParams.get(id)?.line_items as Json[] | undefined) ?? []).map((item) => {
      const priceData = (item.price_data ?? {}) as Json;
      const name = String(((priceData.product_data ?? {}) as Json).name ?? '');
      const cents = (int(priceData.unit_amount) ?? 0) * (int(item.quantity) ?? 1);
      return `<li>${escapeHtml(name)} <span>${escapeHtml(money(cents, session.currency))}</span></li>`;
    });
    const cancel = typeof session.cancel_url === 'string' ? ` <a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
    html(
      200,
      `<h1>Stripe test payment</h1><p>Amount: <strong data-amount>${escapeHtml(money(session.amount_total as number, session.currency))}</strong></p>` +
        `<ul>${items.join('')}</ul>` +
        `<form method="post" action="/pay/${encodeURIComponent(id)}"><button type="submit">Pay</button>${cancel}</form>`,
    );
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    if (await handlePage(req, res, method, path)) return;
    const text = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const body = decodeStripeForm(text);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const record: StubRequest = { method, path, headers: req.headers, idempotencyKey: key, body, replayed: false, status: 0 };
    requests.push(record);
    const send = (status: number, json: Json, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_'), ...headers });
      res.end(JSON.stringify(json));
    };
    if (!/^Bearer (sk|rk)_/.test(String(req.headers.authorization ?? ''))) {
      return send(401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } });
    }
    const fault = faults.find((f) => f.left > 0 && f.match.test(`${method} ${path}`));
    if (fault) {
      fault.left -= 1;
      return send(fault.fault.status, { error: fault.fault.error ?? defaultFaultError(fault.fault.status) }, fault.fault.headers);
    }
    const fingerprint = createHash('sha256').update(`${method} ${path}\n${text}`).digest('hex');
    if (key && method === 'POST') {
      const before = stored.get(key);
      if (before && before.fingerprint !== fingerprint) {
        const err = stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
        return send(err.status, err.body);
      }
      if (before) {
        record.replayed = true;
        return send(before.status, before.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
      }
    }
    const reply = route(method, path, body);
    // Stripe keeps the reply of a request it executed (a refusal of the parameters included) under its key.
    if (key && method === 'POST') stored.set(key, { fingerprint, status: reply.status, body: structuredClone(reply.body) });
    return send(reply.status, reply.body, key ? { 'idempotency-key': key } : {});
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    paymentIntents,
    charges,
    failNext(match, fault, times = 1) {
      faults.push({ match, fault, left: times });
    },
    completeSession,
    deliveries,
    reset() {
      requests.length = 0;
      sessions.clear();
      refunds.clear();
      paymentIntents.clear();
      charges.clear();
      sessionParams.clear();
      faults.length = 0;
      stored.clear();
      deliveries.length = 0;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

/**
 * A Stripe event (`evt_…`, `object: 'event'`) of `type` about `object`, as Stripe delivers it to a
 * webhook endpoint (`data.object` is the object at the moment of the event).
 */
export function stripeEvent(type: string, object: Json, options: { id?: string; created?: number; apiVersion?: string } = {}): Json {
  return {
    id: options.id ?? newId('evt_'),
    object: 'event',
    api_version: options.apiVersion ?? null,
    created: options.created ?? now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * A webhook delivery of `event`: its raw body and the `Stripe-Signature` header made with the
 * library's `webhooks.generateTestHeaderString` and `secret` (`timestamp` in seconds, default now).
 */
export function signedDelivery(event: Json, secret: string, timestamp?: number): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp === undefined ? {} : { timestamp }) });
  return { body, signature };
}
