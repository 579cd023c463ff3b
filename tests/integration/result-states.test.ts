/**
 * Result states as every page reads them (issue 25 "Results trusted at a glance"; spec §3 Race
 * results columns "state"): the real AMA live-timing snapshot (`data/real/supercross/…`, race 5
 * of the seeded database) has no rider `running` through `getRaceResults` (the read of the race
 * page, print sheets and PDFs), the rider's detail and livelaps/race/results; results stored
 * `running` before the rule read `finished` unless a live feed is writing the race (not stale).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase;
beforeAll(async () => {
  database = await useTestDatabase('seeded');
});
afterAll(() => database.drop());

const AMA_RACE = 5;
const db = async () => (await import('../../lib/server/db')).getDb();
const schema = () => import('../../lib/server/db/schema');
const racesModule = () => import('../../lib/server/races');

/** Runs `fn` with race `id`'s live columns and its results' states set, then puts them back. */
async function withStoredRunning(id: number, live: Record<string, unknown>, fn: () => Promise<void>) {
  const { races, results } = await schema();
  const d = await db();
  const [before] = await d.select({ liveState: races.liveState, liveUpdatedAt: races.liveUpdatedAt }).from(races).where(eq(races.id, id));
  const saved = await d.select({ id: results.id, state: results.state }).from(results).where(eq(results.raceId, id));
  // As an importer before issue 25 stored them: every rider not out `running`.
  await d.update(results).set({ state: 'running' }).where(and(eq(results.raceId, id), eq(results.state, 'finished')));
  await d.update(races).set(live).where(eq(races.id, id));
  try {
    await fn();
  } finally {
    await d.update(races).set(before).where(eq(races.id, id));
    for (const state of new Set(saved.map((r) => r.state))) {
      await d.update(results).set({ state }).where(inArray(results.id, saved.filter((r) => r.state === state).map((r) => r.id)));
    }
  }
}

describe('the real AMA snapshot (race 5) reads finished', () => {
  it('is the imported supercross file, not a live race', async () => {
    const { races, imports } = await schema();
    const [race] = await (await db())
      .select({ importId: races.importId, liveState: races.liveState, source: imports.sourceFile })
      .from(races)
      .innerJoin(imports, eq(imports.id, races.importId))
      .where(eq(races.id, AMA_RACE));
    expect(race).toMatchObject({ liveState: null });
    expect(race.source).toContain('2017-las-vegas-450sx-main-live-timing.json');
  });

  it('has no running rider on the page, the rider detail and the API', async () => {
    const { getRaceResults, getRiderDetail } = await racesModule();
    const rows = await getRaceResults(AMA_RACE);
    expect(rows).toHaveLength(22);
    expect(rows.filter((r) => r.resultState === 'running')).toEqual([]);
    expect(rows.filter((r) => r.resultState === 'finished')).toHaveLength(21);
    expect(rows.find((r) => r.number === '25')?.resultState).toBe('DNF');
    expect((await getRiderDetail(AMA_RACE, rows[0].entryId))?.result.resultState).toBe('finished');

    const { createApiApp } = await import('../../lib/server/api/app');
    const res = await createApiApp().request(`/api/v1/livelaps/race/results/${AMA_RACE}`);
    const body = (await res.json()) as { message: { results: { resultState: string }[] } };
    expect(res.status).toBe(200);
    expect(body.message.results.map((r) => r.resultState).filter((s) => s === 'running')).toEqual([]);
  });
});

describe('a stored running result', () => {
  const states = async () => (await (await racesModule()).getRaceResults(AMA_RACE)).map((r) => r.resultState);

  it('reads finished in an imported race (live_state null), DNF kept', async () => {
    await withStoredRunning(AMA_RACE, { liveState: null, liveUpdatedAt: null }, async () => {
      const shown = await states();
      expect(shown).not.toContain('running');
      expect(shown.filter((s) => s === 'DNF')).toHaveLength(1);
    });
  });

  it('reads finished once the live session ended, or its feed went quiet', async () => {
    await withStoredRunning(AMA_RACE, { liveState: 'finished', liveUpdatedAt: sql`now()` }, async () => expect(await states()).not.toContain('running'));
    await withStoredRunning(AMA_RACE, { liveState: 'live', liveUpdatedAt: sql`now() - interval '20 minutes'` }, async () => expect(await states()).not.toContain('running'));
  });

  it('still reads running while a live feed writes the race', async () => {
    await withStoredRunning(AMA_RACE, { liveState: 'live', liveUpdatedAt: sql`now()` }, async () => {
      const shown = await states();
      expect(shown.filter((s) => s === 'running')).toHaveLength(21);
      expect(shown.filter((s) => s === 'DNF')).toHaveLength(1);
    });
  });
});
