/**
 * The two-instance drill (issue 29 "Two instances: … page-cache invalidation, live updates, rate
 * limits, sessions, jobs and webhooks right across both. A drill kills one instance under load:
 * the proxy sends everything to the other, 0 writes lost, 0 payments doubled"), against a running
 * `npm run start:cluster` (nginx on PORT, instances `site-1` and `site-2` in the run-state file).
 * `npm run drill -- --only cluster` runs it in full; e2e/cluster.spec.ts on a short budget.
 *
 * Part 1, straight at each instance (as the visitor at a test address of its own: the instances
 * trust nginx's one hop of X-Forwarded-For, so a test address never touches the operator's limits):
 *  - sessions: the demo promoter logs in on site-1; the cookie is valid on site-2; a logout on
 *    site-2 ends it on site-1;
 *  - rate limits: wrong passwords for one account from one address, alternating instances, are
 *    refused (429) after the fifth, whichever instance counts it;
 *  - page cache: an event page cached on site-2 (X-Cache: HIT) shows the new name within moments
 *    of a desk edit made on site-1;
 *  - live: the desk's feed of a replayed timing session started on site-1; a Server-Sent Events
 *    stream on site-2 gets its passings; a start on site-2 answers `busy` (one feed per event:
 *    passings are never written twice);
 *  - jobs: contact messages sent alternately to both instances each give exactly one email in the
 *    outbox (both workers take jobs; SKIP LOCKED gives each to one);
 *  - webhooks: one signed Stripe `checkout.session.completed` sent to both instances at the same
 *    moment pays its order once (needs STRIPE_WEBHOOK_SECRET, the cluster's and the drill's).
 * Part 2, through nginx under load (scripts/bench/load.ts): visitors on cached pages, live stream
 * viewers, checkout starts, gate devices recording scans (each with its device's scan id, sent
 * again with the same id after a 502 or no reply, as the desk's gate does), Stripe delivering the
 * payments of orders (again after any non-2xx, and once more after a 2xx, as Stripe may); site-2
 * is killed (SIGKILL) halfway. Then the database: every acknowledged scan and order is there
 * exactly once, every order paid exactly once, no read answered 5xx.
 * Part 3, the live feed's own instance: a Stop sent to site-2 stops the feed running on site-1
 * (passed on over the bus); the feed started on site-1 again, site-1 is killed: the event is free
 * at once (its lock went with the connection), the race stays live until a Start on site-2 takes
 * the same race up again, and no passing is written twice. The feed does not restart by itself.
 *
 * Leaves behind: two hidden events named "Drill … <tag>" with their scans and passings, a buyer
 * `buyer.<tag>@example.org` with its orders and membership, contact messages, rate-limit rows of
 * a made-up account at a TEST-NET address.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import type { DrillResult, DrillTarget } from './drill';
import { adultMembershipType, Caller, createBuyer, createEvent, deliverStripeEvent, demoPromoter, deskPromoter, hideEvent, logIn, paidCheckoutEvent, productEnv, runTag, startCheckout, withDatabase, type Reply } from './cluster/client';
import { startLiveEvent, type LiveEvent } from './cluster/live-event';
import { describeLoad, runLoad } from '../bench/load';
import { findRace } from '../bench/page-throughput';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends a request until `answered` accepts its reply, at most `attempts` times, `delayMs` apart,
 * as a client with an idempotency key does (the gate's scan id, a submission id, Stripe's event
 * id): `onRefused` hears each reply not accepted. Returns the last reply and whether it was accepted.
 */
async function sendUntilAnswered(send: () => Promise<Reply>, answered: (reply: Reply) => boolean, o: { attempts: number; delayMs: number; onRefused?: (reply: Reply) => void }): Promise<{ reply: Reply; ok: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const reply = await send();
    if (answered(reply)) return { reply, ok: true };
    o.onRefused?.(reply);
    if (attempt >= o.attempts) return { reply, ok: false };
    await sleep(o.delayMs);
  }
}

/** A TEST-NET-2 address (RFC 5737) of this run: never a real visitor's. */
const testAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

/** One check of the drill: ok and what it saw. */
interface Check {
  ok: boolean;
  lines: string[];
}

/** Runs `fn` as one check named `name`; an exception is a failed check with its message. */
async function check(name: string, fn: () => Promise<Check>): Promise<Check> {
  const started = Date.now();
  try {
    const result = await fn();
    return { ok: result.ok, lines: [`${result.ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`, ...result.lines.map((l) => `       ${l}`)] };
  } catch (err) {
    return { ok: false, lines: [`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`] };
  }
}

/** Waits until `test()` is true (or `ms` passed); returns whether it became true, and when (ms). */
async function until(test: () => Promise<boolean>, ms: number, everyMs = 100): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await test().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  return null;
}

/** The drill's sizes: DRILL_CLUSTER_VISITORS (default 200) visitors for DRILL_CLUSTER_S (default 60) seconds. */
export function drillSize(env: NodeJS.ProcessEnv): { visitors: number; seconds: number } {
  const num = (v: string | undefined, fallback: number) => (v && Number(v) >= 1 ? Math.round(Number(v)) : fallback);
  return { visitors: num(env.DRILL_CLUSTER_VISITORS, 200), seconds: num(env.DRILL_CLUSTER_S, 60) };
}

/** Opens `url` (SSE) and counts the events (`id:` lines) until `stop()`. */
function openStream(url: string): { events: () => number; status: Promise<number>; stop: () => void } {
  let events = 0;
  let resolveStatus!: (s: number) => void;
  const status = new Promise<number>((r) => (resolveStatus = r));
  const req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
    resolveStatus(res.statusCode ?? 0);
    res.setEncoding('utf8');
    let carry = '';
    res.on('data', (chunk: string) => {
      const lines = (carry + chunk).split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('id:')) events++;
    });
    res.on('error', () => {});
  });
  req.on('error', () => resolveStatus(0));
  return { events: () => events, status, stop: () => req.destroy() };
}

/** Runs the drill against the cluster `target` (see the file's docstring). */
export async function drillCluster(target: DrillTarget): Promise<DrillResult> {
  const name = 'two instances behind nginx';
  const one = target.state.services['site-1'];
  const two = target.state.services['site-2'];
  if (!one?.port || !two?.port || !target.state.services.proxy) return { name, ok: true, lines: ['skipped: not a cluster (start it with npm run start:cluster)'] };
  const lines: string[] = [];
  const results: Check[] = [];
  const site = target.site.replace(/\/$/, '');
  const proxyPort = new URL(site).port;
  const publicOrigin = target.env.SITE_URL ? new URL(target.env.SITE_URL).origin : `http://localhost:${proxyPort}`;
  const A = `http://127.0.0.1:${one.port}`;
  const B = `http://127.0.0.1:${two.port}`;
  const product = productEnv(target.env);
  const tag = runTag();
  const secret = target.env.STRIPE_WEBHOOK_SECRET;
  const promoterLogin = demoPromoter(product);
  const address = testAddress();
  // The promoter's desk on each instance (the login made on A, the cookie used on B too).
  const deskA = new Caller(A, publicOrigin, address);
  await logIn(deskA, promoterLogin);
  const deskB = deskA.on(B);
  const deskProxy = deskA.on(site, undefined);
  lines.push(`cluster: nginx ${site} → site-1 ${A} (pid ${one.pid}), site-2 ${B} (pid ${two.pid}); run ${tag}`);

  // ---------------------------------------------------------------- part 1: across both instances
  results.push(
    await check('a login on site-1 is valid on site-2; a logout on site-2 ends it on site-1', async () => {
      const a = new Caller(A, publicOrigin, address);
      await logIn(a, promoterLogin);
      const b = a.on(B);
      const onB = await b.json<{ user: { email: string } | null }>('/ll/api/v1/auth/session');
      const out = await b.call('/ll/api/v1/auth/logout', { method: 'POST' });
      const onA = await a.json<{ user: { email: string } | null }>('/ll/api/v1/auth/session');
      return {
        ok: onB.user?.email === promoterLogin.email && out.status === 200 && onA.user === null,
        lines: [`session on site-2: ${onB.user?.email ?? 'none'}; logout on site-2 ${out.status}; then on site-1: ${onA.user?.email ?? 'none'}`],
      };
    }),
  );

  results.push(
    await check('a rate limit counts across both instances', async () => {
      const email = `nobody.${tag}@example.org`;
      const from = testAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const caller = new Caller(i % 2 === 0 ? A : B, publicOrigin, from);
        statuses.push((await caller.call('/ll/api/v1/auth/login', { json: { email, password: 'Wrong-password-1' } })).status);
      }
      const want = [401, 401, 401, 401, 401, 429, 429];
      return {
        ok: statuses.join() === want.join(),
        lines: [`wrong passwords for one account from ${from}, site-1 and site-2 in turn: ${statuses.join(' ')} (want ${want.join(' ')}: 5 per account and address in 15 min)`],
      };
    }),
  );

  let live: LiveEvent | undefined;
  let liveClosed = false;
  let cacheEventId: number | undefined;
  /** Every check in turn; the events are cleaned up whatever happens. */
  const parts = async () => {
    const promoterId = await deskPromoter(deskA);
    cacheEventId = await createEvent(deskA, promoterId, `Drill cache ${tag}`);
    const eventId = cacheEventId;
    results.push(
      await check('a desk edit on site-1 is seen on site-2’s cached page', async () => {
        const page = `/ll/events/${eventId}`;
        const anonymousB = new Caller(B, publicOrigin);
        let cached = await anonymousB.call(page);
        for (let i = 0; i < 10 && cached.headers.get('x-cache') !== 'HIT'; i++) {
          await sleep(200);
          cached = await anonymousB.call(page);
        }
        const { event } = await deskA.json<{ event: Record<string, unknown> }>(`/ll/api/v1/desk/events/${eventId}`);
        const renamed = `Drill cache ${tag} renamed`;
        const wrote = Date.now();
        await deskA.json(`/ll/api/v1/desk/events/${eventId}`, { method: 'PUT', json: { ...event, name: renamed } });
        const afterWrite = Date.now() - wrote;
        const seen = await until(async () => (await anonymousB.call(page)).text.includes(renamed), 5000, 50);
        return {
          ok: cached.headers.get('x-cache') === 'HIT' && seen !== null,
          lines: [
            `${page} on site-2 before: ${cached.status}, X-Cache ${cached.headers.get('x-cache')}`,
            `renamed on site-1 (PUT answered in ${afterWrite} ms); site-2 showed the new name ${seen === null ? 'NOT within 5 s' : `${seen} ms after the answer`}`,
          ],
        };
      }),
    );

    results.push(
      await check('live: a feed started on site-1 reaches a stream on site-2; site-2 cannot start a second one', async () => {
        live = await startLiveEvent(deskA, `Drill live ${tag}`);
        const stream = openStream(`${B}/ll/api/v1/livelaps/live/race/${live.raceId}/stream`);
        const status = await stream.status;
        const got = await until(async () => stream.events() >= 3, 15_000);
        stream.stop();
        const busy = await deskB.json<{ state: string; error: string | null }>(`/ll/api/v1/desk/events/${live.eventId}/live/start`, { method: 'POST' });
        const statusB = await live.status(deskB);
        return {
          ok: status === 200 && got !== null && busy.state === 'busy' && statusB.state === 'busy',
          lines: [
            `race ${live.raceId} of event ${live.eventId}, replay on port ${live.replay.port}; stream on site-2: ${status}, ${stream.events()} events ${got === null ? 'NOT 3 within 15 s' : `(the third after ${(got / 1000).toFixed(1)} s)`}`,
            `Start on site-2: ${busy.state} (${busy.error ?? ''}); its status there: ${statusB.state}`,
          ],
        };
      }),
    );

    results.push(
      await check('jobs enqueued through both instances run exactly once', async () => {
        const markers = Array.from({ length: 6 }, (_, i) => `drill${tag}m${i}`);
        const replies: number[] = [];
        for (const [i, marker] of markers.entries()) {
          const caller = new Caller(i % 2 === 0 ? A : B, publicOrigin, testAddress());
          const reply = await caller.call('/ll/api/v1/contact', { json: { name: 'Cluster Drill', email: `${marker}@example.org`, message: `Two-instance drill message ${marker}.`, locale: 'en' } });
          replies.push(reply.status);
        }
        const mails = () =>
          fs.existsSync(product.outbox)
            ? fs
                .readdirSync(product.outbox)
                .filter((f) => f.endsWith('.eml'))
                .map((f) => fs.readFileSync(`${product.outbox}/${f}`, 'utf8').replace(/=\r?\n/g, ''))
            : [];
        const count = () => markers.map((m) => mails().filter((text) => text.includes(`message ${m}.`)).length);
        await until(async () => count().every((n) => n >= 1), 20_000, 250);
        // Time for a second run of any job to show.
        await sleep(2000);
        const counts = count();
        const jobs = await withDatabase(product.databaseUrl, async (db) => {
          const { rows } = await db.query<{ state: string; n: number }>(
            `select state, count(*)::int as n from pgboss.job where name = 'send-email' and data::text like $1 group by state order by state`,
            [`%drill${tag}m%`],
          );
          return rows.map((r) => `${r.state}×${r.n}`).join(', ') || 'none found';
        });
        return {
          ok: replies.every((s) => s === 201) && counts.every((n) => n === 1),
          lines: [`6 contact messages, site-1 and site-2 in turn: ${replies.join(' ')}; emails in ${product.outbox} per message: ${counts.join(' ')} (want 1 each); their jobs: ${jobs}`],
        };
      }),
    );

    // The buyer of the payment checks (here and under load), created at site-1 as a visitor of a test address.
    const setup = await withDatabase(product.databaseUrl, async (db) => {
      const type = await adultMembershipType(db);
      if (!type) throw new Error('no membership type for sale in this database');
      return { type, ...(await createBuyer(A, publicOrigin, testAddress(), db, tag)) };
    }).catch((err: unknown) => {
      results.push({ ok: false, lines: [`FAIL the buyer of the payment checks could not be made: ${err instanceof Error ? err.message : String(err)}`] });
      return null;
    });
    if (!setup) return;
    const buyerProxy = setup.buyer.on(site, undefined);
    const newOrder = async () => {
      const reply = await startCheckout(buyerProxy, setup.type.id, setup.participantId);
      if (reply.status !== 201) throw new Error(`checkout start → ${reply.status} ${reply.text.slice(0, 200)}`);
      return JSON.parse(reply.text) as { publicId: string; totalCents: number };
    };

    results.push(
      await check('one Stripe event sent to both instances at once pays once', async () => {
        if (!secret) return { ok: true, lines: ['skipped: no STRIPE_WEBHOOK_SECRET (start the cluster and run the drill with the same whsec_… to check webhooks)'] };
        const order = await newOrder();
        const event = paidCheckoutEvent(secret, `evt_${tag}both`, order.publicId, order.totalCents);
        const [a, b] = await Promise.all([deliverStripeEvent(new Caller(A, publicOrigin), event), deliverStripeEvent(new Caller(B, publicOrigin), event)]);
        const payments = await withDatabase(product.databaseUrl, async (db) => {
          const { rows } = await db.query<{ n: number }>(`select (select count(*)::int from payments p where p.order_id = o.id) as n from orders o where o.public_id = $1`, [order.publicId]);
          return rows[0]?.n ?? -1;
        });
        const summary = await setup.buyer.json<{ orders: { publicId: string; summary: { state: string } }[] }>('/ll/api/v1/users/current/orders');
        const state = summary.orders.find((o) => o.publicId === order.publicId)?.summary.state;
        return {
          ok: a.status === 200 && b.status === 200 && payments === 1 && state === 'paid',
          lines: [`order ${order.publicId} (${order.totalCents} cents): site-1 ${a.status} ${a.text}, site-2 ${b.status} ${b.text}; payments recorded: ${payments}; order ${state}`],
        };
      }),
    );

    // ---------------------------------------------------------------- part 2: under load through nginx, one instance killed
    const { visitors, seconds } = drillSize(target.env);
    results.push(
      await check(`${visitors} visitors for ${seconds} s through nginx, site-2 killed halfway: nothing lost, nothing doubled`, async () => {
        // Orders Stripe will pay during the load (made before it).
        const toPay = secret ? await Promise.all(Array.from({ length: 6 }, () => newOrder())) : [];
        const acknowledged = new Set<string>();
        let scanAttempts = 0;
        let scanRetries = 0;
        const refusedWith = new Map<number, number>();
        let writtenThoughRefused = 0;
        let unacknowledged = 0;
        const scanEvent = eventId;
        /** One scan recorded by gate `gate`, sent again with the same id until the site answers it (as the desk's gate does). */
        const scanOnce = async (gate: string) => {
          const scan = { id: randomUUID(), code: `drill-${tag}-${gate}`, gate, at: new Date().toISOString(), offline: false };
          let failedBefore = false;
          const sent = await sendUntilAnswered(
            () => {
              scanAttempts++;
              return deskProxy.call(`/ll/api/v1/desk/events/${scanEvent}/gate/scans`, { json: { scans: [scan] } });
            },
            (reply) => reply.status === 200,
            {
              attempts: 40,
              delayMs: 250,
              onRefused: (reply) => {
                failedBefore = true;
                scanRetries++;
                refusedWith.set(reply.status, (refusedWith.get(reply.status) ?? 0) + 1);
              },
            },
          );
          if (!sent.ok) {
            unacknowledged++;
            return;
          }
          const [result] = (JSON.parse(sent.reply.text) as { results: { id: string; duplicate: boolean }[] }).results;
          if (failedBefore && result?.duplicate) writtenThoughRefused++;
          acknowledged.add(scan.id);
        };
        /** A gate device: one scan after another until the deadline. */
        const device = (gate: string) => async (deadline: number) => {
          while (performance.now() < deadline) {
            await scanOnce(gate);
            await sleep(100);
          }
        };
        /** At the kill: a burst of scans from 12 devices at once, so that some are in flight on the instance that dies. */
        let burst: Promise<unknown> = Promise.resolve();
        let deliveries = 0;
        let redeliveries = 0;
        /** Stripe: each order's event delivered until a 2xx, then once more, and a second event for the same payment. */
        const stripe = async (deadline: number) => {
          if (!secret) return;
          const spacing = ((deadline - performance.now()) * 0.9) / Math.max(1, toPay.length);
          for (const [i, order] of toPay.entries()) {
            const events = [paidCheckoutEvent(secret, `evt_${tag}load${i}`, order.publicId, order.totalCents), paidCheckoutEvent(secret, `evt_${tag}load${i}`, order.publicId, order.totalCents)];
            for (const event of events) {
              await sendUntilAnswered(
                () => {
                  deliveries++;
                  return deliverStripeEvent(new Caller(site, publicOrigin), event);
                },
                (reply) => reply.status >= 200 && reply.status < 300,
                { attempts: 40, delayMs: 500, onRefused: () => redeliveries++ },
              );
            }
            await sleep(spacing);
          }
        };
        const checkoutIds: string[] = [];
        let checkoutRefused = 0;
        let checkoutUnanswered = 0;
        // A checkout start sent again with its submission id after a 5xx or no reply, as the page's
        // button would be pressed again: the order it made, never a second one.
        const checkout = async (): Promise<Reply> => {
          const submissionId = randomUUID();
          const sent = await sendUntilAnswered(
            () => startCheckout(buyerProxy, setup.type.id, setup.participantId, submissionId),
            (reply) => reply.status < 500 && reply.status !== 0,
            { attempts: 6, delayMs: 500, onRefused: () => checkoutRefused++ },
          );
          if (!sent.ok) checkoutUnanswered++;
          if (sent.reply.status === 201) checkoutIds.push((JSON.parse(sent.reply.text) as { publicId: string }).publicId);
          return sent.reply;
        };
        // Pages no write of the drill touches (its scans revalidate its own event's page).
        const promoterUserId = Number(target.env.DEFAULT_PROMOTER_USER_ID ?? 1);
        const race = await findRace(`${site}/ll`, promoterUserId);
        const pages = ['/ll/event-calendar', `/ll/results/${promoterUserId}`, '/ll/series', `/ll/races/${race.id}`, `/ll/events/${race.eventId}`];
        // Warm: each page in each instance's cache before the clock starts (a visitor's first view renders it).
        for (const base of [A, B]) {
          const anonymous = new Caller(base, publicOrigin);
          for (const page of pages) for (let i = 0; i < 10 && (await anonymous.call(page)).headers.get('x-cache') !== 'HIT'; i++) await sleep(100);
        }
        // The reference: the calendar page's bytes as a static file of the same nginx (its /__static/).
        const staticDir = path.resolve('.data', 'cluster', proxyPort, 'static');
        const calendar = Buffer.from(await (await fetch(`${site}/ll/event-calendar`)).arrayBuffer());
        const staticFile = fs.existsSync(staticDir) ? path.join(staticDir, `drill-${tag}.html`) : null;
        if (staticFile) {
          fs.writeFileSync(staticFile, calendar);
          fs.writeFileSync(`${staticFile}.gz`, gzipSync(calendar));
        }
        const load = await runLoad({
          origin: site,
          visitors,
          seconds,
          pages,
          staticPath: staticFile ? `/__static/drill-${tag}.html` : undefined,
          streamPath: live ? `/ll/api/v1/livelaps/live/race/${live.raceId}/stream` : undefined,
          checkout,
          writers: [device('North'), device('South'), device('Pits'), device('East'), stripe],
          kill: {
            label: `site-2 (pid ${two.pid})`,
            atMs: (seconds * 1000) / 2,
            kill: () => {
              burst = Promise.all(Array.from({ length: 12 }, (_, i) => scanOnce(`Burst ${i + 1}`)));
              setTimeout(() => process.kill(-two.pid!, 'SIGKILL'), 3);
            },
            answers: async () => (await new Caller(B, publicOrigin).call('/ll/api/v1/langs/current', { timeoutS: 1 })).status === 200,
          },
        });
        await burst;
        if (staticFile) for (const f of [staticFile, `${staticFile}.gz`]) fs.rmSync(f, { force: true });
        const db = await withDatabase(product.databaseUrl, async (client) => {
          const scans = await client.query<{ id: string; n: number }>(`select device_scan_id::text as id, count(*)::int as n from ticket_scans where device_scan_id = any($1::uuid[]) group by 1`, [[...acknowledged]]);
          const allScans = await client.query<{ n: number }>(`select count(*)::int as n from ticket_scans where event_id = $1`, [scanEvent]);
          const paid = await client.query<{ public_id: string; n: number }>(
            `select o.public_id::text, (select count(*)::int from payments p where p.order_id = o.id) as n from orders o where o.public_id = any($1::uuid[])`,
            [toPay.map((o) => o.publicId)],
          );
          const orders = await client.query<{ n: number }>(`select count(*)::int as n from orders where public_id = any($1::uuid[])`, [checkoutIds]);
          // Every order of the buyer: the ones paid above, the checkout starts answered, and any written for a start that got no answer.
          const mine = await client.query<{ n: number }>(`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = $1`, [setup.email]);
          return { scans: scans.rows, allScans: allScans.rows[0]!.n, paid: paid.rows, orders: orders.rows[0]!.n, buyerOrders: mine.rows[0]!.n };
        });
        const missing = [...acknowledged].filter((id) => !db.scans.some((s) => s.id === id)).length;
        const doubledScans = db.scans.filter((s) => s.n !== 1).length;
        const doubledPayments = db.paid.filter((p) => p.n > 1).length;
        const unpaid = db.paid.filter((p) => p.n === 0).length;
        const readFailures = load.pages.failures;
        const figures = describeLoad(load);
        return {
          ok: readFailures === 0 && missing === 0 && doubledScans === 0 && unacknowledged === 0 && doubledPayments === 0 && unpaid === 0 && db.orders === new Set(checkoutIds).size && checkoutUnanswered === 0 && db.buyerOrders === new Set(checkoutIds).size + toPay.length + (secret ? 1 : 0) && load.backAfterMs !== null,
          lines: [
            ...Object.entries(figures).map(([k, v]) => `${k}: ${v}`),
            `gate scans: ${acknowledged.size} acknowledged in ${scanAttempts} requests (${scanRetries} sent again after ${[...refusedWith].map(([st, n]) => `${st === 0 ? 'no reply' : st}×${n}`).join(' ') || 'nothing'}; ${writtenThoughRefused} of those had been written and were answered as duplicates); in the database: ${db.scans.length} of them (${missing} lost, ${doubledScans} doubled), ${db.allScans} rows in the event; ${unacknowledged} never acknowledged`,
            secret
              ? `payments: ${toPay.length} orders paid by Stripe during the load, ${deliveries} deliveries (${redeliveries} again after a non-2xx; each event twice, as Stripe may): payments per order ${db.paid.map((p) => p.n).join(' ')} (${doubledPayments} doubled, ${unpaid} unpaid)`
              : 'payments: skipped (no STRIPE_WEBHOOK_SECRET)',
            `checkout starts: ${checkoutIds.length} answered 201 (${checkoutRefused - checkoutUnanswered} sent again with their submission id after a 5xx or no reply; ${checkoutUnanswered} never answered), ${new Set(checkoutIds).size} distinct orders, all ${db.orders} in the database; orders of the buyer not answered to anyone: ${Math.max(0, db.buyerOrders - new Set(checkoutIds).size - toPay.length - (secret ? 1 : 0))}`,
            `reads answering 5xx or nothing: ${readFailures} (goal 0)`,
          ],
        };
      }),
    );

    // ---------------------------------------------------------------- the live feed's own instance: stopped from the other one, then killed
    if (live) {
      const feed = live;
      const route = `/ll/api/v1/desk/events/${feed.eventId}/live`;
      const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[]) => withDatabase(product.databaseUrl, async (db) => (await db.query<T>(text, params)).rows);
      const racesLive = async () => (await sql<{ n: number }>(`select count(*)::int as n from races where event_id = $1 and live_state = 'live'`, [feed.eventId]))[0]!.n;
      const passings = async () => (await sql<{ n: number }>(`select count(*)::int as n from passings where race_id = $1`, [feed.raceId]))[0]!.n;
      results.push(
        await check('a Stop sent to site-2 stops the feed running on site-1', async () => {
          const last = await deskB.json<{ state: string }>(`${route}/stop`, { method: 'POST' });
          const onA = await feed.status(deskA);
          const left = await racesLive();
          return { ok: last.state === 'stopped' && onA.state === 'stopped' && left === 0, lines: [`Stop on site-2: ${last.state}; status on site-1: ${onA.state}; races left live: ${left}`] };
        }),
      );
      results.push(
        await check('the instance running the feed dies: the event is free at once; a Start on the other continues the same race, no passing written twice', async () => {
          const again = await deskA.json<{ state: string }>(`${route}/start`, { method: 'POST' });
          const resumed = await until(async () => (await racesLive()) > 0, 10_000);
          const before = await passings();
          const pid = target.state.services['site-1']!.pid!;
          process.kill(-pid, 'SIGKILL');
          const killed = Date.now();
          const free = await until(async () => (await feed.status(deskB)).state === 'stopped', 10_000);
          const leftLive = await racesLive();
          const started = await deskB.json<{ state: string }>(`${route}/start`, { method: 'POST' });
          const grew = await until(async () => (await passings()) > before, 15_000, 250);
          const [sameRace] = await sql<{ id: number }>(`select id from races where event_id = $1 and live_state = 'live'`, [feed.eventId]);
          const doubled = (
            await sql<{ n: number }>(
              `select count(*)::int as n from (select 1 from passings where race_id = $1 and section is null group by entry_id, lap_number, total_time_ms having count(*) > 1) d`,
              [feed.raceId],
            )
          )[0]!.n;
          const back = await until(async () => (await new Caller(A, publicOrigin).call('/ll/api/v1/langs/current', { timeoutS: 1 })).status === 200, 60_000, 250);
          return {
            ok: again.state !== 'busy' && resumed !== null && free !== null && started.state !== 'busy' && grew !== null && sameRace?.id === feed.raceId && doubled === 0,
            lines: [
              `Start on site-1 again: ${again.state}, race ${feed.raceId} live again ${resumed === null ? 'NOT within 10 s' : `after ${resumed} ms`}; ${before} passings; site-1 (pid ${pid}) killed`,
              `the desk on site-2: ${free === null ? 'still busy after 10 s' : `stopped ${free} ms after the kill`}, its race left live (${leftLive}) until a feed takes it again; Start on site-2: ${started.state}`,
              `passings of race ${feed.raceId} growing again ${grew === null ? 'NOT within 15 s' : `${((Date.now() - killed) / 1000).toFixed(1)} s after the kill`} (the same race: ${sameRace?.id === feed.raceId ? 'yes' : `NO (${sameRace?.id})`}); passings written twice: ${doubled}`,
              `site-1 answering again ${back === null ? 'NOT within 60 s' : `after ${((Date.now() - killed) / 1000).toFixed(1)} s`}; its feed did not come back by itself: the desk's Start (any instance) resumes the event`,
            ],
          };
        }),
      );
      liveClosed = true;
      results.push(
        await check('the drill’s live session stopped, its event hidden', async () => {
          const last = await feed.close(deskB);
          return { ok: last.state === 'stopped' && (await racesLive()) === 0, lines: [`Stop on site-2: ${last.state}; races left live: ${await racesLive()}`] };
        }),
      );
    }
  };
  try {
    await parts();
  } catch (err) {
    results.push({ ok: false, lines: [`FAIL the drill stopped: ${err instanceof Error ? err.message : String(err)}`] });
  } finally {
    if (live && !liveClosed) await live.close(deskA).catch(() => {});
    if (cacheEventId !== undefined) await hideEvent(deskA, cacheEventId).catch(() => {});
  }

  for (const r of results) lines.push(...r.lines);
  return { name, ok: results.every((r) => r.ok), lines };
}
