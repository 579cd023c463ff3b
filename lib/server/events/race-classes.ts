/**
 * The classes of races with their entry counts (spec §7 promoter/event/accordionClasses,
 * accordionRaces, promoter/race/classLink): one query for any number of races, the classes
 * in the race's own order.
 */
import 'server-only';
import { count, eq, inArray } from 'drizzle-orm';
import { classResultsPath, type RaceClassCount } from '../../contracts/events';
import { getDb } from '../db';
import { classGroups, classes, entries, races } from '../db/schema';
import { tagRead, tags } from '../cache/tags';

export interface ClassTally {
  classId: number | null;
  name: string | null;
  group: string | null;
  sortOrder: number | null;
  entryCount: number;
}

/**
 * Orders a race's classes: as its configuration lists them (the timing system's order), then
 * by the rulebook's sort order, then by name; entries without a class last. Adds each
 * class's results path.
 */
export function orderClasses(raceId: number, tallies: ClassTally[], configOrder: readonly string[]): RaceClassCount[] {
  const rank = (name: string | null) => {
    const i = name === null ? -1 : configOrder.indexOf(name);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  return [...tallies]
    .sort(
      (a, b) =>
        Number(a.name === null) - Number(b.name === null) ||
        rank(a.name) - rank(b.name) ||
        (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
        (a.name ?? '').localeCompare(b.name ?? '', 'en', { numeric: true }),
    )
    .map(({ classId, name, group, entryCount }) => ({
      classId,
      name,
      group,
      entryCount,
      resultsPath: name === null ? null : classResultsPath(raceId, name),
    }));
}

/** The classes of each race in `raceIds`, with their entry counts (races without entries: []). */
export async function raceClassCounts(raceIds: number[]): Promise<Map<number, RaceClassCount[]>> {
  tagRead(...raceIds.map(tags.race));
  const out = new Map<number, RaceClassCount[]>(raceIds.map((id) => [id, []]));
  if (!raceIds.length) return out;
  const db = getDb();
  const [rows, configs] = await Promise.all([
    db
      .select({
        raceId: entries.raceId,
        classId: entries.classId,
        name: classes.name,
        group: classGroups.name,
        sortOrder: classes.sortOrder,
        entryCount: count(entries.id),
      })
      .from(entries)
      .leftJoin(classes, eq(classes.id, entries.classId))
      .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
      .where(inArray(entries.raceId, raceIds))
      .groupBy(entries.raceId, entries.classId, classes.name, classGroups.name, classes.sortOrder),
    db.select({ id: races.id, config: races.config }).from(races).where(inArray(races.id, raceIds)),
  ]);
  for (const { id, config } of configs) {
    const tallies = rows.filter((r) => r.raceId === id);
    out.set(id, orderClasses(id, tallies, Array.isArray(config?.classes) ? config.classes : []));
  }
  return out;
}
