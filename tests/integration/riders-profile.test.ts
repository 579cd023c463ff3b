/**
 * One rider, one profile (issue 25): the real imported Pine Hill enduro's DANIEL BOYLE (27A,
 * class A 250) raced again the next season under another number and class (13B, B 250: ECEA
 * numbers carry the class letter) — a second participant record, as a second import writes it.
 *  - trackside search lists him once, and his racer pages read both records;
 *  - the public rider page (lib/server/riders `getRiderProfile`) lists both results by season
 *    and event, from either record, with the smallest id as canonical, and his series standing;
 *  - a desk split (`splitRider`) separates the record again; different licences keep two
 *    people of one name apart;
 *  - a minor's page shows no hometown; nothing of a hidden event shows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaceConfig } from '../../lib/contracts/results';
import { racerRaces, tracksideSearchReply } from '../../lib/contracts/trackside';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let db: ReturnType<typeof import('../../lib/server/db').getDb>;
let s: typeof import('../../lib/server/db/schema');
let riders: typeof import('../../lib/server/riders');

const config: RaceConfig = { classes: ['B 250'], clases_team: [], columns: ['position', 'number', 'name', 'class'], team_columns: [], sections: [] };
const ids = { boyle: 0, boyle2: 0, pineHillRace: 0, event2: 0, race2: 0, hiddenRace: 0, twinA: 0, twinB: 0, minor: 0 };

async function call(path: string, init?: RequestInit) {
  const res = await api.request(`/api/v1/livelaps${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
async function search(name: string) {
  const { status, body } = await call('/user/searchUsers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  expect(status).toBe(200);
  return tracksideSearchReply.parse(body.message);
}

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const dbModule = await import('../../lib/server/db');
  const { createApiApp } = await import('../../lib/server/api/app');
  riders = await import('../../lib/server/riders');
  db = dbModule.getDb();
  s = dbModule.schema;
  api = createApiApp();

  const [boyle] = await db
    .select({ id: s.participants.id, raceId: s.entries.raceId })
    .from(s.participants)
    .innerJoin(s.entries, eq(s.entries.participantId, s.participants.id))
    .where(eq(s.participants.lastName, 'BOYLE'));
  ids.boyle = boyle.id;
  ids.pineHillRace = boyle.raceId;

  const [promoter] = await db.insert(s.promoters).values({ userId: 9401, name: 'Profile Test Club' }).returning({ id: s.promoters.id });
  const [cls] = await db.insert(s.classes).values({ name: 'B 250' }).returning({ id: s.classes.id });
  const [event2, hidden] = await db
    .insert(s.events)
    .values([
      { promoterId: promoter.id, name: 'Profile Spring Enduro', startDate: '2027-04-18' },
      { promoterId: promoter.id, name: 'Profile Hidden Enduro', startDate: '2027-05-02', isPublic: false },
    ])
    .returning({ id: s.events.id });
  ids.event2 = event2.id;
  const [race2, hiddenRace] = await db
    .insert(s.races)
    .values([
      { eventId: event2.id, name: 'Profile Enduro', kind: 'enduro', config },
      { eventId: hidden.id, name: 'Profile Hidden Enduro', kind: 'enduro', config },
    ])
    .returning({ id: s.races.id });
  ids.race2 = race2.id;
  ids.hiddenRace = hiddenRace.id;
  // The second import's record: the same name, another number and class.
  const [boyle2, twinA, twinB, minor] = await db
    .insert(s.participants)
    .values([
      { firstName: 'Daniel', lastName: 'Boyle', city: 'Pembroke', state: 'ON' },
      // Licences the federation confirmed (issue 29: only those tell people apart or join them).
      { firstName: 'Alexis', lastName: 'Twin', licence: 'ON-111', licenceConfirmedAt: new Date('2026-01-05T12:00:00Z'), licenceConfirmedBy: 'federation', city: 'Perth', state: 'ON' },
      { firstName: 'Alexis', lastName: 'Twin', licence: 'QC-222', licenceConfirmedAt: new Date('2026-01-05T12:00:00Z'), licenceConfirmedBy: 'federation', city: 'Gatineau', state: 'QC' },
      { firstName: 'Mia', lastName: 'Minor', city: 'Lachute', state: 'QC' },
    ])
    .returning({ id: s.participants.id });
  Object.assign(ids, { boyle2: boyle2.id, twinA: twinA.id, twinB: twinB.id, minor: minor.id });
  const entry = async (raceId: number, participantId: number, number: string) =>
    (await db.insert(s.entries).values({ raceId, participantId, sourceKey: `${number}-${participantId}`, raceNumber: number, classId: cls.id }).returning({ id: s.entries.id }))[0].id;
  const e2 = await entry(race2.id, boyle2.id, '13B');
  const eH = await entry(hiddenRace.id, boyle2.id, '13B');
  const t1 = await entry(race2.id, twinA.id, '5B');
  const t2 = await entry(race2.id, twinB.id, '6B');
  const m1 = await entry(race2.id, minor.id, '9B');
  await db.insert(s.results).values([
    { raceId: race2.id, entryId: e2, position: 3, classPosition: 1, points: 120, checkpoints: 8, state: 'finished' },
    { raceId: hiddenRace.id, entryId: eH, position: 1, classPosition: 1, points: 99, state: 'finished' },
    { raceId: race2.id, entryId: t1, position: 4, classPosition: 2, state: 'finished' },
    { raceId: race2.id, entryId: t2, position: 5, classPosition: 3, state: 'finished' },
    { raceId: race2.id, entryId: m1, position: 6, classPosition: 4, state: 'finished' },
  ]);
  const birthday = `${new Date().getFullYear() - 12}-03-01`;
  await db.insert(s.participantProfiles).values({ participantId: minor.id, firstName: 'Mia', lastName: 'Minor', gender: 'female', birthday, city: 'Lachute', phone: '514-555-0123' } as typeof s.participantProfiles.$inferInsert);
});

afterAll(async () => {
  await database?.drop();
});

describe('one rider, one profile', () => {
  it('trackside search lists the rider once for both records, and his tabs read both', async () => {
    const reply = await search('Daniel Boyle');
    expect(reply.participants).toHaveLength(1);
    // Named by the newest record (the 2027 import, 13B).
    expect(reply.participants[0]).toMatchObject({ id: ids.boyle2, raceNumber: '13B' });
    const { races } = racerRaces.parse((await call(`/trackside/racer/${ids.boyle}/races`)).body.message);
    expect(races.map((r) => [r.raceId, r.raceNumber, r.className])).toEqual([
      [ids.race2, '13B', 'B 250'],
      [ids.pineHillRace, '27A', 'A 250'],
    ]);
    // The ECEA enduro gives no overall position: the detail says '—', not 'Overall points 0' beside class points 20.
    const detail = (await call(`/trackside/racer/${ids.boyle2}`)).body.message;
    expect(detail).toMatchObject({ className: 'A 250', classPoints: 20, overallRank: null, overallPoints: null });
  });

  it('the rider page lists both results by season and event, from either record, canonical id the smallest', async () => {
    for (const id of [ids.boyle, ids.boyle2]) {
      const profile = (await riders.getRiderProfile(id))!;
      expect(profile.id).toBe(Math.min(ids.boyle, ids.boyle2));
      expect(profile.participantIds).toEqual([ids.boyle, ids.boyle2].sort((a, b) => a - b));
      expect(profile.seasons.map((season) => [season.year, season.events.map((e) => [e.eventName, e.races.map((r) => [r.raceNumber, r.className, r.classPosition])])])).toEqual([
        [2027, [['Profile Spring Enduro', [['13B', 'B 250', 1]]]]],
        [2026, [['Pine Hill Enduro', [['27A', 'A 250', 5]]]]],
      ]);
      // The overall place the Pine Hill file leaves out is the one the race page ranks (not '—' here, 17th there).
      const pineHill = profile.seasons[1].events[0].races[0];
      const { getRaceResults } = await import('../../lib/server/races');
      const shown = (await getRaceResults(ids.pineHillRace)).find((r) => r.participantId === ids.boyle)!;
      expect(shown.position).toEqual(expect.any(Number));
      expect(pineHill.position).toBe(shown.position);
      expect(profile.numbers).toEqual(['13B', '27A']);
      expect(profile.classes).toEqual(['B 250', 'A 250']);
      expect(profile.raceCount).toBe(2);
      // The enduro's points and checks as the file gave them; the hidden event's result nowhere.
      expect(profile.seasons[0].events[0].races[0]).toMatchObject({ points: 120, checkpoints: 8, kind: 'enduro' });
      expect(JSON.stringify(profile)).not.toContain('Profile Hidden Enduro');
      // His standing in the ECEA series from the Pine Hill result (class A 250).
      expect(profile.series.series).toEqual([expect.objectContaining({ seriesName: '2026 ECEA Enduro Championship', className: 'A 250', points: 20, eventsScored: 1 })]);
    }
  });

  it('a desk split separates the record again: two in the search, each page its own results', async () => {
    const { splitRider, resetRider } = await import('../../lib/server/series/riders');
    await splitRider(ids.boyle2);
    try {
      const reply = await search('Daniel Boyle');
      expect(reply.participants.map((p) => p.id).sort((a, b) => a - b)).toEqual([ids.boyle, ids.boyle2].sort((a, b) => a - b));
      const split = (await riders.getRiderProfile(ids.boyle2))!;
      expect(split.participantIds).toEqual([ids.boyle2]);
      expect(split.seasons.map((season) => season.year)).toEqual([2027]);
      const first = (await riders.getRiderProfile(ids.boyle))!;
      expect(first.participantIds).toEqual([ids.boyle]);
      expect(first.seasons.map((season) => season.year)).toEqual([2026]);
    } finally {
      await resetRider(ids.boyle2);
    }
    expect((await search('Daniel Boyle')).participants).toHaveLength(1);
  });

  it('two different licences under one name are two people', async () => {
    expect((await search('Alexis Twin')).participants.map((p) => p.id).sort((a, b) => a - b)).toEqual([ids.twinA, ids.twinB].sort((a, b) => a - b));
    expect((await riders.getRiderProfile(ids.twinA))!.participantIds).toEqual([ids.twinA]);
  });

  it('a minor’s page shows results and no hometown; an adult’s shows the hometown of the results', async () => {
    const minor = (await riders.getRiderProfile(ids.minor))!;
    expect(minor.location).toBeNull();
    expect(minor.seasons[0].events[0].races[0].classPosition).toBe(4);
    expect(JSON.stringify(minor)).not.toMatch(/Lachute|514-555|birthday/);
    expect((await riders.getRiderProfile(ids.twinA))!.location).toBe('Perth, ON');
  });

  it('an unknown id or a rider with nothing public has no page', async () => {
    expect(await riders.getRiderProfile(2_000_000_000)).toBeNull();
    const [ghost] = await db.insert(s.participants).values({ firstName: 'Nobody', lastName: 'Public' }).returning({ id: s.participants.id });
    await db.insert(s.entries).values({ raceId: ids.hiddenRace, participantId: ghost.id, sourceKey: 'ghost', raceNumber: '1' });
    expect(await riders.getRiderProfile(ghost.id)).toBeNull();
  });
});
