/**
 * Trackside through the database and the API (issue 10 "Trackside"; spec §3 Trackside
 * participant search, Racer detail, Paging state; §5 Trackside search; §7 POST
 * user/searchUsers; §8): a small set written here over the seeded database — a rider imported
 * twice (accents on one record, capitals on the other, two organizations' events, one series
 * over both), a rider of the second organization only, a rider of a hidden event — then:
 *  - the search by name (either order, accents and case aside, the race number), by location,
 *    with and without orgId; one item per racer; paging; the real imported riders;
 *  - the fold's letters (Ł, Ø), the words in any order, the most recently raced racers kept
 *    when more match than are read (racers, not entries, counted), named by their newest record;
 *  - bad input: 400 with the spec keys and texts, never 500 (one character too); an empty
 *    cleaned criterion;
 *  - the racer's detail, races (records joined through a second race number), laps (the last
 *    race, then the live one, with the racer's entry) and series points, a failing series
 *    isolated to its own line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RaceConfig } from '../../lib/contracts/results';
import { racerDetail, racerLaps, racerPoints, racerRaces, tracksideSearchReply } from '../../lib/contracts/trackside';
import { useTestDatabase, type TestDatabase } from './setup';

// One series' standings can be made to fail (a test below): the rest of the module is the real one.
vi.mock('../../lib/server/series', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/server/series')>();
  return { ...actual, loadSeries: vi.fn(actual.loadSeries) };
});

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let db: ReturnType<typeof import('../../lib/server/db').getDb>;
let s: typeof import('../../lib/server/db/schema');

async function call(path: string, init?: RequestInit) {
  const res = await api.request(`/api/v1/livelaps${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const search = (body: unknown) => call('/user/searchUsers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const found = async (body: unknown) => {
  const { status, body: reply } = await search(body);
  expect(status).toBe(200);
  return tracksideSearchReply.parse(reply.message);
};

const config: RaceConfig = { classes: ['Trackside Test'], clases_team: [], columns: ['position', 'number', 'name', 'class'], team_columns: [], sections: [] };

const ids = {
  orgA: 0,
  orgB: 0,
  classId: 0,
  jeromeA: 0,
  jeromeB: 0,
  nora: 0,
  hidden: 0,
  raceA: 0,
  raceB: 0,
  raceC1: 0,
  raceC2: 0,
  series: 0,
  eventA: 0,
  eventB: 0,
  entryB: 0,
  lukasz: 0,
  newtown: {} as Record<'alpha' | 'bravo' | 'charlieOld' | 'charlie' | 'delta', number>,
  gagnon: {} as Record<'g1' | 'g2' | 'g3', number>,
};

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const dbModule = await import('../../lib/server/db');
  const { createApiApp } = await import('../../lib/server/api/app');
  db = dbModule.getDb();
  s = dbModule.schema;
  api = createApiApp();

  const [orgA, orgB] = await db
    .insert(s.organizations)
    .values([{ name: 'Trackside Test Federation' }, { name: 'Trackside Northern Association' }])
    .returning({ id: s.organizations.id });
  ids.orgA = orgA.id;
  ids.orgB = orgB.id;
  const [promoter] = await db.insert(s.promoters).values({ userId: 9301, name: 'Trackside Test Club', organizationId: orgA.id }).returning({ id: s.promoters.id });
  const [cls] = await db.insert(s.classes).values({ name: 'Trackside Test' }).returning({ id: s.classes.id });
  ids.classId = cls.id;
  const [eventA, eventB, hiddenEvent, eventC] = await db
    .insert(s.events)
    .values([
      { promoterId: promoter.id, organizationId: orgA.id, name: 'Trackside Spring Test', startDate: '2026-05-03' },
      { promoterId: promoter.id, organizationId: orgB.id, name: 'Trackside Summer Test', startDate: '2026-06-14' },
      { promoterId: promoter.id, organizationId: orgA.id, name: 'Trackside Hidden Test', startDate: '2026-07-05', isPublic: false },
      { promoterId: promoter.id, organizationId: orgA.id, name: 'Trackside Autumn Test', startDate: '2026-08-09' },
    ])
    .returning({ id: s.events.id });
  ids.eventA = eventA.id;
  ids.eventB = eventB.id;
  // The same rider imported twice (one participant record per import), spelled two ways.
  const [jeromeA, jeromeB, nora, hidden, other] = await db
    .insert(s.participants)
    .values([
      { firstName: 'Jérôme', lastName: 'Lévesque-Côté', city: "Val-d'Or", state: 'QC' },
      { firstName: 'JEROME', lastName: 'LEVESQUE-COTE', city: "Val-d'Or", state: 'QC' },
      { firstName: 'Nora', lastName: 'Nordique', city: 'Kapuskasing', state: 'ON' },
      { firstName: 'Zacharie', lastName: 'Cachée', city: 'Rouyn-Noranda', state: 'QC' },
      { firstName: 'Olivier', lastName: 'Ouellet', city: "Val-d'Or", state: 'QC' },
    ])
    .returning({ id: s.participants.id });
  Object.assign(ids, { jeromeA: jeromeA.id, jeromeB: jeromeB.id, nora: nora.id, hidden: hidden.id });
  const [raceA, raceB, raceHidden] = await db
    .insert(s.races)
    .values([
      { eventId: eventA.id, name: 'Trackside Test – Moto 1', config },
      { eventId: eventB.id, name: 'Trackside Test – Moto 1', config },
      { eventId: hiddenEvent.id, name: 'Trackside Test – Moto 1', config },
    ])
    .returning({ id: s.races.id });
  ids.raceA = raceA.id;
  ids.raceB = raceB.id;
  const entry = async (raceId: number, participantId: number, number: string, brand: string) =>
    (await db.insert(s.entries).values({ raceId, participantId, sourceKey: number, raceNumber: number, classId: cls.id, brand }).returning({ id: s.entries.id }))[0].id;
  const [raceC1, raceC2] = await db
    .insert(s.races)
    .values([
      { eventId: eventC.id, name: 'Trackside Test – Moto 1', config },
      { eventId: eventC.id, name: 'Trackside Test – Moto 2', config, sortOrder: 1 },
    ])
    .returning({ id: s.races.id });
  ids.raceC1 = raceC1.id;
  ids.raceC2 = raceC2.id;
  const eA = await entry(raceA.id, jeromeA.id, '77', 'KTM');
  const oA = await entry(raceA.id, other.id, '8', 'HON');
  const eB = await entry(raceB.id, jeromeB.id, '77', 'HUS');
  const nB = await entry(raceB.id, nora.id, '12', 'YAM');
  const hH = await entry(raceHidden.id, hidden.id, '5', 'GAS');
  ids.entryB = eB;

  // Letters NFD leaves alone (Ł, Ø): the series search's fold folds them.
  const [lukasz] = await db.insert(s.participants).values({ firstName: 'Łukasz', lastName: 'Østergaard', city: 'Włocławek', state: 'PL' }).returning({ id: s.participants.id });
  ids.lukasz = lukasz.id;
  await entry(raceA.id, lukasz.id, '31', 'BET');

  // Racers of Newtown, ZZ, raced in date order: Alpha (spring), Bravo (summer), Charlie (summer,
  // then autumn under a new record, two motos), Delta (autumn).
  const newtown = await db
    .insert(s.participants)
    .values(['Alpha', 'Bravo', 'Charlie', 'Charlie', 'Delta'].map((firstName) => ({ firstName, lastName: 'Newtowner', city: 'Newtown', state: 'ZZ' })))
    .returning({ id: s.participants.id });
  ids.newtown = { alpha: newtown[0].id, bravo: newtown[1].id, charlieOld: newtown[2].id, charlie: newtown[3].id, delta: newtown[4].id };
  await entry(raceA.id, ids.newtown.alpha, '51', 'KTM');
  await entry(raceB.id, ids.newtown.bravo, '52', 'KTM');
  await entry(raceB.id, ids.newtown.charlieOld, '53', 'KTM');
  await entry(raceC1.id, ids.newtown.charlie, '53', 'KTM');
  await entry(raceC2.id, ids.newtown.charlie, '53', 'KTM');
  await entry(raceC1.id, ids.newtown.delta, '54', 'KTM');

  // Émile Gagnon, three records: #5 (spring), #5 and #6 (summer, autumn), #6 (autumn): the third
  // shares no number with the first and is his through the second.
  const gagnon = await db
    .insert(s.participants)
    .values([0, 1, 2].map(() => ({ firstName: 'Émile', lastName: 'Gagnon', city: 'Amos', state: 'QC' })))
    .returning({ id: s.participants.id });
  ids.gagnon = { g1: gagnon[0].id, g2: gagnon[1].id, g3: gagnon[2].id };
  await entry(raceA.id, ids.gagnon.g1, '5', 'GAS');
  await entry(raceB.id, ids.gagnon.g2, '5', 'GAS');
  await entry(raceC1.id, ids.gagnon.g2, '6', 'GAS');
  await entry(raceC2.id, ids.gagnon.g3, '6', 'GAS');

  await db.insert(s.results).values([
    { raceId: raceA.id, entryId: eA, position: 1, classPosition: 1, laps: 3, bestLapMs: 61_000, totalTimeMs: 190_000, state: 'finished' },
    { raceId: raceA.id, entryId: oA, position: 2, classPosition: 2, laps: 3, state: 'finished' },
    { raceId: raceB.id, entryId: nB, position: 1, classPosition: 1, laps: 4, state: 'finished' },
    { raceId: raceB.id, entryId: eB, position: 2, classPosition: 2, laps: 4, bestLapMs: 59_500, totalTimeMs: 250_000, state: 'finished' },
    { raceId: raceHidden.id, entryId: hH, position: 1, classPosition: 1, state: 'finished' },
  ]);
  // Laps of the summer race (the last one): 1:02.000, 0:59.500 (best), 1:00.100, 1:28.400.
  let total = 0;
  await db.insert(s.passings).values(
    [62_000, 59_500, 60_100, 68_400].map((lapTimeMs, i) => ({ raceId: raceB.id, entryId: eB, lapNumber: i + 1, lapTimeMs, totalTimeMs: (total += lapTimeMs) })),
  );
  const [series] = await db
    .insert(s.series)
    .values({ promoterId: promoter.id, name: '2026 Trackside Test Cup', startDate: '2026-05-01', endDate: '2026-09-30', rules: { pointsTable: [10, 8, 6] } })
    .returning({ id: s.series.id });
  ids.series = series.id;
  await db.insert(s.seriesEvents).values([
    { seriesId: series.id, eventId: eventA.id },
    { seriesId: series.id, eventId: eventB.id },
  ]);
});

afterAll(async () => {
  await database?.drop();
});

describe('POST user/searchUsers: by name', () => {
  it('finds a racer by full name in either order, accents and case aside, once for both records', async () => {
    for (const name of ['jerome levesque', 'JÉRÔME Lévesque-Côté', 'côté jérôme', 'levesque cote']) {
      const reply = await found({ name });
      expect(reply.participants, name).toEqual([{ id: ids.jeromeB, racerName: 'JEROME LEVESQUE-COTE', raceNumber: '77', location: "Val-d'Or, QC" }]);
      expect(reply.meta).toEqual({ page: 1, lastPage: 1, totalItems: 1, pageCount: 1, timeFormat: 1 });
    }
  });

  it('finds every word in any order, not only runs of the name', async () => {
    expect((await found({ name: 'cote jerome' })).participants.map((p) => p.id)).toEqual([ids.jeromeB]);
    expect((await found({ name: 'lev jér' })).participants.map((p) => p.id)).toEqual([ids.jeromeB]);
  });

  it('folds the letters NFD leaves alone (Ł, Ø) as the series search does', async () => {
    for (const name of ['lukasz ostergaard', 'Østergaard', 'ŁUKASZ']) {
      expect((await found({ name })).participants, name).toEqual([{ id: ids.lukasz, racerName: 'Łukasz Østergaard', raceNumber: '31', location: 'Włocławek, PL' }]);
    }
    expect((await found({ location: 'wloclawek' })).participants.map((p) => p.id)).toEqual([ids.lukasz]);
  });

  it('finds by race number too', async () => {
    const reply = await found({ name: '77' });
    expect(reply.participants.map((p) => p.id)).toContain(ids.jeromeB);
    expect(reply.participants.every((p) => p.raceNumber === '77')).toBe(true);
  });

  it('restricts to the organization of orgId (the latest record there names the racer)', async () => {
    expect((await found({ name: 'jerome levesque', orgId: ids.orgA })).participants).toEqual([
      { id: ids.jeromeA, racerName: 'Jérôme Lévesque-Côté', raceNumber: '77', location: "Val-d'Or, QC" },
    ]);
    expect((await found({ name: 'nora nordique', orgId: ids.orgA })).participants).toEqual([]);
    expect((await found({ name: 'nora nordique', orgId: ids.orgB })).participants.map((p) => p.id)).toEqual([ids.nora]);
    expect((await found({ name: 'nora nordique', orgId: 999_999 })).participants).toEqual([]);
  });

  it('finds the riders of the real imported results', async () => {
    expect((await found({ name: 'morgan freeman' })).participants.map((p) => p.racerName)).toEqual(['Morgan Freeman']);
    expect((await found({ name: 'canavan' })).participants.map((p) => [p.racerName, p.raceNumber])).toEqual([['RYAN CANAVAN', '23A']]);
  });

  it('never shows a rider of a hidden event', async () => {
    expect((await found({ name: 'zacharie cachee' })).participants).toEqual([]);
    expect((await call(`/trackside/racer/${ids.hidden}`)).status).toBe(404);
  });
});

describe('POST user/searchUsers: by location', () => {
  it('finds "city state" accents, case, hyphens and apostrophes aside', async () => {
    for (const location of ["val-d'or", 'VAL D’OR', 'val dor qc']) {
      const ids_ = (await found({ location })).participants.map((p) => p.id);
      expect(ids_, location).toContain(ids.jeromeB);
    }
    expect((await found({ location: 'kapuskasing' })).participants.map((p) => p.id)).toEqual([ids.nora]);
    expect((await found({ location: 'kapuskasing', orgId: ids.orgA })).participants).toEqual([]);
    expect((await found({ location: 'kapuskasing', orgId: ids.orgB })).participants.map((p) => p.id)).toEqual([ids.nora]);
  });

  it('keeps the most recently raced racers when more match than are read, each named by their newest record', async () => {
    const { searchRacers } = await import('../../lib/server/trackside');
    const query = { location: 'newtown zz', page: 1, size: 20 };
    const all = await searchRacers(query);
    expect(all.participants.map((p) => p.racerName)).toEqual(['Alpha Newtowner', 'Bravo Newtowner', 'Charlie Newtowner', 'Delta Newtowner']);
    // Charlie's newest record (autumn) names him, whatever his summer record.
    expect(all.participants.find((p) => p.racerName === 'Charlie Newtowner')).toEqual({ id: ids.newtown.charlie, racerName: 'Charlie Newtowner', raceNumber: '53', location: 'Newtown, ZZ' });
    // Two racers read: the two who raced last (Charlie's three entries count once).
    const newest = await searchRacers(query, { limit: 2 });
    expect(newest.participants.map((p) => p.id)).toEqual([ids.newtown.charlie, ids.newtown.delta]);
    expect(newest.meta.totalItems).toBe(2);
    expect((await searchRacers(query, { limit: 3 })).participants.map((p) => p.racerName)).toEqual(['Bravo Newtowner', 'Charlie Newtowner', 'Delta Newtowner']);
  });

  it('with name and location, finds racers matching both', async () => {
    expect((await found({ name: 'olivier', location: "val-d'or" })).participants.map((p) => p.racerName)).toEqual(['Olivier Ouellet']);
  });

  it('pages the racers found by last name', async () => {
    const all = await found({ location: 'qc', size: 100 });
    expect(all.meta.totalItems).toBeGreaterThan(4);
    const first = await found({ location: 'qc', size: 2 });
    const second = await found({ location: 'qc', size: 2, page: 2 });
    expect(first.meta).toEqual({ page: 1, lastPage: Math.ceil(all.meta.totalItems / 2), totalItems: all.meta.totalItems, pageCount: 2, timeFormat: 1 });
    expect([...first.participants, ...second.participants]).toEqual(all.participants.slice(0, 4));
  });
});

describe('POST user/searchUsers: what a client may send', () => {
  it('an empty cleaned criterion finds nothing (no query)', async () => {
    expect(await found({ name: '!!!' })).toEqual({ participants: [], meta: { page: 1, lastPage: 1, totalItems: 0, pageCount: 0, timeFormat: 1 } });
    expect((await found({ location: '   ' })).participants).toEqual([]);
  });

  it('answers 400 with the spec keys, never 500', async () => {
    const error = (status: number, code: string, message: string) => ({ status, body: { error: code, message, statusCode: status } });
    expect(await search({})).toEqual(error(400, 'null_name', 'Please provide the name'));
    expect(await search({ name: 'ab', orgId: '1' })).toEqual(error(400, 'invalid_id', 'The provided organization id is invalid'));
    expect(await search({ name: 'ab', orgId: -4 })).toEqual(error(400, 'invalid_id', 'The provided organization id is invalid'));
    // One character once cleaned would read every racer: the form's too-short rule, on the server too.
    expect(await search({ name: 'a' })).toEqual(error(400, 'invalid_name', 'The provided name is invalid'));
    expect(await search({ name: ' J. ' })).toEqual(error(400, 'invalid_name', 'The provided name is invalid'));
    expect(await search({ location: 'q' })).toEqual(error(400, 'invalid_location', 'The provided location is invalid'));
    expect(await search({ name: 42 })).toEqual(error(400, 'invalid_name', 'The provided name is invalid'));
    expect(await search({ location: 'x'.repeat(501) })).toEqual(error(400, 'invalid_location', 'The provided location is invalid'));
    expect(await search({ name: 'ab', page: 0 })).toEqual(error(400, 'invalid_page', 'The provided page is invalid'));
    expect((await search('{"name": ')).status).toBe(400);
    expect((await search('[]')).status).toBe(400);
    expect((await call('/user/searchUsers')).status).toBe(405);
  });

  it('cuts a long criterion to 50 characters, as the form does', async () => {
    // 15 letters, 40 spaces, "zzz": the cut leaves "jerome levesque", which finds him.
    expect((await found({ name: `jerome levesque${' '.repeat(40)}zzz` })).participants.map((p) => p.id)).toEqual([ids.jeromeB]);
    expect((await found({ name: `jerome levesque${' '.repeat(20)}zzz` })).participants).toEqual([]);
  });
});

describe('GET trackside/racer/{id}: the racer pages', () => {
  it('answers the detail from the latest race and the series standing', async () => {
    const { status, body } = await call(`/trackside/racer/${ids.jeromeA}`);
    expect(status).toBe(200);
    const detail = racerDetail.parse(body.message);
    // Motos: spring 1st (10 pts), summer 2nd (8 pts) in class Trackside Test.
    expect(detail).toEqual({
      id: ids.jeromeA,
      racerName: 'JEROME LEVESQUE-COTE',
      firstName: 'JEROME',
      lastName: 'LEVESQUE-COTE',
      raceNumber: '77',
      location: "Val-d'Or, QC",
      brand: 'HUS',
      className: 'Trackside Test',
      classRank: 1,
      classPoints: 18,
      overallRank: expect.any(Number),
      overallPoints: 18,
      pointsEarned: 8,
      series: { id: ids.series, name: '2026 Trackside Test Cup' },
      lastEvent: { id: ids.eventB, name: 'Trackside Summer Test', startDate: '2026-06-14' },
      live: null,
    });
  });

  it('lists their races newest first, from either record id', async () => {
    for (const id of [ids.jeromeA, ids.jeromeB]) {
      const { races } = racerRaces.parse((await call(`/trackside/racer/${id}/races`)).body.message);
      expect(races.map((r) => [r.raceId, r.eventName, r.startDate, r.position, r.classPosition, r.live])).toEqual([
        [ids.raceB, 'Trackside Summer Test', '2026-06-14', 2, 2, false],
        [ids.raceA, 'Trackside Spring Test', '2026-05-03', 1, 1, false],
      ]);
    }
  });

  it('joins a record that shares no number with the first through one that shares both', async () => {
    for (const id of Object.values(ids.gagnon)) {
      const { races } = racerRaces.parse((await call(`/trackside/racer/${id}/races`)).body.message);
      expect(races.map((r) => [r.raceId, r.raceNumber]), String(id)).toEqual([
        [ids.raceC2, '6'],
        [ids.raceC1, '6'],
        [ids.raceB, '5'],
        [ids.raceA, '5'],
      ]);
    }
  });

  it('gives the laps of the last race, the best marked, and the racer’s entry there', async () => {
    const laps = racerLaps.parse((await call(`/trackside/racer/${ids.jeromeA}/laps`)).body.message);
    expect(laps.race?.raceId).toBe(ids.raceB);
    expect(laps.entryId).toBe(ids.entryB);
    expect(laps.laps.map((l) => [l.lap, l.lapTimeMs, l.totalTimeMs, l.best])).toEqual([
      [1, 62_000, 62_000, false],
      [2, 59_500, 121_500, true],
      [3, 60_100, 181_600, false],
      [4, 68_400, 250_000, false],
    ]);
  });

  it('gives the series points per class', async () => {
    expect(racerPoints.parse((await call(`/trackside/racer/${ids.jeromeB}/points`)).body.message)).toEqual({
      series: [
        {
          seriesId: ids.series,
          seriesName: '2026 Trackside Test Cup',
          className: 'Trackside Test',
          position: 1,
          points: 18,
          eventsScored: 2,
          overallPosition: expect.any(Number),
          overallPoints: 18,
          classified: true,
          lastEvent: { id: ids.eventB, name: 'Trackside Summer Test', startDate: '2026-06-14', points: 8 },
        },
      ],
      failed: [],
    });
  });

  it('a series whose standings fail is listed as failed; the detail and the other parts still answer', async () => {
    const series = await import('../../lib/server/series');
    vi.mocked(series.loadSeries).mockImplementation(async () => {
      throw new Error('the engine failed');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const points = await call(`/trackside/racer/${ids.jeromeB}/points`);
      expect(points.status).toBe(200);
      expect(racerPoints.parse(points.body.message)).toEqual({ series: [], failed: [{ id: ids.series, name: '2026 Trackside Test Cup' }] });
      const detail = await call(`/trackside/racer/${ids.jeromeB}`);
      expect(detail.status).toBe(200);
      expect(racerDetail.parse(detail.body.message)).toEqual(expect.objectContaining({ racerName: 'JEROME LEVESQUE-COTE', classRank: null, series: null, className: 'Trackside Test' }));
    } finally {
      vi.mocked(series.loadSeries).mockReset();
      const actual = await vi.importActual<typeof import('../../lib/server/series')>('../../lib/server/series');
      vi.mocked(series.loadSeries).mockImplementation(actual.loadSeries);
      errors.mockRestore();
    }
  });

  it('prefers the race running now for the laps, and says they ride now', async () => {
    await db.update(s.races).set({ liveState: 'live', liveUpdatedAt: new Date() }).where(eq(s.races.id, ids.raceA));
    try {
      const laps = racerLaps.parse((await call(`/trackside/racer/${ids.jeromeB}/laps`)).body.message);
      expect(laps.race).toEqual(expect.objectContaining({ raceId: ids.raceA, live: true }));
      expect(laps.laps).toEqual([]);
      const detail = racerDetail.parse((await call(`/trackside/racer/${ids.jeromeB}`)).body.message);
      expect(detail.live).toEqual({ raceId: ids.raceA, raceName: 'Trackside Test – Moto 1', eventName: 'Trackside Spring Test' });
    } finally {
      await db.update(s.races).set({ liveState: null }).where(eq(s.races.id, ids.raceA));
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown racer', async () => {
    expect(await call('/trackside/racer/abc')).toEqual({ status: 400, body: { error: 'invalid_id', message: 'The provided id is invalid', statusCode: 400 } });
    expect((await call('/trackside/racer/0/races')).status).toBe(400);
    expect(await call('/trackside/racer/2000000000/laps')).toEqual({ status: 404, body: { error: 'not_found', message: 'Racer not found', statusCode: 404 } });
    expect((await call('/trackside/racer/2000000000/points')).status).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await api.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of ['/livelaps/user/searchUsers', '/livelaps/trackside/racer/{id}', '/livelaps/trackside/racer/{id}/races', '/livelaps/trackside/racer/{id}/laps', '/livelaps/trackside/racer/{id}/points']) {
      expect(Object.keys(doc.paths).some((p) => p.endsWith(path)), path).toBe(true);
    }
  });
});
