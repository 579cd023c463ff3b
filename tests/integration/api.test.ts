/** The JSON API (/ll/api/v1) against a real PostgreSQL database seeded with the real files. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

beforeAll(async () => {
  database = await useTestDatabase();
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});
afterAll(() => database?.drop());

async function get(path: string, init?: RequestInit) {
  const res = await api.request(`/api/v1${path}`, init);
  return { status: res.status, body: await res.json() };
}
const post = (path: string, body: unknown) =>
  get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function eventIdByName(name: string): Promise<number> {
  const { body } = await get('/livelaps/events/1');
  const found = body.message.events.find((e: { name: string }) => e.name === name);
  if (!found) throw new Error(`no event ${name}`);
  return found.id;
}

async function raceIdOf(eventName: string, index = 0): Promise<number> {
  const { body } = await get(`/livelaps/promoter/event/${await eventIdByName(eventName)}/races`);
  return body.message.data[index].id;
}

describe('events of the default promoter', () => {
  it('lists every seeded event newest first', async () => {
    const { status, body } = await get('/livelaps/events/1');
    expect(status).toBe(200);
    expect(body.message.events.map((e: { name: string; startDate: string }) => `${e.startDate} ${e.name}`)).toEqual([
      '2026-11-14 Brands Hatch Test Race (Orbits)',
      '2026-04-12 Pine Hill Enduro',
      '2017-05-06 Monster Energy Supercross from Las Vegas, NV',
      '2009-01-27 Sebring Winter Test',
    ]);
    expect(body.message.events.find((e: { name: string }) => e.name === 'Sebring Winter Test').raceCount).toBe(2);
  });

  it('filters by year', async () => {
    const { body } = await get('/livelaps/events/1?years=2017,2009');
    expect(body.message.events).toHaveLength(2);
    expect((await get('/livelaps/events/1?years=1999')).body.message.events).toEqual([]);
  });

  it('answers the spec’s errors for bad or unknown promoter ids', async () => {
    expect(await get('/livelaps/events/abc')).toEqual({ status: 400, body: { error: 'invalid_id', message: 'The provided promoter id is invalid', statusCode: 400 } });
    expect((await get('/livelaps/events/99')).body.message).toBe('The provided promoter id is invalid');
    expect((await get('/livelaps/events/1?years=20x6')).status).toBe(400);
  });
});

describe('event and races', () => {
  it('answers the event as the first item of a message list, and its races as message.data', async () => {
    const id = await eventIdByName('Pine Hill Enduro');
    const event = await get(`/livelaps/promoter/event/${id}`);
    expect(event.status).toBe(200);
    expect(event.body.message[0]).toMatchObject({ id, name: 'Pine Hill Enduro', startDate: '2026-04-12', source: 'ecea-csv' });
    const races = await get(`/livelaps/promoter/event/${id}/races`);
    expect(races.body.message.data).toEqual([expect.objectContaining({ name: 'Team Enduro Results', kind: 'enduro', entryCount: 100 })]);
  });

  it('refuses malformed ids with 400 and unknown ones with 404', async () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) {
      expect(await get(`/livelaps/promoter/event/${bad}`)).toEqual({ status: 400, body: { error: 'invalid_id', message: 'The provided event id is invalid', statusCode: 400 } });
    }
    expect((await get('/livelaps/promoter/event/424242')).status).toBe(404);
    expect((await get('/livelaps/promoter/event')).body).toEqual({ error: 'null_id', message: 'Please provide the event id', statusCode: 400 });
  });
});

describe('race results', () => {
  it('gives the Orbits session with Morgan Freeman (#3) first: 8 laps in 5:14.808', async () => {
    const { status, body } = await get(`/livelaps/race/results/${await raceIdOf('Brands Hatch Test Race (Orbits)')}`);
    expect(status).toBe(200);
    const [first, second] = body.message.results;
    expect(first).toMatchObject({ position: 1, number: '3', firstName: 'Morgan', lastName: 'Freeman', laps: 8, totalTimeMs: 314_808, bestLapMs: 33_271 });
    expect(second).toMatchObject({ position: 2, number: '4', gapMs: 1_313 });
    expect(body.message.race.config.columns).toContain('bestLap');
  });

  it('gives the 2017 Las Vegas main with Jason Anderson first', async () => {
    const { body } = await get(`/livelaps/race/results/${await raceIdOf('Monster Energy Supercross from Las Vegas, NV')}`);
    expect(body.message.results[0]).toMatchObject({ position: 1, number: '21', firstName: 'Jason', lastName: 'Anderson', laps: 19, bestLapMs: 65_906, city: 'Rio Rancho', state: 'NM' });
    expect(body.message.results[0].sectionTimes.map((s: { section: string }) => s.section)).toEqual(['S1', 'S2', 'S3', 'S4']);
  });

  it('gives the Pine Hill teams with OCCR - SAND BLASTERS first and DNF teams last', async () => {
    const { body } = await get(`/livelaps/race/resultsbyteam/${await raceIdOf('Pine Hill Enduro')}`);
    expect(body.message[0]).toMatchObject({ name: 'OCCR - SAND BLASTERS', position: 1, totalPoints: 205, totalEmergencyPoints: 13 });
    expect(body.message[0].riders.map((r: { lastName: string }) => r.lastName)).toContain('CANAVAN');
    const last = body.message.at(-1);
    expect(last).toMatchObject({ position: null, state: 'DNF' });
    expect(body.message).toHaveLength(20);
  });

  it('hides a race not shown in public with the spec’s message', async () => {
    const raceId = await raceIdOf('Sebring Winter Test', 1);
    const { getDb } = await import('../../lib/server/db');
    const { races } = await import('../../lib/server/db/schema');
    await getDb().update(races).set({ isPublic: false }).where(eq(races.id, raceId));
    try {
      expect(await get(`/livelaps/race/results/${raceId}`)).toEqual({
        status: 403,
        body: { error: 'not_public', message: 'Race is not available for public display', statusCode: 403 },
      });
      expect((await get(`/users/current/hasPermissionDisplayRace/${raceId}/1`)).body).toBe(1);
    } finally {
      await getDb().update(races).set({ isPublic: true }).where(eq(races.id, raceId));
    }
  });

  it('refuses bad race ids', async () => {
    expect((await get('/livelaps/race/results/x1')).body.message).toBe('The provided race id is invalid');
    expect((await get('/livelaps/race/results')).body.message).toBe('Please provide the race id');
    expect((await get('/livelaps/race/results/999999')).status).toBe(404);
  });
});

describe('race configuration, filters and class results', () => {
  it('answers event details and an event’s races by the spec’s other paths', async () => {
    const id = await eventIdByName('Sebring Winter Test');
    expect((await get(`/livelaps/event/details/${id}`)).body.message).toMatchObject({ id, name: 'Sebring Winter Test', startDate: '2009-01-27' });
    expect((await get(`/livelaps/race/event/${id}`)).body.message.map((r: { name: string }) => r.name)).toEqual(['Test Session 4', 'Test Session 4']);
  });

  it('gives a race’s configuration and filters', async () => {
    const raceId = await raceIdOf('Sebring Winter Test');
    const config = (await get(`/livelaps/race/config/${raceId}`)).body.message;
    expect(config.classes).toEqual(['LMGT2', 'LMP2', 'LMP1']);
    expect(config.columns).toContain('class');
    const filters = (await get(`/livelaps/race/filters/${raceId}`)).body.message;
    expect(filters.classes).toEqual(['LMGT2', 'LMP2', 'LMP1']);
    expect(filters.brands).toContain('Acura ARX 02a');
    expect(filters.participants).toHaveLength(11);
  });

  it('gives the results of chosen classes by place in class', async () => {
    const raceId = await raceIdOf('Pine Hill Enduro');
    const { body } = await get(`/livelaps/race/results/classes/${raceId}?classes=AA,${encodeURIComponent('A 250')}`);
    expect(new Set(body.message.map((r: { className: string }) => r.className))).toEqual(new Set(['AA', 'A 250']));
    const aa = body.message.filter((r: { className: string }) => r.className === 'AA');
    expect(aa[0]).toMatchObject({ firstName: 'KYLE', lastName: 'MCDONAL', classPosition: 1 });
    expect((await get(`/livelaps/race/results/classes/${raceId}`)).body.message).toBe('Please provide the classes');
  });
});

describe('permissions (spec §6)', () => {
  it('answers 1 for a public event and 0 for a hidden or unknown one', async () => {
    const id = await eventIdByName('Pine Hill Enduro');
    expect((await get(`/users/current/hasPermissionDisplayEvent/${id}/1`)).body).toBe(1);
    expect((await get('/users/current/hasPermissionDisplayEvent/999999/1')).body).toBe(0);
    const { getDb } = await import('../../lib/server/db');
    const { events } = await import('../../lib/server/db/schema');
    await getDb().update(events).set({ isPublic: false }).where(eq(events.id, id));
    try {
      expect((await get(`/users/current/hasPermissionDisplayEvent/${id}/1`)).body).toBe(0);
      expect((await get(`/livelaps/promoter/event/${id}`)).status).toBe(404);
      expect((await get('/livelaps/events/1')).body.message.events).toHaveLength(3);
    } finally {
      await getDb().update(events).set({ isPublic: true }).where(eq(events.id, id));
    }
  });

  it('refuses a malformed default promoter id', async () => {
    expect((await get('/users/current/hasPermissionDisplayEvent/1/zero')).body.message).toBe('The provided promoter id is invalid');
  });
});

describe('calendar (spec §7 getEventsForCalendar)', () => {
  it('builds the month view from the given date', async () => {
    const { status, body } = await post('/livelaps/event/getEventsForCalendar', { date: '2026-01-01', type: 'event', promoterId: 1, locale: 'fr' });
    expect(status).toBe(200);
    const y2026 = body.message.find((y: { year: number }) => y.year === 2026);
    const visible = y2026.months.filter((m: { visible: boolean }) => m.visible).map((m: { name: string }) => m.name);
    expect(visible).toEqual(['avril', 'novembre']);
    const april = y2026.months[3];
    expect(april.weeks.flatMap((w: { events: { name: string }[] }) => w.events.map((e) => e.name))).toEqual(['Pine Hill Enduro']);
  });

  it('keeps only events open to online registration for type regis', async () => {
    const regis = await post('/livelaps/event/getEventsForCalendar', { date: '2026-01-01', type: 'regis', promoterId: 1 });
    expect(regis.body.message).toEqual([]);
    const { getDb } = await import('../../lib/server/db');
    const { events } = await import('../../lib/server/db/schema');
    const id = await eventIdByName('Pine Hill Enduro');
    await getDb().update(events).set({ registrationOpen: true }).where(eq(events.id, id));
    try {
      const open = await post('/livelaps/event/getEventsForCalendar', { date: '2026-01-01', type: 'regis', promoterId: 1 });
      const names = open.body.message.flatMap((y: { months: { weeks: { events: { name: string }[] }[] }[] }) =>
        y.months.flatMap((m) => m.weeks.flatMap((w) => w.events.map((e) => e.name))),
      );
      expect(names).toEqual(['Pine Hill Enduro']);
    } finally {
      await getDb().update(events).set({ registrationOpen: false }).where(eq(events.id, id));
    }
  });

  it('refuses bad requests with the spec’s messages', async () => {
    expect((await post('/livelaps/event/getEventsForCalendar', { date: '2026-13-45' })).body.message).toBe('The provided date is invalid');
    expect((await post('/livelaps/event/getEventsForCalendar', { date: '2026-02-30' })).body.message).toBe('The provided date is invalid');
    expect((await post('/livelaps/event/getEventsForCalendar', { promoterId: 'one' })).status).toBe(400);
    expect((await post('/livelaps/event/getEventsForCalendar', { type: 'party' })).body.message).toBe('The provided type is invalid');
    expect((await post('/livelaps/event/getEventsForCalendar', '{oops')).status).toBe(400);
  });
});

describe('language and documentation', () => {
  it('answers the session language from the siteLanguage cookie', async () => {
    expect((await get('/langs/current', { headers: { cookie: 'siteLanguage=fr' } })).body).toEqual({ status: 200, data: { code: 'fr' } });
    expect((await get('/langs/current')).body.data.code).toBe('en');
    expect((await get('/langs/current', { headers: { cookie: 'siteLanguage=de' } })).body.data.code).toBe('en');
  });

  it('publishes an OpenAPI document listing the spec’s paths', async () => {
    const { body } = await get('/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/livelaps/promoter/event/{id}',
        '/api/v1/livelaps/promoter/event/{id}/races',
        '/api/v1/livelaps/race/results/{id}',
        '/api/v1/livelaps/event/getEventsForCalendar',
        '/api/v1/users/current/hasPermissionDisplayEvent/{id}/{defaultPromoterUserId}',
        '/api/v1/langs/current',
      ]),
    );
  });

  it('answers unknown paths with a JSON 404', async () => {
    expect(await get('/nope')).toEqual({ status: 404, body: { error: 'not_found', message: 'Not found', statusCode: 404 } });
  });
});
