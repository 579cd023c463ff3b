/** The JSON API (/ll/api/v1) against a real PostgreSQL database seeded with the real files. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lapChart, raceConfig, raceFilters, raceResults, raceView, resultRow, riderDetail, teamRow } from '../../lib/contracts/results';
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
    expect(await get('/livelaps/events/99')).toEqual({ status: 404, body: { error: 'not_found', message: 'Promoter not found', statusCode: 404 } });
    expect(await get('/livelaps/events/999')).toEqual({ status: 404, body: { error: 'not_found', message: 'Promoter not found', statusCode: 404 } });
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
    expect((await get('/langs/current', { headers: { cookie: 'siteLanguage=fr' } })).body).toEqual({ status: 200, data: { code: 'fr', chosen: true } });
    expect((await get('/langs/current')).body.data).toEqual({ code: 'en', chosen: false });
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

describe('one schema per shape (lib/contracts/results.ts)', () => {
  it('answers races, results, teams, configuration and filters in the contracts’ shapes', async () => {
    const raceId = await raceIdOf('Brands Hatch Test Race (Orbits)');
    const race = (await get(`/livelaps/race/${raceId}`)).body.message;
    expect(raceView.strict().parse(race)).toEqual(race);
    expect(race).toHaveProperty('startTime');
    expect(race).toHaveProperty('clock');
    const results = (await get(`/livelaps/race/results/${raceId}`)).body.message;
    expect(raceResults.parse(results)).toEqual(results);
    for (const key of ['groupPosition', 'country', 'penaltyLaps', 'pointsOverall', 'pointsClass', 'pointsGroup']) {
      expect(results.results[0]).toHaveProperty(key);
    }
    expect(Object.keys(results.results[0]).sort()).toEqual(Object.keys(resultRow.shape).sort());
    const enduro = await raceIdOf('Pine Hill Enduro');
    const teams = (await get(`/livelaps/race/resultsbyteam/${enduro}`)).body.message;
    for (const t of teams) teamRow.extend({ riders: resultRow.array() }).parse(t);
    raceConfig.parse((await get(`/livelaps/race/config/${enduro}`)).body.message);
    raceFilters.parse((await get(`/livelaps/race/filters/${enduro}`)).body.message);
  });

  it('answers a rider’s detail and the lap chart (the paths lib/api/results.ts calls)', async () => {
    const raceId = await raceIdOf('Brands Hatch Test Race (Orbits)');
    const first = (await get(`/livelaps/race/results/${raceId}`)).body.message.results[0];
    const rider = await get(`/livelaps/race/rider/${raceId}/${first.entryId}`);
    expect(rider.status).toBe(200);
    expect(riderDetail.parse(rider.body.message).result).toMatchObject({ entryId: first.entryId, number: '3' });
    expect(rider.body.message.laps).toHaveLength(8);
    const chart = await get(`/livelaps/race/lapchart/${raceId}`);
    expect(lapChart.parse(chart.body.message).laps.length).toBeGreaterThan(0);
    expect(await get(`/livelaps/race/rider/${raceId}/999999`)).toEqual({ status: 404, body: { error: 'not_found', message: 'Rider not found', statusCode: 404 } });
    expect((await get(`/livelaps/race/rider/${raceId}/x`)).body).toEqual({ error: 'invalid_id', message: 'The provided entry id is invalid', statusCode: 400 });
    expect((await get('/livelaps/race/lapchart')).body.error).toBe('null_id');
  });

  it('names the contract schemas in the OpenAPI document and documents every operation', async () => {
    const { body } = await get('/openapi.json');
    expect(Object.keys(body.components.schemas)).toEqual(
      expect.arrayContaining(['Race', 'RaceConfig', 'RaceClock', 'ResultRow', 'TeamRow', 'ResultState', 'RaceFilters', 'CalendarRequest', 'CalendarYear', 'Error']),
    );
    const row = body.components.schemas.ResultRow;
    expect(Object.keys(row.properties)).toEqual(expect.arrayContaining(['groupPosition', 'country', 'penaltyLaps', 'pointsOverall', 'pointsClass', 'pointsGroup']));
    expect(Object.keys(body.components.schemas.Race.properties)).toEqual(expect.arrayContaining(['startTime', 'clock']));
    const result200 = body.paths['/api/v1/livelaps/race/results/{id}'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(result200)).toContain('#/components/schemas/ResultRow');
    for (const [path, ops] of Object.entries(body.paths as Record<string, Record<string, { summary?: string; description?: string }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.summary, `${method} ${path} summary`).toBeTruthy();
        expect(op.description, `${method} ${path} description`).toMatch(/§\d/);
      }
    }
  });
});

describe('errors as codes, one key per kind of fault (spec §8 General)', () => {
  const error = (status: number, code: string, message: string) => ({ status, body: { error: code, message, statusCode: status } });

  it('answers invalid_id for a malformed id, whatever the parameter is called', async () => {
    expect(await get('/livelaps/race/results/classes/x1?classes=AA')).toEqual(error(400, 'invalid_id', 'The provided race id is invalid'));
    expect(await get('/livelaps/race/x1')).toEqual(error(400, 'invalid_id', 'The provided race id is invalid'));
    expect(await get('/livelaps/events/01')).toEqual(error(400, 'invalid_id', 'The provided promoter id is invalid'));
    expect(await get('/users/current/hasPermissionDisplayEvent/1/zero')).toEqual(error(400, 'invalid_id', 'The provided promoter id is invalid'));
    expect(await get('/users/current/hasPermissionDisplayRace/abc')).toEqual(error(400, 'invalid_id', 'The provided race id is invalid'));
    expect(await post('/livelaps/event/getEventsForCalendar', { promoterId: 'one' })).toEqual(error(400, 'invalid_id', 'The provided promoter id is invalid'));
    expect(await post('/livelaps/event/getEventsForCalendar', { promoterId: 1.5 })).toEqual(error(400, 'invalid_id', 'The provided promoter id is invalid'));
  });

  it('answers null_id for a call made without its id', async () => {
    expect(await get('/livelaps/race')).toEqual(error(400, 'null_id', 'Please provide the race id'));
    expect(await get('/livelaps/race/resultsbyteam')).toEqual(error(400, 'null_id', 'Please provide the race id'));
    expect(await get('/livelaps/race/config')).toEqual(error(400, 'null_id', 'Please provide the race id'));
    expect(await get('/livelaps/event/details')).toEqual(error(400, 'null_id', 'Please provide the event id'));
    expect(await get('/livelaps/events')).toEqual(error(400, 'null_id', 'Please provide the promoter id'));
  });

  it('answers other fields with invalid_<field> / null_<field>', async () => {
    const raceId = await raceIdOf('Pine Hill Enduro');
    expect(await get(`/livelaps/race/results/classes/${raceId}`)).toEqual(error(400, 'null_classes', 'Please provide the classes'));
    expect(await get(`/livelaps/race/results/classes/${raceId}?classes=`)).toEqual(error(400, 'null_classes', 'Please provide the classes'));
    expect(await post('/livelaps/event/getEventsForCalendar', { date: '2026-02-30' })).toEqual(error(400, 'invalid_date', 'The provided date is invalid'));
    expect(await post('/livelaps/event/getEventsForCalendar', { type: 'party' })).toEqual(error(400, 'invalid_type', 'The provided type is invalid'));
    expect(await get('/livelaps/events/1?years=20x6')).toEqual(error(400, 'invalid_years', 'The provided years are invalid'));
  });

  it('answers a body that is not JSON, or not an object, with one key each', async () => {
    expect(await post('/livelaps/event/getEventsForCalendar', '{oops')).toEqual(error(400, 'invalid_json', 'The request body is not valid JSON'));
    expect(await post('/livelaps/event/getEventsForCalendar', '[1]')).toEqual(error(400, 'invalid_request', 'The provided request is invalid'));
    expect(await post('/livelaps/event/getEventsForCalendar', { date: 5 })).toEqual(error(400, 'invalid_date', 'The provided date is invalid'));
  });

  it('answers not_found for unknown records, never a key naming the wrong thing', async () => {
    expect(await get('/livelaps/events/999')).toEqual(error(404, 'not_found', 'Promoter not found'));
    expect(await get('/livelaps/promoter/event/999')).toEqual(error(404, 'not_found', 'Event not found'));
    expect(await get('/livelaps/event/details/999')).toEqual(error(404, 'not_found', 'Event not found'));
    expect(await get('/livelaps/race/event/999')).toEqual(error(404, 'not_found', 'Event not found'));
    for (const path of ['race', 'race/results', 'race/resultsbyteam', 'race/config', 'race/filters']) {
      expect(await get(`/livelaps/${path}/999999`)).toEqual(error(404, 'not_found', 'Race not found'));
    }
    expect(await get('/livelaps/race/results/classes/999999?classes=AA')).toEqual(error(404, 'not_found', 'Race not found'));
  });

  it('does not take /events/1%20 or /race/1%00 for record 1', async () => {
    const id = await eventIdByName('Sebring Winter Test');
    const raceId = await raceIdOf('Sebring Winter Test');
    expect((await get(`/livelaps/promoter/event/${id}`)).status).toBe(200);
    for (const tail of ['%20', '%00', '%0A', '+', '.0', '%2F']) {
      expect(await get(`/livelaps/promoter/event/${id}${tail}`), tail).toEqual(error(400, 'invalid_id', 'The provided event id is invalid'));
      expect(await get(`/livelaps/race/${raceId}${tail}`), tail).toEqual(error(400, 'invalid_id', 'The provided race id is invalid'));
    }
    expect(await get('/livelaps/events/1%20')).toEqual(error(400, 'invalid_id', 'The provided promoter id is invalid'));
  });
});

describe('a wrong method is 405', () => {
  async function call(method: string, path: string) {
    const res = await api.request(`/api/v1${path}`, { method });
    return { status: res.status, allow: res.headers.get('allow'), body: method === 'HEAD' ? null : await res.json() };
  }

  it('answers 405 with Allow for a known path asked with another method', async () => {
    expect(await call('POST', '/livelaps/race/1')).toEqual({
      status: 405,
      allow: 'GET, HEAD',
      body: { error: 'method_not_allowed', message: 'The method POST is not allowed on this path: use GET, HEAD', statusCode: 405 },
    });
    expect(await call('DELETE', '/livelaps/events/1')).toMatchObject({ status: 405, allow: 'GET, HEAD', body: { error: 'method_not_allowed', statusCode: 405 } });
    expect(await call('GET', '/livelaps/event/getEventsForCalendar')).toMatchObject({ status: 405, allow: 'POST', body: { error: 'method_not_allowed' } });
    expect(await call('PUT', '/users/current/hasPermissionDisplayRace/1/1')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    expect(await call('PATCH', '/langs/current')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    expect(await call('POST', '/openapi.json')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    expect(await call('DELETE', '/livelaps/race/results')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
  });

  it('keeps HEAD for GET paths and refuses it on POST-only ones', async () => {
    expect((await call('HEAD', '/langs/current')).status).toBe(200);
    expect(await call('HEAD', '/livelaps/event/getEventsForCalendar')).toEqual({ status: 405, allow: 'POST', body: null });
  });

  it('answers every documented path’s other methods with 405, and unknown paths with 404', async () => {
    const { body } = await get('/openapi.json');
    for (const [path, ops] of Object.entries(body.paths as Record<string, object>)) {
      const concrete = path.replace('/api/v1', '').replace(/\{[^}]+\}/g, '1');
      const wrong = ['DELETE', 'GET', 'PATCH'].find((m) => !Object.keys(ops).includes(m.toLowerCase()))!;
      expect((await call(wrong, concrete)).status, `${wrong} ${concrete}`).toBe(405);
    }
    expect(await call('POST', '/nope')).toEqual({ status: 404, allow: null, body: { error: 'not_found', message: 'Not found', statusCode: 404 } });
    expect((await call('GET', '/livelaps/race/1/2/3')).status).toBe(404);
  });
});

describe('results downloads (livelaps/race/export/{id})', () => {
  it('serves the table as CSV with a BOM and headers in the asked language, filtered like the page', async () => {
    const raceId = await raceIdOf('Monster Energy Supercross from Las Vegas, NV');
    const res = await api.request(`/api/v1/livelaps/race/export/${raceId}?format=csv&locale=fr&q=tomac`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].split(',').slice(0, 3)).toEqual(['Pos.', 'No', 'Nom']);
    expect(lines[1]).toContain('Eli Tomac');
  });

  it('serves JSON, and refuses a bad format or a hidden race', async () => {
    const raceId = await raceIdOf('Pine Hill Enduro');
    const res = await api.request(`/api/v1/livelaps/race/export/${raceId}?format=json`);
    const body = await res.json();
    expect(body.view).toBe('team');
    expect(body.rows[0]).toMatchObject({ kind: 'team', cells: { team: 'OCCR - SAND BLASTERS' } });
    expect((await get(`/livelaps/race/export/${raceId}?format=xls`)).status).toBe(400);
    expect((await get('/livelaps/race/export/abc')).body.error).toBe('invalid_id');
    expect((await get('/livelaps/race/export')).body.error).toBe('null_id');
  });
});

describe('a race whose configuration is broken', () => {
  it('answers 422 race_not_configured to a download instead of failing', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { races } = await import('../../lib/server/db/schema');
    const raceId = await raceIdOf('Brands Hatch Test Race (Orbits)');
    const [{ config }] = await getDb().select({ config: races.config }).from(races).where(eq(races.id, raceId));
    await getDb().update(races).set({ config: { ...config, columns: null } as unknown as typeof config }).where(eq(races.id, raceId));
    try {
      expect(await get(`/livelaps/race/export/${raceId}?format=csv`)).toEqual({
        status: 422,
        body: { error: 'race_not_configured', message: 'The race is not properly configured', statusCode: 422 },
      });
    } finally {
      await getDb().update(races).set({ config }).where(eq(races.id, raceId));
    }
  });
});
