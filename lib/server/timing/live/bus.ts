/**
 * The live bus (DESIGN.md "the live bus is an interface"): how a change written by one process
 * (the live feed client, an import, a CMS webhook) reaches every site instance. In-process for
 * tests (`createMemoryBus`), PostgreSQL `LISTEN/NOTIFY` between processes and instances
 * (`createPgBus`, the embedded database included). Messages are small JSON (NOTIFY carries at
 * most 8000 bytes): a live change names the race and its sequence number, readers fetch the
 * board; a cache message names the tags to drop.
 */
import pg from 'pg';

/** What travels on the bus. */
export type BusMessage =
  /** A live race changed (a passing, a flag) or its session ended; `seq` = races.live_seq. */
  | { type: 'live'; raceId: number; eventId: number; seq: number; state: 'live' | 'finished' }
  /** Cached pages and reads carrying any of these tags are stale (lib/server/cache/tags.ts). */
  | { type: 'tags'; tags: string[] };

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

/** Delay before reconnecting the LISTEN connection after it dropped (ms). */
const RECONNECT_MS = 1000;

/**
 * A bus over PostgreSQL `LISTEN/NOTIFY` on `url`: one dedicated connection LISTENs (reconnecting
 * after a drop) and delivers to this process's subscribers; `publish` sends `pg_notify` on a
 * short-lived connection of its own. A message lost while the listening connection was down is
 * not replayed: readers treat the next message (or a reconnecting SSE client) as "read again".
 */
export function createPgBus(url: string): Bus {
  const listeners = new Set<BusListener>();
  let closed = false;
  let listener: pg.Client | null = null;
  let ready: Promise<void> | null = null;
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', () => {});

  const connect = (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel !== BUS_CHANNEL || !n.payload) return;
      try {
        const message: unknown = JSON.parse(n.payload);
        if (isBusMessage(message)) deliver(listeners, message);
      } catch {
        // not ours
      }
    });
    const retry = () => {
      if (listener === client) listener = null;
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (!closed) setTimeout(() => (ready = connect().catch(() => {})), RECONNECT_MS).unref();
    };
    client.on('error', retry);
    client.on('end', () => {
      if (listener === client) retry();
    });
    return client
      .connect()
      .then(() => client.query(`LISTEN ${BUS_CHANNEL}`))
      .then(() => {
        if (closed) return void client.end().catch(() => {});
        listener = client;
      })
      .catch((err) => {
        retry();
        throw err;
      });
  };

  return {
    async publish(message) {
      await sender.query('select pg_notify($1, $2)', [BUS_CHANNEL, JSON.stringify(message)]);
    },
    subscribe(fn) {
      listeners.add(fn);
      ready ??= connect().catch((err: unknown) => console.error('[bus] LISTEN failed:', err instanceof Error ? err.message : err));
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      listeners.clear();
      const client = listener;
      listener = null;
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
