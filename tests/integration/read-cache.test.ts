/**
 * The read cache (lib/server/cache/read-cache.ts) with the real race reads on PostgreSQL and its
 * LISTEN/NOTIFY bus (issue 23: a page rendered for a signed-in racer reads its race from memory):
 * a race read again comes from memory, a writer elsewhere (another process publishing on the
 * bus) or here (`revalidateTags`, at once) makes the next read see the database, and the
 * permission check of the race page is never kept (spec §6: it answers from the database).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus } from '../../lib/server/timing/live/bus';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let client: pg.Client | undefined;
let bus: Bus | undefined;
let otherProcess: Bus | undefined;
const ids = { race: 0, event: 0 };

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  client = new pg.Client(database.url);
  await client.connect();
  const { rows } = await client.query(`select r.id, r.event_id from races r join events e on e.id = r.event_id where e.name = 'Pine Hill Enduro' order by r.id limit 1`);
  ids.race = rows[0].id;
  ids.event = rows[0].event_id;
  const { createPgBus, busReady } = await import('../../lib/server/timing/live/bus');
  const { enableReadCache, listenReads } = await import('../../lib/server/cache');
  // As scripts/serve-site.ts does.
  bus = createPgBus(database.url, { reconnectMs: 100 });
  listenReads(bus);
  await busReady(bus);
  enableReadCache({ maxMb: 8 });
  otherProcess = createPgBus(database.url);
});

afterAll(async () => {
  const { disableReadCache } = await import('../../lib/server/cache');
  disableReadCache();
  await bus?.close();
  await otherProcess?.close();
  await client?.end();
  await database?.drop();
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('reads a race from memory until a writer, in another process or in this one, revalidates it', async () => {
  const { getRace, getRaceResults } = await import('../../lib/server/races');
  const { readCacheStats, revalidateTags, recordTags } = await import('../../lib/server/cache');
  const first = await getRace(ids.race);
  const results = await getRaceResults(ids.race);
  expect(results.length).toBeGreaterThan(0);

  // Read again: from memory (the database's new name is not asked for), its tags handed to the page.
  await client!.query(`update races set name = 'Renamed by the promoter' where id = $1`, [ids.race]);
  const hits = readCacheStats().hits;
  const page = recordTags(() => getRace(ids.race));
  expect((await page.result)?.name).toBe(first?.name);
  expect(readCacheStats().hits).toBe(hits + 1);
  expect([...page.recorder.tags].sort()).toEqual([`event:${ids.event}`, `race:${ids.race}`].sort());

  // An import in another process publishes the race's tag on the bus: the next read is fresh.
  await otherProcess!.publish({ type: 'tags', tags: [`race:${ids.race}`] });
  await until(async () => (await getRace(ids.race))?.name === 'Renamed by the promoter', 'the renamed race read');

  // A writer in this process: its own instance forgets the race before the message goes out.
  await client!.query(`update races set name = 'Renamed again' where id = $1`, [ids.race]);
  await revalidateTags([`race:${ids.race}`]);
  expect((await getRace(ids.race))?.name).toBe('Renamed again');
  // The results were kept through the rename of the race: the same rows, not read again.
  expect(await getRaceResults(ids.race)).toBe(await getRaceResults(ids.race));
});

it('the race page’s permission check is never kept: an event hidden behind the cache’s back is refused at once', async () => {
  const { canDisplayRace } = await import('../../lib/server/permissions');
  const { getRace } = await import('../../lib/server/races');
  expect(await canDisplayRace(ids.race)).toBe(1);
  expect((await getRace(ids.race))?.event.isPublic).toBe(true);
  await client!.query(`update events set is_public = false where id = $1`, [ids.event]);
  try {
    expect(await canDisplayRace(ids.race)).toBe(0);
  } finally {
    await client!.query(`update events set is_public = true where id = $1`, [ids.event]);
  }
  expect(await canDisplayRace(ids.race)).toBe(1);
});
