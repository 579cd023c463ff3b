/**
 * A small HTTP client of the running product for the two-instance drill and the load run
 * (scripts/lib/drill-cluster.ts, scripts/bench/load.ts; issue 29): requests as a browser or a
 * device would send them — to nginx, or straight to one instance — with the session cookie kept,
 * an `Origin` the site accepts on unsafe requests, and, straight to an instance, an
 * `X-Forwarded-For` of the caller's choosing (the instances trust one proxy hop: nginx's), so a
 * drill can be "one visitor at address A" without touching the operator's own limits.
 *
 * Plus what the drill and the load run set up through the product's own API: the demo promoter's
 * login (its credentials are the file `npm start` keeps beside the database), a verified buyer,
 * an event of their own fed by a replayed timing session, and the database they check rows in.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { embeddedUrl, passwordFile } from '../../../lib/server/config/env';

/** A reply, its body read as text (status 0: no reply at all — refused, reset, timed out). */
export interface Reply {
  status: number;
  text: string;
  headers: Headers;
  ms: number;
}

/** Options of one request. */
export interface CallOptions {
  method?: string;
  /** A JSON body (sent as application/json), or raw text. */
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Seconds before giving up (default 15). */
  timeoutS?: number;
}

/**
 * A caller of one base URL (`http://127.0.0.1:3300`: nginx, or an instance) that keeps its
 * cookies. `address`: the X-Forwarded-For it sends (honoured only straight to an instance).
 */
export class Caller {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    /** The origin unsafe requests name in `Origin`: the site's public one (SITE_URL), which every instance accepts. */
    readonly origin: string,
    readonly address?: string,
  ) {}

  /** The same login (cookies) on another base URL: the session cookie is valid on every instance. */
  on(base: string, address = this.address): Caller {
    const other = new Caller(base, this.origin, address);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  /** The cookie header sent now ('' when none). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Forgets the cookies (logged out, as far as this caller knows). */
  forget(): void {
    this.cookies.clear();
  }

  /** One request to `path` (under the base URL); never throws: a failure is status 0. */
  async call(pathname: string, o: CallOptions = {}): Promise<Reply> {
    const method = o.method ?? (o.json !== undefined || o.body !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...o.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= this.origin;
    if (this.address) headers['x-forwarded-for'] = this.address;
    let body = o.body;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] = 'application/json';
    }
    const started = performance.now();
    try {
      const res = await fetch(`${this.base}${pathname}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout((o.timeoutS ?? 15) * 1000) });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at).trim();
        const value = pair!.slice(at + 1).trim();
        if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      return { status: res.status, text: await res.text(), headers: res.headers, ms: performance.now() - started };
    } catch (err) {
      return { status: 0, text: err instanceof Error ? err.message : String(err), headers: new Headers(), ms: performance.now() - started };
    }
  }

  /** `call`, then the JSON body; throws with the reply when the status is not `want` (default 2xx). */
  async json<T>(pathname: string, o: CallOptions = {}, want?: number): Promise<T> {
    const reply = await this.call(pathname, o);
    const ok = want === undefined ? reply.status >= 200 && reply.status < 300 : reply.status === want;
    if (!ok) throw new Error(`${o.method ?? (o.json !== undefined ? 'POST' : 'GET')} ${this.base}${pathname} → ${reply.status} ${reply.text.slice(0, 300)}`);
    return JSON.parse(reply.text) as T;
  }
}

/** Where the product keeps its files and how to reach its database, from the environment it was started with. */
export interface ProductEnv {
  /** Its DATABASE_URL, or the embedded database's (DB_PORT, the password beside DB_DATA_DIR). */
  databaseUrl: string;
  /** The directory beside the database's data (where npm start keeps the demo promoter's login). */
  besideData: string;
  /** OUTBOX_DIR, absolute. */
  outbox: string;
}

/** The product's files and database as `env` (the one `npm start` ran with) names them. */
export function productEnv(env: NodeJS.ProcessEnv, root: string = process.cwd()): ProductEnv {
  const dataDir = path.resolve(root, env.DB_DATA_DIR ?? '.data/pg');
  const password = env.DB_PASSWORD ?? (fs.existsSync(passwordFile(dataDir)) ? fs.readFileSync(passwordFile(dataDir), 'utf8').trim() : '');
  return {
    databaseUrl: env.DATABASE_URL ?? embeddedUrl(Number(env.DB_PORT ?? 25432), password),
    besideData: path.dirname(dataDir),
    outbox: path.resolve(root, env.OUTBOX_DIR ?? '.data/outbox'),
  };
}

/** Runs `fn` with a client of the product's database. */
export async function withDatabase<T>(url: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** The demo promoter's login, from the file npm start wrote beside the database at its first start. */
export function demoPromoter(product: ProductEnv): { email: string; password: string } {
  const file = path.join(product.besideData, 'demo-promoter.txt');
  if (!fs.existsSync(file)) throw new Error(`No ${file}: the demo promoter login is created at the first npm start of this database`);
  const text = fs.readFileSync(file, 'utf8');
  const email = /^email=(.+)$/m.exec(text)?.[1]?.trim();
  const password = /^password=(.+)$/m.exec(text)?.[1]?.trim();
  if (!email || !password) throw new Error(`${file} has no email= and password= lines`);
  return { email, password };
}

/** Logs `caller` in (POST /auth/login); throws when refused. */
export async function logIn(caller: Caller, login: { email: string; password: string }): Promise<void> {
  await caller.json('/ll/api/v1/auth/login', { json: login }, 200);
}

/** A run tag: letters and digits only (it goes into names, emails and page text). */
export function runTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The events the desk lists for the login, and the promoter (`promoters.id`) of the first. */
export async function deskPromoter(desk: Caller): Promise<number> {
  const { events } = await desk.json<{ events: { promoter: { id: number } }[] }>('/ll/api/v1/desk/events');
  const first = events[0];
  if (!first) throw new Error('the demo promoter manages no event');
  return first.promoter.id;
}

/** The desk's fields of a new public one-day event today (the drill's own: its writes stay in it). */
export function drillEventInput(name: string) {
  const today = new Date().toISOString().slice(0, 10);
  return {
    name,
    startDate: today,
    endDate: null,
    location: null,
    address: null,
    city: 'Drill',
    state: 'QC',
    postalCode: null,
    country: 'CA',
    discipline: null,
    hostClubs: [],
    description: null,
    descriptionFr: null,
    descriptionEs: null,
    isPublic: true,
    registrationOpen: false,
    registrationOpensOn: null,
    registrationClosesOn: null,
    isComplete: false,
    isCancelled: false,
  };
}

/** Creates the drill's event through the desk; returns its id. */
export async function createEvent(desk: Caller, promoterId: number, name: string): Promise<number> {
  const { id } = await desk.json<{ id: number }>('/ll/api/v1/desk/events', { json: { promoterId, event: drillEventInput(name) } }, 201);
  return id;
}

/** Hides the event from visitors again (the drill's last step: the operator's calendar is left as it was). */
export async function hideEvent(desk: Caller, eventId: number): Promise<void> {
  const { event } = await desk.json<{ event: Record<string, unknown> }>(`/ll/api/v1/desk/events/${eventId}`);
  await desk.json(`/ll/api/v1/desk/events/${eventId}`, { method: 'PUT', json: { ...event, isPublic: false } });
}

/**
 * A verified adult buyer with a racer record, created through the account stepper at `base` (an
 * instance) as a visitor at `address` (its per-address limit of account creations is that
 * address's, not the operator's own), its email then marked verified in the database as the
 * browser tests do (the mailed link is theirs to follow). The stepper's reply logs the buyer in.
 * Returns the logged-in caller and the buyer's participant id.
 */
export async function createBuyer(base: string, origin: string, address: string, db: pg.Client, tag: string): Promise<{ buyer: Caller; email: string; participantId: number }> {
  const email = `buyer.${tag}@example.org`;
  const password = `Drill-${tag}-9`;
  // Names are letters: the tag's digits spelled as letters.
  const lastName = `Buyer${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const buyer = new Caller(base, origin, address);
  await buyer.json(
    '/ll/api/v1/registration/participant',
    {
      json: {
        submissionId: randomUUID(),
        locale: 'en',
        information: { firstName: 'Drill', lastName, gender: 'female', birthday: { year: 1988, month: 5, day: 17 }, phone: '5145550199', isRegisterMinor: false },
        login: { email, emailConfirmation: email, password, passwordConfirmation: password },
        address: { address: '1 Rue du Banc', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1' },
        emergencyContact: { firstName: 'Sam', lastName, cell: '8195550000' },
        children: [],
        acknowledgeDuplicate: true,
      },
    },
    201,
  );
  await db.query('update users set email_verified = true where email = $1', [email]);
  const { rows } = await db.query<{ participant_id: number }>('select pp.participant_id from participant_profiles pp join users u on u.id = pp.user_id where u.email = $1', [email]);
  return { buyer, email, participantId: rows[0]!.participant_id };
}

/** An adult membership type sold for money (the checkout's cheapest real purchase), or null. */
export async function adultMembershipType(db: pg.Client): Promise<{ id: number; priceCents: number } | null> {
  const { rows } = await db.query<{ id: number; price_cents: number }>(
    `select id, price_cents from membership_types
      where not family and price_cents > 0 and (min_age is null or min_age <= 30) and (max_age is null or max_age >= 40)
      order by id limit 1`,
  );
  return rows[0] ? { id: rows[0].id, priceCents: rows[0].price_cents } : null;
}

/**
 * A checkout start: the buyer's membership order, paid at the office (reserved, held), with the
 * review page's `submissionId` (a retry with the same id answers the same order). Returns its reply.
 */
export function startCheckout(buyer: Caller, membershipTypeId: number, participantId: number, submissionId: string = randomUUID()): Promise<Reply> {
  return buyer.call('/ll/api/v1/users/current/orders', { json: { membershipTypeId, participantId, province: 'QC', provider: 'office', submissionId } });
}

/**
 * A Stripe `checkout.session.completed` for order `orderPublicId` (paid, `amountCents`), signed
 * with the endpoint's secret as Stripe signs its deliveries (the library's test-header helper):
 * the body and its `Stripe-Signature`. Sent twice, or to two instances at once, it must pay once.
 */
export function paidCheckoutEvent(secret: string, eventId: string, orderPublicId: string, amountCents: number): { body: string; signature: string } {
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${eventId.slice(4)}`,
        object: 'checkout.session',
        client_reference_id: orderPublicId,
        metadata: { orderPublicId },
        payment_intent: `pi_${eventId.slice(4)}`,
        amount_total: amountCents,
        currency: 'cad',
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** Delivers a signed Stripe event to `base`'s webhook route (as Stripe does: JSON body, its signature header). */
export function deliverStripeEvent(caller: Caller, event: { body: string; signature: string }): Promise<Reply> {
  return caller.call('/ll/api/webhooks/stripe', { method: 'POST', body: event.body, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
}
