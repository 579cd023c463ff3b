/**
 * Series standings through the database and the API (issue 9; spec §3 Series, Series table,
 * Series filters; §4 Series results, Participant search; §7 livelaps/series/*,
 * promoter/series/{id}, promoter/race/getSeriesScores; §8):
 *  (a) the East Coast Enduro Association's published team points for Pine Hill equal the
 *      engine's over the imported event (host club CJCR), team by team;
 *  (b) a small series written here — three held rounds of two motos, a future round and a
 *      hidden one, a drop, a missed event, a tie broken by better finishes, riders under the
 *      minimum events, a rider imported twice (matched by name + number + class, then split,
 *      then merged back), another matched by licence — whose standings were computed BY HAND
 *      (the figures below are not read back from the engine);
 *  (c) every series route: shapes, errors, filters, order, paging, CSV, participant search,
 *      getSeriesScores.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOTOCROSS_POINTS,
  riderSeason,
  seriesConfig,
  seriesFilters,
  seriesParticipant,
  seriesResults,
  type SeriesResultRow,
  type SeriesRulesInput,
} from '../../lib/contracts/series';
import type { RaceConfig } from '../../lib/contracts/results';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let db: ReturnType<typeof import('../../lib/server/db').getDb>;
let s: typeof import('../../lib/server/db/schema');
let series: typeof import('../../lib/server/series');

async function get(path: string, init?: RequestInit) {
  const res = await api.request(`/api/v1/livelaps${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: res.headers };
}
const post = (path: string, body: unknown) =>
  get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const error = (status: number, code: string, message: string) => ({ error: code, message, statusCode: status });

const config: RaceConfig = { classes: ['A Test', 'B Test'], clases_team: [], columns: ['position', 'number', 'name', 'class'], team_columns: [], sections: [] };

/** The riders of series (b): participant record, name, number, class, brand, hometown, licence. */
const RIDERS = {
  alice: { first: 'Alice', last: 'Ashford', number: '1', cls: 'A', brand: 'KTM', city: 'Sherbrooke', state: 'QC' },
  bob: { first: 'Bob', last: 'Brunet', number: '2', cls: 'A', brand: 'YAM', city: 'Granby', state: 'QC' },
  chloe: { first: 'Chloé', last: 'Côté', number: '3', cls: 'A', brand: 'HON', city: 'Magog', state: 'QC' },
  jerome: { first: 'Jérôme', last: 'Dubé', number: '4', cls: 'A', brand: 'KTM', city: 'Orford', state: 'QC' },
  // The same rider imported twice: the second record spells the name without accents, other brand.
  etienne1: { first: 'Étienne', last: 'Éthier', number: '5', cls: 'A', brand: 'HUS', city: 'Bromont', state: 'QC' },
  etienne2: { first: 'ETIENNE', last: 'ETHIER', number: '5', cls: 'A', brand: 'GAS', city: 'Bromont', state: 'QC' },
  gaston: { first: 'Gaston', last: 'Gagné', number: '6', cls: 'A', brand: 'SUZ', city: 'Eastman', state: 'QC' },
  felix: { first: 'Félix', last: 'Fortin', number: '10', cls: 'B', brand: 'KTM', city: 'Ottawa', state: 'ON' },
  // Also imported twice, with another race number each time: matched by licence.
  hugo1: { first: 'Hugo', last: 'Hébert', number: '11', cls: 'B', brand: 'YAM', city: 'Kingston', state: 'ON', licence: 'ON-555' },
  hugo2: { first: 'Hugo', last: 'Hebert', number: '12', cls: 'B', brand: 'YAM', city: 'Kingston', state: 'ON', licence: 'on 555' },
} as const;
type Rider = keyof typeof RIDERS;

/**
 * Each moto as the finishing order of each class (the class positions); overall positions are
 * class A's riders in their order, then class B's.
 */
const ROUNDS: { name: string; date: string; public?: boolean; motos: { A: Rider[]; B: Rider[] }[] }[] = [
  {
    name: 'Round 1 Test Motocross',
    date: '2026-05-03',
    motos: [
      { A: ['alice', 'bob', 'chloe', 'jerome', 'etienne1', 'gaston'], B: ['felix', 'hugo1'] },
      { A: ['bob', 'alice', 'chloe', 'etienne1', 'jerome', 'gaston'], B: ['felix', 'hugo1'] },
    ],
  },
  {
    name: 'Round 2 Test Motocross',
    date: '2026-05-17',
    motos: [
      { A: ['bob', 'alice', 'chloe', 'etienne1'], B: ['hugo2'] },
      { A: ['bob', 'alice', 'etienne1', 'chloe'], B: ['hugo2'] },
    ],
  },
  {
    name: 'Round 3 Test Motocross',
    date: '2026-06-07',
    motos: [
      { A: ['alice', 'chloe', 'bob', 'etienne2', 'jerome'], B: [] },
      { A: ['alice', 'bob', 'chloe', 'jerome', 'etienne2'], B: [] },
    ],
  },
  // Hidden: its results must count for nothing (Gaston would reach the minimum events).
  { name: 'Hidden Test Motocross', date: '2026-06-21', public: false, motos: [{ A: ['gaston'], B: [] }] },
  // Not held yet.
  { name: 'Round 4 Test Motocross', date: '2026-09-13', motos: [] },
];

/** Points 10, 8, 6, 5, 4 (0 after); per moto; best 2 results; at least 2 events; better finishes, then the latest race. */
const RULES: SeriesRulesInput = { pointsTable: [10, 8, 6, 5, 4], scoring: 'moto', bestResults: 2, minEvents: 2, tieBreak: ['better-finishes', 'latest-race'] };

const ids = {
  promoter: 0,
  hiddenPromoter: 0,
  series: 0,
  hiddenSeries: 0,
  seriesOfHiddenPromoter: 0,
  pineHillSeries: 0,
  pineHill: 0,
  classA: 0,
  classB: 0,
  events: [] as number[],
  motos: [] as number[][],
  participants: {} as Record<Rider, number>,
};

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const dbModule = await import('../../lib/server/db');
  const { createApiApp } = await import('../../lib/server/api/app');
  series = await import('../../lib/server/series');
  db = dbModule.getDb();
  s = dbModule.schema;
  api = createApiApp();

  const [promoter, hiddenPromoter] = await db
    .insert(s.promoters)
    .values([
      { userId: 9101, name: 'Club Test Motocross' },
      { userId: 9102, name: 'Hidden Test Club', isPublic: false },
    ])
    .returning({ id: s.promoters.id });
  ids.promoter = promoter.id;
  ids.hiddenPromoter = hiddenPromoter.id;
  const [classA, classB] = await db
    .insert(s.classes)
    .values([
      { name: 'A Test', sortOrder: 0 },
      { name: 'B Test', sortOrder: 0 },
    ])
    .returning({ id: s.classes.id });
  ids.classA = classA.id;
  ids.classB = classB.id;

  for (const [key, r] of Object.entries(RIDERS) as [Rider, (typeof RIDERS)[Rider]][]) {
    const [p] = await db
      .insert(s.participants)
      // Licences the federation confirmed (issue 29: a typed one would match nobody).
      .values({ firstName: r.first, lastName: r.last, city: r.city, state: r.state, licence: 'licence' in r ? r.licence : null, licenceConfirmedAt: 'licence' in r ? new Date('2026-01-05T12:00:00Z') : null, licenceConfirmedBy: 'licence' in r ? 'federation' : null })
      .returning({ id: s.participants.id });
    ids.participants[key] = p.id;
  }

  for (const round of ROUNDS) {
    const [event] = await db
      .insert(s.events)
      .values({ promoterId: ids.promoter, name: round.name, startDate: round.date, isPublic: round.public ?? true })
      .returning({ id: s.events.id });
    ids.events.push(event.id);
    const motoIds: number[] = [];
    for (const [m, moto] of round.motos.entries()) {
      const [race] = await db
        .insert(s.races)
        .values({ eventId: event.id, name: `Moto ${m + 1}`, sortOrder: m, config })
        .returning({ id: s.races.id });
      motoIds.push(race.id);
      const order = [...moto.A.map((k) => [k, ids.classA] as const), ...moto.B.map((k) => [k, ids.classB] as const)];
      for (const [i, [key, classId]] of order.entries()) {
        const r = RIDERS[key];
        const [entry] = await db
          .insert(s.entries)
          .values({ raceId: race.id, participantId: ids.participants[key], sourceKey: r.number, raceNumber: r.number, classId, brand: r.brand })
          .returning({ id: s.entries.id });
        const classPosition = (classId === ids.classA ? moto.A : moto.B).indexOf(key) + 1;
        await db.insert(s.results).values({ raceId: race.id, entryId: entry.id, position: i + 1, classPosition, state: 'finished' });
      }
    }
    ids.motos.push(motoIds);
  }

  const rows = await db
    .insert(s.series)
    .values([
      { promoterId: ids.promoter, name: '2026 Coupe Test Motocross', startDate: '2026-05-01', endDate: '2026-09-30', rules: RULES },
      { promoterId: ids.promoter, name: '2026 Hidden Test Cup', startDate: '2026-05-01', endDate: '2026-09-30', isPublic: false },
      { promoterId: ids.hiddenPromoter, name: '2026 Cup Of A Hidden Club', startDate: '2026-05-01', endDate: '2026-09-30' },
    ])
    .returning({ id: s.series.id });
  [ids.series, ids.hiddenSeries, ids.seriesOfHiddenPromoter] = rows.map((r) => r.id);
  await db.insert(s.seriesEvents).values([
    ...ids.events.map((eventId) => ({ seriesId: ids.series, eventId })),
    { seriesId: ids.hiddenSeries, eventId: ids.events[0] },
    { seriesId: ids.seriesOfHiddenPromoter, eventId: ids.events[0] },
  ]);
});

afterAll(async () => {
  await database?.drop();
});

// ---------------------------------------------------------------------------------------
// (a) Pine Hill: the association's published team points
// ---------------------------------------------------------------------------------------

/** The ECEA's team points table: 25, 22, 20, 18, 16, 15, then one less per place down to 20th 1. */
const ECEA_TABLE = [25, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

function publishedPoints(): { eventAbbr: string; results: { team: string; club: string; points: number; epoints: number | null; riders: string[] }[] } {
  const name = 'enduro/2026-ecea-pine-hill-team-points.json';
  return JSON.parse(fs.readFileSync(path.resolve('data/real', name), 'utf8'));
}

describe('(a) Pine Hill team points through the engine over the database', () => {
  beforeAll(async () => {
    const [event] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.name, 'Pine Hill Enduro'));
    ids.pineHill = event.id;
    const [row] = await db
      .insert(s.series)
      .values({
        promoterId: ids.promoter,
        name: '2026 Test Team Enduro',
        startDate: '2026-04-01',
        endDate: '2026-10-31',
        rules: { teams: { pointsTable: ECEA_TABLE, hostClubScoresZero: true, clubBestTeamOnly: true, tieBreak: ['emergency-points'] } },
      })
      .returning({ id: s.series.id });
    ids.pineHillSeries = row.id;
    await db.insert(s.seriesEvents).values({ seriesId: row.id, eventId: ids.pineHill });
  });

  it('imports Pine Hill with its host club CJCR (the file’s eventAbbr)', async () => {
    const [event] = await db.select({ hostClub: s.events.hostClub }).from(s.events).where(eq(s.events.id, ids.pineHill));
    expect(publishedPoints().eventAbbr).toBe('CJCR');
    expect(event.hostClub).toBe('CJCR');
  });

  it('gives every team the published points, emergency points and riders', async () => {
    expect(ECEA_TABLE.slice(0, 20)).toEqual([...MOTOCROSS_POINTS]);
    const loaded = await series.loadSeries(ids.pineHillSeries);
    const standings = series.computeStandings(loaded.input);
    const scoring = standings.teamEvents!.filter((t) => t.eventId === ids.pineHill && t.points > 0);
    expect(scoring.map((t) => ({ team: t.team, club: t.club, points: t.points, epoints: t.epoints, riders: t.riders }))).toEqual(publishedPoints().results);
    // Every other team (DNF) scores 0.
    const zero = standings.teamEvents!.filter((t) => t.eventId === ids.pineHill && t.points === 0);
    expect(zero.map((t) => t.team).sort()).toEqual(
      ['RRMC - TEAM A', 'OCCR - PINE CONE KILLERS', 'SPER - FASTBOYZ I', 'DER - #2', 'DER - #4', "OCCR - WHOOP D DO'S", 'DVTR - II', 'DVTR - III'].sort(),
    );
  });

  it('answers the same team and club points through the API', async () => {
    const { status, body } = await post(`/series/results/${ids.pineHillSeries}`, {});
    expect(status).toBe(200);
    const { teams, clubs } = seriesResults.parse(body.message);
    const published = publishedPoints().results;
    expect(teams!.filter((t) => t.points > 0).map((t) => [t.name, t.points, t.emergencyPoints])).toEqual(published.map((p) => [p.team, p.points, p.epoints]));
    // A club scores its best-placed team only: OCCR 25 (SAND BLASTERS), DER 22 (#1), CDR 20, SJER 18.
    expect(clubs!.slice(0, 4).map((c) => [c.club, c.points, c.position])).toEqual([
      ['OCCR', 25, 1],
      ['DER', 22, 2],
      ['CDR', 20, 3],
      ['SJER', 18, 4],
    ]);
  });

  it('answers the published points for the seeded 2026 ECEA Enduro Championship too', async () => {
    const [seeded] = await db.select({ id: s.series.id }).from(s.series).where(eq(s.series.name, '2026 ECEA Enduro Championship'));
    expect(seeded, 'the seed’s ECEA series (lib/server/seed/series.ts)').toBeDefined();
    const { body } = await post(`/series/results/${seeded.id}`, { size: 5 });
    const { teams, data, meta } = seriesResults.parse(body.message);
    expect(teams!.filter((t) => t.points > 0).map((t) => [t.name, t.points])).toEqual(publishedPoints().results.map((p) => [p.team, p.points]));
    // One round of the six an ECEA rider needs: nobody is classified yet.
    expect(meta.totalItems).toBe(100);
    expect(data.every((r) => !r.classified && r.class.position === null)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------
// (b) A small series with standings computed by hand
// ---------------------------------------------------------------------------------------

/**
 * Class points per held round (moto points summed; table 10, 8, 6, 5, 4):
 *   Alice    R1 10+8=18  R2 8+8=16   R3 10+10=20  → best 2: 20+18 = 38, R2 dropped
 *   Bob      R1 8+10=18  R2 10+10=20 R3 6+8=14    → 20+18 = 38, R3 dropped
 *   Chloé    R1 6+6=12   R2 6+5=11   R3 8+6=14    → 14+12 = 26, R2 dropped
 *   Étienne  R1 4+5=9    R2 5+6=11   R3 5+4=9     → 11+9 = 20, the earlier 9 (R1) dropped
 *   Jérôme   R1 5+4=9    (missed R2) R3 4+5=9     → 18, two events, no drop
 *   Gaston   R1 0+0=0    (6th: no points; his hidden-round win does not count) → 1 event: not classified
 *   Hugo     R1 8+8=16   R2 10+10=20 (two records, one licence) → 36: class B 1st
 *   Félix    R1 10+10=20 → 1 event: not classified
 * Alice and Bob tie on 38: round places in class (counted rounds only) — Bob R1 1st (level on
 * 18, better last moto), R2 1st; Alice R1 2nd, R3 1st → Bob has more wins: Bob 1st, Alice 2nd.
 */
const EXPECTED_CLASS_TABLE = [
  // [last name, class position, class points, events scored, class cells per round 1–4 ('(n)': drop)]
  ['Brunet', 1, 38, 3, ['18', '20', '(14)', null]],
  ['Ashford', 2, 38, 3, ['18', '(16)', '20', null]],
  ['Côté', 3, 26, 3, ['12', '(11)', '14', null]],
  ['ETHIER', 4, 20, 3, ['(9)', '11', '9', null]],
  ['Dubé', 5, 18, 2, ['9', null, '9', null]],
  ['Gagné', null, 0, 1, ['0', null, null, null]],
  ['Hebert', 1, 36, 2, ['16', '20', null, null]],
  ['Fortin', null, 20, 1, ['20', null, null, null]],
] as const;

const cellText = (cell: SeriesResultRow['events'][number], scope: 'class' | 'overall' = 'class') =>
  cell && cell[scope].points !== null ? (cell[scope].drop ? `(${cell[scope].points})` : String(cell[scope].points)) : null;
const classTable = (rows: SeriesResultRow[]) => rows.map((r) => [r.lastName, r.class.position, r.class.points, r.eventsScored, r.events.map((c) => cellText(c))]);
const results = async (body: unknown = {}) => {
  const res = await post(`/series/results/${ids.series}`, body);
  expect(res.status).toBe(200);
  return seriesResults.parse(res.body.message);
};

describe('(b) a series computed by hand, through POST livelaps/series/results/{id}', () => {
  it('gives the class standings, drops, missed events, the tie-break and the unclassified riders', async () => {
    const table = await results();
    expect(table.series).toEqual({ id: ids.series, name: '2026 Coupe Test Motocross', seriesType: 'overall' });
    // Public rounds only, in date order; the future round not held.
    expect(table.events.map((e) => [e.name, e.round, e.held])).toEqual([
      ['Round 1 Test Motocross', 1, true],
      ['Round 2 Test Motocross', 2, true],
      ['Round 3 Test Motocross', 3, true],
      ['Round 4 Test Motocross', 4, false],
    ]);
    expect(classTable(table.data)).toEqual(EXPECTED_CLASS_TABLE.map((r) => [...r.slice(0, 4), [...r[4]]]));
    expect(table.data.map((r) => r.classified)).toEqual([true, true, true, true, true, false, true, false]);
    expect(table.meta).toEqual({ page: 1, lastPage: 1, totalItems: 8, pageCount: 8 });
    expect(table.teams).toBeNull();
  });

  it('names each row from the rider’s latest record, and matches a licence across race numbers', async () => {
    const { data } = await results();
    const etienne = data.find((r) => r.lastName === 'ETHIER')!;
    // Round 3's record (no accents, GAS) is the latest.
    expect(etienne).toMatchObject({ participantId: ids.participants.etienne2, firstName: 'ETIENNE', lastName: 'ETHIER', number: '5', brand: 'GAS', className: 'A Test' });
    expect(etienne.riderKey).toBe('name:etienne ethier#5@A Test');
    const hugo = data.find((r) => r.firstName === 'Hugo')!;
    expect(hugo).toMatchObject({ riderKey: 'licence:ON555', participantId: ids.participants.hugo2, number: '12', city: 'Kingston', state: 'ON' });
    expect(data.find((r) => r.lastName === 'Ashford')).toMatchObject({ number: '1', brand: 'KTM', city: 'Sherbrooke', state: 'QC', classGroup: null });
  });

  it('ranks the overall standings over both classes (overall positions 1–6; Hugo scores only in round 2, 5th: 4+4)', async () => {
    const { data } = await results({ orderBy: 'overallPosition' });
    expect(data.map((r) => [r.lastName, r.overall.position, r.overall.points])).toEqual([
      ['Brunet', 1, 38],
      ['Ashford', 2, 38],
      ['Côté', 3, 26],
      ['ETHIER', 4, 20],
      ['Dubé', 5, 18],
      ['Hebert', 6, 8],
      ['Fortin', null, 0],
      ['Gagné', null, 0],
    ]);
  });

  it('follows a split and a merge of the rider imported twice', async () => {
    const split = await series.splitRider(ids.participants.etienne2);
    expect(split.riderKey).toBe(`split:${ids.participants.etienne2}`);
    let { data } = await results({ filters: { classes: ['A Test'] } });
    // Split: round 1 and 2's Étienne scores 9 + 11 = 20 over two events (nothing to drop);
    // round 3's ETIENNE one event: not classified.
    expect(classTable(data)).toEqual([
      ['Brunet', 1, 38, 3, ['18', '20', '(14)', null]],
      ['Ashford', 2, 38, 3, ['18', '(16)', '20', null]],
      ['Côté', 3, 26, 3, ['12', '(11)', '14', null]],
      ['Éthier', 4, 20, 2, ['9', '11', null, null]],
      ['Dubé', 5, 18, 2, ['9', null, '9', null]],
      ['ETHIER', null, 9, 1, [null, null, '9', null]],
      ['Gagné', null, 0, 1, ['0', null, null, null]],
    ]);

    const merged = await series.mergeRiders([ids.participants.etienne2, ids.participants.etienne1]);
    const lowest = Math.min(ids.participants.etienne1, ids.participants.etienne2);
    expect(merged.riderKey).toBe(`rider:${lowest}`);
    expect(merged.changed.map((c) => c.participantId).sort()).toEqual([ids.participants.etienne1, ids.participants.etienne2].sort());
    ({ data } = await results({ filters: { classes: ['A Test'] } }));
    expect(classTable(data)).toEqual(EXPECTED_CLASS_TABLE.slice(0, 6).map((r) => [...r.slice(0, 4), [...r[4]]]));
    expect(data[3].riderKey).toBe(`rider:${lowest}`);

    // Splitting the group's lowest id takes that record out of the merge (its own `split:` key).
    expect((await series.splitRider(lowest)).riderKey).toBe(`split:${lowest}`);
    ({ data } = await results({ filters: { classes: ['A Test'] } }));
    expect(data.map((r) => r.riderKey)).toEqual(expect.arrayContaining([`split:${lowest}`, `rider:${lowest}`]));

    // Reset both: back to the name key.
    await series.resetRider(ids.participants.etienne1);
    await series.resetRider(ids.participants.etienne2);
    ({ data } = await results({ filters: { participants: ['name:etienne ethier#5@A Test'] } }));
    expect(classTable(data)).toEqual([['ETHIER', 4, 20, 3, ['(9)', '11', '9', null]]]);
  });

  it('opens a rider’s season: every moto with its points, and the progression with drops as they stood', async () => {
    const key = 'name:alice ashford#1@A Test';
    const { status, body } = await get(`/series/${ids.series}/rider?${new URLSearchParams({ key, class: 'A Test' })}`);
    expect(status).toBe(200);
    const season = riderSeason.parse(body.message);
    expect(season.row).toMatchObject({ riderKey: key, lastName: 'Ashford', class: { position: 2, points: 38 } });
    expect(season.races.map((r) => [r.eventName, r.raceName, r.classPosition, r.points])).toEqual([
      ['Round 1 Test Motocross', 'Moto 1', 1, 10],
      ['Round 1 Test Motocross', 'Moto 2', 2, 8],
      ['Round 2 Test Motocross', 'Moto 1', 2, 8],
      ['Round 2 Test Motocross', 'Moto 2', 2, 8],
      ['Round 3 Test Motocross', 'Moto 1', 1, 10],
      ['Round 3 Test Motocross', 'Moto 2', 1, 10],
    ]);
    // After round 1: 18, nobody has 2 events yet; after round 2: 18+16 = 34, 2nd behind Bob's
    // 38; after round 3: best two 20+18 = 38 (round 2 dropped), 2nd on the tie-break.
    expect(season.progression.map((p) => [p.eventName, p.points, p.position])).toEqual([
      ['Round 1 Test Motocross', 18, null],
      ['Round 2 Test Motocross', 34, 2],
      ['Round 3 Test Motocross', 38, 2],
    ]);
    // Without the class: the rider's (only) class.
    expect((await get(`/series/${ids.series}/rider?key=${encodeURIComponent(key)}`)).body.message.row.className).toBe('A Test');
    expect(await get(`/series/${ids.series}/rider?key=nobody`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await get(`/series/${ids.series}/rider`)).body).toEqual(error(400, 'null_key', 'Please provide the key'));
  });
});

// ---------------------------------------------------------------------------------------
// (c) Every route
// ---------------------------------------------------------------------------------------

describe('(d) the seeded motocross championship (sample results of the results season)', () => {
  it('shows each rider once per class: the round imported as a timing file joins the members by name, number and class', async () => {
    const { SAMPLE } = await import('../../lib/server/seed/sample');
    const { federationDate } = await import('../../lib/server/seed/dates');
    const [mxName] = SAMPLE.seriesNamesOn(federationDate());
    const [mx] = await db.select({ id: s.series.id }).from(s.series).where(eq(s.series.name, mxName));
    const { status, body } = await post(`/series/results/${mx.id}`, {});
    expect(status).toBe(200);
    const rows: SeriesResultRow[] = body.message.data;
    expect(rows.length).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (const r of rows) {
      const who = `${r.firstName} ${r.lastName} #${r.number} @${r.className}`;
      expect(seen.has(who), who).toBe(false);
      seen.add(who);
    }
    // The imported round (Renfrew) counts for riders keyed by their member number.
    const renfrew = body.message.events.findIndex((e: { name: string }) => e.name === SAMPLE.resultsAsImportEventName);
    expect(renfrew).toBeGreaterThanOrEqual(0);
    const members = rows.filter((r) => r.riderKey.startsWith('member:'));
    expect(members.filter((r) => r.events[renfrew] !== null).length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.riderKey.startsWith('name:')).length).toBe(0);
  });
});

describe('(c) the series routes', () => {
  it('lists public series only (GET livelaps/series)', async () => {
    const { status, body } = await get('/series');
    expect(status).toBe(200);
    const mine = body.message.find((c: { id: number }) => c.id === ids.series);
    expect(mine).toEqual({
      id: ids.series,
      name: '2026 Coupe Test Motocross',
      startDate: '2026-05-01',
      endDate: '2026-09-30',
      seriesType: 'overall',
      dropScores: 0,
      bestResults: 2,
      rounds: 4,
      promoter: { userId: 9101, name: 'Club Test Motocross', names: {} },
    });
    const listed = body.message.map((c: { id: number }) => c.id);
    expect(listed).not.toContain(ids.hiddenSeries);
    expect(listed).not.toContain(ids.seriesOfHiddenPromoter);
  });

  it('answers a series with its rounds (GET livelaps/promoter/series/{id}), 404 when hidden', async () => {
    const { status, body } = await get(`/promoter/series/${ids.series}`);
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      id: ids.series,
      promoter: { id: ids.promoter, userId: 9101, name: 'Club Test Motocross' },
      rules: { pointsTable: [10, 8, 6, 5, 4], bestResults: 2, minEvents: 2, dropScores: 0, teams: null },
    });
    expect(body.message.events.map((e: { id: number; round: number; held: boolean }) => [e.id, e.round, e.held])).toEqual([
      [ids.events[0], 1, true],
      [ids.events[1], 2, true],
      [ids.events[2], 3, true],
      [ids.events[4], 4, false],
    ]);
    for (const id of [ids.hiddenSeries, ids.seriesOfHiddenPromoter, 999_999]) {
      expect(await get(`/promoter/series/${id}`)).toMatchObject({ status: 404, body: { error: 'not_found', statusCode: 404 } });
    }
    expect((await get('/promoter/series/x1')).body).toEqual(error(400, 'invalid_id', 'The provided series id is invalid'));
  });

  it('answers the configuration and the filters', async () => {
    const cfg = seriesConfig.parse((await get(`/series/config/${ids.series}`)).body.message);
    expect(cfg.classes).toEqual(['A Test', 'B Test']);
    // No class has a group: no group columns.
    expect(cfg.columns).toEqual(['overallPosition', 'classPosition', 'number', 'name', 'brand', 'class', 'city', 'events', 'overallPoints', 'classPoints']);
    expect(cfg.sections).toEqual(['Round 1 Test Motocross', 'Round 2 Test Motocross', 'Round 3 Test Motocross', 'Round 4 Test Motocross']);
    const filters = seriesFilters.parse((await get(`/series/filters/${ids.series}`)).body.message);
    expect(filters.brands).toEqual(['GAS', 'HON', 'KTM', 'SUZ', 'YAM']);
    expect(filters.classes).toEqual(['A Test', 'B Test']);
    expect(filters.groups).toEqual([]);
    expect(filters.participants.map((p) => p.name)).toEqual(['Alice Ashford', 'Bob Brunet', 'Chloé Côté', 'Jérôme Dubé', 'ETIENNE ETHIER', 'Félix Fortin', 'Gaston Gagné', 'Hugo Hebert']);
    expect(filters.events).toHaveLength(4);
    expect((await get(`/series/filters/${ids.hiddenSeries}`)).status).toBe(404);
    expect((await get(`/series/config/${ids.seriesOfHiddenPromoter}`)).status).toBe(404);
  });

  it('filters by brand, class, rider and event; orders; pages', async () => {
    const ktm = await results({ filters: { brands: ['KTM'] } });
    expect(ktm.data.map((r) => r.lastName)).toEqual(['Ashford', 'Dubé', 'Fortin']);
    const classB = await results({ filters: { classes: ['B Test'], classesResults: ['B Test'] } });
    expect(classB.data.map((r) => r.lastName)).toEqual(['Hebert', 'Fortin']);
    const bob = await results({ filters: { participants: ['name:bob brunet#2@A Test'] } });
    expect(bob.data.map((r) => r.lastName)).toEqual(['Brunet']);
    // One event's column; the standings still count every round.
    const round2 = await results({ filters: { eventsResults: [ids.events[1]] } });
    expect(round2.events.map((e) => e.id)).toEqual([ids.events[1]]);
    expect(round2.data[0]).toMatchObject({ lastName: 'Brunet', class: { points: 38 } });
    expect(round2.data[0].events.map((c) => cellText(c))).toEqual(['20']);
    const byName = await results({ orderBy: 'lastName', orderDesc: 'DESC' });
    // Classified first (Z→A), then the unclassified (Z→A).
    expect(byName.data.map((r) => r.lastName)).toEqual(['Hebert', 'ETHIER', 'Dubé', 'Côté', 'Brunet', 'Ashford', 'Gagné', 'Fortin']);
    const page = await results({ page: 2, size: 3 });
    expect(page.data.map((r) => r.lastName)).toEqual(['ETHIER', 'Dubé', 'Gagné']);
    expect(page.meta).toEqual({ page: 2, lastPage: 3, totalItems: 8, pageCount: 3 });
    expect((await results({ page: 4, size: 3 })).data).toEqual([]);
    // indexScore changes nothing in the rows: each cell carries every scope.
    expect((await results({ indexScore: 'overallPointsShow' })).data).toEqual((await results()).data);
  });

  it('refuses bad calls with the spec’s codes and texts', async () => {
    expect((await post('/series/results', {})).body).toEqual(error(400, 'null_id', 'Please provide the series id'));
    expect((await post('/series/results/abc', {})).body).toEqual(error(400, 'invalid_id', 'The provided series id is invalid'));
    expect((await post('/series/results/0', {})).body).toEqual(error(400, 'invalid_id', 'The provided series id is invalid'));
    expect((await post(`/series/results/${ids.hiddenSeries}`, {})).status).toBe(404);
    expect((await post(`/series/results/${ids.series}`, { size: 0 })).body).toEqual(error(400, 'invalid_size', 'The provided size is invalid'));
    expect((await post(`/series/results/${ids.series}`, { orderBy: 'points' })).body.error).toBe('invalid_orderBy');
    expect((await post(`/series/results/${ids.series}`, { filters: { brands: 'KTM' } })).body.error).toBe('invalid_filters_brands');
    expect((await post(`/series/results/${ids.series}`, '{')).body.error).toBe('invalid_json');
    for (const path of ['/series/config', '/series/filters', '/series/export']) {
      expect((await get(path)).body, path).toEqual(error(400, 'null_id', 'Please provide the series id'));
    }
    expect((await get('/series/config/-1')).body.error).toBe('invalid_id');
    // POST-only paths asked with GET: 405 with Allow.
    for (const path of [`/series/results/${ids.series}`, '/series/search/participant', '/promoter/race/getSeriesScores']) {
      const res = await get(path);
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    expect((await get(`/series/${ids.series}`)).status).toBe(404);
  });

  // Needs the series routes mounted before the directory's (lib/server/api/app.ts): its
  // `/promoter/{id}` would otherwise read `series` as a malformed promoter id.
  it('answers a POST without any body (no Content-Type) with the default request, not a 500', async () => {
    const bare = await get(`/series/results/${ids.series}`, { method: 'POST' });
    expect(bare.status).toBe(200);
    expect(bare.body.message.meta.totalItems).toBe((await post(`/series/results/${ids.series}`, {})).body.message.meta.totalItems);
  });

  it('keeps the team and club tables on the event asked for (eventsResults), like the riders', async () => {
    const all = (await post(`/series/results/${ids.pineHillSeries}`, {})).body.message;
    const one = (await post(`/series/results/${ids.pineHillSeries}`, { filters: { eventsResults: [ids.pineHill] } })).body.message;
    expect(one.events.map((e: { id: number }) => e.id)).toEqual([ids.pineHill]);
    expect(one.teams.every((t: { events: unknown[] }) => t.events.length === 1)).toBe(true);
    expect(one.clubs[0].events).toEqual([all.clubs[0].events[all.events.findIndex((e: { id: number }) => e.id === ids.pineHill)]]);
  });

  it('refuses to compute a series whose stored rules fail the contract (422, the spec’s text), and says so in the log', async () => {
    const [bad] = await db
      .insert(s.series)
      .values({ promoterId: ids.promoter, name: 'Broken Rules Cup', startDate: '2026-01-01', endDate: '2026-12-31', rules: { pointsTable: [25, 'x'] } as never })
      .returning({ id: s.series.id });
    const { status, body } = await post(`/series/results/${bad.id}`, {});
    expect({ status, body }).toEqual({ status: 422, body: error(422, 'race_not_configured', 'The race is not properly configured') });
    await db.delete(s.series).where(eq(s.series.id, bad.id));
  });

  it('answers GET livelaps/promoter/series without its id with null_id', async () => {
    expect((await get('/promoter/series')).body).toEqual(error(400, 'null_id', 'Please provide the series id'));
  });

  it('exports the table as CSV: header in the language asked, one column per round, a drop as (n)', async () => {
    const res = await api.request(`/api/v1/livelaps/series/export/${ids.series}?lang=fr&class=A%20Test`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="2026-coupe-test-motocross.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines[0]).toBe('Pos. classe,No,Pilote,Classe,Marque,Ville,Round 1 Test Motocross,Round 2 Test Motocross,Round 3 Test Motocross,Round 4 Test Motocross,Épreuves,Points de classe');
    expect(lines[1]).toBe('1,2,Bob Brunet,A Test,YAM,"Granby, QC",18,20,(14),,3,38');
    expect(lines[2]).toBe('2,1,Alice Ashford,A Test,KTM,"Sherbrooke, QC",18,(16),20,,3,38');
    expect(lines.at(-1)).toBe('Non classé,6,Gaston Gagné,A Test,SUZ,"Eastman, QC",0,,,,1,0');
    expect(lines).toHaveLength(1 + 6);
    const en = await get(`/series/export/${ids.series}?event=${ids.events[2]}&score=overall`);
    // (Response.text() drops the byte-order mark.)
    expect(en.body.split('\r\n')[0]).toBe('Overall,No.,Rider,Class,Brand,Hometown,Round 3 Test Motocross,Events,Overall points');
    expect((await get(`/series/export/${ids.series}?lang=de`)).body.error).toBe('invalid_lang');
    expect((await get(`/series/export/${ids.series}?event=x`)).body.error).toBe('invalid_event');
    expect((await get(`/series/export/${ids.hiddenSeries}`)).status).toBe(404);
    const teams = await get(`/series/export/${ids.pineHillSeries}?view=clubs`);
    const clubLines = teams.body.split('\r\n');
    expect(clubLines[0]).toBe('Place,Club,Pine Hill Enduro,Emergency points,Total');
    expect(clubLines[1]).toMatch(/^1,OCCR,25,\d+,25$/);
  });

  it('finds riders by name ignoring accents and case (POST livelaps/series/search/participant)', async () => {
    const { status, body } = await post('/series/search/participant', { name: 'jerome' });
    expect(status).toBe(200);
    const found = body.message.series.map((p: unknown) => seriesParticipant.parse(p));
    expect(found.find((p: { lastName: string }) => p.lastName === 'Dubé')).toEqual({
      riderKey: 'name:jerome dube#4@A Test',
      participantId: ids.participants.jerome,
      firstName: 'Jérôme',
      lastName: 'Dubé',
      city: 'Orford',
      state: 'QC',
      participantClasses: [{ seriesId: ids.series, seriesName: '2026 Coupe Test Motocross', className: 'A Test' }],
    });
    expect(body.message.meta).toMatchObject({ limit: 50, offset: 0 });
    // Two records, one rider; full name in either order; capitals and accents ignored.
    const etienne = await post('/series/search/participant', { name: 'ÉTHIER étienne' });
    expect(etienne.body.message.series.map((p: { riderKey: string; participantId: number }) => [p.riderKey, p.participantId])).toEqual([
      ['name:etienne ethier#5@A Test', ids.participants.etienne2],
    ]);
    const hugo = await post('/series/search/participant', { name: 'hugo héb', limit: 1 });
    expect(hugo.body.message).toEqual({
      series: [expect.objectContaining({ riderKey: 'licence:ON555', participantId: ids.participants.hugo2 })],
      meta: { total: 1, limit: 1, offset: 0 },
    });
    expect((await post('/series/search/participant', { name: 'hugo hebert', offset: 1 })).body.message).toEqual({ series: [], meta: { total: 1, limit: 50, offset: 1 } });
    // Round 1 also counts for a hidden series and for a hidden club's series: neither is listed.
    const gaston = await post('/series/search/participant', { name: 'Gagne' });
    expect(gaston.body.message.series.filter((p: { firstName: string }) => p.firstName === 'Gaston').map((p: { participantClasses: unknown }) => p.participantClasses)).toEqual([
      [{ seriesId: ids.series, seriesName: '2026 Coupe Test Motocross', className: 'A Test' }],
    ]);
    expect((await post('/series/search/participant', { name: 'zzz-nobody' })).body.message).toEqual({ series: [], meta: { total: 0, limit: 50, offset: 0 } });
    expect((await post('/series/search/participant', {})).body).toEqual(error(400, 'null_name', 'Please provide the name'));
    expect((await post('/series/search/participant', { name: 'x'.repeat(51) })).body).toEqual(error(400, 'invalid_name', 'The provided name is invalid'));
    expect((await post('/series/search/participant', { name: 'a', limit: 51 })).body.error).toBe('invalid_limit');
  });

  it('answers the standings after a round, for a class, with races excluded (POST getSeriesScores)', async () => {
    const scores = async (body: object) => {
      const res = await post('/promoter/race/getSeriesScores', { serieId: ids.series, eventId: ids.events[1], ...body });
      expect(res.status).toBe(200);
      return seriesResults.parse(res.body.message);
    };
    // After round 2 (round 3 not held yet): Bob 18+20 = 38, Alice 18+16 = 34, Chloé 12+11 = 23,
    // Étienne 9+11 = 20; Jérôme and Gaston one event each.
    const after2 = await scores({ raceClassId: ids.classA });
    expect(after2.events.map((e) => e.id)).toEqual([ids.events[0], ids.events[1]]);
    expect(after2.data.map((r) => [r.lastName, r.class.position, r.class.points])).toEqual([
      ['Brunet', 1, 38],
      ['Ashford', 2, 34],
      ['Côté', 3, 23],
      ['ETHIER', 4, 20],
      ['Dubé', null, 9],
      ['Gagné', null, 0],
    ]);
    // Without round 2's moto 2: Bob 18+10 = 28, Alice 18+8 = 26, Chloé 12+6 = 18, Étienne 9+5 = 14.
    const excluded = await scores({ raceClassId: ids.classA, raceidexclude: String(ids.motos[1][1]) });
    expect(excluded.data.slice(0, 4).map((r) => [r.lastName, r.class.points])).toEqual([
      ['Brunet', 28],
      ['Ashford', 26],
      ['Côté', 18],
      ['ETHIER', 14],
    ]);
    expect((await scores({ raceidexclude: [ids.motos[1][1]] })).data.map((r) => r.class.points)).toEqual(expect.arrayContaining([28, 26, 18, 14]));
    // Every class without raceClassId.
    expect(new Set((await scores({})).data.map((r) => r.className))).toEqual(new Set(['A Test', 'B Test']));

    const bad = (body: object) => post('/promoter/race/getSeriesScores', body);
    expect((await bad({ eventId: ids.events[0] })).body).toEqual(error(400, 'null_id', 'Please provide the series id'));
    expect((await bad({ serieId: ids.series })).body).toEqual(error(400, 'null_id', 'Please provide the event id'));
    expect((await bad({ serieId: 'x', eventId: ids.events[0] })).body).toEqual(error(400, 'invalid_id', 'The provided series id is invalid'));
    expect((await bad({ serieId: ids.series, eventId: ids.events[0], raceidexclude: '1;2' })).body.error).toBe('invalid_raceidexclude');
    // The hidden round, an event of no round, a hidden series, an unknown class: 404.
    expect((await bad({ serieId: ids.series, eventId: ids.events[3] })).status).toBe(404);
    expect((await bad({ serieId: ids.series, eventId: ids.pineHill })).status).toBe(404);
    expect((await bad({ serieId: ids.hiddenSeries, eventId: ids.events[0] })).status).toBe(404);
    expect((await bad({ serieId: ids.series, eventId: ids.events[0], raceClassId: 999_999 })).status).toBe(404);
  });

  it('documents every series route in the OpenAPI document', async () => {
    const body = await (await api.request('/api/v1/openapi.json')).json();
    const paths = Object.keys(body.paths);
    for (const p of ['/series', '/promoter/series/{id}', '/series/config/{id}', '/series/filters/{id}', '/series/results/{id}', '/promoter/race/getSeriesScores', '/series/search/participant', '/series/{id}/rider', '/series/export/{id}']) {
      expect(paths, p).toContain(`/api/v1/livelaps${p}`);
    }
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(['SeriesResults', 'SeriesResultsRequest', 'SeriesRules', 'RiderSeason', 'SeriesParticipant']));
  });
});

describe('npm run riders', () => {
  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/riders.ts', ...args], {
      env: { ...process.env, DATABASE_URL: database!.url },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: run.status, output: `${run.stdout}${run.stderr}`.trim() };
  };

  it('lists a series’ riders, splits, merges and resets', () => {
    const list = cli('list', String(ids.series));
    expect(list.code).toBe(0);
    expect(list.output).toContain('8 rider(s) in series');
    expect(list.output).toContain(`name:etienne ethier#5@A Test\tparticipants ${[ids.participants.etienne1, ids.participants.etienne2].sort((a, b) => a - b).join(',')}\t#5\tETIENNE ETHIER\tBromont, QC\tGAS\tA Test\t6 result(s)`);
    const split = cli('split', String(ids.participants.etienne2));
    expect(split.output).toContain(`participant ${ids.participants.etienne2}: name:etienne ethier#5@A Test → split:${ids.participants.etienne2}`);
    const merge = cli('merge', String(ids.participants.etienne1), String(ids.participants.etienne2));
    expect(merge.code).toBe(0);
    expect(merge.output).toContain(`Merged into rider:${Math.min(ids.participants.etienne1, ids.participants.etienne2)}:`);
    const reset = cli('reset', String(ids.participants.etienne1));
    expect(reset.output).toContain(`removed rider:${Math.min(ids.participants.etienne1, ids.participants.etienne2)}; its key is now name:etienne ethier#5@A Test`);
    cli('reset', String(ids.participants.etienne2));
    expect(cli('list', String(ids.hiddenSeries))).toEqual({ code: 1, output: 'Refused: no such public series.' });
    expect(cli('split', 'x').code).toBe(1);
    expect(cli('frobnicate').output).toMatch(/^Usage: npm run riders/);
  });
});
