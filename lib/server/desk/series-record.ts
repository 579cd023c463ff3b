/**
 * A series as the desk reads and writes it (issue 24; spec §3 Series): the fields of
 * `DeskSeriesInput` (lib/contracts/desk-series.ts) mapped to and from the series table and its
 * events, shared by the desk's reads and writes so the audit log's before and after hold the
 * same shape.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { DeskSeriesInput } from '../../contracts/desk-series';
import { seriesRules } from '../../contracts/series';
import type { Db } from '../db';
import { events, series, seriesEvents } from '../db/schema';

/** The columns a desk series is read from. */
export const deskSeriesColumns = {
  name: series.name,
  startDate: series.startDate,
  endDate: series.endDate,
  seriesType: series.seriesType,
  isPublic: series.isPublic,
  rules: series.rules,
};

type SeriesColumns = { [K in keyof typeof deskSeriesColumns]: (typeof deskSeriesColumns)[K]['_']['data'] };

/**
 * A stored series and its event ids → the desk's fields. Rules the contract refuses (edited by
 * hand in SQL) read as the defaults, and `rulesValid` says so: the desk shows it and saving
 * writes valid ones.
 */
export function toDeskSeries(row: SeriesColumns, eventIds: number[]): { series: DeskSeriesInput; rulesValid: boolean } {
  const parsed = seriesRules.safeParse(row.rules ?? {});
  return {
    series: {
      name: row.name,
      startDate: row.startDate,
      endDate: row.endDate,
      seriesType: row.seriesType,
      isPublic: row.isPublic,
      eventIds,
      rules: parsed.success ? parsed.data : seriesRules.parse({}),
    },
    rulesValid: parsed.success,
  };
}

/** The events of series `seriesId`, in date order (then id). */
export async function seriesEventIds(db: Pick<Db, 'select'>, seriesId: number): Promise<number[]> {
  const rows = await db
    .select({ id: seriesEvents.eventId })
    .from(seriesEvents)
    .innerJoin(events, eq(events.id, seriesEvents.eventId))
    .where(eq(seriesEvents.seriesId, seriesId))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((r) => r.id);
}
