/**
 * The live API (/ll/api/v1/livelaps/live/…) against a real database: a hand-built live race
 * written with Drizzle, the sessions and board replies, the errors, and a real Server-Sent
 * Events stream fed by LISTEN/NOTIFY (a pg bus on the test database): status, headers, the
 * first event, a change, Last-Event-ID, and the end of the session; a change of the clock only
 * as a small `clock` event; a race whose feed died (stale) read as finished.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveBoard, liveClock, liveSession } from '../../lib/contracts/live';
import { getDb } from '../../lib/server/db';
import { races, results } from '../../lib/server/db/schema';
import { LIVE_STALE_MS } from '../../lib/server/timing/live/ingest';
import { TEST_CLOCK, writeTestLiveRace, type TestLiveRace } from '../helpers/live-race';
import { busReady, createPgBus, setProcessBus, type Bus } from '../../lib/server/timing/live/bus';
import { liveHub, setLiveHub } from '../../lib/server/timing/live/sse';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase;
let bus: Bus;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let race: TestLiveRace;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  bus = createPgBus(database.url);
  await busReady(bus);
  setProcessBus(bus);
  setLiveHub(undefined);
  race = await writeTestLiveRace(getDb(), { seq: 3 });
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});
afterAll(async () => {
  setLiveHub(undefined);
  setProcessBus(undefined);
  await bus?.close();
  await database?.drop();
});

async function get(path: string) {
  const res = await api.request(`/api/v1${path}`);
  return { status: res.status, body: await res.json() };
}

/** Reads a text/event-stream body event by event (blocks separated by a blank line). */
function eventReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next block that is not a comment; null when the stream ended. */
    async next(timeoutMs = 5000): Promise<Record<string, string> | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = buffer.indexOf('\n\n');
        if (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.startsWith(':')) continue;
          return Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]));
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms; buffer: ${buffer}`);
        const chunk = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left))]);
        if (chunk === 'timeout') continue;
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** A change as the live feed writes it: a new lap for car #3 (now leading), seq + 1, then NOTIFY. */
async function writeChange(state: 'live' | 'finished' = 'live'): Promise<number> {
  const db = getDb();
  await db.update(results).set({ laps: 3, totalTimeMs: 179_000, position: 1 }).where(eq(results.entryId, race.entryIds['3']));
  await db.update(results).set({ position: 2 }).where(eq(results.entryId, race.entryIds['2']));
  const [row] = await db
    .update(races)
    .set({ liveSeq: sql`${races.liveSeq} + 1`, liveState: state, liveUpdatedAt: new Date() })
    .where(eq(races.id, race.raceId))
    .returning({ seq: races.liveSeq });
  await bus.publish({ type: 'live', raceId: race.raceId, eventId: race.eventId, seq: row.seq, state });
  return row.seq;
}

describe('live sessions and board', () => {
  it('lists the running session', async () => {
    const { status, body } = await get('/livelaps/live/sessions');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(liveSession.parse(body.data[0])).toMatchObject({ raceId: race.raceId, entries: 4, leader: { number: '2', name: 'Bea Roy' } });
  });

  it('answers the board, and the spec’s errors', async () => {
    const { status, body } = await get(`/livelaps/live/race/${race.raceId}`);
    expect(status).toBe(200);
    expect(liveBoard.parse(body)).toMatchObject({ raceId: race.raceId, seq: 3, state: 'live' });
    expect(body.rows.map((r: { number: string; change: number }) => `${r.number}:${r.change}`)).toEqual(['2:0', '3:1', '1:-1', '4:0']);
    expect(await get('/livelaps/live/race/abc')).toEqual({ status: 400, body: { error: 'invalid_id', message: 'The provided race id is invalid', statusCode: 400 } });
    expect(await get('/livelaps/live/race/abc/stream')).toMatchObject({ status: 400, body: { error: 'invalid_id' } });
    expect(await get('/livelaps/live/race/999999')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const hidden = await writeTestLiveRace(getDb(), { eventName: 'Hidden', eventPublic: false });
    expect((await get(`/livelaps/live/race/${hidden.raceId}`)).status).toBe(404);
    expect((await get(`/livelaps/live/race/${hidden.raceId}/stream`)).status).toBe(404);
    const imported = await writeTestLiveRace(getDb(), { eventName: 'Imported', state: null });
    expect((await get(`/livelaps/live/race/${imported.raceId}`)).status).toBe(404);
  });

  it('documents the three calls in the OpenAPI document', async () => {
    const { body } = await get('/openapi.json');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/v1/livelaps/live/sessions', '/api/v1/livelaps/live/race/{id}', '/api/v1/livelaps/live/race/{id}/stream']));
  });
});

describe('the event stream', () => {
  it('streams the board at once, each change, skips a current Last-Event-ID, and ends with the session', async () => {
    const res = await api.request(`/api/v1/livelaps/live/race/${race.raceId}/stream`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events = eventReader(res);
    expect(await events.next()).toEqual({ retry: '2000' });
    const first = await events.next();
    expect(first).toMatchObject({ id: '3', event: 'standings' });
    expect(liveBoard.parse(JSON.parse(first!.data)).rows[0].number).toBe('2');

    // A browser reconnecting with the current id gets no board, only what follows (the page's
    // first connection says it with ?lastEventId=, the header wins).
    const again = await api.request(`/api/v1/livelaps/live/race/${race.raceId}/stream`, { headers: { 'Last-Event-ID': '3' } });
    const back = eventReader(again);
    expect(await back.next()).toEqual({ retry: '2000' });
    const page = eventReader(await api.request(`/api/v1/livelaps/live/race/${race.raceId}/stream?lastEventId=3`));
    expect(await page.next()).toEqual({ retry: '2000' });
    const stale = eventReader(await api.request(`/api/v1/livelaps/live/race/${race.raceId}/stream?lastEventId=2`));
    expect(await stale.next()).toEqual({ retry: '2000' });
    expect(await stale.next()).toMatchObject({ id: '3', event: 'standings' });

    // A viewer that goes away is dropped by the hub.
    expect(liveHub().viewerCount(race.raceId)).toBe(4);
    await page.cancel();
    await stale.cancel();
    await expect.poll(() => liveHub().viewerCount(race.raceId)).toBe(2);

    const seq = await writeChange();
    const change = await events.next();
    expect(change).toMatchObject({ id: String(seq), event: 'standings' });
    const board = liveBoard.parse(JSON.parse(change!.data));
    expect(board.rows.map((r) => r.number).slice(0, 2)).toEqual(['3', '2']);
    expect(await back.next()).toMatchObject({ id: String(seq), event: 'standings' });

    const end = await writeChange('finished');
    expect(await events.next()).toMatchObject({ id: String(end), event: 'standings' });
    expect(await events.next()).toEqual({ id: String(end), event: 'end', data: JSON.stringify({ raceId: race.raceId }) });
    expect(await events.next()).toBeNull(); // the stream closes
    expect(await back.next()).toMatchObject({ event: 'standings' });
    expect(await back.next()).toMatchObject({ event: 'end' });

    // After the session: a new connection gets `end` at once.
    const late = eventReader(await api.request(`/api/v1/livelaps/live/race/${race.raceId}/stream`));
    expect(await late.next()).toEqual({ retry: '2000' });
    expect(await late.next()).toMatchObject({ event: 'end' });
    expect(await late.next()).toBeNull();
    // And the finished race is no longer listed.
    expect((await get('/livelaps/live/sessions')).body.data).toEqual([]);
  });

  it('sends a change of the clock only as a small clock event', async () => {
    const db = getDb();
    const other = await writeTestLiveRace(db, { eventName: 'Clock only', seq: 5 });
    const events = eventReader(await api.request(`/api/v1/livelaps/live/race/${other.raceId}/stream`));
    expect(await events.next()).toEqual({ retry: '2000' });
    expect(await events.next()).toMatchObject({ id: '5', event: 'standings' });
    const clock = { ...TEST_CLOCK, flag: 'Yellow', timeToGoMs: 1_199_000, raceTimeMs: 181_000 };
    const [row] = await db
      .update(races)
      .set({ clock, liveSeq: sql`${races.liveSeq} + 1`, liveUpdatedAt: new Date() })
      .where(eq(races.id, other.raceId))
      .returning({ seq: races.liveSeq });
    await bus.publish({ type: 'live', raceId: other.raceId, eventId: other.eventId, seq: row.seq, state: 'live' });
    const event = await events.next();
    expect(event).toMatchObject({ id: '6', event: 'clock' });
    expect(liveClock.parse(JSON.parse(event!.data))).toEqual({ raceId: other.raceId, seq: 6, clock });
    expect(event!.data.length).toBeLessThan(200);
    await events.cancel();
  });

  it('reads a race whose feed died as finished: the board says so, the stream ends at once, it is not listed', async () => {
    const dead = await writeTestLiveRace(getDb(), { eventName: 'Dead feed', updatedAt: new Date(Date.now() - LIVE_STALE_MS - 1000) });
    expect((await get(`/livelaps/live/race/${dead.raceId}`)).body).toMatchObject({ raceId: dead.raceId, state: 'finished', seq: 12 });
    const events = eventReader(await api.request(`/api/v1/livelaps/live/race/${dead.raceId}/stream`));
    expect(await events.next()).toEqual({ retry: '2000' });
    expect(await events.next()).toEqual({ id: '12', event: 'end', data: JSON.stringify({ raceId: dead.raceId }) });
    expect(await events.next()).toBeNull();
    expect((await get('/livelaps/live/sessions')).body.data.map((s: { raceId: number }) => s.raceId)).not.toContain(dead.raceId);
  });
});
