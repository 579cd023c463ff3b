/**
 * The home page for race day (issue 25), over the seeded database: its reads
 * (lib/server/home) and the series leaders that must agree with the series page ("Pine Hill's
 * Series tab says no points yet while the ECEA series shows its points"). The live section reads
 * lib/server/live `listLiveSessions` (tested with the live feed); the rendered page is the
 * browser tests'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarToday } from '../../lib/contracts/calendar';
import { seriesRequestFor } from '../../lib/contracts/series';
import { riderTables, type StandingLabels } from '../../components/series/standings-model';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let q: (text: string) => Promise<Record<string, unknown>[]>;
let home: typeof import('../../lib/server/home');
let series: typeof import('../../lib/server/series');
let live: typeof import('../../lib/server/live');

const labels: StandingLabels = {
  position: { class: 'Class pos.', overall: 'Overall', group: 'Group pos.' },
  number: 'No.',
  name: 'Rider',
  class: 'Class',
  group: 'Class group',
  brand: 'Brand',
  city: 'Hometown',
  eventsScored: 'Events',
  total: 'Total',
  team: 'Team',
  club: 'Club',
  emergencyPoints: 'Emergency points',
  round: (n) => `R${n}`,
  notClassifiedShort: 'NC',
  noClass: 'Without a class',
  noGroup: 'Without a class group',
  formerMember: 'Former member',
};

beforeAll(async () => {
  database = await useTestDatabase();
  const { getDb } = await import('../../lib/server/db');
  const { sql } = await import('drizzle-orm');
  q = async (text) => (await getDb().execute(sql.raw(text))).rows as Record<string, unknown>[];
  home = await import('../../lib/server/home');
  series = await import('../../lib/server/series');
  live = await import('../../lib/server/live');
});
afterAll(() => database?.drop());

describe('home page reads', () => {
  it('next events: the public events running today or later, soonest first; a cancelled one marked, a hidden one left out', async () => {
    const today = calendarToday();
    const expected = async () =>
      (
        await q(`select e.id from events e join promoters p on p.id = e.promoter_id
          where e.is_public and p.is_public and greatest(e.start_date, coalesce(e.end_date, e.start_date)) >= '${today}'
            and e.start_date <= '${today}'::date + ${home.NEXT_EVENTS_DAYS}
          order by e.start_date, e.id limit 5`)
      ).map((r) => Number(r.id));
    const ids = await expected();
    expect(ids.length).toBeGreaterThan(1);
    const next = await home.listNextEvents(today);
    expect(next.map((e) => e.id)).toEqual(ids);
    for (const e of next) expect((e.endDate ?? e.startDate) >= today).toBe(true);

    await q(`update events set is_cancelled = true where id = ${ids[0]}`);
    await q(`update events set is_public = false where id = ${ids[1]}`);
    const after = await home.listNextEvents(today);
    expect(after.find((e) => e.id === ids[0])?.cancelled).toBe(true);
    expect(after.map((e) => e.id)).not.toContain(ids[1]);
    expect(after.map((e) => e.id)).toEqual(await expected());
    await q(`update events set is_cancelled = false where id = ${ids[0]}`);
    await q(`update events set is_public = true where id = ${ids[1]}`);

    // Nothing ahead: an empty list (the page words it).
    expect(await home.listNextEvents('2999-01-01')).toEqual([]);
  });

  it('latest results: the five newest public events with results, each with its races that have results', async () => {
    const latest = await home.listLatestResults();
    const expected = (
      await q(`select e.id from events e join promoters p on p.id = e.promoter_id
        where e.is_public and p.is_public and exists (select 1 from races r join results x on x.race_id = r.id where r.event_id = e.id and r.is_public)
        order by e.start_date desc, e.id desc limit 5`)
    ).map((r) => Number(r.id));
    expect(latest.map((e) => e.id)).toEqual(expected);
    for (const e of latest) expect(e.raceCount).toBeGreaterThan(0);
  });

  it('series leaders: the current season’s public series, each class’s leader as the series page ranks it', async () => {
    const today = calendarToday();
    const data = await home.listSeasonLeaders(today);
    const [{ season }] = await q(`select max(extract(year from s.start_date))::int as season from series s join promoters p on p.id = s.promoter_id where s.is_public and p.is_public and s.start_date <= '${today}'`);
    expect(data.season).toBe(Number(season));
    expect(data.series.length).toBeGreaterThan(0);
    for (const s of data.series) {
      const results = await series.getSeriesResults(s.id, seriesRequestFor({}));
      // The series page's tables (split by class): each class's first row is its leader.
      const tables = riderTables(results, { scope: 'class', split: true, order: [], labels });
      for (const c of s.leaders) {
        const table = tables.find((tb) => tb.heading === c.className)!;
        const first = table.rows[0] ?? table.unclassified[0];
        expect(first.cells[2], `${s.name} ${c.className}`).toBe(c.rows[0].name);
        expect(first.cells.at(-1)).toBe(String(c.rows[0].points));
        expect(first.cells[0]).toBe(c.rows[0].position === null ? 'NC' : String(c.rows[0].position));
      }
      expect(s.held).toBeGreaterThan(0);
    }
    expect(await home.listSeasonLeaders('1990-01-01')).toEqual({ season: null, series: [] });
  });

  it('Pine Hill: its Series tab shows the leaders the ECEA series page shows, not classified yet, with their points', async () => {
    const [pine] = await q(`select id from events where name = 'Pine Hill Enduro'`);
    const eventId = Number(pine.id);
    const [ecea] = await q(`select s.id, (s.rules->>'minEvents')::int as min from series s join series_events se on se.series_id = s.id where se.event_id = ${eventId} and s.is_public`);
    const results = await series.getSeriesResults(Number(ecea.id), seriesRequestFor({}));
    // The series page shows points (every rider under the minimum of events: "NC").
    expect(results.data.some((r) => r.class.points > 0)).toBe(true);
    const leaders = series.classLeaders(results, eventId);
    expect(leaders.length).toBeGreaterThan(0);
    for (const c of leaders) {
      expect(c.rows.length).toBeGreaterThan(0);
      expect(c.rows.length).toBeLessThanOrEqual(3);
      const points = c.rows.map((r) => r.points);
      expect([...points].sort((a, b) => b - a)).toEqual(points);
      if (Number(ecea.min) > 1) expect(c.rows.every((r) => r.position === null)).toBe(true);
    }
  });

  it('live now: a race its feed is writing is listed, one whose feed went quiet is not', async () => {
    const [race] = await q(`select r.id from races r join events e on e.id = r.event_id where r.is_public and e.is_public limit 1`);
    await q(`update races set live_state = 'live', live_updated_at = now() where id = ${race.id}`);
    expect((await live.listLiveSessions()).map((s) => s.raceId)).toContain(Number(race.id));
    await q(`update races set live_updated_at = now() - interval '2 hours' where id = ${race.id}`);
    expect((await live.listLiveSessions()).map((s) => s.raceId)).not.toContain(Number(race.id));
    await q(`update races set live_state = null, live_updated_at = null where id = ${race.id}`);
  });
});
