/**
 * The seed on a real PostgreSQL database (lib/server/seed): the real files first (ids 1–4),
 * Pine Hill's host club and the ECEA championship over it, then the sample data once with the
 * series rules and the results of the past rounds, every sample row marked `is_sample`; a
 * second start changes nothing; a database seeded by the previous version gets what it lacks;
 * a database where a real file was imported by hand still seeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRaceConfigured } from '../../lib/contracts/results';
import { seriesRules } from '../../lib/contracts/series';
import { connectDb, type Db } from '../../lib/server/db';
import * as s from '../../lib/server/db/schema';
import { importResultsFile } from '../../lib/server/import';
import { FEDERATION_DETAILS, SAMPLE, sampleParticipants, seedDatabase } from '../../lib/server/seed';
import { CLASS_GROUPS, SERIES } from '../../lib/server/seed/sample-data';
import { createDatabase, type TestDatabase } from './setup';

const TODAY = '2026-11-22';
const REAL_EVENTS = ['Brands Hatch Test Race (Orbits)', 'Pine Hill Enduro', 'Sebring Winter Test', 'Monster Energy Supercross from Las Vegas, NV'];

const opened: { db: TestDatabase; conn: ReturnType<typeof connectDb> }[] = [];
async function emptyDatabase(): Promise<Db> {
  const db = await createDatabase('empty');
  const conn = connectDb(db.url);
  opened.push({ db, conn });
  return conn.db;
}
afterAll(async () => {
  for (const { db, conn } of opened) {
    await conn.close();
    await db.drop();
  }
});

const TABLES = {
  organizations: s.organizations,
  promoters: s.promoters,
  events: s.events,
  classGroups: s.classGroups,
  classes: s.classes,
  eventClasses: s.eventClasses,
  races: s.races,
  entries: s.entries,
  results: s.results,
  passings: s.passings,
  participants: s.participants,
  registrations: s.registrations,
  membershipTypes: s.membershipTypes,
  memberships: s.memberships,
  series: s.series,
  seriesEvents: s.seriesEvents,
  imports: s.imports,
};

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) out[name] = (await db.select({ n: count() }).from(table))[0].n;
  return out;
}

/** Items by key, in first-seen order (Map.groupBy needs Node 21). */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

const byName = async (db: Db, name: string) => db.select().from(s.events).where(eq(s.events.name, name)).orderBy(asc(s.events.startDate));

describe('seedDatabase on an empty database', () => {
  let db: Db;
  let first: Record<string, number>;

  beforeAll(async () => {
    db = await emptyDatabase();
    await seedDatabase(db, 1, () => {}, { today: TODAY });
    first = await counts(db);
  });

  it('seeds the real files and the sample data around them', async () => {
    expect(first).toMatchObject({ imports: 5, organizations: 2, promoters: 9, series: 3 + 1, membershipTypes: 7 });
    expect(first.events).toBe(4 + 32);
    expect(first.registrations).toBeGreaterThan(100);
    // Every sample rider holds a membership of the current season; the imported round's
    // participant records (sample too) hold none.
    const [riders] = await db.select({ n: count() }).from(s.participants).where(eq(s.participants.isSample, true));
    expect(first.memberships).toBe(sampleParticipants().length);
    const members = await db.select({ id: s.memberships.participantId }).from(s.memberships);
    expect(new Set(members.map((m) => m.id)).size).toBe(sampleParticipants().length);
    expect(first.participants - riders.n).toBe(6 + 100 + 11 + 15 + 22); // the riders of the real files
  });

  it('changes nothing when run again (a second start)', async () => {
    const snapshot = async () => ({
      organizations: await db.select().from(s.organizations).orderBy(asc(s.organizations.id)),
      promoters: await db.select().from(s.promoters).orderBy(asc(s.promoters.id)),
      events: await db.select().from(s.events).orderBy(asc(s.events.id)),
      classes: await db.select().from(s.classes).orderBy(asc(s.classes.id)),
      grid: await db.select({ id: s.entries.id, position: s.entries.gridPosition, label: s.entries.gridLabel }).from(s.entries).orderBy(asc(s.entries.id)),
    });
    const before = await snapshot();
    const lines: string[] = [];
    await seedDatabase(db, 1, (l) => lines.push(l), { today: TODAY });
    // Even a later date: the sample data is seeded once.
    await seedDatabase(db, 1, (l) => lines.push(l), { today: '2027-06-01' });
    expect(await counts(db)).toEqual(first);
    expect(await snapshot()).toEqual(before);
    expect(lines).toEqual([]);
  });

  it('gives the real events the ids 1–4 and leaves the default promoter exactly those', async () => {
    const own = await db
      .select({ id: s.events.id, name: s.events.name })
      .from(s.events)
      .innerJoin(s.promoters, eq(s.promoters.id, s.events.promoterId))
      .where(eq(s.promoters.userId, 1))
      .orderBy(asc(s.events.id));
    expect(own).toEqual(REAL_EVENTS.map((name, i) => ({ id: i + 1, name })));
  });

  it('marks every sample row is_sample', async () => {
    const nonSample = async (table: typeof s.registrations | typeof s.memberships | typeof s.membershipTypes | typeof s.series | typeof s.classGroups) =>
      (await db.select({ n: count() }).from(table).where(eq(table.isSample, false)))[0].n;
    for (const table of [s.registrations, s.memberships, s.membershipTypes, s.series, s.classGroups]) expect(await nonSample(table)).toBe(0);
    // Promoters and organizations: all but the federation and its default promoter.
    expect(await db.select({ userId: s.promoters.userId }).from(s.promoters).where(eq(s.promoters.isSample, false))).toEqual([{ userId: 1 }]);
    expect(await db.select({ n: count() }).from(s.organizations).where(eq(s.organizations.isSample, false))).toEqual([{ n: 1 }]);
    // Events: all but the real ones.
    const events = await db.select({ sample: s.events.isSample, source: s.events.source }).from(s.events);
    for (const e of events) expect(e.sample).toBe(e.source === null);
    // Participants: sample riders never appear in the real results, the real ones are not sample.
    const realRiders = db.select({ id: s.entries.participantId }).from(s.entries).innerJoin(s.races, eq(s.races.id, s.entries.raceId)).where(isNotNull(s.races.importId));
    expect((await db.select({ n: count() }).from(s.participants).where(and(eq(s.participants.isSample, true), inArray(s.participants.id, realRiders))))[0].n).toBe(0);
    expect((await db.select({ n: count() }).from(s.participants).where(and(eq(s.participants.isSample, false), sql`${s.participants.id} not in ${realRiders}`)))[0].n).toBe(0);
    // Classes: the sample ones, and the real ones (from the files) kept not-sample.
    const realClasses = db.select({ id: s.entries.classId }).from(s.entries).innerJoin(s.races, eq(s.races.id, s.entries.raceId)).where(and(isNotNull(s.races.importId), isNotNull(s.entries.classId)));
    expect((await db.select({ n: count() }).from(s.classes).where(and(eq(s.classes.isSample, false), sql`${s.classes.id} not in ${realClasses}`)))[0].n).toBe(0);
  });

  it('completes the real classes the federation uses instead of duplicating them', async () => {
    const [aa] = await db.select().from(s.classes).where(eq(s.classes.name, 'AA'));
    expect(aa).toMatchObject({ isSample: false, minAge: 16 });
    expect(aa.organizationId).not.toBeNull();
    expect(aa.description).toMatch(/Expert/);
    const [group] = await db.select().from(s.classGroups).where(eq(s.classGroups.id, aa.classGroupId!));
    expect(group.name).toBe('Enduro');
    // A real class the federation does not define stays as imported.
    expect(await db.select({ org: s.classes.organizationId, group: s.classes.classGroupId }).from(s.classes).where(eq(s.classes.name, 'A 200'))).toEqual([{ org: null, group: null }]);
  });

  it('fills the federation’s office and about text, and the real events’ venues', async () => {
    const [fed] = await db.select().from(s.organizations).where(eq(s.organizations.isSample, false));
    expect(fed).toMatchObject({ ...FEDERATION_DETAILS, city: 'Saint-Jérôme', state: 'QC', country: 'CA' });
    expect(fed.description!.split('\n\n')).toHaveLength(3);
    expect(fed.description).toContain('1971');
    const [sebring] = await byName(db, 'Sebring Winter Test');
    expect(sebring).toMatchObject({ discipline: 'road', location: 'Sebring International Raceway', address: '113 Midway Drive', city: 'Sebring', state: 'FL', postalCode: '33870', country: 'US', isComplete: true });
    const [vegas] = await byName(db, 'Monster Energy Supercross from Las Vegas, NV');
    expect(vegas).toMatchObject({ discipline: 'supercross', location: 'Sam Boyd Stadium', address: '7000 E Russell Rd', city: 'Las Vegas', state: 'NV', postalCode: '89122', country: 'US', isComplete: true });
    const [pine] = await byName(db, 'Pine Hill Enduro');
    expect(pine).toMatchObject({ discipline: 'enduro', location: null, state: 'NJ', country: 'US', isComplete: true });
    const [brands] = await byName(db, 'Brands Hatch Test Race (Orbits)');
    expect(brands).toMatchObject({ discipline: 'road', location: 'Brands Hatch Circuit', address: 'Fawkham', city: 'Longfield', postalCode: 'DA3 8NG', country: 'GB', isComplete: true });
  });

  it('stores the start grid of the real files: Pine Hill rows, the Orbits start order', async () => {
    const grid = async (file: string) =>
      db
        .select({ key: s.entries.sourceKey, position: s.entries.gridPosition, label: s.entries.gridLabel })
        .from(s.entries)
        .innerJoin(s.races, eq(s.races.id, s.entries.raceId))
        .innerJoin(s.imports, eq(s.imports.id, s.races.importId))
        .where(eq(s.imports.sourceFile, file));
    expect((await grid('enduro/2026-ecea-pine-hill-team-enduro.csv')).find((e) => e.key === '23A')).toEqual({ key: '23A', position: 23, label: '23A' });
    expect((await grid('rmonitor/orbits-mock-session.txt')).map((e) => [e.key, e.position]).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => [String(n), n]));
    expect((await grid('rmonitor/2009-sebring-alms-session-4.txt')).every((e) => e.position === null)).toBe(true);
    expect((await grid('supercross/2017-las-vegas-450sx-main-live-timing.json')).every((e) => e.position === null)).toBe(true);
  });

  it('has events of three seasons for the clubs, with registration open in the next one', async () => {
    const sample = await db.select().from(s.events).where(eq(s.events.isSample, true));
    expect([...new Set(sample.map((e) => e.startDate.slice(0, 4)))].sort()).toEqual(['2025', '2026', '2027']);
    const open = sample.filter((e) => e.registrationOpen && e.startDate.startsWith('2027'));
    expect(open.map((e) => e.name).sort()).toEqual([...SAMPLE.openRegistrationEventNames].sort());
    expect(open.find((e) => e.name === SAMPLE.closedRegistrationEventName)!.registrationClosesOn! < TODAY).toBe(true);
    expect(open.some((e) => e.registrationClosesOn !== null && e.registrationClosesOn > TODAY)).toBe(true);
    for (const e of sample) expect(e.isComplete).toBe((e.endDate ?? e.startDate) < TODAY);
    const clubs = await db.select({ id: s.promoters.id, userId: s.promoters.userId }).from(s.promoters);
    const owners = new Set(sample.map((e) => clubs.find((c) => c.id === e.promoterId)!.userId));
    expect(owners.has(1)).toBe(false);
    const fees = await db.select({ fee: s.eventClasses.feeCents, capacity: s.eventClasses.capacity }).from(s.eventClasses);
    expect(fees.every((f) => f.fee > 0)).toBe(true);
    expect(fees.some((f) => f.capacity !== null)).toBe(true);
    // 10–40 registrations per open event, a few cancelled.
    for (const e of open) {
      const n = (await db.select({ n: count() }).from(s.registrations).where(eq(s.registrations.eventId, e.id)))[0].n;
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThanOrEqual(40);
    }
    expect((await db.select({ n: count() }).from(s.registrations).where(eq(s.registrations.state, 'cancelled')))[0].n).toBeGreaterThan(0);
  });

  it('has the hidden club, event and series', async () => {
    expect(await db.select({ name: s.promoters.name, isPublic: s.promoters.isPublic }).from(s.promoters).where(eq(s.promoters.userId, SAMPLE.hiddenClubUserId))).toEqual([
      { name: 'Club tout-terrain Haute-Gatineau', isPublic: false },
    ]);
    expect((await byName(db, SAMPLE.hiddenEventName)).map((e) => [e.isPublic, e.startDate])).toEqual([[false, '2026-07-04']]);
    expect(await db.select({ isPublic: s.series.isPublic }).from(s.series).where(eq(s.series.name, SAMPLE.hiddenSeriesName(2027)))).toEqual([{ isPublic: false }]);
    const links = await db.select({ n: count() }).from(s.seriesEvents);
    expect(links[0].n).toBe(8 + 1);
    const clubSeries = await db.select({ name: s.series.name }).from(s.series).innerJoin(s.promoters, eq(s.promoters.id, s.series.promoterId)).where(ne(s.promoters.userId, 1)).orderBy(asc(s.series.id));
    expect(clubSeries.map((r) => r.name)).toEqual(SAMPLE.seriesNamesOn(TODAY));
  });

  it('has the second organization with its two clubs, classes and membership types', async () => {
    const [org] = await db.select().from(s.organizations).where(eq(s.organizations.name, SAMPLE.secondOrganizationName));
    expect(org).toMatchObject({ isSample: true, state: 'ON' });
    const clubs = await db.select({ userId: s.promoters.userId }).from(s.promoters).where(eq(s.promoters.organizationId, org.id)).orderBy(asc(s.promoters.userId));
    expect(clubs.map((c) => c.userId)).toEqual(SAMPLE.secondOrganizationClubUserIds);
    expect((await db.select({ n: count() }).from(s.classes).where(eq(s.classes.organizationId, org.id)))[0].n).toBe(4);
    expect((await db.select({ n: count() }).from(s.membershipTypes).where(eq(s.membershipTypes.organizationId, org.id)))[0].n).toBe(3);
    const members = await db.select({ number: s.memberships.number }).from(s.memberships).where(eq(s.memberships.organizationId, org.id));
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((m) => /^NOOA-2026-\d{3}$/.test(m.number))).toBe(true);
  });

  it('has federation memberships for the current season, some with a club', async () => {
    const rows = await db.select().from(s.memberships).where(eq(s.memberships.number, 'FMQR-2026-0042'));
    expect(rows).toHaveLength(1);
    expect((await db.select({ n: count() }).from(s.memberships).where(isNotNull(s.memberships.promoterId)))[0].n).toBeGreaterThan(0);
    expect((await db.select({ n: count() }).from(s.memberships).where(ne(s.memberships.validUntil, '2026-12-31')))[0].n).toBe(
      (await db.select({ n: count() }).from(s.memberships).innerJoin(s.membershipTypes, eq(s.membershipTypes.id, s.memberships.membershipTypeId)).where(eq(s.membershipTypes.validity, 'event')))[0].n,
    );
  });

  it('gives the upcoming ice race races and a start grid from its registrations, without results', async () => {
    const [ice] = await byName(db, SAMPLE.iceRaceName);
    expect(ice).toMatchObject({ startDate: '2026-12-05', isComplete: false, registrationOpen: true, isSample: true });
    const raceRows = await db.select().from(s.races).where(eq(s.races.eventId, ice.id)).orderBy(asc(s.races.sortOrder));
    expect(raceRows.length).toBeGreaterThan(0);
    for (const race of raceRows) {
      const grid = await db.select().from(s.entries).where(eq(s.entries.raceId, race.id)).orderBy(asc(s.entries.gridPosition));
      expect(grid.map((e) => e.gridPosition)).toEqual(grid.map((_, i) => i + 1));
      expect(grid.every((e) => /^\d+$/.test(e.gridLabel ?? ''))).toBe(true); // the gate picked
      // Each entry is a registered (not cancelled) rider of the event in that class.
      for (const e of grid) {
        const [reg] = await db
          .select({ state: s.registrations.state })
          .from(s.registrations)
          .where(and(eq(s.registrations.eventId, ice.id), eq(s.registrations.participantId, e.participantId), eq(s.registrations.classId, e.classId!)));
        expect(reg.state).toBe('registered');
      }
    }
    expect((await db.select({ n: count() }).from(s.results).innerJoin(s.races, eq(s.races.id, s.results.raceId)).where(eq(s.races.eventId, ice.id)))[0].n).toBe(0);
    // The other sample races are the results of past events.
    const others = await db
      .select({ end: sql<string>`coalesce(${s.events.endDate}, ${s.events.startDate})` })
      .from(s.races)
      .innerJoin(s.events, eq(s.events.id, s.races.eventId))
      .where(and(isNull(s.races.importId), ne(s.races.eventId, ice.id)));
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(r.end < TODAY).toBe(true);
  });

  it('gives Pine Hill its host club, and the ECEA championship over it with the association’s rules', async () => {
    const [pine] = await byName(db, 'Pine Hill Enduro');
    expect(pine.hostClub).toBe('CJCR');
    const [ecea] = await db.select().from(s.series).where(eq(s.series.name, '2026 ECEA Enduro Championship'));
    expect(ecea).toMatchObject({ isPublic: true, isSample: true, seriesType: 'overall', startDate: pine.startDate, endDate: pine.startDate });
    // After the sample series, as on a database that had them before.
    expect(ecea.id).toBe(4);
    expect(await db.select({ userId: s.promoters.userId }).from(s.promoters).where(eq(s.promoters.id, ecea.promoterId))).toEqual([{ userId: 1 }]);
    expect(await db.select({ eventId: s.seriesEvents.eventId }).from(s.seriesEvents).where(eq(s.seriesEvents.seriesId, ecea.id))).toEqual([{ eventId: pine.id }]);
    const rules = seriesRules.parse(ecea.rules);
    expect(rules).toMatchObject({
      scoring: 'event',
      classes: [],
      classGroups: [],
      minEvents: 6,
      bestResults: 12,
      tieBreak: ['emergency-points'],
      teams: { hostClubScoresZero: true, clubBestTeamOnly: true, tieBreak: ['emergency-points'] },
    });
    // 1st 25, 2nd 22, 3rd 20, 4th 18, 5th 16, 6th 15, then one less per place down to 20th 1.
    const table = [25, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(rules.pointsTable).toEqual(table);
    expect(rules.teams!.pointsTable).toEqual(table);
  });

  it('gives the sample series their rules as data', async () => {
    const rules = async (name: string) => seriesRules.parse((await db.select({ rules: s.series.rules }).from(s.series).where(eq(s.series.name, name)))[0].rules);
    const [mx, enduro, quad] = SAMPLE.seriesNamesOn(TODAY);
    expect(await rules(mx)).toMatchObject({ scoring: 'moto', dropScores: 1, bestResults: null, tieBreak: ['better-finishes', 'latest-race'], classGroups: [] });
    expect((await rules(mx)).pointsTable.slice(0, 8)).toEqual([25, 22, 20, 18, 16, 15, 14, 13]);
    expect((await rules(mx)).classes).toHaveLength(11);
    expect(await rules(enduro)).toMatchObject({ scoring: 'event', minEvents: 2, tieBreak: ['emergency-points'], classGroups: ['Enduro'], classes: [] });
    expect(await db.select({ rules: s.series.rules }).from(s.series).where(eq(s.series.name, quad))).toEqual([
      { rules: { classes: ['Quad 70', 'Quad 90', 'Quad Pro', 'Quad Open', 'Quad Vet 30+', 'Quad Women'], dropScores: 0 } },
    ]);
  });

  it('gives every past round of the motocross championship and the enduro cup results, and later events none', async () => {
    const rounds = await db
      .select({ series: s.series.name, eventId: s.events.id, start: s.events.startDate, end: sql<string>`coalesce(${s.events.endDate}, ${s.events.startDate})` })
      .from(s.seriesEvents)
      .innerJoin(s.series, eq(s.series.id, s.seriesEvents.seriesId))
      .innerJoin(s.events, eq(s.events.id, s.seriesEvents.eventId))
      .where(inArray(s.series.name, SAMPLE.seriesNamesOn(TODAY).slice(0, 2)))
      .orderBy(asc(s.events.startDate));
    expect(rounds).toHaveLength(6);
    for (const round of rounds) {
      expect(round.end < TODAY).toBe(true);
      const raceRows = await db.select().from(s.races).where(eq(s.races.eventId, round.eventId)).orderBy(asc(s.races.sortOrder));
      const n = (await db.select({ n: count() }).from(s.results).innerJoin(s.races, eq(s.races.id, s.results.raceId)).where(eq(s.races.eventId, round.eventId)))[0].n;
      expect(n).toBeGreaterThan(30);
      if (round.series.endsWith('Motocross Championship')) {
        const names = raceRows.map((r) => r.name);
        expect(names.every((x) => / – Moto [12]$/.test(x))).toBe(true);
        expect(names.filter((x) => x.endsWith('Moto 1')).map((x) => x.replace(/ – Moto 1$/, ''))).toEqual(names.filter((x) => x.endsWith('Moto 2')).map((x) => x.replace(/ – Moto 2$/, '')));
        expect(names).toContain('Open Pro – Moto 1');
        expect(raceRows.every((r) => r.kind === 'sprint')).toBe(true);
      } else {
        expect(raceRows.map((r) => r.kind)).toEqual(['enduro']);
      }
    }
    // Nothing for events to come, hidden events or earlier seasons.
    const withResults = await db
      .selectDistinct({ name: s.events.name, start: s.events.startDate, isPublic: s.events.isPublic })
      .from(s.results)
      .innerJoin(s.races, eq(s.races.id, s.results.raceId))
      .innerJoin(s.events, eq(s.events.id, s.races.eventId))
      .where(eq(s.events.isSample, true));
    expect(withResults).toHaveLength(10);
    for (const e of withResults) expect(e.start >= '2026-01-01' && e.start < TODAY && e.isPublic).toBe(true);
  });

  it('writes sample results whose positions agree: 1..n in each race overall, in class and in class group', async () => {
    const rows = await db
      .select({
        raceId: s.races.id,
        kind: s.races.kind,
        config: s.races.config,
        className: s.classes.name,
        group: s.classGroups.name,
        position: s.results.position,
        classPosition: s.results.classPosition,
        groupPosition: s.results.groupPosition,
        state: s.results.state,
      })
      .from(s.results)
      .innerJoin(s.races, eq(s.races.id, s.results.raceId))
      .innerJoin(s.events, eq(s.events.id, s.races.eventId))
      .innerJoin(s.entries, eq(s.entries.id, s.results.entryId))
      .innerJoin(s.classes, eq(s.classes.id, s.entries.classId))
      .innerJoin(s.classGroups, eq(s.classGroups.id, s.classes.classGroupId))
      .where(eq(s.events.isSample, true));
    expect(rows.length).toBeGreaterThan(500);
    const oneToK = (values: (number | null)[]) => {
      const placed = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
      expect(placed).toEqual(placed.map((_, i) => i + 1));
    };
    const byRace = groupBy(rows, (r) => r.raceId);
    for (const race of byRace.values()) {
      expect(isRaceConfigured(race[0].config)).toBe(true);
      expect(new Set(race.map((r) => r.className))).toEqual(new Set(race[0].config.classes));
      oneToK(race.map((r) => r.position));
      for (const cls of groupBy(race, (r) => r.className).values()) oneToK(cls.map((r) => r.classPosition));
      for (const group of groupBy(race, (r) => r.group).values()) oneToK(group.map((r) => r.groupPosition));
      for (const r of race) {
        if (race[0].kind === 'sprint') expect(r.position).not.toBeNull();
        else expect(r.position === null).toBe(r.state !== 'finished');
      }
    }
    const states = new Set(rows.map((r) => r.state));
    expect(states).toEqual(new Set(['finished', 'DNF', 'DNS']));
  });

  it('brings the imported round (Renfrew) as new participant records without membership, with the riders’ names, numbers and classes', async () => {
    const entriesOf = (where: ReturnType<typeof eq>) =>
      db
        .select({ participantId: s.entries.participantId, firstName: s.participants.firstName, lastName: s.participants.lastName, number: s.entries.raceNumber, classId: s.entries.classId, event: s.events.name })
        .from(s.entries)
        .innerJoin(s.races, eq(s.races.id, s.entries.raceId))
        .innerJoin(s.events, eq(s.events.id, s.races.eventId))
        .innerJoin(s.participants, eq(s.participants.id, s.entries.participantId))
        .where(and(where, isNull(s.races.importId), eq(s.events.isSample, true)));
    const imported = await entriesOf(eq(s.events.name, SAMPLE.resultsAsImportEventName));
    expect(imported.length).toBeGreaterThan(100);
    // One record per entry, as an import writes them; none holds a membership.
    expect(new Set(imported.map((e) => e.participantId)).size).toBe(imported.length);
    const members = new Set((await db.select({ id: s.memberships.participantId }).from(s.memberships)).map((m) => m.id));
    expect(imported.some((e) => members.has(e.participantId))).toBe(false);
    // The other rounds' riders are the members themselves.
    const mx = (await entriesOf(inArray(s.events.name, ['Motocross des Pins', 'Valley Ridge MX Final']))).filter((e) => e.event !== SAMPLE.resultsAsImportEventName);
    expect(mx.every((e) => members.has(e.participantId))).toBe(true);
    // Each imported rider is a member by name, number and class: same number and class as the
    // member's entries at the other rounds.
    const key = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`;
    const memberEntries = groupBy(mx, key);
    let matched = 0;
    for (const e of imported) {
      const [member] = await db
        .select({ id: s.participants.id })
        .from(s.participants)
        .innerJoin(s.memberships, eq(s.memberships.participantId, s.participants.id))
        .where(and(eq(s.participants.firstName, e.firstName), eq(s.participants.lastName, e.lastName)));
      expect(member).toBeDefined();
      for (const other of memberEntries.get(key(e)) ?? []) {
        expect([other.number, other.classId]).toEqual([e.number, e.classId]);
        matched += 1;
      }
    }
    expect(matched).toBeGreaterThan(100);
  });

  // Last: it deletes and blanks what the tests above read.
  it('does not bring back what an administrator deleted or blanked after the first start', async () => {
    await db.delete(s.registrations).where(eq(s.registrations.isSample, true));
    const [federation] = await db.select({ id: s.promoters.organizationId }).from(s.promoters).where(eq(s.promoters.userId, 1));
    await db.update(s.organizations).set({ description: null }).where(eq(s.organizations.id, federation!.id!));
    await seedDatabase(db, 1, () => {}, { today: TODAY });
    expect((await db.select({ n: count() }).from(s.registrations))[0]!.n).toBe(0);
    expect((await db.select({ d: s.organizations.description }).from(s.organizations).where(eq(s.organizations.id, federation!.id!)))[0]!.d).toBeNull();
    expect((await db.select().from(s.seedState)).map((r) => r.step).sort()).toEqual(['details', 'host-club', 'real-series', 'sample', 'sample-results', 'series-rules', 'translations']);
  });
});

describe('seedDatabase on a database seeded by the previous version', () => {
  it('adds the host club, the ECEA championship, the series rules and the past results once, as a fresh install has them', async () => {
    const db = await emptyDatabase();
    await seedDatabase(db, 1, () => {}, { today: TODAY });
    const fresh = await counts(db);
    const resultsView = async () =>
      (
        await db
          .select({ event: s.events.name, race: s.races.name, number: s.entries.raceNumber, first: s.participants.firstName, position: s.results.position, classPosition: s.results.classPosition, state: s.results.state })
          .from(s.results)
          .innerJoin(s.races, eq(s.races.id, s.results.raceId))
          .innerJoin(s.events, eq(s.events.id, s.races.eventId))
          .innerJoin(s.entries, eq(s.entries.id, s.results.entryId))
          .innerJoin(s.participants, eq(s.participants.id, s.entries.participantId))
          .where(eq(s.events.isSample, true))
      )
        .map((r) => JSON.stringify(r))
        .sort();
    const rulesView = async () => (await db.select({ name: s.series.name, rules: s.series.rules }).from(s.series).orderBy(asc(s.series.name)));
    const freshResults = await resultsView();
    const freshRules = await rulesView();

    // What the previous version left: its two steps done, no host club, no ECEA series, the
    // sample series' rules {classes, dropScores}, no results for past sample events.
    await db.delete(s.seedState).where(inArray(s.seedState.step, ['host-club', 'real-series', 'series-rules', 'sample-results']));
    await db.update(s.events).set({ hostClub: null });
    await db.delete(s.series).where(eq(s.series.name, '2026 ECEA Enduro Championship'));
    for (const seed of SERIES) {
      const classes = CLASS_GROUPS.find((g) => g.name === seed.classGroup)!.classes.map((c) => c.name);
      await db.update(s.series).set({ rules: { classes, dropScores: seed.key === 'mx' ? 1 : 0 } }).where(eq(s.series.name, seed.name(seed.season === 'current' ? 2026 : 2027)));
    }
    await db.delete(s.races).where(and(isNull(s.races.importId), sql`${s.races.eventId} in (select id from events where is_sample and coalesce(end_date, start_date) < ${TODAY})`));
    await db.delete(s.participants).where(
      and(
        eq(s.participants.isSample, true),
        sql`not exists (select 1 from memberships m where m.participant_id = ${s.participants.id})`,
        sql`not exists (select 1 from entries e where e.participant_id = ${s.participants.id})`,
      ),
    );
    expect((await counts(db)).results).toBe(fresh.results - freshResults.length);

    const lines: string[] = [];
    await seedDatabase(db, 1, (l) => lines.push(l), { today: TODAY });
    expect(lines).toEqual([
      '[seed] host club of 1 real event(s) imported before',
      expect.stringMatching(/^\[seed\] series over the real results: 2026 ECEA Enduro Championship \(series \d+\)$/),
      '[seed] rules of 2 sample series seeded before',
      expect.stringMatching(/^\[seed\] sample results for 2026-11-22: 10 past events, \d+ races, \d+ results; Renfrew Motocross \(event \d+\) as a timing import \(new participant records\)$/),
    ]);
    expect(await counts(db)).toEqual(fresh);
    expect(await resultsView()).toEqual(freshResults);
    expect(await rulesView()).toEqual(freshRules);
    expect((await byName(db, 'Pine Hill Enduro'))[0].hostClub).toBe('CJCR');

    // And nothing more at the next start.
    lines.length = 0;
    await seedDatabase(db, 1, (l) => lines.push(l), { today: TODAY });
    expect(lines).toEqual([]);
    expect(await counts(db)).toEqual(fresh);
  });

  it('keeps a host club set by hand', async () => {
    const db = await emptyDatabase();
    await seedDatabase(db, 1, () => {}, { today: TODAY, sample: false });
    const [pine] = await byName(db, 'Pine Hill Enduro');
    await db.update(s.events).set({ hostClub: 'DER' }).where(eq(s.events.id, pine.id));
    await db.delete(s.seedState).where(eq(s.seedState.step, 'host-club'));
    await seedDatabase(db, 1, () => {}, { today: TODAY, sample: false });
    expect((await byName(db, 'Pine Hill Enduro'))[0].hostClub).toBe('DER');
  });
});

describe('seedDatabase on a database where a real file was imported by hand', () => {
  it('keeps that import, seeds the rest and the sample data, and completes what the import left empty', async () => {
    const db = await emptyDatabase();
    const pine = fs.readFileSync(path.resolve('data/real/enduro/2026-ecea-pine-hill-team-enduro.csv'), 'utf8');
    const mine = await importResultsFile(db, 'my-copy-of-pine-hill.csv', pine, { promoterUserId: 1 });
    await seedDatabase(db, 1, () => {}, { today: TODAY });
    const counted = await counts(db);
    expect(counted).toMatchObject({ imports: 5, organizations: 2, promoters: 9 });
    expect((await byName(db, 'Pine Hill Enduro')).map((e) => [e.id, e.state])).toEqual([[mine.eventId, 'NJ']]);
    await seedDatabase(db, 1, () => {}, { today: TODAY });
    expect(await counts(db)).toEqual(counted);
  });

  it('keeps what an administrator set on the federation', async () => {
    const db = await emptyDatabase();
    await db.update(s.organizations).set({ email: 'office@example.org', description: 'Our own words.' });
    await seedDatabase(db, 1, () => {}, { today: TODAY, sample: false });
    const [fed] = await db.select().from(s.organizations);
    expect(fed).toMatchObject({ email: 'office@example.org', description: 'Our own words.', address: FEDERATION_DETAILS.address, phone: FEDERATION_DETAILS.phone });
    expect(await db.select({ n: count() }).from(s.promoters)).toEqual([{ n: 1 }]);
  });

  it('moves an office seeded before (Trois-Rivières, no address) to the office’s city', async () => {
    const db = await emptyDatabase();
    await db.update(s.organizations).set({ city: 'Trois-Rivières' });
    await db.update(s.promoters).set({ city: 'Trois-Rivières' });
    await seedDatabase(db, 1, () => {}, { today: TODAY, sample: false });
    expect(await db.select({ city: s.organizations.city, address: s.organizations.address }).from(s.organizations)).toEqual([{ city: 'Saint-Jérôme', address: FEDERATION_DETAILS.address }]);
    expect(await db.select({ city: s.promoters.city }).from(s.promoters)).toEqual([{ city: 'Saint-Jérôme' }]);
  });

  it('gives the entries of imports made before the importers read the grid their start grid', async () => {
    const db = await emptyDatabase();
    await seedDatabase(db, 1, () => {}, { today: TODAY, sample: false });
    const withGrid = async () => (await db.select({ n: count() }).from(s.entries).where(isNotNull(s.entries.gridPosition)))[0].n;
    const before = await withGrid();
    expect(before).toBe(100 + 6); // Pine Hill rows and the Orbits start
    await db.update(s.entries).set({ gridPosition: null, gridLabel: null });
    const lines: string[] = [];
    await seedDatabase(db, 1, (l) => lines.push(l), { today: TODAY, sample: false });
    expect(await withGrid()).toBe(before);
    expect(lines).toEqual(['[seed] start grid of 106 entries of earlier imports']);
  });

  it('seeds no sample data when the site has promoters of its own', async () => {
    const db = await emptyDatabase();
    const [fed] = await db.select({ id: s.organizations.id }).from(s.organizations);
    await db.insert(s.promoters).values({ userId: 77, organizationId: fed.id, name: 'Our own club' });
    await seedDatabase(db, 1, () => {}, { today: TODAY });
    expect(await db.select({ n: count() }).from(s.promoters)).toEqual([{ n: 2 }]);
    expect((await db.select({ n: count() }).from(s.events))[0].n).toBe(4);
  });
});
