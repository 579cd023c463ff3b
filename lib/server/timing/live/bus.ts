/**
 * The live bus (DESIGN.md "the live bus is an interface"): how a change written by one process
 * (the live feed client, an import, a CMS webhook) reaches every site instance. In-process for
 * tests (`createMemoryBus`), PostgreSQL `LISTEN/NOTIFY` between processes and instances
 * (`createPgBus`, the embedded database included). Messages are small JSON (NOTIFY carries at
 * most 8000 bytes): a live change names the race and its sequence number, readers fetch the
 * board; a cache message names the tags to drop; `resync` says messages may have been lost;
 * `feed-stop` asks the instance running an event's live feed to stop it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** What travels on the bus. */
export type BusMessage =
  /** A live race changed (a passing, a flag) or its session ended; `seq` = races.live_seq. */
  | { type: 'live'; raceId: number; eventId: number; seq: number; state: 'live' | 'finished' }
  /** Cached pages and reads carrying any of these tags are stale (lib/server/cache/tags.ts). */
  | { type: 'tags'; tags: string[] }
  /**
   * Messages may have been lost: whatever a subscriber keeps because the bus would tell it of a
   * change must be read again (the page cache drops every page; the SSE hub reads every board
   * it serves again). A pg bus delivers it to its own subscribers each time its LISTEN
   * connection is up again after a drop (what was NOTIFYed in the gap is gone); publishing it
   * asks every instance to do the same.
   */
  | { type: 'resync' }
  /**
   * Stop the live feed of this event wherever it runs: the desk's Stop reached a site instance
   * that does not run it (lib/server/desk/live-feed/stop-elsewhere.ts; issue 29 "two instances").
   */
  | { type: 'feed-stop'; eventId: number };

export type BusListener = (message: BusMessage) => void;

export interface Bus {
  /** Sends to every subscriber of every instance (this one included). */
  publish(message: BusMessage): Promise<void>;
  /** Calls `listener` for each message; returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  /** Stops listening and closes connections. */
  close(): Promise<void>;
}

/** The PostgreSQL channel every instance LISTENs on. */
export const BUS_CHANNEL = 'll_bus';

function isBusMessage(value: unknown): value is BusMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.type === 'tags') return Array.isArray(m.tags) && m.tags.every((t) => typeof t === 'string');
  if (m.type === 'resync') return true;
  if (m.type === 'feed-stop') return Number.isInteger(m.eventId);
  return m.type === 'live' && Number.isInteger(m.raceId) && Number.isInteger(m.seq);
}

function deliver(listeners: Set<BusListener>, message: BusMessage) {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (err) {
      console.error('[bus] listener failed:', err);
    }
  }
}

/** A bus inside one process (tests, or a single instance without a database). */
export function createMemoryBus(): Bus {
  const listeners = new Set<BusListener>();
  return {
    async publish(message) {
      queueMicrotask(() => deliver(listeners, message));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** Timings of a pg bus (ms); the defaults suit production, tests shorten them. */
export interface PgBusOptions {
  /** Delay before connecting again after the LISTEN connection dropped (default 1000). */
  reconnectMs?: number;
  /** Every this long the bus NOTIFYs a probe to itself (default 30,000; 0: never). */
  probeMs?: number;
  /** A probe not heard back within this long means the LISTEN connection is dead (default 10,000). */
  probeTimeoutMs?: number;
}

export const PG_BUS_DEFAULTS = { reconnectMs: 1000, probeMs: 30_000, probeTimeoutMs: 10_000 } as const;

/** The payload of a probe: not a `BusMessage`, never delivered to subscribers. */
interface Probe {
  type: 'probe';
  id: string;
}

const isProbe = (value: unknown): value is Probe => typeof value === 'object' && value !== null && (value as Probe).type === 'probe' && typeof (value as Probe).id === 'string';

/**
 * A bus over PostgreSQL `LISTEN/NOTIFY` on `url`: one dedicated connection LISTENs and delivers
 * to this process's subscribers; `publish` sends `pg_notify` on a short-lived connection of its
 * own.
 *
 * The LISTEN connection is kept alive (TCP keepalive from 10 s of silence) and checked: every
 * `probeMs` the bus NOTIFYs a probe through its publishing connection and, when its LISTEN
 * connection has not heard it within `probeTimeoutMs` (a connection that died silently, e.g.
 * dropped by a NAT between the site and a remote `DATABASE_URL`), replaces that connection.
 * When the connection drops (a PostgreSQL restart) it connects again after `reconnectMs`.
 * What was NOTIFYed while it was down is lost, so each LISTEN after the first delivers
 * `{ type: 'resync' }` to the subscribers: "read again whatever you keep".
 */
export function createPgBus(url: string, options: PgBusOptions = {}): Bus {
  const { reconnectMs, probeMs, probeTimeoutMs } = { ...PG_BUS_DEFAULTS, ...options };
  const listeners = new Set<BusListener>();
  let closed = false;
  /** The LISTEN connection while it is up, with the function that retires it. */
  let current: { client: pg.Client; retire: () => void } | null = null;
  let ready: Promise<void> | null = null;
  /** Connection attempts so far: a LISTEN after the first attempt may have missed messages. */
  let attempts = 0;
  let probeTimer: NodeJS.Timeout | null = null;
  /** The probe sent and not heard yet. */
  let awaited: string | null = null;
  const sender = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000 });
  sender.on('error', () => {});

  const connect = (): Promise<void> => {
    attempts++;
    const attempt = attempts;
    const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let retired = false;
    const retire = () => {
      if (retired) return;
      retired = true;
      if (current?.client === client) current = null;
      client.removeAllListeners('notification');
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (!closed) setTimeout(() => (ready = connect().catch(() => {})), reconnectMs).unref();
    };
    client.on('notification', (n) => {
      if (n.channel !== BUS_CHANNEL || !n.payload) return;
      let message: unknown;
      try {
        message = JSON.parse(n.payload);
      } catch {
        return; // not ours
      }
      if (isProbe(message)) {
        if (message.id === awaited) awaited = null;
      } else if (isBusMessage(message)) {
        deliver(listeners, message);
      }
    });
    client.on('error', retire);
    client.on('end', retire);
    return client
      .connect()
      .then(() => client.query(`LISTEN ${BUS_CHANNEL}`))
      .then(() => {
        if (closed) return void client.end().catch(() => {});
        if (retired) return;
        current = { client, retire };
        if (attempt > 1) {
          console.info('[bus] listening again; subscribers read again what they keep');
          deliver(listeners, { type: 'resync' });
        }
      })
      .catch((err) => {
        retire();
        throw err;
      });
  };

  /** NOTIFYs a probe; retires the LISTEN connection that does not hear it in time. */
  const probe = () => {
    const listening = current;
    // One probe at a time: the one under way decides.
    if (!listening || closed || awaited !== null) return;
    const id = `${process.pid}:${randomUUID()}`;
    awaited = id;
    const timer = setTimeout(() => {
      if (awaited !== id) return;
      awaited = null;
      if (current !== listening) return;
      console.warn(`[bus] the LISTEN connection did not hear its probe within ${probeTimeoutMs} ms; connecting again`);
      listening.retire();
    }, probeTimeoutMs);
    timer.unref();
    sender.query('select pg_notify($1, $2)', [BUS_CHANNEL, JSON.stringify({ type: 'probe', id } satisfies Probe)]).catch(() => {
      // The database did not take the probe: that says nothing about the LISTEN connection
      // (which reports its own errors); the next probe tries again.
      clearTimeout(timer);
      if (awaited === id) awaited = null;
    });
  };

  return {
    async publish(message) {
      await sender.query('select pg_notify($1, $2)', [BUS_CHANNEL, JSON.stringify(message)]);
    },
    subscribe(fn) {
      listeners.add(fn);
      ready ??= connect().catch((err: unknown) => console.error('[bus] LISTEN failed:', err instanceof Error ? err.message : err));
      if (probeTimer === null && probeMs > 0) {
        probeTimer = setInterval(probe, probeMs);
        probeTimer.unref();
      }
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      listeners.clear();
      if (probeTimer) clearInterval(probeTimer);
      probeTimer = null;
      const client = current?.client;
      current = null;
      await Promise.allSettled([client?.end(), sender.end()]);
    },
  };
}

/** Resolves once the LISTEN connection of a pg bus is up (tests): publishes and waits for its echo. */
export async function busReady(bus: Bus, timeoutMs = 5000): Promise<void> {
  const probe: BusMessage = { type: 'tags', tags: [`probe:${process.pid}:${Math.random()}`] };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const heard = new Promise<boolean>((resolve) => {
      const off = bus.subscribe((m) => {
        if (m.type === 'tags' && m.tags[0] === probe.tags[0]) {
          off();
          resolve(true);
        }
      });
      setTimeout(() => {
        off();
        resolve(false);
      }, 200).unref();
    });
    await bus.publish(probe);
    if (await heard) return;
  }
  throw new Error('bus not ready');
}

const globalForBus = globalThis as unknown as { __llBus?: Bus };

/**
 * This process's bus: LISTEN/NOTIFY on the race database (`DATABASE_URL` or the embedded one).
 * Site instances subscribe once (SSE hub, page cache); scripts publish through it and close it.
 */
export function processBus(url: string): Bus {
  globalForBus.__llBus ??= createPgBus(url);
  return globalForBus.__llBus;
}

/** Replaces the process bus (tests: a memory bus or a bus on the test database). */
export function setProcessBus(bus: Bus | undefined): void {
  globalForBus.__llBus = bus;
}

/** Closes this process's bus, if one was opened, and forgets it (scripts, before they exit; the site, when it stops). */
export async function closeProcessBus(): Promise<void> {
  const bus = globalForBus.__llBus;
  globalForBus.__llBus = undefined;
  await bus?.close();
}
