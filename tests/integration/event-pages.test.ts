/**
 * The event-page calls (spec §2 Event page; §7 promoter/event/*, promoter/race/classLink,
 * registration/*) against a real PostgreSQL database. The test writes its own event (races,
 * entries with a start grid, results, classes offered, registrations, series) so it depends on
 * nothing but the default promoter of the seeded template.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accordionRace,
  eventClassOffer,
  eventSeries,
  participantRow,
  raceClassCount,
  raceClassLinks,
  registrant,
  registrationCount,
  registrationRow,
  startGridRace,
} from '../../lib/contracts/events';
import type { RaceConfig } from '../../lib/contracts/results';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

async function get(path: string, init?: RequestInit) {
  const res = await api.request(`/api/v1/livelaps${path}`, init);
  return { status: res.status, body: await res.json() };
}
const post = (path: string, body: unknown) =>
  get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** YYYY-MM-DD `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ids = { event: 0, hiddenEvent: 0, otherEvent: 0, sprint: 0, enduro: 0, hiddenRace: 0, raceOfHiddenEvent: 0, series: 0, classes: {} as Record<string, number> };
const config = (classes: string[]): RaceConfig => ({ classes, clases_team: [], columns: ['position', 'number', 'name', 'class'], team_columns: [], sections: [] });

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const { getDb } = await import('../../lib/server/db');
  const s = await import('../../lib/server/db/schema');
  const db = getDb();
  const [promoter] = await db.select({ id: s.promoters.id }).from(s.promoters).where(eq(s.promoters.userId, 1));

  const [event, hidden, other] = await db
    .insert(s.events)
    .values([
      {
        promoterId: promoter.id,
        name: 'H3 Motocross de Saint-Joachim',
        startDate: inDays(30),
        endDate: inDays(31),
        location: 'Motoparc Saint-Joachim',
        address: '1200 rang Saint-Joseph',
        city: 'Saint-Joachim',
        state: 'QC',
        postalCode: 'J0E 2G0',
        country: 'Canada',
        discipline: 'motocross',
        registrationOpen: true,
      },
      { promoterId: promoter.id, name: 'H3 Hidden Enduro', startDate: inDays(40), isPublic: false },
      { promoterId: promoter.id, name: 'H3 Earlier Round', startDate: inDays(-30), isComplete: true },
    ])
    .returning({ id: s.events.id });
  Object.assign(ids, { event: event.id, hiddenEvent: hidden.id, otherEvent: other.id });

  const classRows = await db
    .insert(s.classes)
    .values([
      { name: 'H3 Open', sortOrder: 3 },
      { name: 'H3 85cc', sortOrder: 2, minAge: 9, maxAge: 15 },
      { name: 'H3 Vet 30+', sortOrder: 4, minAge: 30 },
      { name: 'H3 Women', sortOrder: 5 },
    ])
    .returning({ id: s.classes.id, name: s.classes.name });
  for (const c of classRows) ids.classes[c.name] = c.id;
  const cls = ids.classes;

  const [sprint, enduro, hiddenRace, raceOfHidden] = await db
    .insert(s.races)
    .values([
      { eventId: event.id, name: 'Moto 1', sortOrder: 0, config: config(['H3 Open', 'H3 85cc']) },
      { eventId: event.id, name: 'Enduro loop', kind: 'enduro' as const, sortOrder: 1, config: config([]) },
      { eventId: event.id, name: 'Practice (hidden)', sortOrder: 2, isPublic: false, config: config([]) },
      { eventId: hidden.id, name: 'Hidden event race', config: config([]) },
    ])
    .returning({ id: s.races.id });
  Object.assign(ids, { sprint: sprint.id, enduro: enduro.id, hiddenRace: hiddenRace.id, raceOfHiddenEvent: raceOfHidden.id });

  const riders = await db
    .insert(s.participants)
    .values([
      { firstName: 'Alex', lastName: 'Tremblay', city: 'Granby', state: 'QC' },
      { firstName: 'Béa', lastName: 'Gagnon', city: 'Sherbrooke', state: 'QC' },
      { firstName: 'Chris', lastName: 'Roy', city: 'Ottawa', state: 'ON' },
      { firstName: 'Dana', lastName: 'Côté', city: 'Magog', state: 'QC' },
      { firstName: 'Eli', lastName: 'Morin', city: 'Laval', state: 'QC' },
    ])
    .returning({ id: s.participants.id });
  const [alex, bea, chris, dana, eli] = riders.map((r) => r.id);

  // Moto 1: gate picks for three riders, one rider without a grid slot, one without a class.
  const entries = await db
    .insert(s.entries)
    .values([
      { raceId: sprint.id, participantId: alex, sourceKey: 'a', raceNumber: '12', classId: cls['H3 Open'], brand: 'KTM', gridPosition: 3, gridLabel: 'Gate 3' },
      { raceId: sprint.id, participantId: bea, sourceKey: 'b', raceNumber: '7', classId: cls['H3 85cc'], brand: 'Yamaha', gridPosition: 1, gridLabel: 'Gate 1' },
      { raceId: sprint.id, participantId: chris, sourceKey: 'c', raceNumber: '101', classId: cls['H3 Open'], brand: 'Honda', gridPosition: 2 },
      { raceId: sprint.id, participantId: dana, sourceKey: 'd', raceNumber: '44', classId: cls['H3 Women'] },
      { raceId: sprint.id, participantId: eli, sourceKey: 'e', raceNumber: '9', classId: null },
      { raceId: enduro.id, participantId: alex, sourceKey: 'a', raceNumber: '12', classId: cls['H3 Open'] },
      { raceId: hiddenRace.id, participantId: bea, sourceKey: 'b', raceNumber: '7', classId: cls['H3 85cc'], gridPosition: 1 },
    ])
    .returning({ id: s.entries.id, raceId: s.entries.raceId });
  await db.insert(s.results).values(entries.filter((e) => e.raceId === sprint.id).map((e, i) => ({ raceId: sprint.id, entryId: e.id, position: i + 1 })));

  await db.insert(s.eventClasses).values([
    { eventId: event.id, classId: cls['H3 85cc'], feeCents: 4500, capacity: 2, sortOrder: 1 },
    { eventId: event.id, classId: cls['H3 Open'], feeCents: 6000, capacity: null, sortOrder: 2 },
    { eventId: event.id, classId: cls['H3 Vet 30+'], feeCents: 0, capacity: 10, sortOrder: 3 },
  ]);
  await db.insert(s.registrations).values([
    { eventId: event.id, participantId: alex, classId: cls['H3 Open'], raceNumber: '12', brand: 'KTM' },
    { eventId: event.id, participantId: chris, classId: cls['H3 Open'], raceNumber: '101', brand: 'Honda' },
    { eventId: event.id, participantId: bea, classId: cls['H3 85cc'], raceNumber: '7', brand: 'Yamaha' },
    { eventId: event.id, participantId: eli, classId: cls['H3 85cc'], raceNumber: '9', state: 'cancelled' },
    { eventId: event.id, participantId: dana, classId: cls['H3 Open'], raceNumber: '44', state: 'cancelled' },
    { eventId: event.id, participantId: dana, classId: cls['H3 Women'], raceNumber: '44' },
    { eventId: hidden.id, participantId: alex, classId: cls['H3 Open'] },
  ]);

  const [championship, hiddenSeries] = await db
    .insert(s.series)
    .values([
      { promoterId: promoter.id, name: 'H3 Championnat MX', startDate: inDays(-60), endDate: inDays(120) },
      { promoterId: promoter.id, name: 'H3 Secret series', startDate: inDays(-60), endDate: inDays(120), isPublic: false },
    ])
    .returning({ id: s.series.id });
  ids.series = championship.id;
  await db.insert(s.seriesEvents).values([
    { seriesId: championship.id, eventId: other.id },
    { seriesId: championship.id, eventId: event.id },
    { seriesId: championship.id, eventId: hidden.id },
    { seriesId: hiddenSeries.id, eventId: event.id },
  ]);

  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});
afterAll(() => database?.drop());

describe('GET promoter/event/{id}', () => {
  it('answers the venue, discipline, registration status and completeness', async () => {
    const { status, body } = await get(`/promoter/event/${ids.event}`);
    expect(status).toBe(200);
    expect(body.message[0]).toMatchObject({
      id: ids.event,
      address: '1200 rang Saint-Joseph',
      city: 'Saint-Joachim',
      state: 'QC',
      postalCode: 'J0E 2G0',
      country: 'Canada',
      discipline: 'motocross',
      registrationOpen: true,
      registrationClosesOn: null,
      registrationStatus: 'open',
      isComplete: false,
    });
    expect(body.message[0]).not.toHaveProperty('isPublic');
    expect((await get(`/promoter/event/${ids.otherEvent}`)).body.message[0]).toMatchObject({ registrationStatus: 'done', isComplete: true });
  });
});

describe('races and classes', () => {
  it('accordionRaces: the public races in running order, with classes, counts and results paths', async () => {
    const { status, body } = await get(`/promoter/event/${ids.event}/accordionRaces`);
    expect(status).toBe(200);
    const races = body.message.map((r: unknown) => accordionRace.strict().parse(r));
    expect(races.map((r: { name: string }) => r.name)).toEqual(['Moto 1', 'Enduro loop']);
    const [moto] = races;
    expect(moto).toMatchObject({ id: ids.sprint, kind: 'sprint', entryCount: 5, resultCount: 5 });
    expect(moto.classes).toEqual([
      { classId: ids.classes['H3 Open'], name: 'H3 Open', group: null, entryCount: 2, resultsPath: `/scores/${ids.sprint}?class=H3+Open` },
      { classId: ids.classes['H3 85cc'], name: 'H3 85cc', group: null, entryCount: 1, resultsPath: `/scores/${ids.sprint}?class=H3+85cc` },
      { classId: ids.classes['H3 Women'], name: 'H3 Women', group: null, entryCount: 1, resultsPath: `/scores/${ids.sprint}?class=H3+Women` },
      { classId: null, name: null, group: null, entryCount: 1, resultsPath: null },
    ]);
    expect(races[1]).toMatchObject({ kind: 'enduro', entryCount: 1, resultCount: 0 });
  });

  it('accordionClasses: the classes of one race, with or without configId', async () => {
    const one = await post('/promoter/event/accordionClasses', { raceId: ids.sprint });
    expect(one.status).toBe(200);
    for (const c of one.body.message) raceClassCount.strict().parse(c);
    expect(one.body.message.map((c: { name: string | null }) => c.name)).toEqual(['H3 Open', 'H3 85cc', 'H3 Women', null]);
    expect((await post('/promoter/event/accordionClasses', { configId: 99, raceId: ids.sprint })).body).toEqual(one.body);
  });

  it('getParticipantsDT: every entry by race number, as data-table rows', async () => {
    const { status, body } = await post('/promoter/event/getParticipantsDT', { raceId: ids.sprint });
    expect(status).toBe(200);
    expect(body.message.recordsTotal).toBe(5);
    for (const row of body.message.data) participantRow.strict().parse(row);
    expect(body.message.data.map((r: { number: string }) => r.number)).toEqual(['7', '9', '12', '44', '101']);
    expect(body.message.data[0]).toMatchObject({ firstName: 'Béa', className: 'H3 85cc', brand: 'Yamaha', gridPosition: 1, gridLabel: 'Gate 1' });
  });

  it('classLink: the race’s results and one link per class', async () => {
    const { status, body } = await get(`/promoter/race/classLink/${ids.sprint}`);
    expect(status).toBe(200);
    expect(raceClassLinks.strict().parse(body.message)).toEqual({
      raceId: ids.sprint,
      racePath: `/races/${ids.sprint}`,
      classes: [
        { name: 'H3 Open', entryCount: 2, path: `/scores/${ids.sprint}?class=H3+Open` },
        { name: 'H3 85cc', entryCount: 1, path: `/scores/${ids.sprint}?class=H3+85cc` },
        { name: 'H3 Women', entryCount: 1, path: `/scores/${ids.sprint}?class=H3+Women` },
      ],
    });
  });
});

describe('start grid', () => {
  it('racesStartGrid: riders by grid position per public race; none for a race without a grid', async () => {
    const { status, body } = await get(`/promoter/event/${ids.event}/racesStartGrid`);
    expect(status).toBe(200);
    const races = body.message.map((r: unknown) => startGridRace.strict().parse(r));
    expect(races.map((r: { raceId: number }) => r.raceId)).toEqual([ids.sprint, ids.enduro]);
    expect(races[0].rows.map((r: { position: number; label: string | null; number: string; lastName: string }) => [r.position, r.label, r.number, r.lastName])).toEqual([
      [1, 'Gate 1', '7', 'Gagnon'],
      [2, null, '101', 'Roy'],
      [3, 'Gate 3', '12', 'Tremblay'],
    ]);
    expect(races[1].rows).toEqual([]);
  });
});

describe('series', () => {
  it('lists the public series with season, rounds (public events) and this event’s round', async () => {
    const { status, body } = await get(`/promoter/event/${ids.event}/series`);
    expect(status).toBe(200);
    expect(body.message).toHaveLength(1);
    expect(eventSeries.strict().parse(body.message[0])).toMatchObject({ id: ids.series, name: 'H3 Championnat MX', roundCount: 2, round: 2, seriesType: 'overall' });
  });

  it('getRaceSeries answers the series of the race’s event', async () => {
    const { status, body } = await get(`/promoter/event/getRaceSeries/${ids.sprint}`);
    expect(status).toBe(200);
    expect(body.message.map((s: { id: number }) => s.id)).toEqual([ids.series]);
    expect((await get(`/promoter/event/getRaceSeries/${ids.hiddenRace}`)).status).toBe(404);
  });
});

describe('registration/*', () => {
  it('getRegistrationCount counts cancelled registrations apart', async () => {
    const { status, body } = await post('/registration/getRegistrationCount', { eventId: ids.event });
    expect(status).toBe(200);
    expect(registrationCount.strict().parse(body.message)).toEqual({
      eventId: ids.event,
      registered: 4,
      waiting: 0,
      cancelled: 2,
      classes: [
        { classId: ids.classes['H3 85cc'], name: 'H3 85cc', registered: 1, waiting: 0, cancelled: 1, capacity: 2, spotsLeft: 1 },
        { classId: ids.classes['H3 Open'], name: 'H3 Open', registered: 2, waiting: 0, cancelled: 1, capacity: null, spotsLeft: null },
        { classId: ids.classes['H3 Vet 30+'], name: 'H3 Vet 30+', registered: 0, waiting: 0, cancelled: 0, capacity: 10, spotsLeft: 10 },
        { classId: ids.classes['H3 Women'], name: 'H3 Women', registered: 1, waiting: 0, cancelled: 0, capacity: null, spotsLeft: null },
      ],
    });
  });

  it('getRegistrants: registered riders only, public fields only (never an email)', async () => {
    const { status, body } = await post('/registration/getRegistrants', { eventId: ids.event });
    expect(status).toBe(200);
    for (const r of body.message) {
      registrant.strict().parse(r);
      expect(Object.keys(r).sort()).toEqual(['city', 'className', 'firstName', 'lastName', 'number', 'state']);
    }
    expect(JSON.stringify(body)).not.toMatch(/email|phone|birth|@/i);
    expect(body.message.map((r: { number: string; className: string }) => `${r.className} ${r.number}`)).toEqual(['H3 85cc 7', 'H3 Open 12', 'H3 Open 101', 'H3 Women 44']);
  });

  it('loadClasses: fees in cents, age limits, capacity and spots left, in the event’s order', async () => {
    const { status, body } = await post('/registration/loadClasses', { eventId: ids.event });
    expect(status).toBe(200);
    const classes = body.message.map((c: unknown) => eventClassOffer.strict().parse(c));
    expect(classes.map((c: { name: string; feeCents: number; minAge: number | null; maxAge: number | null; spotsLeft: number | null }) => [c.name, c.feeCents, c.minAge, c.maxAge, c.spotsLeft])).toEqual([
      ['H3 85cc', 4500, 9, 15, 1],
      ['H3 Open', 6000, null, null, null],
      ['H3 Vet 30+', 0, 30, null, 10],
    ]);
  });

  it('loadRows: one row per registration, cancelled ones last and marked', async () => {
    const { status, body } = await post('/registration/loadRows', { eventId: ids.event });
    expect(status).toBe(200);
    const rows = body.message.map((r: unknown) => registrationRow.strict().parse(r));
    expect(rows.map((r: { number: string; status: string }) => `${r.number} ${r.status}`)).toEqual(['7 registered', '12 registered', '101 registered', '44 registered', '9 cancelled', '44 cancelled']);
    expect(rows[0].registeredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(body)).not.toMatch(/email|phone|birth/i);
  });

  it('answers empty lists and zero counts for an event nobody registered for', async () => {
    expect((await post('/registration/getRegistrationCount', { eventId: ids.otherEvent })).body.message).toEqual({ eventId: ids.otherEvent, registered: 0, waiting: 0, cancelled: 0, classes: [] });
    for (const path of ['/registration/getRegistrants', '/registration/loadClasses', '/registration/loadRows']) {
      expect((await post(path, { eventId: ids.otherEvent })).body).toEqual({ message: [] });
    }
  });
});

describe('errors (spec §8)', () => {
  const eventGets = ['accordionRaces', 'racesStartGrid', 'series'];
  const registrationPosts = ['getRegistrationCount', 'getRegistrants', 'loadClasses', 'loadRows'];

  it('refuses a malformed event id with 400 invalid_id and a missing one with 400 null_id', async () => {
    const invalid = { error: 'invalid_id', message: 'The provided event id is invalid', statusCode: 400 };
    const missing = { error: 'null_id', message: 'Please provide the event id', statusCode: 400 };
    for (const path of registrationPosts) {
      for (const bad of ['12', 0, -1, 1.5, 99_999_999_999, true]) {
        expect(await post(`/registration/${path}`, { eventId: bad }), `${path} ${bad}`).toEqual({ status: 400, body: invalid });
      }
      expect(await post(`/registration/${path}`, {})).toEqual({ status: 400, body: missing });
      expect((await post(`/registration/${path}`, '{not json')).body.error).toBe('invalid_json');
    }
    for (const path of eventGets) {
      expect(await get(`/promoter/event/abc/${path}`)).toEqual({ status: 400, body: invalid });
    }
  });

  it('refuses a malformed or missing race id the same way', async () => {
    for (const path of ['accordionClasses', 'getParticipantsDT']) {
      expect((await post(`/promoter/event/${path}`, { raceId: 'x' })).body).toEqual({ error: 'invalid_id', message: 'The provided race id is invalid', statusCode: 400 });
      expect((await post(`/promoter/event/${path}`, { configId: 1 })).body).toEqual({ error: 'null_id', message: 'Please provide the race id', statusCode: 400 });
      expect((await post(`/promoter/event/${path}`, { raceId: ids.sprint, configId: 'x' })).body).toMatchObject({ error: 'invalid_id', message: 'The provided config id is invalid' });
    }
    expect((await get('/promoter/race/classLink/1.5')).body.error).toBe('invalid_id');
    expect((await get('/promoter/race/classLink')).body).toEqual({ error: 'null_id', message: 'Please provide the race id', statusCode: 400 });
    expect((await get('/promoter/event/getRaceSeries')).body).toEqual({ error: 'null_id', message: 'Please provide the race id', statusCode: 400 });
  });

  it('answers 404 not_found for a hidden or unknown event, and for a hidden race or a race of a hidden event', async () => {
    for (const id of [ids.hiddenEvent, 2_000_000_000]) {
      for (const path of eventGets) expect((await get(`/promoter/event/${id}/${path}`)).body, `${path} ${id}`).toEqual({ error: 'not_found', message: 'Event not found', statusCode: 404 });
      for (const path of registrationPosts) expect((await post(`/registration/${path}`, { eventId: id })).status, `${path} ${id}`).toBe(404);
    }
    for (const raceId of [ids.hiddenRace, ids.raceOfHiddenEvent, 2_000_000_000]) {
      expect((await post('/promoter/event/accordionClasses', { raceId })).body).toEqual({ error: 'not_found', message: 'Race not found', statusCode: 404 });
      expect((await post('/promoter/event/getParticipantsDT', { raceId })).status).toBe(404);
      expect((await get(`/promoter/race/classLink/${raceId}`)).status).toBe(404);
      expect((await get(`/promoter/event/getRaceSeries/${raceId}`)).status).toBe(404);
    }
  });

  it('answers 405 for a POST-only call made with GET', async () => {
    const res = await api.request('/api/v1/livelaps/registration/loadRows');
    expect(res.status).toBe(405);
    for (const path of ['accordionClasses', 'getParticipantsDT']) {
      const wrong = await api.request(`/api/v1/livelaps/promoter/event/${path}`);
      expect([wrong.status, wrong.headers.get('allow'), (await wrong.json()).error]).toEqual([405, 'POST', 'method_not_allowed']);
    }
  });
});

describe('OpenAPI document', () => {
  it('lists every event-page call with the spec’s paths', async () => {
    const res = await api.request('/api/v1/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(
        [
          'promoter/event/{id}/racesStartGrid',
          'promoter/event/{id}/series',
          'promoter/event/{id}/accordionRaces',
          'promoter/event/getRaceSeries/{id}',
          'promoter/event/accordionClasses',
          'promoter/event/getParticipantsDT',
          'promoter/race/classLink/{id}',
          'registration/getRegistrationCount',
          'registration/getRegistrants',
          'registration/loadClasses',
          'registration/loadRows',
        ].map((p) => `/api/v1/livelaps/${p}`),
      ),
    );
  });
});

describe('a hidden club hides its events (spec §6)', () => {
  it('answers 404 for a public event and race of a club that is not public, in every call', async () => {
    const { getDb } = await import('../../lib/server/db');
    const s = await import('../../lib/server/db/schema');
    const db = getDb();
    const [club] = await db.insert(s.promoters).values({ userId: 777_001, name: 'H3 Hidden Club', isPublic: false }).returning({ id: s.promoters.id });
    const [event] = await db.insert(s.events).values({ promoterId: club.id, name: 'H3 Event of a hidden club', startDate: inDays(20) }).returning({ id: s.events.id });
    const [race] = await db.insert(s.races).values({ eventId: event.id, name: 'Moto 1', config: config(['Open']) }).returning({ id: s.races.id });

    for (const path of [`/promoter/event/${event.id}`, `/promoter/event/${event.id}/racesStartGrid`, `/promoter/event/${event.id}/accordionRaces`, `/race/${race.id}`, `/events/777001`]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await post('/registration/getRegistrants', { eventId: event.id })).status).toBe(404);
    const { listCalendarEvents } = await import('../../lib/server/calendar');
    const entries = await listCalendarEvents({ range: { start: inDays(-1), end: inDays(60) }, today: inDays(0) });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.id)).not.toContain(event.id);
  });
});
