/**
 * The live board: gap, diff and position change worked out from rows (pure), and read from a
 * hand-built live race in a test database (the change from the finish-line passings; visibility;
 * a race whose feed went stale reads finished, and a render showing a live race is not cached
 * past that moment; unplaced cars by number).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import { recordTags } from '../cache/tags';
import { getDb } from '../db';
import { passings } from '../db/schema';
import { LIVE_STALE_MS } from '../timing/live/ingest';
import { getLiveBoard, getLiveRaceHead, toLiveRows, type LiveRowInput } from './get-live-board';
import { TEST_CLOCK, writeTestLiveRace } from '../../../tests/helpers/live-race';

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

  it('orders unplaced cars by number, numerically where the number is a whole number', async () => {
    const race = await writeTestLiveRace(getDb(), { eventName: 'Numbers', moreUnplaced: ['10', '100', 'A7', '22', '9', '07', 'B'] });
    const board = await getLiveBoard(race.raceId);
    expect(board!.rows.map((r) => r.number)).toEqual(['2', '3', '1', '4', '07', '9', '10', '22', '100', 'A7', 'B']);
  });

  it('reads a live race not written for LIVE_STALE_MS as finished (its feed died), and the race page gets no board', async () => {
    const db = getDb();
    const now = Date.now();
    const stale = await writeTestLiveRace(db, { eventName: 'Dead feed', updatedAt: new Date(now - LIVE_STALE_MS - 1000) });
    expect(await getLiveRaceHead(stale.raceId, now)).toMatchObject({ state: 'finished' });
    expect(await getLiveBoard(stale.raceId, { now })).toMatchObject({ state: 'finished', seq: 12 });
    expect(await getLiveBoard(stale.raceId, { now, liveOnly: true })).toBeNull();
    const fresh = await writeTestLiveRace(db, { eventName: 'Running feed', updatedAt: new Date(now - 60_000) });
    expect(await getLiveRaceHead(fresh.raceId, now)).toMatchObject({ state: 'live' });
    expect(await getLiveBoard(fresh.raceId, { now, liveOnly: true })).toMatchObject({ state: 'live' });
    // The same race, read a moment after it went stale.
    expect(await getLiveBoard(fresh.raceId, { now: now + LIVE_STALE_MS, liveOnly: true })).toBeNull();
    expect(await getLiveBoard((await writeTestLiveRace(db, { state: 'finished' })).raceId, { liveOnly: true })).toBeNull();
  });

  it('lets the page cache keep a render showing a live race only when the copy expires before the race can read stale', async () => {
    const db = getDb();
    const now = Date.now();
    const render = async (raceId: number) => {
      const { recorder, result } = recordTags(() => getLiveBoard(raceId, { now, liveOnly: true }));
      const board = await result;
      return { live: board?.state === 'live', cached: !recorder.uncacheable, tags: [...recorder.tags] };
    };
    // Written a second ago (a running feed writes every second): cached, dropped by its next write.
    const running = await writeTestLiveRace(db, { eventName: 'Cache running', updatedAt: new Date(now - 1000) });
    expect(await render(running.raceId)).toEqual({ live: true, cached: true, tags: [`race:${running.raceId}`] });
    // Quiet for 6 minutes: still live, but a copy kept for the 10-minute TTL would outlive the
    // moment it reads stale (15 minutes after its last write).
    const quiet = await writeTestLiveRace(db, { eventName: 'Cache quiet', updatedAt: new Date(now - 6 * 60_000) });
    expect(await render(quiet.raceId)).toMatchObject({ live: true, cached: false });
    // Stale: the results page, cached as usual.
    const stale = await writeTestLiveRace(db, { eventName: 'Cache stale', updatedAt: new Date(now - LIVE_STALE_MS - 1) });
    expect(await render(stale.raceId)).toMatchObject({ live: false, cached: true });
  });
});
