/**
 * The results index (issue 25: "a results index lists every public event with results, newest
 * first, filterable by season, discipline and promoter"; "'Events' leads to a results list that
 * leaves out this season's events that have results"), over the seeded database (the real
 * imports and the sample season): lib/server/results-index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let index: typeof import('../../lib/server/results-index');
let events: typeof import('../../lib/server/events');

/** Every public event of a public promoter with a result in a public race, newest first, as SQL sees it. */
async function expectedIds(where = 'true'): Promise<number[]> {
  const rows = await sql(
    `select e.id from events e join promoters p on p.id = e.promoter_id
      where e.is_public and p.is_public and ${where}
        and exists (select 1 from races r join results x on x.race_id = r.id where r.event_id = e.id and r.is_public)
      order by e.start_date desc, e.id desc`,
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  database = await useTestDatabase();
  const { getDb } = await import('../../lib/server/db');
  const { sql: raw } = await import('drizzle-orm');
  sql = async (text, params = []) => {
    let i = 0;
    const chunks = text.split(/\$\d+/);
    const query = raw.join(chunks.flatMap((c, n) => (n < chunks.length - 1 ? [raw.raw(c), raw`${params[i++]}`] : [raw.raw(c)])));
    return (await getDb().execute(query)).rows as Record<string, unknown>[];
  };
  index = await import('../../lib/server/results-index');
  events = await import('../../lib/server/events');
});
afterAll(() => database?.drop());

describe('results index', () => {
  it('lists every public event with results, newest first, every club of this season included', async () => {
    const expected = await expectedIds();
    expect(expected.length).toBeGreaterThan(5);
    const all = await index.listResultsEvents({ size: 100 });
    expect(all.events.map((e) => e.id)).toEqual(expected);
    expect(all.total).toBe(expected.length);
    const dates = all.events.map((e) => e.startDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const e of all.events) expect(e.raceCount, e.name).toBeGreaterThan(0);

    // The menu's list before (the default promoter's events) left out the other clubs' events with
    // results of the season; the index has them, and none without results.
    const [{ year }] = await sql(`select max(extract(year from e.start_date))::int as year from events e where e.is_sample and exists (select 1 from races r join results x on x.race_id = r.id where r.event_id = e.id)`);
    const season = all.events.filter((e) => e.startDate.startsWith(String(year)));
    const clubs = new Set(season.map((e) => e.promoter.userId));
    expect(clubs.size).toBeGreaterThan(1);
    const promoterList = await events.listPromoterEvents(1);
    const seasonIds = new Set(season.map((e) => e.id));
    expect(promoterList!.events.filter((e) => seasonIds.has(e.id)).length).toBeLessThan(season.length);
    const [{ n: noResults }] = await sql(`select count(*)::int as n from events e where e.is_public and not exists (select 1 from races r join results x on x.race_id = r.id where r.event_id = e.id)`);
    expect(Number(noResults)).toBeGreaterThan(0);
  });

  it('filters by season, discipline and promoter, alone and together; the choices are those with results', async () => {
    const filters = await index.getResultsFilters();
    expect(filters.seasons.length).toBeGreaterThan(1);
    expect([...filters.seasons].sort((a, b) => b - a)).toEqual(filters.seasons);
    expect(filters.disciplines).toContain('enduro');
    expect(filters.disciplines).toContain('motocross');

    const season = filters.seasons[0];
    const bySeason = await index.listResultsEvents({ season, size: 100 });
    expect(bySeason.events.map((e) => e.id)).toEqual(await expectedIds(`extract(year from e.start_date) = ${season}`));
    expect(bySeason.events.every((e) => e.startDate.startsWith(String(season)))).toBe(true);

    const enduro = await index.listResultsEvents({ discipline: 'enduro', size: 100 });
    expect(enduro.events.map((e) => e.id)).toEqual(await expectedIds(`e.discipline = 'enduro'`));
    expect(enduro.total).toBeGreaterThan(0);

    const club = filters.promoters.find((p) => p.userId !== 1)!;
    const byClub = await index.listResultsEvents({ promoterUserId: club.userId, size: 100 });
    expect(byClub.events.length).toBeGreaterThan(0);
    expect(byClub.events.every((e) => e.promoter.userId === club.userId)).toBe(true);

    const together = await index.listResultsEvents({ season, discipline: 'motocross', promoterUserId: club.userId, size: 100 });
    expect(together.events.map((e) => e.id)).toEqual(
      await expectedIds(`extract(year from e.start_date) = ${season} and e.discipline = 'motocross' and p.user_id = ${club.userId}`),
    );
    const none = await index.listResultsEvents({ season: 1999 });
    expect(none).toMatchObject({ events: [], total: 0, pageCount: 1 });
  });

  it('pages: bounded pages in order, a page past the last empty with the true total', async () => {
    const expected = await expectedIds();
    const first = await index.listResultsEvents({ page: 1, size: 3 });
    const second = await index.listResultsEvents({ page: 2, size: 3 });
    expect(first.events.map((e) => e.id)).toEqual(expected.slice(0, 3));
    expect(second.events.map((e) => e.id)).toEqual(expected.slice(3, 6));
    expect(first.pageCount).toBe(Math.ceil(expected.length / 3));
    const past = await index.listResultsEvents({ page: 99, size: 3 });
    expect(past.events).toEqual([]);
    expect(past.total).toBe(expected.length);
    expect((await index.listResultsEvents({ size: 10_000 })).size).toBe(100);
  });

  it('hides an event when it, its club or its only races with results are hidden', async () => {
    const [target] = (await index.listResultsEvents({ size: 100 })).events.filter((e) => e.promoter.userId !== 1);
    await sql(`update events set is_public = false where id = ${target.id}`);
    expect((await index.listResultsEvents({ size: 100 })).events.map((e) => e.id)).not.toContain(target.id);
    await sql(`update events set is_public = true where id = ${target.id}`);
    await sql(`update races set is_public = false where event_id = ${target.id}`);
    expect((await index.listResultsEvents({ size: 100 })).events.map((e) => e.id)).not.toContain(target.id);
    await sql(`update races set is_public = true where event_id = ${target.id}`);
    await sql(`update promoters set is_public = false where user_id = ${target.promoter.userId}`);
    const listed = await index.listResultsEvents({ size: 100 });
    expect(listed.events.some((e) => e.promoter.userId === target.promoter.userId)).toBe(false);
    expect((await index.getResultsFilters()).promoters.map((p) => p.userId)).not.toContain(target.promoter.userId);
    await sql(`update promoters set is_public = true where user_id = ${target.promoter.userId}`);
    expect((await index.listResultsEvents({ size: 100 })).events.map((e) => e.id)).toContain(target.id);
  });

  it('reads the query string of the GET form, ignoring what is not a filter', () => {
    expect(index.parseResultsQuery({ season: '2026', discipline: 'enduro', promoter: '2003', page: '2' })).toEqual({ season: 2026, discipline: 'enduro', promoterUserId: 2003, page: 2 });
    expect(index.parseResultsQuery({ season: '26', discipline: 'curling', promoter: '-4', page: '0' })).toEqual({ season: null, discipline: null, promoterUserId: null, page: 1 });
    expect(index.parseResultsQuery({ season: ['2025', '2024'], discipline: '' })).toMatchObject({ season: 2025, discipline: null });
    expect(index.resultsQueryString({ season: 2026, discipline: null, promoterUserId: 2003, page: 3 })).toBe('?season=2026&promoter=2003&page=3');
    expect(index.resultsQueryString({ page: 1 })).toBe('');
  });
});
