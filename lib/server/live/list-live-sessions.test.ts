/** The sessions running now: live, visible races only, newest change first; a race whose feed died is not running. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import { recordTags } from '../cache/tags';
import { getDb } from '../db';
import { LIVE_STALE_MS } from '../timing/live/ingest';
import { listLiveSessions } from './list-live-sessions';
import { TEST_CLOCK, writeTestLiveRace } from '../../../tests/helpers/live-race';

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
    const now = Date.now();
    const older = await writeTestLiveRace(db, { eventName: 'Older', updatedAt: new Date(now - 5 * 60_000) });
    const newer = await writeTestLiveRace(db, { eventName: 'Newer', raceName: 'Moto 2', updatedAt: new Date(now - 1000) });
    await writeTestLiveRace(db, { eventName: 'Dead feed', updatedAt: new Date(now - LIVE_STALE_MS - 1000) });
    await writeTestLiveRace(db, { eventName: 'Done', state: 'finished' });
    await writeTestLiveRace(db, { eventName: 'Hidden event', eventPublic: false });
    await writeTestLiveRace(db, { eventName: 'Hidden race', racePublic: false });
    await writeTestLiveRace(db, { eventName: 'Imported', state: null });
    const sessions = await listLiveSessions(now);
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
      updatedAt: new Date(now - 1000).toISOString(),
    });
  });

  it('drops a session once it reads stale, and is not cached past that moment', async () => {
    const now = Date.now();
    const render = async (at: number) => {
      const { recorder, result } = recordTags(() => listLiveSessions(at));
      return { ids: (await result).map((s) => s.raceId), cached: !recorder.uncacheable };
    };
    // From the previous test: Newer (1 s ago) and Older (5 min ago) run; Older can be kept no longer than 10 − 5 min.
    const first = await render(now);
    expect(first.ids).toHaveLength(2);
    expect(first.cached).toBe(false);
    // 10 minutes later Older has been quiet for 15 min: gone; Newer (quiet for 10 min) listed, not cached.
    expect(await render(now + 10 * 60_000)).toEqual({ ids: [first.ids[0]], cached: false });
    // Later still, neither runs; the empty list may be cached.
    expect(await render(now + LIVE_STALE_MS + 5000)).toEqual({ ids: [], cached: true });
  });
});
