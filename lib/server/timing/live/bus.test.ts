/**
 * The pg bus on a real PostgreSQL (a copy of the empty test template): delivery between buses,
 * and what happens when its LISTEN connection is lost — killed by the server (a restart) or
 * silently dead (a NAT that forgot it: simulated by a TCP relay that stops forwarding the LISTEN
 * connection's bytes without closing it). Either way the bus listens again and tells its
 * subscribers to read again (`resync`), since what was NOTIFYed in the gap is gone.
 */
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TestDatabase } from '../../../../tests/integration/setup';
import { BUS_CHANNEL, busReady, closeProcessBus, createMemoryBus, createPgBus, processBus, setProcessBus, type Bus, type BusMessage } from './bus';

let database: TestDatabase;

beforeAll(async () => {
  database = await createDatabase('empty');
});

afterAll(async () => {
  await database.drop();
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function adminQuery(sql: string, params: unknown[] = []) {
  const client = new pg.Client(database.url);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The backends of this database that LISTEN on the bus channel. */
const listeningPids = async () =>
  (await adminQuery(`select pid from pg_stat_activity where datname = current_database() and query ilike $1 and pid <> pg_backend_pid()`, [`LISTEN ${BUS_CHANNEL}%`])).map(
    (r) => Number(r.pid),
  );

/**
 * A TCP relay to the database whose connections can be frozen: a frozen connection stays open
 * but nothing it carries arrives (what a dead NAT mapping looks like from both ends).
 */
async function startRelay(target: URL) {
  const links: { client: net.Socket; upstream: net.Socket; listens: boolean; frozen: boolean }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const link = { client, upstream, listens: false, frozen: false };
    links.push(link);
    client.on('data', (d: Buffer) => {
      if (d.includes(`LISTEN ${BUS_CHANNEL}`)) link.listens = true;
      if (!link.frozen) upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (!link.frozen) client.write(d);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    /** Freezes the connections that LISTEN now; returns how many. */
    freezeListeners() {
      const live = links.filter((l) => l.listens && !l.frozen && !l.client.destroyed);
      for (const link of live) link.frozen = true;
      return live.length;
    },
    async close() {
      for (const { client, upstream } of links) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('memory bus', () => {
  it('delivers to every subscriber until they leave', async () => {
    const bus = createMemoryBus();
    const heard: BusMessage[] = [];
    const off = bus.subscribe((m) => heard.push(m));
    await bus.publish({ type: 'tags', tags: ['race:1'] });
    await new Promise((r) => setTimeout(r, 0));
    off();
    await bus.publish({ type: 'tags', tags: ['race:2'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual([{ type: 'tags', tags: ['race:1'] }]);
  });
});

describe('pg bus', () => {
  it('delivers between buses, and never a probe or a resync on the first LISTEN', async () => {
    const writer = createPgBus(database.url);
    const reader = createPgBus(database.url, { probeMs: 50, probeTimeoutMs: 1000 });
    const heard: BusMessage[] = [];
    reader.subscribe((m) => heard.push(m));
    try {
      await busReady(reader);
      heard.length = 0;
      await writer.publish({ type: 'live', raceId: 3, eventId: 2, seq: 7, state: 'live' });
      await waitFor(() => heard.length > 0);
      // Several probes went round in the meantime: none reached the subscriber.
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual([{ type: 'live', raceId: 3, eventId: 2, seq: 7, state: 'live' }]);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  it('listens again after its connection is killed, and tells its subscribers to read again', async () => {
    const writer = createPgBus(database.url);
    const reader = createPgBus(database.url, { reconnectMs: 100, probeMs: 0 });
    const heard: BusMessage[] = [];
    reader.subscribe((m) => heard.push(m));
    try {
      await busReady(reader);
      const [pid] = await listeningPids();
      expect(pid).toBeGreaterThan(0);
      heard.length = 0;
      // A PostgreSQL restart, as the bus sees it; a message sent in the gap is lost.
      await adminQuery('select pg_terminate_backend($1)', [pid]);
      await writer.publish({ type: 'tags', tags: ['race:1'] });
      await waitFor(() => heard.some((m) => m.type === 'resync'));
      await writer.publish({ type: 'tags', tags: ['race:2'] });
      await waitFor(() => heard.some((m) => m.type === 'tags' && m.tags[0] === 'race:2'));
      expect(heard.filter((m) => m.type === 'resync')).toHaveLength(1);
      expect(await listeningPids()).not.toContain(pid);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  it('notices a LISTEN connection that died silently by its probe, listens again and tells its subscribers', async () => {
    const relay = await startRelay(new URL(database.url));
    const writer = createPgBus(database.url);
    const reader = createPgBus(relay.url, { reconnectMs: 50, probeMs: 150, probeTimeoutMs: 300 });
    const heard: BusMessage[] = [];
    reader.subscribe((m) => heard.push(m));
    try {
      await busReady(reader);
      heard.length = 0;
      expect(relay.freezeListeners()).toBe(1);
      await writer.publish({ type: 'tags', tags: ['race:1'] });
      await waitFor(() => heard.some((m) => m.type === 'resync'), 3000);
      expect(heard.some((m) => m.type === 'tags' && m.tags[0] === 'race:1')).toBe(false);
      await writer.publish({ type: 'tags', tags: ['race:2'] });
      await waitFor(() => heard.some((m) => m.type === 'tags' && m.tags[0] === 'race:2'));
    } finally {
      await Promise.all([writer.close(), reader.close()]);
      await relay.close();
    }
  });

  it('passes a published resync on to every instance', async () => {
    const writer = createPgBus(database.url);
    const reader = createPgBus(database.url);
    const heard: BusMessage[] = [];
    reader.subscribe((m) => heard.push(m));
    try {
      await busReady(reader);
      await writer.publish({ type: 'resync' });
      await waitFor(() => heard.some((m) => m.type === 'resync'));
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });
});

describe('process bus', () => {
  it('is opened once and closed through closeProcessBus', async () => {
    let closed = 0;
    const bus: Bus = { ...createMemoryBus(), close: async () => void closed++ };
    setProcessBus(bus);
    expect(processBus('postgres://unused')).toBe(bus);
    await closeProcessBus();
    expect(closed).toBe(1);
    await closeProcessBus();
    expect(closed).toBe(1);
    setProcessBus(undefined);
  });
});
