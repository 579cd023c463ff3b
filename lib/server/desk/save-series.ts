/**
 * Creating and editing a series from the desk (issue 24 "Series: create, add or remove events,
 * the rules as a form over the engine's rules"; spec §3 Series): the series row, its events and
 * its audit record in one transaction, then its standings, the lists and the pages of the events
 * it gained or lost revalidated on every instance.
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DeskSeriesInput } from '../../contracts/desk-series';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb, type Tx } from '../db';
import { deskAudit, events, promoters, series, seriesEvents } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { deskSeriesColumns, seriesEventIds, toDeskSeries } from './series-record';

/**
 * Refuses events a series of promoter `promoterId` may not gain: one it does not hold yet
 * (`held`) must be the promoter's own. A series keeps the rounds it holds, whoever runs them (an
 * association's championship is held at its clubs' events).
 * @throws AppError `not_found` (another promoter's event answers like an unknown one).
 */
export async function assertSeriesEvents(db: Pick<Tx, 'select'>, promoterId: number, eventIds: readonly number[], held: readonly number[]): Promise<void> {
  const added = [...new Set(eventIds)].filter((id) => !held.includes(id));
  if (!added.length) return;
  const own = await db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, added), eq(events.promoterId, promoterId)));
  if (own.length !== added.length) throw new AppError('not_found', 'An event of the series is unknown');
}

/** The row's columns of `input` (the events are rows of series_events). */
function columnsOf(input: DeskSeriesInput) {
  const { eventIds: _events, ...columns } = input;
  return columns;
}

/** Revalidates series `id`'s standings, the lists, and the pages of `eventIds` (which list their series). Never throws. */
async function revalidateSeries(id: number, eventIds: number[]): Promise<void> {
  await revalidateTags([tags.series(id), tags.events, ...eventIds.map(tags.event)]).catch((err: unknown) => {
    console.error(`[cache] revalidating series ${id} failed:`, err instanceof Error ? err.message : err);
  });
}

/**
 * Creates a series of promoter `promoterId` (`promoters.id`) from `input` (parsed with
 * `deskSeriesInput`), recording it in the audit log. Returns its id.
 * @throws AppError `unauthenticated`, `not_found` (the promoter, or one of the events, unknown or not the viewer's).
 */
export async function createSeries(viewer: Viewer, promoterId: number, input: DeskSeriesInput): Promise<number> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [promoter] = await getDb().select({ id: promoters.id }).from(promoters).where(eq(promoters.id, promoterId));
  if (!promoter) throw new AppError('not_found');
  assertAllowed(viewer, 'series.edit', { promoterId });
  const id = await getDb().transaction(async (tx) => {
    await assertSeriesEvents(tx, promoterId, input.eventIds, []);
    const [row] = await tx
      .insert(series)
      .values({ promoterId, ...columnsOf(input) })
      .returning({ id: series.id, ...deskSeriesColumns });
    if (input.eventIds.length) await tx.insert(seriesEvents).values(input.eventIds.map((eventId) => ({ seriesId: row.id, eventId })));
    const after = toDeskSeries(row, await seriesEventIds(tx, row.id)).series;
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId, eventId: null, entity: 'series', entityId: row.id, action: 'create', before: null, after });
    return row.id;
  });
  await revalidateSeries(id, input.eventIds);
  return id;
}

/**
 * Replaces series `seriesId`'s fields, events and rules with `input`, recording before and after
 * in the audit log (nothing recorded nor revalidated when nothing changed). Two saves at once
 * are serialised on the series' row.
 * @throws AppError `unauthenticated`, `not_found` (unknown series or event, or another promoter's).
 */
export async function updateSeries(viewer: Viewer, seriesId: number, input: DeskSeriesInput): Promise<void> {
  if (viewer === null) throw new AppError('unauthenticated');
  const touched = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ promoterId: series.promoterId, ...deskSeriesColumns })
      .from(series)
      .where(eq(series.id, seriesId))
      .for('update');
    if (!current) throw new AppError('not_found');
    assertAllowed(viewer, 'series.edit', { promoterId: current.promoterId });
    const beforeEvents = await seriesEventIds(tx, seriesId);
    await assertSeriesEvents(tx, current.promoterId, input.eventIds, beforeEvents);
    const before = toDeskSeries(current, beforeEvents).series;
    const [row] = await tx.update(series).set(columnsOf(input)).where(eq(series.id, seriesId)).returning(deskSeriesColumns);
    const removed = beforeEvents.filter((e) => !input.eventIds.includes(e));
    const added = input.eventIds.filter((e) => !beforeEvents.includes(e));
    if (removed.length) await tx.delete(seriesEvents).where(and(eq(seriesEvents.seriesId, seriesId), inArray(seriesEvents.eventId, removed)));
    if (added.length) await tx.insert(seriesEvents).values(added.map((eventId) => ({ seriesId, eventId })));
    const after = toDeskSeries(row, await seriesEventIds(tx, seriesId)).series;
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: current.promoterId, eventId: null, entity: 'series', entityId: seriesId, action: 'update', before, after });
    return [...removed, ...added];
  });
  if (touched) await revalidateSeries(seriesId, touched);
}
