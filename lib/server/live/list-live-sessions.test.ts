/** The sessions running now: live, visible races only, newest change first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import { getDb } from '../db';
import { listLiveSessions } from './list-live-sessions';
import { TEST_CLOCK, writeTestLiveRace } from './test-race';

let database: TestDatabase;
beforeAll(async () => {
  database = await useTestDatabase('empty');
});
afterAll(() => database.drop());

describe('listLiveSessions', () => {
  it('is empty when nothing runs', async () => {
    expect(await listLiveSessions()).toEqual([]);
  });

  it('lists the live races of public events, newest change first, with leader, cars and clock', async () => {
    const db = getDb();
    const older = await writeTestLiveRace(db, { eventName: 'Older', updatedAt: new Date('2026-11-23T10:00:00Z') });
    const newer = await writeTestLiveRace(db, { eventName: 'Newer', raceName: 'Moto 2', updatedAt: new Date('2026-11-23T10:05:00Z') });
    await writeTestLiveRace(db, { eventName: 'Done', state: 'finished' });
    await writeTestLiveRace(db, { eventName: 'Hidden event', eventPublic: false });
    await writeTestLiveRace(db, { eventName: 'Hidden race', racePublic: false });
    await writeTestLiveRace(db, { eventName: 'Imported', state: null });
    const sessions = await listLiveSessions();
    expect(sessions.map((s) => s.raceId)).toEqual([newer.raceId, older.raceId]);
    expect(sessions[0]).toEqual({
      raceId: newer.raceId,
      raceName: 'Moto 2',
      eventId: newer.eventId,
      eventName: 'Newer',
      location: 'Test Track, Deschambault',
      clock: TEST_CLOCK,
      entries: 4,
      leader: { number: '2', name: 'Bea Roy' },
      updatedAt: '2026-11-23T10:05:00.000Z',
    });
  });
});
