/**
 * Importing into a real PostgreSQL database: all or nothing, adding to an existing event, and
 * each file once (the same content again is refused with its event, unless replaced).
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, getDb, type Db } from '../../lib/server/db';
import * as s from '../../lib/server/db/schema';
import { AlreadyImportedError, ImportError, ImportTargetError, importResultsFile } from '../../lib/server/import';
import { parseResultsFile } from '../../lib/server/import/parse';
import { writeImportedEvent } from '../../lib/server/import/write';
import { seedDatabase } from '../../lib/server/seed';
import { createDatabase, useTestDatabase, type TestDatabase } from './setup';

let seeded: TestDatabase | undefined;
let empty: TestDatabase | undefined;
let emptyDb: { db: Db; close: () => Promise<void> };

beforeAll(async () => {
  seeded = await useTestDatabase('seeded');
  empty = await createDatabase('empty');
  emptyDb = connectDb(empty.url);
});
afterAll(async () => {
  await emptyDb?.close();
  await empty?.drop();
  await seeded?.drop();
});

const real = (p: string) => fs.readFileSync(path.resolve('data/real', p), 'utf8');
const fixture = (p: string) => fs.readFileSync(path.resolve('data/fixtures', p), 'utf8');
const VEGAS = 'supercross/2017-las-vegas-450sx-main-live-timing.json';
const LITES = 'rmonitor/2009-sebring-alms-session-4-lites.txt';

async function counts(db: Db = getDb()) {
  const n = async (t: typeof s.events | typeof s.races | typeof s.entries | typeof s.passings | typeof s.results | typeof s.imports | typeof s.participants) =>
    (await db.select({ n: count() }).from(t))[0].n;
  return {
    events: await n(s.events),
    races: await n(s.races),
    entries: await n(s.entries),
    passings: await n(s.passings),
    results: await n(s.results),
    imports: await n(s.imports),
    participants: await n(s.participants),
  };
}

describe('importResultsFile', () => {
  it('seeded every real file once; a second seed adds nothing', async () => {
    const before = await counts();
    expect(before).toMatchObject({ imports: 5 });
    // The real files gave 4 events and 5 races; the other rows are sample data (seed.test.ts).
    expect((await getDb().select({ n: count() }).from(s.events).where(eq(s.events.isSample, false)))[0].n).toBe(4);
    expect((await getDb().select({ n: count() }).from(s.races).where(isNotNull(s.races.importId)))[0].n).toBe(5);
    await seedDatabase(getDb(), 1, () => {});
    expect(await counts()).toEqual(before);
  });

  it('writes nothing of a truncated file and names the line and field', async () => {
    const before = await counts();
    const text = real('rmonitor/orbits-mock-session.txt');
    const cut = text.slice(0, text.lastIndexOf('$J,"3"') + 12);
    const err = await importResultsFile(getDb(), 'cut.txt', cut, { promoterUserId: 1, startDate: '2026-01-01' }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.line).toBe(cut.split('\n').length);
    expect(await counts()).toEqual(before);
  });

  it('rolls back when the database refuses part of a file', async () => {
    const before = await counts();
    const parsed = parseResultsFile('orbits.txt', real('rmonitor/orbits-mock-session.txt'));
    // Two entries with the same key violate the (race, key) unique index after the event and race were written.
    parsed.races[0].entries.push({ ...parsed.races[0].entries[0] });
    await expect(writeImportedEvent(getDb(), parsed, { promoterUserId: 1, startDate: '2026-01-01' })).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown promoter or event and a file without a date', async () => {
    const text = real(VEGAS);
    const db = emptyDb.db;
    await expect(importResultsFile(db, 'lv.json', text, { promoterUserId: 77, startDate: '2017-05-06' })).rejects.toBeInstanceOf(ImportTargetError);
    await expect(importResultsFile(db, 'lv.json', text, { promoterUserId: 1, eventId: 999 })).rejects.toThrow('The provided event id is invalid');
    await expect(importResultsFile(db, 'lv.json', text, { promoterUserId: 1 })).rejects.toThrow(/--date/);
    expect(await counts(db)).toMatchObject({ events: 0, imports: 0 });
  });

  it('adds a file’s races to an existing event', async () => {
    const db = emptyDb.db;
    const pine = await importResultsFile(db, 'pine.csv', real('enduro/2026-ecea-pine-hill-team-enduro.csv'), { promoterUserId: 1 });
    const summary = await importResultsFile(db, 'lv.json', real(VEGAS), { promoterUserId: 1, eventId: pine.eventId });
    expect(summary).toMatchObject({ eventId: pine.eventId, entries: 22, replaced: false });
    const list = await db.select({ name: s.races.name }).from(s.races).where(eq(s.races.eventId, pine.eventId)).orderBy(s.races.sortOrder);
    expect(list.map((r) => r.name)).toEqual(['Team Enduro Results', '450SX LCQ (20min + 1 Lap)']);
  });

  it('imports a results spreadsheet of other timing software into an event, with a date from the caller (issue 24)', async () => {
    const db = emptyDb.db;
    const text = fixture('sheet/2017-las-vegas-450sx-lcq-results.csv');
    await expect(importResultsFile(db, 'lcq.csv', text, { promoterUserId: 1 })).rejects.toThrow(/--date/);
    const summary = await importResultsFile(db, 'lcq.csv', text, { promoterUserId: 1, startDate: '2017-05-06', eventName: 'Las Vegas spreadsheet' });
    expect(summary).toMatchObject({ entries: 22, replaced: false });
    const rows = await db
      .select({ number: s.entries.raceNumber, position: s.results.position, gapMs: s.results.gapMs, bestLapMs: s.results.bestLapMs, state: s.results.state })
      .from(s.results)
      .innerJoin(s.entries, eq(s.entries.id, s.results.entryId))
      .where(eq(s.results.raceId, summary.raceIds[0]!))
      .orderBy(s.results.position);
    expect(rows[0]).toEqual({ number: '21', position: 1, gapMs: null, bestLapMs: 65906, state: 'finished' });
    expect(rows[1]).toMatchObject({ number: '3', position: 2, gapMs: 1854 });
  });
});

describe('importing the same file twice', () => {
  it('is refused with the event it went to, and writes nothing', async () => {
    const [vegas] = await getDb().select({ eventId: s.imports.eventId }).from(s.imports).where(eq(s.imports.sourceFile, VEGAS));
    const before = await counts();
    // Under another name and with another date: the content decides.
    const err = await importResultsFile(getDb(), 'copy-of-vegas.json', real(VEGAS), { promoterUserId: 1, startDate: '2020-01-01' }).catch((e) => e);
    expect(err).toBeInstanceOf(AlreadyImportedError);
    expect(err.eventId).toBe(vegas.eventId);
    expect(err.message).toContain(`into event ${vegas.eventId}, Monster Energy Supercross from Las Vegas, NV`);
    expect(await counts()).toEqual(before);
  });

  it('with replace, swaps that import’s races and results in the same event, leaving no orphan', async () => {
    const db = getDb();
    const [prev] = await db.select().from(s.imports).where(eq(s.imports.sourceFile, LITES));
    const oldRaces = await db.select({ id: s.races.id, sortOrder: s.races.sortOrder }).from(s.races).where(eq(s.races.importId, prev.id));
    const before = await counts();
    const summary = await importResultsFile(db, 'lites-again.txt', real(LITES), { promoterUserId: 1, replace: true });
    expect(summary.replaced).toBe(true);
    expect(summary.eventId).toBe(prev.eventId);
    expect(summary.raceIds).not.toEqual(oldRaces.map((r) => r.id));
    // Same numbers of everything: the old rows are gone, the new ones took their place.
    expect(await counts()).toEqual(before);
    const newRaces = await db.select({ sortOrder: s.races.sortOrder }).from(s.races).where(eq(s.races.importId, prev.id));
    expect(newRaces.map((r) => r.sortOrder)).toEqual(oldRaces.map((r) => r.sortOrder));
    const [after] = await db.select().from(s.imports).where(eq(s.imports.id, prev.id));
    expect(after).toMatchObject({ sourceFile: 'lites-again.txt', contentHash: prev.contentHash, raceCount: prev.raceCount, passingCount: prev.passingCount });
  });

  it('two imports of one file at the same moment: one is written, the other refused', async () => {
    const db = emptyDb.db;
    const text = real('rmonitor/orbits-mock-session.txt');
    const both = await Promise.allSettled([
      importResultsFile(db, 'a.txt', text, { promoterUserId: 1, startDate: '2026-11-14' }),
      importResultsFile(db, 'b.txt', text, { promoterUserId: 1, startDate: '2026-11-14' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AlreadyImportedError);
    const orbits = await db.select().from(s.imports).where(eq(s.imports.format, 'rmonitor'));
    expect(orbits).toHaveLength(1);
  });
});

describe('what the seed stored from the real files', () => {
  const raceOf = async (file: string) => {
    const [row] = await getDb()
      .select({ race: s.races, report: s.imports.report })
      .from(s.races)
      .innerJoin(s.imports, eq(s.imports.id, s.races.importId))
      .where(eq(s.imports.sourceFile, file));
    return row;
  };
  const entryCount = async (raceId: number) => (await getDb().select({ n: count() }).from(s.entries).where(eq(s.entries.raceId, raceId)))[0].n;

  it('imports every real file with its counts, clock and report', async () => {
    const orbits = await raceOf('rmonitor/orbits-mock-session.txt');
    expect(orbits.race.clock).toEqual({ flag: 'Finish', lapsToGo: null, timeToGoMs: 0, timeOfDay: '23:26:12', raceTimeMs: 347_000 });
    expect(orbits.report).toEqual({ unknownMessages: {}, skippedLines: [], positionChecks: [] });
    expect(await entryCount(orbits.race.id)).toBe(6);
    const alms = await raceOf('rmonitor/2009-sebring-alms-session-4.txt');
    expect(alms.race.clock).toMatchObject({ flag: 'Finish', raceTimeMs: 7_330_000 });
    expect(await entryCount(alms.race.id)).toBe(11);
    // The lites capture (15 entries) was re-imported under another name above; consistency.test.ts counts it.
    const pine = await raceOf('enduro/2026-ecea-pine-hill-team-enduro.csv');
    expect(pine.race.clock).toBeNull();
    expect(await entryCount(pine.race.id)).toBe(100);
    const vegas = await raceOf(VEGAS);
    expect(vegas.race.config.columns).not.toContain('sections');
    expect(vegas.race.config.sections).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(await entryCount(vegas.race.id)).toBe(22);
  });

  it('stores the new result columns (null where the source has none) and the crew names', async () => {
    const alms = await raceOf('rmonitor/2009-sebring-alms-session-4.txt');
    const [winner] = await getDb()
      .select({ result: s.results, first: s.participants.firstName, last: s.participants.lastName })
      .from(s.results)
      .innerJoin(s.entries, eq(s.entries.id, s.results.entryId))
      .innerJoin(s.participants, eq(s.participants.id, s.entries.participantId))
      .where(and(eq(s.results.raceId, alms.race.id), eq(s.results.position, 1)));
    expect(winner.result).toMatchObject({ laps: 47, totalTimeMs: 7_203_686, groupPosition: null, penaltyLaps: null, pointsOverall: null, pointsClass: null, pointsGroup: null });
    expect(`${winner.first} ${winner.last}`).toBe('D. Robertson/ Murry/ A.Robertson');
  });
});

describe('hostile files and --lenient', () => {
  const hostile: [string, number, string][] = [
    ['hostile/orbits-truncated.txt', 533, '$J.lapTime'],
    ['hostile/orbits-garbled-field.txt', 534, '$G.laps'],
    ['hostile/pine-hill-wrong-header.csv', 4, 'header'],
    ['hostile/las-vegas-truncated.json', 218, 'JSON'],
  ];

  it.each(hostile)('%s is refused at line %i, field %s, and nothing is written', async (file, line, field) => {
    const db = emptyDb.db;
    const before = await counts(db);
    const err = await importResultsFile(db, file, fixture(file), { promoterUserId: 1, startDate: '2026-01-01' }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect({ line: err.line, field: err.field }).toEqual({ line, field });
    expect(await counts(db)).toEqual(before);
  });

  it('lenient skips the garbled line, lists it in the summary and in imports.report', async () => {
    const db = emptyDb.db;
    const summary = await importResultsFile(db, 'garbled.txt', fixture('hostile/orbits-garbled-field.txt'), { promoterUserId: 1, startDate: '2026-01-01', lenient: true });
    expect(summary).toMatchObject({ entries: 6, report: { unknownMessages: {}, skippedLines: [{ line: 534, field: '$G.laps', detail: 'not a whole number: "8x"' }] } });
    const [row] = await db.select({ report: s.imports.report }).from(s.imports).where(eq(s.imports.sourceFile, 'garbled.txt'));
    expect(row.report).toEqual(summary.report);
  });

  it('stores the unknown message counts, the $COR-corrected times, section times and the clock', async () => {
    const db = emptyDb.db;
    const summary = await importResultsFile(db, 'imsa.txt', fixture('rmonitor/imsa-sections-corrections.txt'), { promoterUserId: 1 });
    expect(summary.report.unknownMessages).toEqual({ Z: 1, K: 2 });
    const [race] = await db.select().from(s.races).where(eq(s.races.id, summary.raceIds[0]));
    expect(race.clock).toMatchObject({ flag: 'Finish', lapsToGo: 58 });
    expect(race.config.sections).toEqual(['S1', 'S2', 'S3', 'LAP']);
    const rows = await db
      .select({ number: s.entries.raceNumber, total: s.results.totalTimeMs, sections: s.results.sectionTimes })
      .from(s.results)
      .innerJoin(s.entries, eq(s.entries.id, s.results.entryId))
      .where(eq(s.results.raceId, race.id))
      .orderBy(s.results.position);
    expect(rows.map((r) => [r.number, r.total])).toEqual([['7', 180_500], ['8', 184_750]]);
    expect(rows[0].sections).toContainEqual({ section: 'LAP', timeMs: 89_500 });
    const loops = await db.select({ n: count() }).from(s.passings).where(and(eq(s.passings.raceId, race.id), isNotNull(s.passings.section)));
    expect(loops[0].n).toBe(10);
  });

  it('stores DQ teams of the real Sandy Lane report as DSQ', async () => {
    const db = emptyDb.db;
    const summary = await importResultsFile(db, 'sandy-lane.csv', fixture('enduro/2026-ecea-sandy-lane-team-enduro.csv'), { promoterUserId: 1 });
    expect(summary.entries).toBe(113);
    const dsq = await db.select({ name: s.teams.name, position: s.teams.position }).from(s.teams).where(and(eq(s.teams.raceId, summary.raceIds[0]), eq(s.teams.state, 'DSQ')));
    expect(dsq.map((t) => t.name).sort()).toEqual(['CJCR - TEAM TONY', 'DER - V', 'DVTR - III']);
    expect(dsq.every((t) => t.position === null)).toBe(true);
  });
});

describe('batched writes', () => {
  it('writes a race with more passings than one statement could bind (65,535 parameters)', async () => {
    const db = emptyDb.db;
    const parsed = parseResultsFile('orbits.txt', real('rmonitor/orbits-mock-session.txt'));
    const race = parsed.races[0];
    const template = race.passings[0];
    // 7 bound columns per passing: 12,000 passings need 84,000 parameters.
    race.passings = Array.from({ length: 12_000 }, (_, i) => ({ ...template, entryKey: race.entries[i % 6].key, lapNumber: i, totalTimeMs: i * 1000 }));
    const start = performance.now();
    const summary = await writeImportedEvent(db, parsed, { promoterUserId: 1, startDate: '2026-01-01' });
    const elapsed = performance.now() - start;
    expect(summary.passings).toBe(12_000);
    expect((await db.select({ n: count() }).from(s.passings).where(eq(s.passings.raceId, summary.raceIds[0])))[0].n).toBe(12_000);
    expect(elapsed).toBeLessThan(10_000);
  });
});
