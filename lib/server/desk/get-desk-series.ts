/**
 * The series on the desk (issue 24 "Series: create, add or remove events, the rules …"): the
 * list of the login's series, one series to edit with its audit log, and the events a series of
 * a promoter may hold.
 */
import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DeskSeriesInput } from '../../contracts/desk-series';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { classes, classGroups, deskAudit, entries, events, promoters, races, series, seriesEvents } from '../db/schema';
import { assertAllowed, managedPromoters, type Viewer } from '../policy';
import { listAudit, type DeskAuditRow } from './get-desk-event';
import { deskSeriesColumns, seriesEventIds, toDeskSeries } from './series-record';

export interface DeskSeriesRow {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  isPublic: boolean;
  promoter: { id: number; name: string };
  /** Events (rounds) the series holds. */
  events: number;
}

/** The series `viewer` manages (all for an admin), newest first; empty for anyone else. */
export async function listDeskSeries(viewer: Viewer): Promise<DeskSeriesRow[]> {
  const managed = managedPromoters(viewer);
  if (managed !== 'all' && !managed.length) return [];
  const eventCounts = getDb().select({ seriesId: seriesEvents.seriesId, n: count().as('n') }).from(seriesEvents).groupBy(seriesEvents.seriesId).as('event_counts');
  const rows = await getDb()
    .select({ id: series.id, name: series.name, startDate: series.startDate, endDate: series.endDate, isPublic: series.isPublic, promoter: { id: promoters.id, name: promoters.name }, events: eventCounts.n })
    .from(series)
    .innerJoin(promoters, eq(promoters.id, series.promoterId))
    .leftJoin(eventCounts, eq(eventCounts.seriesId, series.id))
    .where(managed === 'all' ? undefined : inArray(series.promoterId, [...managed]))
    .orderBy(desc(series.startDate), series.name)
    .limit(500);
  return rows.map((r) => ({ ...r, events: Number(r.events ?? 0) }));
}

export interface DeskSeries {
  id: number;
  promoterId: number;
  series: DeskSeriesInput;
  /** False when the stored rules failed the contract: `series.rules` are then the defaults. */
  rulesValid: boolean;
}

/**
 * Series `id` for `viewer` to edit.
 * @throws AppError `unauthenticated`; `not_found` when unknown or of a promoter the viewer does not manage.
 */
export async function getDeskSeries(viewer: Viewer, id: number): Promise<DeskSeries> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [row] = await getDb()
    .select({ promoterId: series.promoterId, ...deskSeriesColumns })
    .from(series)
    .where(eq(series.id, id));
  if (!row) throw new AppError('not_found');
  assertAllowed(viewer, 'series.edit', { promoterId: row.promoterId });
  return { id, promoterId: row.promoterId, ...toDeskSeries(row, await seriesEventIds(getDb(), id)) };
}

/** An event a series of the promoter may hold. */
export interface DeskSeriesEventOption {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  isPublic: boolean;
}

/** Every event of promoter `promoterId`, and those series `seriesId` holds (another promoter's round), newest first (at most 500). Check the viewer first. */
export async function listPromoterEvents(promoterId: number, seriesId: number | null = null): Promise<DeskSeriesEventOption[]> {
  const held = seriesId === null ? [] : await seriesEventIds(getDb(), seriesId);
  return getDb()
    .select({ id: events.id, name: events.name, startDate: events.startDate, isPublic: events.isPublic })
    .from(events)
    .where(held.length ? or(eq(events.promoterId, promoterId), inArray(events.id, held)) : eq(events.promoterId, promoterId))
    .orderBy(desc(events.startDate), events.name)
    .limit(500);
}

/** The desk changes of series `seriesId`, newest first; at most 200. Check the viewer with `getDeskSeries` first. */
export function listSeriesAudit(seriesId: number): Promise<DeskAuditRow[]> {
  return listAudit(and(eq(deskAudit.entity, 'series'), eq(deskAudit.entityId, seriesId))!, 'series');
}

/** The classes and class groups ridden at events `eventIds` (a series' rules may count some only), in their sort order. */
export async function listEventClasses(eventIds: readonly number[]): Promise<{ classes: string[]; groups: string[] }> {
  if (!eventIds.length) return { classes: [], groups: [] };
  const rows = await getDb()
    .selectDistinct({ name: classes.name, sortOrder: classes.sortOrder, group: classGroups.name, groupSort: classGroups.sortOrder })
    .from(entries)
    .innerJoin(races, eq(races.id, entries.raceId))
    .innerJoin(classes, eq(classes.id, entries.classId))
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .where(and(inArray(races.eventId, [...eventIds]), isNotNull(entries.classId)))
    .orderBy(asc(classes.sortOrder), asc(classes.name));
  const groups = [...new Map(rows.filter((r) => r.group !== null).sort((a, b) => (a.groupSort ?? 0) - (b.groupSort ?? 0)).map((r) => [r.group!, r.group!])).keys()];
  return { classes: [...new Set(rows.map((r) => r.name))], groups };
}
