/**
 * Seeded series rules (issue 9 "a series holds its rules in the database"; spec §3 Series):
 * the East Coast Enduro Association's championship over the real Pine Hill results, and the
 * rules of the sample series for installs seeded before the rules were data.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MOTOCROSS_POINTS, type SeriesRulesInput } from '../../contracts/series';
import type { Db } from '../db';
import { events, promoters, series, seriesEvents } from '../db/schema';
import type { ImportedRealFile } from './real-files';
import { SERIES } from './sample-data';
import { seriesRulesOf } from './sample-plan';

/**
 * The ECEA's points by place, individual and team alike: 1st 25, 2nd 22, 3rd 20, 4th 18, 5th
 * 16, 6th 15, then one less per place down to 20th 1, 0 after (data/real/README.md) — the
 * same table as the common motocross one.
 */
export const ECEA_POINTS: number[] = [...MOTOCROSS_POINTS];

/**
 * The association's published championship rules (data/real/README.md, "ECEA team championship
 * rules"), as data: riders score by their place in class at each event, need points in at least
 * 6 events to be classified, and their best 12 count; ties go to fewer emergency points. Teams
 * score by place, the host club's teams 0 at their own event, DNF and DQ teams 0; a club
 * counts its best-placed team at each event; every event counts; ties: emergency points.
 */
export const ECEA_RULES: SeriesRulesInput = {
  pointsTable: ECEA_POINTS,
  scoring: 'event',
  classes: [],
  classGroups: [],
  minEvents: 6,
  bestResults: 12,
  tieBreak: ['emergency-points'],
  teams: { pointsTable: ECEA_POINTS, hostClubScoresZero: true, clubBestTeamOnly: true, tieBreak: ['emergency-points'] },
};

/** A series the seed keeps over real results files. */
export interface RealSeriesSeed {
  name: (year: number) => string;
  /** The seed files (`SEED_FILES`) whose events are its rounds. */
  files: string[];
  rules: SeriesRulesInput;
}

/** The ECEA's 2026 enduro championship as far as its published files reach: Round 4, Pine Hill. */
export const REAL_SERIES: RealSeriesSeed[] = [
  { name: (y) => `${y} ECEA Enduro Championship`, files: ['enduro/2026-ecea-pine-hill-team-enduro.csv'], rules: ECEA_RULES },
];

/**
 * Creates each `REAL_SERIES` for the default promoter over the events of its files, unless the
 * promoter already has a series of that name. Public; marked `is_sample = true` although its
 * rules are the association's own and its rounds real results: like every other row the seed
 * writes around the real files, it is ours, not an organization's, and
 * `DELETE … WHERE is_sample` removes it.
 * @returns the series created.
 */
export async function seedRealSeries(db: Db, promoterUserId: number, files: ImportedRealFile[]): Promise<{ id: number; name: string }[]> {
  return db.transaction(async (tx) => {
    // Two starts at once: the second waits here, then finds the first one's series.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ll:seed-real-series', 0))`);
    const [promoter] = await tx.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, promoterUserId));
    if (!promoter) return [];
    const created: { id: number; name: string }[] = [];
    for (const seed of REAL_SERIES) {
      const eventIds = [...new Set(files.filter((f) => seed.files.includes(f.seed.file)).map((f) => f.eventId))];
      if (!eventIds.length) continue;
      const rounds = await tx
        .select({ id: events.id, startDate: events.startDate, endDate: events.endDate })
        .from(events)
        .where(inArray(events.id, eventIds))
        .orderBy(asc(events.startDate), asc(events.id));
      if (!rounds.length) continue;
      const name = seed.name(Number(rounds[0].startDate.slice(0, 4)));
      const [existing] = await tx.select({ id: series.id }).from(series).where(and(eq(series.promoterId, promoter.id), eq(series.name, name)));
      if (existing) continue;
      const [row] = await tx
        .insert(series)
        .values({
          promoterId: promoter.id,
          name,
          startDate: rounds[0].startDate,
          endDate: rounds.map((r) => r.endDate ?? r.startDate).sort().at(-1)!,
          rules: seed.rules,
          seriesType: 'overall',
          isPublic: true,
          isSample: true,
        })
        .returning({ id: series.id });
      await tx.insert(seriesEvents).values(rounds.map((r) => ({ seriesId: row.id, eventId: r.id })));
      created.push({ id: row.id, name });
    }
    return created;
  });
}

/** `value` as JSON with object keys sorted (jsonb does not keep key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Keys the rules of the sample series had before they were data (migration 0007). */
const OLD_RULE_KEYS = new Set(['classes', 'dropScores']);

/**
 * Gives the sample series seeded before the rules were data (rules holding only `classes` and
 * `dropScores`) their rules (`SERIES`, `seriesRulesOf`), found by name for the year of their
 * start. Series whose rules hold anything else (set by hand, or seeded with the rules) are kept.
 * @returns the number of series updated.
 */
export async function upgradeSampleSeriesRules(db: Db): Promise<number> {
  const rows = await db.select({ id: series.id, name: series.name, startDate: series.startDate, rules: series.rules }).from(series).where(eq(series.isSample, true));
  let updated = 0;
  for (const row of rows) {
    if (!Object.keys(row.rules ?? {}).every((k) => OLD_RULE_KEYS.has(k))) continue;
    const seed = SERIES.find((s) => s.name(Number(row.startDate.slice(0, 4))) === row.name);
    if (!seed) continue;
    const rules = seriesRulesOf(seed);
    if (canonical(rules) === canonical(row.rules)) continue;
    await db.update(series).set({ rules }).where(eq(series.id, row.id));
    updated += 1;
  }
  return updated;
}
