/**
 * The live board: gap, diff and position change worked out from rows (pure), and read from a
 * hand-built live race in a test database (the change from the finish-line passings; visibility).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import { getDb } from '../db';
import { passings } from '../db/schema';
import { getLiveBoard, toLiveRows, type LiveRowInput } from './get-live-board';
import { TEST_CLOCK, writeTestLiveRace } from './test-race';

const row = (over: Partial<LiveRowInput>): LiveRowInput => ({
  entryId: 1,
  position: 1,
  number: '1',
  name: 'A',
  className: null,
  laps: 10,
  lastLapMs: 60_000,
  bestLapMs: 59_000,
  totalTimeMs: 600_000,
  gapMs: null,
  diffMs: null,
  previousPosition: null,
  ...over,
});

describe('toLiveRows', () => {
  it('gives gap and diff in ms on the same lap and laps behind otherwise', () => {
    const rows = toLiveRows([
      row({ entryId: 1, position: 1, laps: 10, totalTimeMs: 600_000, previousPosition: 1 }),
      row({ entryId: 2, position: 2, laps: 10, totalTimeMs: 601_500, previousPosition: 3 }),
      row({ entryId: 3, position: 3, laps: 10, totalTimeMs: 604_000, previousPosition: 2 }),
      row({ entryId: 4, position: 4, laps: 9, totalTimeMs: 590_000, previousPosition: 4 }),
      row({ entryId: 5, position: 5, laps: 9, totalTimeMs: 592_250, previousPosition: 7 }),
      row({ entryId: 6, position: 6, laps: 7, totalTimeMs: 500_000, previousPosition: 5 }),
    ]);
    expect(rows.map((r) => [r.gapMs, r.gapLaps, r.diffMs, r.change])).toEqual([
      [null, 0, null, 0],
      [1_500, 0, 1_500, 1],
      [4_000, 0, 2_500, -1],
      [null, 1, null, 0],
      [null, 1, 2_250, 2],
      [null, 3, null, -1],
    ]);
  });

  it('falls back to the stored gap and diff without total times, and 0 change when unknown', () => {
    const rows = toLiveRows([
      row({ entryId: 1, position: 1, laps: null, totalTimeMs: null }),
      row({ entryId: 2, position: 2, laps: null, totalTimeMs: null, gapMs: 800, diffMs: 800 }),
      row({ entryId: 3, position: null, laps: null, totalTimeMs: null, previousPosition: 2 }),
    ]);
    expect(rows.map((r) => [r.gapMs, r.gapLaps, r.diffMs, r.change])).toEqual([
      [null, null, null, 0],
      [800, null, 800, 0],
      [null, null, null, 0],
    ]);
  });

  it('answers an empty board for no rows', () => {
    expect(toLiveRows([])).toEqual([]);
  });
});

describe('getLiveBoard', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await useTestDatabase('empty');
  });
  afterAll(() => database.drop());

  it('reads a live race: rows by position, gap, diff and the change on each car’s last lap', async () => {
    const race = await writeTestLiveRace(getDb(), { seq: 12 });
    const board = await getLiveBoard(race.raceId);
    expect(board).toMatchObject({ raceId: race.raceId, eventId: race.eventId, raceName: 'Live Test Race', eventName: 'Live Test Event', state: 'live', seq: 12, clock: TEST_CLOCK });
    expect(board!.rows.map((r) => ({ n: r.number, p: r.position, name: r.name, laps: r.laps, gap: r.gapMs, gapLaps: r.gapLaps, diff: r.diffMs, change: r.change }))).toEqual([
      { n: '2', p: 1, name: 'Bea Roy', laps: 3, gap: null, gapLaps: 0, diff: null, change: 0 },
      { n: '3', p: 2, name: 'Cy Tremblay', laps: 2, gap: null, gapLaps: 1, diff: null, change: 1 },
      { n: '1', p: 3, name: 'Ana Lopes', laps: 2, gap: null, gapLaps: 1, diff: 2_000, change: -1 },
      { n: '4', p: null, name: 'Dee Nadeau', laps: null, gap: null, gapLaps: null, diff: null, change: 0 },
    ]);
    expect(board!.rows[0]).toMatchObject({ lastLapMs: 59_000, bestLapMs: 59_000, entryId: race.entryIds['2'] });
    expect(new Date(board!.updatedAt).toISOString()).toBe(board!.updatedAt);
  });

  it('counts a duplicate passing once and ignores section passings', async () => {
    const race = await writeTestLiveRace(getDb(), { eventName: 'Dupes' });
    await getDb().insert(passings).values([
      { raceId: race.raceId, entryId: race.entryIds['1'], lapNumber: 1, totalTimeMs: 62_000 },
      { raceId: race.raceId, entryId: race.entryIds['1'], lapNumber: 1, totalTimeMs: 30_000, section: 'SF1' },
    ]);
    const board = await getLiveBoard(race.raceId);
    expect(board!.rows.map((r) => r.change)).toEqual([0, 1, -1, 0]);
  });

  it('answers a finished race, and null for hidden, unknown and never-live races', async () => {
    const db = getDb();
    const finished = await writeTestLiveRace(db, { state: 'finished', seq: 40 });
    expect(await getLiveBoard(finished.raceId)).toMatchObject({ state: 'finished', seq: 40 });
    expect(await getLiveBoard((await writeTestLiveRace(db, { racePublic: false })).raceId)).toBeNull();
    expect(await getLiveBoard((await writeTestLiveRace(db, { eventPublic: false })).raceId)).toBeNull();
    expect(await getLiveBoard((await writeTestLiveRace(db, { state: null })).raceId)).toBeNull();
    expect(await getLiveBoard(987654)).toBeNull();
  });

  it('gives every car 0 change before the second crossing', async () => {
    const race = await writeTestLiveRace(getDb(), { eventName: 'Start' });
    await getDb().delete(passings).where(eq(passings.raceId, race.raceId));
    const board = await getLiveBoard(race.raceId);
    expect(board!.rows.map((r) => r.change)).toEqual([0, 0, 0, 0]);
  });
});
