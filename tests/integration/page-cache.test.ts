/**
 * Two site instances, each with its own page cache listening on its own LISTEN/NOTIFY bus on
 * the test database (issue 10 "revalidated by tag … two site instances both receive a
 * change"): pages rendered by the real reads (their `tagRead` calls name what they show) are
 * stored on both; an import through `importResultsFile`, revalidated as `npm run import` does
 * (lib/server/cache/publisher.ts on the process bus), drops the pages it touched on both
 * instances — the event's page, its races' pages, the series holding it — and leaves the
 * others stored. When an instance's LISTEN connection is lost (a PostgreSQL restart), it drops
 * every page once it listens again: what was published in the gap never reached it. A stored
 * page asked with parameters no page reads, or through another Host, is answered from the cache
 * (issue 22).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus } from '../../lib/server/timing/live/bus';
import type { PageCache } from '../../lib/server/cache/page-cache';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
const instances: { cache: PageCache; bus: Bus; server: http.Server; base: string }[] = [];
let closePublisher: (() => Promise<void>) | undefined;

const ids = { event: 0, oldRace: 0, series: 0, otherRace: 0, otherEvent: 0 };

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const { createPgBus, busReady } = await import('../../lib/server/timing/live/bus');
  const { PageCache } = await import('../../lib/server/cache/page-cache');
  const { createSiteServer } = await import('../../lib/server/http/site-server');
  const { getRace, getRaceResults } = await import('../../lib/server/races');
  const { getEvent, listEventRaces } = await import('../../lib/server/events');
  const { getSeriesDetail } = await import('../../lib/server/series');

  const client = new pg.Client(database.url);
  await client.connect();
  const one = async <T>(query: string, params: unknown[] = []) => (await client.query(query, params)).rows[0] as T;
  const sebring = await one<{ event_id: number; id: number }>(
    `select r.event_id, r.id from races r join events e on e.id = r.event_id where e.name = 'Sebring Winter Test' order by r.id limit 1`,
  );
  const pine = await one<{ event_id: number; id: number }>(`select r.event_id, r.id from races r join events e on e.id = r.event_id where e.name = 'Pine Hill Enduro' limit 1`);
  ids.event = sebring.event_id;
  ids.oldRace = sebring.id;
  ids.otherEvent = pine.event_id;
  ids.otherRace = pine.id;
  // A public series holding the Sebring event (the seed's series hold sample events).
  const promoter = await one<{ id: number }>(`select promoter_id as id from events where id = $1`, [ids.event]);
  ids.series = (
    await one<{ id: number }>(`insert into series (promoter_id, name, start_date, end_date) values ($1, 'Cache test championship', '2009-01-01', '2009-12-31') returning id`, [
      promoter.id,
    ])
  ).id;
  await client.query(`insert into series_events (series_id, event_id) values ($1, $2)`, [ids.series, ids.event]);
  await client.end();

  /** Next's stand-in: pages rendered from the real reads, which name their tags. */
  const render = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const match = /^\/ll\/(races|events|series)\/(\d+)$/.exec(req.url ?? '');
    const id = Number(match?.[2]);
    let body: string | null = null;
    if (match?.[1] === 'races') {
      const race = await getRace(id);
      body = race && `<h1>${race.name}</h1><p>${(await getRaceResults(id)).length} results</p>`;
    } else if (match?.[1] === 'events') {
      const event = await getEvent(id);
      body = event && `<h1>${event.name}</h1><p>${(await listEventRaces(id)).length} races</p>`;
    } else if (match?.[1] === 'series') {
      body = `<h1>${(await getSeriesDetail(id)).name}</h1>`;
    }
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate' });
    res.end(body ?? 'not found');
  };

  for (let i = 0; i < 2; i++) {
    // Keyed for the configured site (scripts/serve-site.ts passes siteOrigin()).
    const cache = new PageCache({ maxBytes: 8 * 1024 * 1024, origin: 'http://localhost:3000' });
    const bus = createPgBus(database.url, { reconnectMs: 100 });
    cache.listen(bus);
    await busReady(bus);
    const server = createSiteServer(render, 0, cache);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    instances.push({ cache, bus, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
});

afterAll(async () => {
  await closePublisher?.();
  for (const { bus, server } of instances) {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await database?.drop();
});

async function xCache(base: string, path: string): Promise<string> {
  const res = await fetch(`${base}${path}`);
  expect(res.status, path).toBe(200);
  await res.arrayBuffer();
  return res.headers.get('x-cache') ?? '';
}

/** Requests each page on each instance until both answer it from the cache. */
async function warm(paths: string[]) {
  for (const { base } of instances) {
    for (const path of paths) {
      for (let i = 0; (await xCache(base, path)) !== 'HIT'; i++) {
        if (i > 20) throw new Error(`${path} never stored`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
}

it('an import revalidates the pages it touched on both instances, and only those', async () => {
  const touched = [`/ll/events/${ids.event}`, `/ll/races/${ids.oldRace}`, `/ll/series/${ids.series}`];
  const untouched = [`/ll/races/${ids.otherRace}`, `/ll/events/${ids.otherEvent}`];
  await warm([...touched, ...untouched]);

  const { getDb } = await import('../../lib/server/db');
  const { importResultsFile } = await import('../../lib/server/import');
  const revalidate = await import('../../lib/server/cache');
  closePublisher = revalidate.closePublisher;
  // A capture the event has not had yet (the lites session, one line more: another content hash).
  const text = `${fs.readFileSync('data/real/rmonitor/2009-sebring-alms-session-4-lites.txt', 'utf8')}\n`;
  const summary = await importResultsFile(getDb(), 'sebring-lites-again.txt', text, { promoterUserId: 1, eventId: ids.event });
  expect(summary.eventId).toBe(ids.event);

  // What `npm run import` does after the import: publish the tags on its process bus.
  revalidate.publishTagsOnProcessBus(database!.url);
  const published = await revalidate.revalidateImport(getDb(), summary);
  expect(published).toEqual(expect.arrayContaining([`event:${ids.event}`, 'events', `series:${ids.series}`, ...summary.raceIds.map((id) => `race:${id}`)]));

  // Both instances hear it (LISTEN/NOTIFY: a few ms) and render the touched pages again.
  const until = Date.now() + 5000;
  while (instances.some(({ cache }) => cache.stats().dropped < touched.length) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  for (const { base, cache } of instances) {
    expect(cache.stats().dropped).toBe(touched.length);
    for (const path of untouched) expect(await xCache(base, path), path).toBe('HIT');
    for (const path of touched) expect(await xCache(base, path), path).toBe('MISS');
  }
  // The event page now lists the new race.
  const page = await (await fetch(`${instances[0].base}/ll/events/${ids.event}`)).text();
  expect(page).toMatch(/<p>3 races<\/p>/);
});

it('drops every page of an instance whose LISTEN connection was lost, once it listens again', async () => {
  const pages = [`/ll/races/${ids.otherRace}`, `/ll/events/${ids.otherEvent}`];
  await warm(pages);
  const before = instances.map(({ cache }) => cache.stats().dropped);
  // A PostgreSQL restart, as the instances see it: their LISTEN connections end.
  const client = new pg.Client(database!.url);
  await client.connect();
  const { rowCount } = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN ll_bus%'`);
  await client.end();
  expect(rowCount).toBeGreaterThanOrEqual(2);
  const until = Date.now() + 5000;
  while (instances.some(({ cache }) => cache.stats().entries > 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  instances.forEach(({ cache }, i) => {
    expect(cache.stats().entries).toBe(0);
    expect(cache.stats().dropped).toBeGreaterThan(before[i]);
  });
  for (const { base } of instances) for (const path of pages) expect(await xCache(base, path), path).toBe('MISS');
});

it('answers a stored page asked with unknown parameters or another Host from the cache, without a render', async () => {
  const path = `/ll/races/${ids.otherRace}`;
  await warm([path]);
  for (const { base, cache } of instances) {
    const before = cache.stats();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}${path}?utm_source=x&zz=${Math.random().toString(36).slice(2)}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get('x-cache')).toBe('HIT');
    }
    const other = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${base}${path}`, { headers: { Host: 'attacker.example' } }, resolve).on('error', reject);
    });
    other.resume();
    expect(other.headers['x-cache']).toBe('HIT');
    expect(cache.stats()).toMatchObject({ entries: before.entries, misses: before.misses, stores: before.stores });
  }
});
