/**
 * The live feed on the promoter's desk against a real database and real TCP through the API app
 * (issue 24 "Live feed: host and port per event, start, stop, status (last passing,
 * connected)"): the replay tool serves a real capture on a free port; the event's staff saves the
 * address, starts the feed, sees it connected with the last passing while races and passings
 * appear in the event, and stops it (the session finished, no race left live); each step in the
 * audit log. Another promoter's staff gets 404 on every call and changes nothing; a stranger 401;
 * a bad host or port answers 400 with its codes; a start while another ingest holds the event
 * answers `busy`, starts nothing and records nothing. A Stop that reached another site instance
 * (issue 29, two instances behind a proxy) is asked on the bus and stops the feed running here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskLiveStatus } from '../../lib/contracts/desk-live';
import type { Bus, BusMessage } from '../../lib/server/timing/live/bus';
import type { Replay } from '../../lib/server/timing/live/replay';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-live');

const CAPTURE = fs.readFileSync(path.resolve('data/real/rmonitor/orbits-mock-session.txt'), 'utf8');

let api: Api;
let sql: Sql;
let bus: Bus;
const heard: BusMessage[] = [];
let replay: Replay | undefined;
let promoter: { id: number; userId: number };
let other: { id: number; userId: number };
let staff: { cookie: string };
let otherStaff: { cookie: string };

beforeAll(async () => {
  ({ api, sql } = db);
  const { createMemoryBus, setProcessBus } = await import('../../lib/server/timing/live/bus');
  const { startReplay } = await import('../../lib/server/timing/live/replay');
  bus = createMemoryBus();
  bus.subscribe((m) => heard.push(m));
  setProcessBus(bus);
  const rows = await sql('select id, user_id from promoters order by id limit 2');
  [promoter, other] = rows.map((r) => ({ id: r.id as number, userId: r.user_id as number })) as [typeof promoter, typeof other];
  staff = await deskLogin(sql, 'promoter', promoter.userId);
  otherStaff = await deskLogin(sql, 'promoter', other.userId);
  // The capture as fast as possible, from the first connection on: every line goes out live.
  replay = await startReplay({ text: CAPTURE, speed: 0, startOnConnect: true });
});
afterAll(async () => {
  await (await import('../../lib/server/desk/live-feed')).stopAllFeeds(10_000);
  await replay?.close();
  (await import('../../lib/server/timing/live/bus')).setProcessBus(undefined);
});

/** A new event of `promoterId`. */
async function newEvent(promoterId: number, name: string): Promise<number> {
  const [row] = await sql(`insert into events (promoter_id, name, start_date) values ($1, $2, '2009-01-27') returning id`, [promoterId, name]);
  return row!.id as number;
}

/** Waits until `check()` holds (or `ms` passed); returns its last value. */
async function until<T>(check: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await check();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await check();
  }
  return value;
}

const status = (reply: { body: Record<string, unknown> | null }) => reply.body as unknown as DeskLiveStatus;
const auditOf = (eventId: number) => sql(`select user_id, entity, entity_id, action, before, after from desk_audit where event_id = $1 order by id`, [eventId]);

describe('the live feed on the desk', () => {
  it('saves the address, starts, shows connected with the last passing, writes races, stops; each step audited', async () => {
    const eventId = await newEvent(promoter.id, 'Live night');
    const route = `/desk/events/${eventId}/live`;

    const first = await deskCall(api, 'GET', route, { cookie: staff.cookie });
    expect(first.status).toBe(200);
    expect(status(first)).toEqual({ state: 'stopped', host: null, port: null, lastPassingAt: null, connectedSince: null, error: null });
    expect((await deskCall(api, 'POST', `${route}/start`, { cookie: staff.cookie })).body).toMatchObject({ error: 'null_host' });

    const saved = await deskCall(api, 'PUT', route, { cookie: staff.cookie, body: { host: '127.0.0.1', port: replay!.port } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(status(saved)).toMatchObject({ state: 'stopped', host: '127.0.0.1', port: replay!.port });
    expect(await sql('select host, port from live_feeds where event_id = $1', [eventId])).toEqual([{ host: '127.0.0.1', port: replay!.port }]);

    const started = await deskCall(api, 'POST', `${route}/start`, { cookie: staff.cookie });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(['connecting', 'connected']).toContain(status(started).state);
    // Starting again on the same address changes nothing.
    expect(['connecting', 'connected']).toContain(status(await deskCall(api, 'POST', `${route}/start`, { cookie: staff.cookie })).state);

    await replay!.finished;
    const live = await until(
      async () => status(await deskCall(api, 'GET', route, { cookie: staff.cookie })),
      (s) => s.state === 'connected' && s.lastPassingAt !== null,
    );
    expect(live).toMatchObject({ state: 'connected', host: '127.0.0.1', port: replay!.port, error: null });
    expect(Date.parse(live.connectedSince!)).toBeLessThanOrEqual(Date.now());
    expect(Math.abs(Date.parse(live.lastPassingAt!) - Date.now())).toBeLessThan(60_000);

    // Races and passings appear in the event as the feed writes them; its session is live.
    const races = await until(
      () => sql(`select r.id, r.live_state, (select count(*)::int from passings p where p.race_id = r.id) as passings from races r where r.event_id = $1`, [eventId]),
      (rows) => rows.length > 0 && rows.some((r) => r.live_state === 'live') && rows.every((r) => (r.passings as number) > 0),
    );
    expect(races.length).toBeGreaterThan(0);
    expect(races.some((r) => r.live_state === 'live')).toBe(true);
    expect(heard.some((m) => m.type === 'live' && m.eventId === eventId)).toBe(true);

    const stopped = await deskCall(api, 'POST', `${route}/stop`, { cookie: staff.cookie });
    expect(stopped.status).toBe(200);
    expect(status(stopped)).toMatchObject({ state: 'stopped', host: '127.0.0.1', port: replay!.port, connectedSince: null, error: null });
    // The last passing is kept after the stop (passings read after the status above may have moved it on).
    expect(Date.parse(status(stopped).lastPassingAt!)).toBeGreaterThanOrEqual(Date.parse(live.lastPassingAt!));
    expect(await sql(`select id from races where event_id = $1 and live_state = 'live'`, [eventId])).toEqual([]);
    expect(heard.some((m) => m.type === 'live' && m.eventId === eventId && m.state === 'finished')).toBe(true);
    // Stopping again: nothing to stop, nothing recorded.
    expect(status(await deskCall(api, 'POST', `${route}/stop`, { cookie: staff.cookie })).state).toBe('stopped');

    const audit = await auditOf(eventId);
    expect(audit.map((a) => [a.entity, a.entity_id, a.action, a.before, a.after])).toEqual([
      ['event', eventId, 'update', { liveFeed: { host: null, port: null, running: false } }, { liveFeed: { host: '127.0.0.1', port: replay!.port, running: false } }],
      ['event', eventId, 'update', { liveFeed: { host: '127.0.0.1', port: replay!.port, running: false } }, { liveFeed: { host: '127.0.0.1', port: replay!.port, running: true } }],
      ['event', eventId, 'update', { liveFeed: { host: '127.0.0.1', port: replay!.port, running: true } }, { liveFeed: { host: '127.0.0.1', port: replay!.port, running: false } }],
    ]);
    // The event's audit list on the desk shows them.
    const desk = await deskCall(api, 'GET', `/desk/events/${eventId}`, { cookie: staff.cookie });
    expect((desk.body!.audit as { changes: Record<string, unknown> }[]).filter((a) => 'liveFeed' in a.changes)).toHaveLength(3);
  });

  it('answers 404 to another promoter’s staff on every call, 401 to a stranger, and changes nothing', async () => {
    const eventId = await newEvent(promoter.id, 'Not theirs');
    const route = `/desk/events/${eventId}/live`;
    await deskCall(api, 'PUT', route, { cookie: staff.cookie, body: { host: 'timing.local', port: 50000 } });
    const before = { feeds: await sql('select host, port, updated_at from live_feeds where event_id = $1', [eventId]), audit: await auditOf(eventId) };
    const calls: [string, string, unknown][] = [
      ['GET', route, undefined],
      ['PUT', route, { host: '10.0.0.1', port: 50001 }],
      ['POST', `${route}/start`, undefined],
      ['POST', `${route}/stop`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const reply = await deskCall(api, method, path, { cookie: otherStaff.cookie, body });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toMatchObject({ error: 'not_found' });
      expect((await deskCall(api, method, path, { body })).status, `stranger ${method} ${path}`).toBe(401);
      // An unknown event answers alike.
      expect((await deskCall(api, method, path.replace(String(eventId), '2147483000'), { cookie: staff.cookie, body })).status).toBe(404);
    }
    expect(await sql('select host, port, updated_at from live_feeds where event_id = $1', [eventId])).toEqual(before.feeds);
    expect(await auditOf(eventId)).toEqual(before.audit);
    expect(status(await deskCall(api, 'GET', route, { cookie: staff.cookie })).state).toBe('stopped');
  });

  it('refuses a bad host or port with their codes', async () => {
    const eventId = await newEvent(promoter.id, 'Bad address');
    const route = `/desk/events/${eventId}/live`;
    const cases: [unknown, { path: string[]; code: string }[]][] = [
      [{ host: '  ', port: 0 }, [{ path: ['host'], code: 'null_host' }, { path: ['port'], code: 'invalid_port' }]],
      [{ port: 5000 }, [{ path: ['host'], code: 'null_host' }]],
      [{ host: 'http://timing.local', port: 65_536 }, [{ path: ['host'], code: 'invalid_host' }, { path: ['port'], code: 'invalid_port' }]],
      [{ host: 'timing.local:50000', port: 50000 }, [{ path: ['host'], code: 'invalid_host' }]],
      [{ host: `${'a'.repeat(60)}.`.repeat(5), port: 50000 }, [{ path: ['host'], code: 'invalid_host' }]],
      [{ host: 'timing.local', port: '50000' }, [{ path: ['port'], code: 'invalid_port' }]],
      [{ host: 'timing.local', port: 1.5 }, [{ path: ['port'], code: 'invalid_port' }]],
      [{ host: 'timing.local' }, [{ path: ['port'], code: 'invalid_port' }]],
      [{ host: 42, port: 50000 }, [{ path: ['host'], code: 'invalid_host' }]],
    ];
    for (const [body, issues] of cases) {
      const reply = await deskCall(api, 'PUT', route, { cookie: staff.cookie, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body!.issues, JSON.stringify(body)).toEqual(issues);
      expect(reply.body!.error).toBe(issues[0]!.code);
    }
    expect(await sql('select * from live_feeds where event_id = $1', [eventId])).toEqual([]);
    expect(await auditOf(eventId)).toEqual([]);
    // IPv6 literals, bracketed or not, and host names are saved.
    for (const [host, savedAs] of [['[::1]', '::1'], ['fe80::1', 'fe80::1'], ['Orbits-PC', 'Orbits-PC']]) {
      const reply = await deskCall(api, 'PUT', route, { cookie: staff.cookie, body: { host, port: 50000 } });
      expect(reply.status, host).toBe(200);
      expect(status(reply).host).toBe(savedAs);
    }
  });

  it('stops the feed it runs when another instance’s Stop asks on the bus, and that instance waits for it', async () => {
    const eventId = await newEvent(promoter.id, 'Stopped from the other instance');
    const route = `/desk/events/${eventId}/live`;
    await deskCall(api, 'PUT', route, { cookie: staff.cookie, body: { host: '127.0.0.1', port: replay!.port } });
    expect(['connecting', 'connected']).toContain(status(await deskCall(api, 'POST', `${route}/start`, { cookie: staff.cookie })).state);
    await until(
      () => sql(`select id from races where event_id = $1 and live_state = 'live'`, [eventId]),
      (rows) => rows.length > 0,
    );
    // What the instance that does not run the feed does with the desk's Stop (stop-live-feed.ts).
    const { stopElsewhere } = await import('../../lib/server/desk/live-feed/stop-elsewhere');
    const { getDb } = await import('../../lib/server/db');
    expect(await stopElsewhere(getDb(), bus, eventId)).toBe(true);
    expect(heard).toContainEqual({ type: 'feed-stop', eventId });
    expect(status(await deskCall(api, 'GET', route, { cookie: staff.cookie })).state).toBe('stopped');
    expect(await sql(`select id from races where event_id = $1 and live_state = 'live'`, [eventId])).toEqual([]);
    // Nothing runs any more: asking again answers at once that the event is free.
    expect(await stopElsewhere(getDb(), bus, eventId, 0)).toBe(true);
  });

  it('answers busy when another feed holds the event: nothing started, nothing recorded', async () => {
    const eventId = await newEvent(promoter.id, 'Held elsewhere');
    const route = `/desk/events/${eventId}/live`;
    await deskCall(api, 'PUT', route, { cookie: staff.cookie, body: { host: '127.0.0.1', port: replay!.port } });
    const audit = await auditOf(eventId);
    const { connectDb } = await import('../../lib/server/db');
    const { createLiveIngest } = await import('../../lib/server/timing/live/ingest');
    // Another process's feed (`npm run live`): an ingest of the event on a pool of its own.
    const elsewhere = connectDb(db.url, 2);
    const ingest = createLiveIngest({ db: elsewhere.db, eventId, log: () => {} });
    await ingest.start();
    try {
      expect(status(await deskCall(api, 'GET', route, { cookie: staff.cookie })).state).toBe('busy');
      const clientsBefore = replay!.clients();
      const reply = await deskCall(api, 'POST', `${route}/start`, { cookie: staff.cookie });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(status(reply)).toMatchObject({ state: 'busy', host: '127.0.0.1', connectedSince: null });
      expect(status(reply).error).toMatch(/Another live feed is already writing event/);
      expect(replay!.clients()).toBe(clientsBefore);
      expect(status(await deskCall(api, 'GET', route, { cookie: staff.cookie })).state).toBe('busy');
      expect(await auditOf(eventId)).toEqual(audit);
    } finally {
      await ingest.close();
      await elsewhere.close();
    }
    // The other feed gone, the event is free again.
    expect(status(await deskCall(api, 'GET', route, { cookie: staff.cookie })).state).toBe('stopped');
  });
});
